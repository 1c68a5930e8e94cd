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
 * A cache problem never fails the run.  A file that is not a database, is
 * corrupt or has another schema version is deleted and created again; if
 * that fails too, the cache becomes a no-op (every lookup misses, every
 * store is dropped).  Either way sci_cache_warning() says what happened
 * so the caller can print it once.
 */
#ifndef SCI_BASELINE_CACHE_H
#define SCI_BASELINE_CACHE_H

#include <stddef.h>
#include "util/diag.h"
#include "util/result.h"

typedef struct sci_cache sci_cache;

/* Schema version, kept in PRAGMA user_version. */
#define SCI_CACHE_SCHEMA 1

/**
 * Computes the cache key into @out (64 hex digits + NUL): SHA-256 over the
 * tag "smatch-ci-cache-v1", @tool_version, the number of flags, each of
 * the @nflags @flags in order, @input_hash and @tu_path, each as a
 * length-prefixed field (as in fingerprint.h), so no two different inputs
 * encode alike.  NULL strings count as "".
 */
void sci_cache_key(char out[SCI_FP_HEX], const char *tool_version,
		   const char *const *flags, size_t nflags,
		   const char *tu_path, const char *input_hash);

/**
 * Opens (creating the file, its parent directories and the schema as
 * needed) the cache at @path.
 *
 * Returns 0 and a usable cache in *out (owned, sci_cache_free()), possibly
 * a no-op one; check sci_cache_warning().  Never fails for a database
 * problem.
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
