/*
 * fuzz_cache.c - the result cache (baseline/cache.h) opening a file whose
 * bytes are fuzzed.
 *
 * cache.h's ownership rule is the property: a file the cache cannot prove
 * it made is refused (SCI_EINVALID) and left byte for byte as it was; a
 * file carrying the mark is used, or recreated when damaged, or the cache
 * becomes a no-op; nothing crashes.  A usable cache then serves lookups of
 * every key stored in the file (read with sqlite3 directly, as the fuzzer
 * may have changed the rows), a store, and the lookup of what was stored.
 *
 * SCI_FUZZ_MAKE_SEED=FILE: writes a small cache with one entry to FILE
 * and exits; tests/fuzz/corpus/cache/ was made so.
 */
#include "fuzz.h"
#include "baseline/cache.h"
#include "util/diag.h"
#include "util/error.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEGACY_SCHEMA 1
#define MAX_KEYS 8

static sci_diag_list sample(void)
{
	sci_diag_list l = { NULL, 0, 0 };
	sci_diag *d = sci_diag_new("memory-leak", SCI_LEVEL_WARNING, "a.c", 3,
				   5, "f", "p", "memory leak of 'p'");

	sci_diag_add_related(d, "a.c", 2, 6, "allocated here");
	sci_diag_list_take(&l, d);
	return l;
}

static void make_seed(const char *path)
{
	sci_diag_list l = sample();
	sci_cache *c = NULL;
	char key[SCI_FP_HEX];

	sci_cache_key(key, "seed", NULL, 0, "a.c", "0");
	if (sci_cache_open(&c, path) < 0 || !sci_cache_enabled(c))
		sci_fuzz_fail("cannot make a cache at %s", path);
	sci_cache_put(c, key, &l);
	sci_cache_free(c);
	sci_diag_list_clear(&l);
	exit(0);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *seed = getenv("SCI_FUZZ_MAKE_SEED");

	(void)argc;
	(void)argv;
	if (seed && *seed)
		make_seed(seed);
	return 0;
}

/* The keys stored in @file, as far as sqlite3 can read them. */
static size_t stored_keys(const char *file, char keys[][SCI_FP_HEX])
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	size_t n = 0;

	if (sqlite3_open_v2(file, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, "SELECT key FROM results LIMIT 8", -1, &st,
			       NULL) == SQLITE_OK) {
		while (n < MAX_KEYS && sqlite3_step(st) == SQLITE_ROW) {
			const char *k = (const char *)sqlite3_column_text(st, 0);

			snprintf(keys[n++], SCI_FP_HEX, "%s", k ? k : "");
		}
	}
	sqlite3_finalize(st);
	sqlite3_close(db);
	return n;
}

static void use(sci_cache *c, const char *file)
{
	char keys[MAX_KEYS][SCI_FP_HEX], mine[SCI_FP_HEX];
	sci_diag_list got = { NULL, 0, 0 }, l = sample();
	size_t i, n = stored_keys(file, keys);
	int hit;

	for (i = 0; i < n; i++) {
		sci_cache_get(c, keys[i], &got, &hit);
		sci_diag_list_clear(&got);
	}
	sci_cache_key(mine, "fuzz", NULL, 0, "b.c", "1");
	sci_cache_put(c, mine, &l);
	sci_cache_get(c, mine, &got, &hit);
	/* without a warning nothing went wrong, so nothing may be lost */
	if (!sci_cache_warning(c) && (!hit || got.n != 1))
		sci_fuzz_fail("a cache without problems lost what was just stored");
	sci_diag_list_clear(&got);
	sci_diag_list_clear(&l);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[4096];
	uint8_t *after = NULL;
	size_t nafter;
	sci_cache *c = NULL;
	int error, may_own;

	snprintf(path, sizeof(path), "%s", sci_fuzz_path("cache.sqlite"));
	sci_fuzz_remove_db(path);
	sci_fuzz_write(path, data, size);
	may_own = sci_fuzz_may_own(data, size, SCI_CACHE_APPLICATION_ID,
				   LEGACY_SCHEMA);
	error = sci_cache_open(&c, path);
	if (error < 0) {
		if (error != SCI_EINVALID || c)
			sci_fuzz_fail("open returned %d: %s", error, sci_error_last());
	} else {
		if (!may_own)
			sci_fuzz_fail("opened a file that is not a smatch-ci cache");
		use(c, path);
		sci_cache_free(c);
	}
	if (!may_own) {
		if (sci_fuzz_read(path, &after, &nafter) < 0 || nafter != size ||
		    memcmp(after, data, size) != 0)
			sci_fuzz_fail("a file that is not a smatch-ci cache was changed");
		free(after);
	}
	sci_fuzz_remove_db(path);
	return 0;
}
