/*
 * cache.h - a sqlite3 cache of analysis results, so a second run (and the
 * base-side analysis of a comparison) skips translation units it has
 * already seen.
 *
 * One row per key; the key (sci_cache_key) covers everything the result
 * depends on: tool version, compiler flags, the caller's hash of the TU's
 * inputs, and the TU path.  The value is the TU's diagnostics as a JSON
 * array (the fields of sci_diag, like report/jsonl.h, but built here so
 * this module does not depend on src/report).
 *
 * Ownership of the file.  The cache only ever deletes or rewrites a file
 * it can prove it made.  A cache file is an SQLite database whose header
 * carries PRAGMA application_id = SCI_CACHE_APPLICATION_ID (set in the
 * same transaction that creates the schema, so no cache exists without
 * it) and which holds a "meta" table naming the format.  What the path
 * names when the cache is opened decides what happens:
 *
 *   nothing                  a new cache is created (parent directories
 *                            too);
 *   an empty file            it becomes the cache: there is nothing in it
 *                            to lose, and an interrupted creation leaves
 *                            exactly that behind;
 *   our cache                it is used.  If its schema version differs
 *                            from SCI_CACHE_SCHEMA, or it is damaged (our
 *                            header is intact but pages, tables or the meta
 *                            table are not), it is deleted (with its
 *                            -journal, -wal and -shm files) and created
 *                            again, with a warning;
 *   a cache of smatch-ci     (schema 1, made before the application id
 *   before the mark           existed: a database with user_version 1 and
 *                            exactly the old "results" table) recreated
 *                            the same way, with a warning;
 *   anything else            refused, untouched, byte for byte: a file
 *                            that is not SQLite, an SQLite database of
 *                            another application or without our mark, a
 *                            damaged file whose header no longer carries
 *                            our mark, a directory, a FIFO or a device.
 *                            sci_cache_open() fails and the caller stops.
 *
 * A symbolic link is followed: the file it names is the cache (and is
 * what gets recreated); the link stays.  Before a damaged cache is
 * deleted mid-run its header is read again, so a file swapped in by
 * someone else meanwhile is not deleted either.
 *
 * Other cache problems never fail the run: when the cache cannot be
 * opened, read or written (an unreadable file, a read-only directory, a
 * parent that is not a directory), it becomes a no-op (every lookup
 * misses, every store is dropped).  sci_cache_warning() says what happened
 * so the caller can print it once.
 */
#ifndef SCI_BASELINE_CACHE_H
#define SCI_BASELINE_CACHE_H

#include <stddef.h>
#include "util/diag.h"
#include "util/result.h"

typedef struct sci_cache sci_cache;

/*
 * Schema version, kept in PRAGMA user_version.  1 was the format before
 * the application id; 2 added it and the meta table; 3 added
 * results.used, the Unix time a row was last stored or hit (a schema 2
 * cache gets the column in place, its rows as never used).
 */
#define SCI_CACHE_SCHEMA 3


/* PRAGMA application_id of every cache file: "SCIC". */
#define SCI_CACHE_APPLICATION_ID 0x53434943

/**
 * Computes the cache key into @out (64 hex digits + NUL): SHA-256 over the
 * tag "smatch-ci-cache-v2", @tool_version, the number of flags, each of
 * the @nflags @flags in order, @input_hash and @tu_path, each as a
 * length-prefixed field (as in fingerprint.h), so no two different inputs
 * encode alike.  NULL strings count as "".
 */
void sci_cache_key(char out[SCI_FP_HEX], const char *tool_version,
		   const char *const *flags, size_t nflags,
		   const char *tu_path, const char *input_hash);

/**
 * Opens (creating the file, its parent directories and the schema as
 * needed) the cache at @path, following the ownership rules above.
 *
 * Returns 0 and a usable cache in *out (owned, sci_cache_free()), possibly
 * a no-op one; check sci_cache_warning().  Returns SCI_EINVALID, with
 * *out NULL and a message naming @path and saying what it is instead
 * ("cache '...' is not a smatch-ci cache (not an SQLite database); ..."),
 * when @path names something that is not a smatch-ci cache; nothing has
 * been written to it then.
 */
int sci_cache_open(sci_cache **out, const char *path);

/**
 * Looks @key up.  On a hit, appends the stored diagnostics to @out (owned
 * by the list) and sets *hit = 1; on a miss, leaves @out alone and sets
 * *hit = 0.  A hit with no diagnostics is a TU known to be clean.
 *
 * Returns 0.  A database error or an unreadable row is a miss, recorded in
 * sci_cache_warning().  @c may be NULL (always a miss).
 */
int sci_cache_get(sci_cache *c, const char *key, sci_diag_list *out, int *hit);

/**
 * Stores @diags under @key, replacing any previous value, in one
 * transaction.  Diagnostics with strings that are not valid UTF-8 cannot
 * round-trip through JSON and are not cached (the next run just misses).
 *
 * Returns 0.  A database error is recorded in sci_cache_warning().  @c may
 * be NULL (nothing happens).
 */
int sci_cache_put(sci_cache *c, const char *key, const sci_diag_list *diags);

/**
 * Records the last use of this run's hits (one transaction, not a write
 * per lookup), then, if the data in the file takes more than @max_bytes
 * (0: no bound), drops the least recently used rows (stored or hit) until
 * it takes about 3/4 of it; freed pages are reused by later rows, so the
 * file stays near the bound.  One IMMEDIATE transaction: a run storing or
 * pruning at the same time waits for it, and a run that looked up a row
 * being dropped already has its value.
 *
 * Returns the number of rows dropped; a failure is a warning
 * (sci_cache_warning()), never an error.  @c may be NULL.
 */
size_t sci_cache_prune(sci_cache *c, long long max_bytes);

/** True unless the cache has become a no-op. */
int sci_cache_enabled(const sci_cache *c);

/**
 * The first problem this cache ran into ("cache 'path': ...: recreated" or
 * "...: caching disabled"), or NULL.  Borrowed from @c.
 */
const char *sci_cache_warning(const sci_cache *c);

/** Closes and frees @c; NULL is fine. */
void sci_cache_free(sci_cache *c);

#endif
