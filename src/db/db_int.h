/*
 * db_int.h - what the files of src/db share: the handle's layout, the one
 * wrapper of sqlite3 errors and the recovery that follows one.
 *
 * Nothing outside src/db may include this header.
 */
#ifndef SCI_DB_DB_INT_H
#define SCI_DB_DB_INT_H

#include <sqlite3.h>

#include "db/db.h"

struct sci_db {
	char *path;		/* as given, for messages */
	char *file;		/* the file sqlite3 opens: links resolved */
	sqlite3 *h;		/* NULL: the database is a no-op */
	char *warning;		/* the first problem, or NULL */
	int recreated;		/* recreate at most once per run */
	int no_touch;		/* TU.used cannot be updated (read-only) */
	/*
	 * sci_db__run()'s statements, prepared once a connection: storing a
	 * TU runs a few statements hundreds of times (one row an input file
	 * and a function), and preparing them each time cost more than the
	 * inserts.  Keyed by the SQL text's address (literals).
	 */
	struct { const char *sql; sqlite3_stmt *st; } stmts[24];
	int nstmts;
};

/** Records the first problem as the warning (printf format). */
void sci_db__warn(sci_db *db, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/** Finalizes the cached statements (before the connection closes). */
void sci_db__forget_statements(sci_db *db);

/** Sets sci_error_last() from db->h's last error; returns SCI_EDB. */
int sci_db__error(sci_db *db);

/**
 * After a failed sqlite3 call on db->h while doing @what ("store",
 * "lookup"): rebuilds the file if the error says it is damaged (once per
 * run, and only while its header still carries our mark), else makes the
 * database a no-op; either way with a warning.  Returns SCI_EDB.
 */
int sci_db__fail(sci_db *db, const char *what);

/**
 * Prepares @sql into *st (owned: sqlite3_finalize, also on failure) with
 * parameters ?1, ?2... bound from the variadic list as @types says, one
 * letter each: 't' text (const char *; NULL binds NULL), 'i' integer
 * (long long).  Returns 0 or SCI_EDB (the sqlite3 error left on db->h,
 * not yet wrapped).
 */
int sci_db__prepare(sci_db *db, sqlite3_stmt **st, const char *sql,
		    const char *types, ...);

/**
 * Prepares @sql as sci_db__prepare() does and steps it to the end; if
 * @out is not NULL the last row's first @nout columns are read into it as
 * integers (0 when there is no row).  Returns 0 or SCI_EDB (as above).
 */
int sci_db__run(sci_db *db, long long *out, int nout, const char *sql,
		const char *types, ...);

#endif
