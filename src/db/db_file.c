/*
 * db_file.c - the database file: opening it, making the schema, telling
 * ours from other files (util/dbfile.h reads the header; this file adds
 * the SQLite side: schema version, meta table, damage) and rebuilding a
 * file of ours that is old or damaged.  The schema is in docs/db.md.
 *
 * The default rollback journal, not WAL: two runs on one file only ever
 * wait for each other's short transactions (busy timeout), WAL would need
 * a writable -shm beside the file even to read and would leave two side
 * files for a CI cache step to carry, and a rollback journal keeps the
 * file usable on file systems without shared memory (NFS).
 */
#include "db/db_int.h"
#include "util/alloc.h"
#include "util/dbfile.h"
#include "util/error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The meta table's "format" row; people reading the file see it. */
#define DB_FORMAT "smatch-ci project database"

/*
 * A put waits this long for another run's transaction; a transaction of
 * ours lasts milliseconds, so only a stuck run makes a database a no-op.
 */
#define BUSY_TIMEOUT_MS 20000

#define STR_(x) #x
#define STR(x) STR_(x)

/* NOTE: docs/db.md describes this schema; change both. */
static const char schema_sql[] =
	"PRAGMA application_id = " STR(SCI_DB_APPLICATION_ID) ";"
	"CREATE TABLE meta("
	" key TEXT PRIMARY KEY NOT NULL,"
	" value TEXT NOT NULL) WITHOUT ROWID;"
	"INSERT INTO meta VALUES('format', '" DB_FORMAT "'),"
	" ('schema', '" STR(SCI_DB_SCHEMA) "');"
	"CREATE TABLE tu("
	" id INTEGER PRIMARY KEY,"
	" key TEXT NOT NULL UNIQUE,"
	" path TEXT NOT NULL,"
	" deps TEXT,"
	" findings TEXT,"
	" used INTEGER NOT NULL);"
	"CREATE TABLE input("
	" tu INTEGER NOT NULL,"
	" seq INTEGER NOT NULL,"
	" path TEXT NOT NULL,"
	" sha TEXT NOT NULL,"
	" PRIMARY KEY(tu, seq)) WITHOUT ROWID;"
	"CREATE TABLE fn("
	" tu INTEGER NOT NULL,"
	" seq INTEGER NOT NULL,"
	" name TEXT NOT NULL,"
	" file TEXT NOT NULL,"
	" line INTEGER NOT NULL,"
	" static INTEGER NOT NULL,"
	" summary TEXT NOT NULL,"
	" PRIMARY KEY(tu, seq)) WITHOUT ROWID;"
	"CREATE INDEX fn_name ON fn(name);"
	"CREATE TABLE calls("
	" tu INTEGER NOT NULL,"
	" caller INTEGER NOT NULL,"
	" callee TEXT NOT NULL,"
	" PRIMARY KEY(tu, caller, callee)) WITHOUT ROWID;"
	"CREATE INDEX calls_callee ON calls(callee);"
	"PRAGMA user_version = " STR(SCI_DB_SCHEMA) ";";

/* What to do after a failed open. */
enum { OPEN_OK, OPEN_RECREATE, OPEN_DISABLE, OPEN_FOREIGN };

void sci_db__warn(sci_db *db, const char *fmt, ...)
{
	va_list ap;

	if (db->warning)
		return;		/* the first problem is the interesting one */
	va_start(ap, fmt);
	db->warning = sci_vprintf_with(sci_malloc, fmt, ap);
	va_end(ap);
}

/* The one place a sqlite3 error becomes ours. */
int sci_db__error(sci_db *db)
{
	return sci_error_set(SCI_EDB, "%s",
			     db->h ? sqlite3_errmsg(db->h) : "out of memory");
}

/* A cached statement of @sql, reset, or a new one cached when there is room. */
static int cached(sci_db *db, sqlite3_stmt **st, const char *sql)
{
	int i;

	for (i = 0; i < db->nstmts; i++)
		if (db->stmts[i].sql == sql) {
			*st = db->stmts[i].st;
			sqlite3_reset(*st);
			sqlite3_clear_bindings(*st);
			return 0;
		}
	if (sqlite3_prepare_v3(db->h, sql, -1, SQLITE_PREPARE_PERSISTENT, st,
			       NULL) != SQLITE_OK)
		return SCI_EDB;
	if (db->nstmts < (int)(sizeof(db->stmts) / sizeof(db->stmts[0]))) {
		db->stmts[db->nstmts].sql = sql;
		db->stmts[db->nstmts++].st = *st;
		return 0;
	}
	return 1;	/* not cached: the caller finalizes it */
}

void sci_db__forget_statements(sci_db *db)
{
	int i;

	for (i = 0; i < db->nstmts; i++)
		sqlite3_finalize(db->stmts[i].st);
	db->nstmts = 0;
}

/*
 * Prepares @sql and binds the arguments @types says ('t' text, 'i'
 * integer).  With @keep, a cached statement (see struct sci_db) may serve:
 * *kept says whether @st belongs to the cache (reset, never finalized).
 */
static int vprepare(sci_db *db, sqlite3_stmt **st, const char *sql,
		    const char *types, va_list ap, int keep, int *kept)
{
	int i, rc;

	*st = NULL;
	*kept = 0;
	if (keep) {
		if ((rc = cached(db, st, sql)) < 0)
			return SCI_EDB;
		*kept = rc == 0;
	} else if (sqlite3_prepare_v2(db->h, sql, -1, st, NULL) != SQLITE_OK) {
		return SCI_EDB;
	}
	for (i = 0; types[i]; i++) {
		if (types[i] == 't')
			rc = sqlite3_bind_text(*st, i + 1, va_arg(ap, const char *),
					       -1, SQLITE_TRANSIENT);
		else
			rc = sqlite3_bind_int64(*st, i + 1, va_arg(ap, long long));
		if (rc != SQLITE_OK)
			return SCI_EDB;
	}
	return 0;
}

int sci_db__prepare(sci_db *db, sqlite3_stmt **st, const char *sql,
		    const char *types, ...)
{
	va_list ap;
	int error, kept;

	va_start(ap, types);
	error = vprepare(db, st, sql, types, ap, 0, &kept);
	va_end(ap);
	return error;
}

int sci_db__run(sci_db *db, long long *out, int nout, const char *sql,
		const char *types, ...)
{
	sqlite3_stmt *st = NULL;
	va_list ap;
	int i, rc, error, kept;

	va_start(ap, types);
	error = vprepare(db, &st, sql, types, ap, 1, &kept);
	va_end(ap);
	for (i = 0; out && i < nout; i++)
		out[i] = 0;
	while (error == 0 && (rc = sqlite3_step(st)) != SQLITE_DONE) {
		if (rc != SQLITE_ROW)
			error = SCI_EDB;
		for (i = 0; error == 0 && out && i < nout; i++)
			out[i] = sqlite3_column_int64(st, i);
	}
	/* both keep the error on the connection for the caller */
	if (kept)
		sqlite3_reset(st);
	else
		sqlite3_finalize(st);
	return error;
}

/* Errors that a fresh file cures. */
static int is_damage(sqlite3 *h)
{
	int rc = h ? sqlite3_errcode(h) & 0xff : SQLITE_NOMEM;

	/* SQLITE_ERROR: e.g. one of our tables is missing from our file. */
	return rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT ||
	       rc == SQLITE_ERROR || rc == SQLITE_SCHEMA;
}

static void close_db(sci_db *db)
{
	sci_db__forget_statements(db);
	sqlite3_close(db->h);
	db->h = NULL;
}

static int refuse(const char *path, const char *what)
{
	return sci_error_set(SCI_EINVALID,
			     "database '%s' is not a smatch-ci project database (%s); refusing to overwrite it: remove it or give another path",
			     path, what);
}

/*
 * Gives an empty database our mark and schema in one transaction, so no
 * file has the tables without the mark or the mark without them.
 * IMMEDIATE: of two runs creating the database at once, the second waits
 * and then finds the schema in place.
 */
static int init_schema(sci_db *db)
{
	long long n[3];

	if (sqlite3_exec(db->h, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return SCI_EDB;
	if (sci_db__run(db, n, 3,
			"SELECT (SELECT application_id FROM pragma_application_id()),"
			" (SELECT user_version FROM pragma_user_version()),"
			" (SELECT count(*) FROM sqlite_master)", "") < 0 ||
	    (n[0] == 0 && n[1] == 0 && n[2] == 0 &&
	     sqlite3_exec(db->h, schema_sql, NULL, NULL, NULL) != SQLITE_OK) ||
	    sqlite3_exec(db->h, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		sci_db__error(db);
		sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
		return SCI_EDB;
	}
	return 0;
}

static int read_mark(sci_db *db, long long mark[2])
{
	return sci_db__run(db, mark, 2,
			   "SELECT application_id, user_version"
			   " FROM pragma_application_id(), pragma_user_version()",
			   "");
}

/* Opens db->file (which exists) and checks it is a usable one; OPEN_*. */
static int open_db(sci_db *db)
{
	long long mark[2], format;

	/* No SQLITE_OPEN_CREATE: the file was vetted, and must not be
	 * re-created by sqlite3 if it vanished meanwhile. */
	if (sqlite3_open_v2(db->file, &db->h, SQLITE_OPEN_READWRITE,
			    NULL) != SQLITE_OK) {
		sci_db__error(db);
		return OPEN_DISABLE;	/* cannot open at all: not damage */
	}
	sqlite3_busy_timeout(db->h, BUSY_TIMEOUT_MS);
	/* Only a file without a mark needs the write lock, so a database on
	 * a read-only medium still serves lookups. */
	if (read_mark(db, mark) < 0)
		goto failed;
	if (mark[0] == 0 && mark[1] == 0) {
		/* The file was empty: nothing in it can be damaged. */
		if (init_schema(db) < 0)
			return OPEN_DISABLE;
		if (read_mark(db, mark) < 0)
			goto failed;
	}
	if (mark[0] != SCI_DB_APPLICATION_ID) {
		/* an empty file that someone filled meanwhile */
		refuse(db->path, "it changed while it was being opened");
		return OPEN_FOREIGN;
	}
	if (mark[1] != SCI_DB_SCHEMA) {
		sci_error_set(SCI_EDB, "schema version %lld, expected %d",
			      mark[1], SCI_DB_SCHEMA);
		return OPEN_RECREATE;
	}
	if (sci_db__run(db, &format, 1,
			"SELECT count(*) FROM meta WHERE key = 'format' AND value = ?1",
			"t", DB_FORMAT) < 0)
		goto failed;
	if (!format) {
		sci_error_set(SCI_EDB, "the meta table does not name the format");
		return OPEN_RECREATE;
	}
	return OPEN_OK;
failed:
	sci_db__error(db);
	return is_damage(db->h) ? OPEN_RECREATE : OPEN_DISABLE;
}

/*
 * After a failure described by sci_error_last(): start from an empty file
 * if that can help, has not been tried yet, and the file still carries
 * our mark (read again now: a file swapped in meanwhile is not deleted);
 * else become a no-op.
 */
static void recover(sci_db *db, int how, const char *what)
{
	char *why = sci_strdup(sci_error_last());

	close_db(db);
	if (how == OPEN_RECREATE && !db->recreated &&
	    sci_dbfile_is_ours(db->file, SCI_DB_APPLICATION_ID)) {
		db->recreated = 1;
		if (sci_dbfile_renew(db->file) == 0 && open_db(db) == OPEN_OK) {
			sci_db__warn(db, "database '%s': %s: %s; rebuilt",
				     db->path, what, why);
			goto done;
		}
		close_db(db);
	}
	sci_db__warn(db, "database '%s': %s: %s; database disabled", db->path,
		     what, why);
done:
	free(why);
}

int sci_db__fail(sci_db *db, const char *what)
{
	int how = is_damage(db->h) ? OPEN_RECREATE : OPEN_DISABLE;

	sci_db__error(db);
	/* a transaction a failed step left open must not hold the lock */
	sqlite3_exec(db->h, "ROLLBACK", NULL, NULL, NULL);
	recover(db, how, what);
	return SCI_EDB;
}

int sci_db_open(sci_db **out, const char *path)
{
	sci_db *db = sci_calloc(1, sizeof(*db));
	sci_dbfile f;
	int how, error = 0;

	*out = NULL;
	db->path = sci_strdup(path);
	switch (sci_dbfile_claim(&f, path, SCI_DB_APPLICATION_ID)) {
	case SCI_DBFILE_FOREIGN:
		error = refuse(path, f.why);
		goto done;
	case SCI_DBFILE_UNMARKED:
		error = refuse(path, "an SQLite database without the smatch-ci mark");
		goto done;
	case SCI_DBFILE_UNUSABLE:
		sci_db__warn(db, "database '%s': %s; database disabled", path,
			     f.why);
		goto done;
	default:
		break;
	}
	db->file = f.file;
	f.file = NULL;
	how = open_db(db);
	if (how == OPEN_FOREIGN) {
		close_db(db);
		error = SCI_EINVALID;
	} else if (how != OPEN_OK) {
		recover(db, how, "cannot open");
	}
done:
	sci_dbfile_clear(&f);
	if (error < 0) {
		sci_db_free(db);
		return error;
	}
	*out = db;
	return 0;
}

void sci_db_free(sci_db *db)
{
	if (!db)
		return;
	close_db(db);
	free(db->path);
	free(db->file);
	free(db->warning);
	free(db);
}

int sci_db_enabled(const sci_db *db)
{
	return db && db->h;
}

const char *sci_db_warning(const sci_db *db)
{
	return db ? db->warning : NULL;
}
