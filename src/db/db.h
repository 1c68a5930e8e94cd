/*
 * db.h - the project database: what smatch-ci knows about every
 * translation unit it has analyzed, kept between runs so the next run
 * re-summarizes and re-analyzes only what changed (issue "Cross-function
 * knowledge", part 3; docs/db.md documents the schema).
 *
 * One row set per TU, keyed by the TU's identity (sci_db_tu_key: tool
 * version, path, directory and flags).  A TU's rows say which files it
 * read with the SHA-256 of each file's content when it was read (so a run
 * can tell, by hashing those files again, that the TU's input is
 * unchanged without preprocessing it), the summaries of its functions,
 * and, once analyzed, its findings with the hash of the callee summaries
 * they were computed against (@deps: when those change, the findings are
 * stale although the TU is not).
 *
 * Ownership of the file follows baseline/cache.h: the database is an
 * SQLite file whose header carries PRAGMA application_id =
 * SCI_DB_APPLICATION_ID and whose meta table names the format;
 *
 *   nothing or an empty file   becomes a new database (parents created);
 *   our database               is used; of another schema version, or
 *                              damaged (pages, tables, meta), it is
 *                              deleted (with -journal/-wal/-shm) and
 *                              created again, with a warning that says so;
 *   anything else              refused, untouched (not SQLite, another
 *                              application's database, a directory...):
 *                              sci_db_open() fails with SCI_EINVALID.
 *
 * Other problems (unreadable, read-only directory, disk full) never fail a
 * run: the database becomes a no-op (gets miss, puts are dropped) and
 * sci_db_warning() says why.  Every write is one transaction, so a killed
 * run leaves the previous state; two runs on one database wait for each
 * other's transactions (busy timeout) and never corrupt it.
 */
#ifndef SCI_DB_DB_H
#define SCI_DB_DB_H

#include <stddef.h>
#include <stdio.h>
#include "summary/summary.h"

/* PRAGMA user_version of the schema this build reads and writes. */
#define SCI_DB_SCHEMA 2
/* PRAGMA application_id of every database file: "SCID". */
#define SCI_DB_APPLICATION_ID 0x53434944

/* Where a run keeps it, under the project root. */
#define SCI_DB_DEFAULT_PATH ".smatch-ci/db.sqlite"

/* SHA-256 in hex and its NUL. */
#define SCI_DB_HASH_HEX 65

typedef struct sci_db sci_db;

/** One file a TU read, and the SHA-256 of its content then. */
typedef struct {
	char *path;			/* absolute */
	char sha[SCI_DB_HASH_HEX];
} sci_db_input;

/** Everything kept about one TU. */
typedef struct {
	char key[SCI_DB_HASH_HEX];	/* sci_db_tu_key() */
	char *path;			/* the TU's name in reports */
	sci_db_input *inputs;
	size_t ninputs;
	sci_summary **summaries;	/* its functions, static ones too */
	size_t nsummaries;
	/*
	 * Set once analyzed: the hash of the callee summaries the analysis
	 * used, and its findings as JSON lines (report/jsonl.h, one
	 * diagnostic a line; "" for a clean TU).  NULL: summarized only.
	 */
	char *deps;
	char *findings;
} sci_db_tu;

/**
 * The identity of a TU: SHA-256 over a tag, @tool_version, @path,
 * @directory (NULL as "") and each of the @nflags @flags, each field
 * length-prefixed so no two different inputs encode alike.
 */
void sci_db_tu_key(char out[SCI_DB_HASH_HEX], const char *tool_version,
		   const char *path, const char *directory,
		   const char *const *flags, size_t nflags);

/**
 * Opens or creates the database at @path following the rules above.
 * Returns 0 and *out (owned; maybe a no-op, see sci_db_warning()), or
 * SCI_EINVALID with a message naming @path when it is not ours.
 */
int sci_db_open(sci_db **out, const char *path);
void sci_db_free(sci_db *db);
/** True unless the database has become a no-op. */
int sci_db_enabled(const sci_db *db);
/** The first problem met ("database '...': ...: rebuilt"), or NULL. */
const char *sci_db_warning(const sci_db *db);

sci_db_tu *sci_db_tu_new(void);
void sci_db_tu_free(sci_db_tu *tu);

/**
 * Reads the TU stored under @key into *out (owned).  Returns 0, or
 * SCI_ENOTFOUND when there is none (also for a no-op database or a row
 * that cannot be read back, which is recorded as a warning).  A lookup
 * marks the TU used (see sci_db_prune) only when its mark is more than a
 * day old, so runs that change nothing seldom write.
 */
int sci_db_tu_get(sci_db *db, const char *key, sci_db_tu **out);

/**
 * Replaces everything stored about tu->key with @tu, in one transaction.
 * Returns 0 (errors make the database a no-op, with a warning).
 */
int sci_db_tu_put(sci_db *db, const sci_db_tu *tu);

/**
 * Drops TUs not used (stored or looked up) for @days days: TUs that are
 * no longer part of any run.  Returns the number dropped, or 0 on a no-op database.
 */
size_t sci_db_prune(sci_db *db, unsigned days);

/**
 * If the data in the file takes more than @max_bytes (0: no bound),
 * drops the least recently used TUs (stored or looked up; see
 * sci_db_tu_get for the day's grain, the later stored first among ties)
 * until it takes about 3/4 of it.  Freed pages are reused by later TUs,
 * so the file stays near the bound.  One IMMEDIATE transaction: a run
 * storing at the same time waits, and one that already read a TU being
 * dropped keeps what it read.  Returns the number of TUs dropped (0 on a
 * no-op database; a failure makes it one, with a warning).
 */
size_t sci_db_prune_size(sci_db *db, long long max_bytes);

typedef struct {
	size_t tus;		/* TUs stored */
	size_t analyzed;	/* ... with findings stored */
	size_t functions;	/* function summaries */
	size_t names;		/* distinct function names */
	size_t inputs;		/* distinct input files */
	long long bytes;	/* size of the database file (page count x size) */
} sci_db_stats;

/** Fills @out.  Returns 0, or SCI_EDB for a no-op database. */
int sci_db_stats_get(sci_db *db, sci_db_stats *out);

/**
 * Calls @fn with the key of every TU stored, in key order (merging shard
 * databases: cli/db_merge.c).  The keys are read first, so @fn may use
 * the database.  Returns 0, the first negative value @fn returns, or
 * SCI_EDB for a no-op or failing database.
 */
int sci_db_foreach_key(sci_db *db, int (*fn)(const char *key, void *payload),
		       void *payload);

/**
 * Writes what the database knows about function @name to @f, for
 * `smatch-ci db show`: each definition (TU, file:line, linkage) with its
 * summary in words, then the functions that call it (caller, its file and
 * TU).  Returns 0, SCI_ENOTFOUND when no TU defines or calls @name, or
 * SCI_EDB when the database is a no-op or cannot be read; nothing is
 * written to @f unless it returns 0.  The text is stable (sorted) so
 * tests can compare it whole.
 */
int sci_db_show(sci_db *db, const char *name, FILE *f);

#endif
