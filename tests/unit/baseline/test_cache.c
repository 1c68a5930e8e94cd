/*
 * test_cache.c - the sqlite3 result cache (src/baseline/cache.c): keys,
 * hits and misses, persistence, and recovery from broken files, which
 * must never fail the run.  Real sqlite files in a temp dir.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "baseline/cache.h"
#include "util/error.h"

static char dir[64];

static int setup(void **state)
{
	strcpy(dir, "/tmp/sci-cache-XXXXXX");
	assert_non_null(mkdtemp(dir));
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static char *path_in(const char *name)
{
	static char buf[256];

	snprintf(buf, sizeof(buf), "%s/%s", dir, name);
	return buf;
}

static const char *const flags[] = { "-O2", "-DX=1" };

static void key_for(char out[SCI_FP_HEX], const char *tu)
{
	sci_cache_key(out, "0.1.0", flags, 2, tu, "abc123");
}

/* Two diagnostics with every field in use. */
static void sample(sci_diag_list *l)
{
	sci_diag *d = sci_diag_new("memory-leak", SCI_LEVEL_ERROR, "src/a.c",
				   12, 5, "main", "buf",
				   "memory allocated here is never freed");

	sci_diag_add_related(d, "src/a.c", 10, 2, "allocated here");
	sci_diag_add_related(d, "src/b.h", 3, 1, "");
	sci_diag_list_take(l, d);
	sci_diag_list_take(l, sci_diag_new("null-deref", SCI_LEVEL_NOTE,
					   "src/a.c", 4000000000u, 0, "", "",
					   "caf\xc3\xa9 \"quoted\"\n"));
}

static void assert_same_diag(const sci_diag *a, const sci_diag *b)
{
	size_t i;

	assert_string_equal(a->rule, b->rule);
	assert_int_equal(a->level, b->level);
	assert_string_equal(a->path, b->path);
	assert_int_equal(a->line, b->line);
	assert_int_equal(a->col, b->col);
	assert_string_equal(a->function, b->function);
	assert_string_equal(a->key, b->key);
	assert_string_equal(a->message, b->message);
	assert_int_equal(a->nrelated, b->nrelated);
	for (i = 0; i < a->nrelated; i++) {
		assert_string_equal(a->related[i].path, b->related[i].path);
		assert_int_equal(a->related[i].line, b->related[i].line);
		assert_int_equal(a->related[i].col, b->related[i].col);
		assert_string_equal(a->related[i].message, b->related[i].message);
	}
}

static void put_sample(sci_cache *c, const char *key)
{
	sci_diag_list l = { 0 };

	sample(&l);
	assert_int_equal(sci_cache_put(c, key, &l), 0);
	sci_diag_list_clear(&l);
}

static void assert_hit_sample(sci_cache *c, const char *key)
{
	sci_diag_list want = { 0 }, got = { 0 };
	int hit = 0;

	sample(&want);
	assert_int_equal(sci_cache_get(c, key, &got, &hit), 0);
	assert_int_equal(hit, 1);
	assert_int_equal(got.n, want.n);
	assert_same_diag(got.items[0], want.items[0]);
	assert_same_diag(got.items[1], want.items[1]);
	sci_diag_list_clear(&want);
	sci_diag_list_clear(&got);
}

/* SCI_TEST_VERBOSE=1 shows what the cache reported. */
static void show(const sci_cache *c)
{
	if (getenv("SCI_TEST_VERBOSE") && sci_cache_warning(c))
		printf("warning: %s\n", sci_cache_warning(c));
}

static void assert_miss(sci_cache *c, const char *key)
{
	sci_diag_list got = { 0 };
	int hit = 1;

	assert_int_equal(sci_cache_get(c, key, &got, &hit), 0);
	assert_int_equal(hit, 0);
	assert_int_equal(got.n, 0);
	show(c);
}

/* ---- keys ------------------------------------------------------------- */

static void test_cache__key_matches_the_documented_encoding(void **state)
{
	char k[SCI_FP_HEX];

	/* computed with Python hashlib over the length-prefixed fields */
	key_for(k, "src/a.c");
	assert_string_equal(k,
		"71bb88d5bac2d41ef0d586db5b8edebd5be5b62ad0e2920e269d77a457ec92a7");
}

static void test_cache__key_covers_every_input(void **state)
{
	static const char *const one[] = { "-O2 -DX=1" };
	static const char *const swapped[] = { "-DX=1", "-O2" };
	static const char *const split[] = { "-O2", "-DX=1", "abc123" };
	char ref[SCI_FP_HEX], k[SCI_FP_HEX];

	sci_cache_key(ref, "0.1.0", flags, 2, "src/a.c", "abc123");
	sci_cache_key(k, "0.1.0", flags, 2, "src/a.c", "abc123");
	assert_string_equal(ref, k);
	sci_cache_key(k, "0.1.1", flags, 2, "src/a.c", "abc123");
	assert_string_not_equal(ref, k);
	sci_cache_key(k, "0.1.0", flags, 1, "src/a.c", "abc123");
	assert_string_not_equal(ref, k);
	sci_cache_key(k, "0.1.0", one, 1, "src/a.c", "abc123");
	assert_string_not_equal(ref, k);
	sci_cache_key(k, "0.1.0", swapped, 2, "src/a.c", "abc123");
	assert_string_not_equal(ref, k);
	sci_cache_key(k, "0.1.0", flags, 2, "src/a.c", "abc124");
	assert_string_not_equal(ref, k);
	sci_cache_key(k, "0.1.0", flags, 2, "src/b.c", "abc123");
	assert_string_not_equal(ref, k);
	/* a flag cannot pose as the input hash */
	sci_cache_key(k, "0.1.0", split, 3, "src/a.c", "");
	assert_string_not_equal(ref, k);
	sci_cache_key(k, "0.1.0", NULL, 0, "src/a.c", "abc123");
	assert_string_not_equal(ref, k);
}

/* ---- hits and misses ------------------------------------------------------ */

static void test_cache__put_then_get_round_trips(void **state)
{
	char key[SCI_FP_HEX], other[SCI_FP_HEX];
	sci_cache *c;

	key_for(key, "src/a.c");
	key_for(other, "src/b.c");
	assert_int_equal(sci_cache_open(&c, path_in("sub/dir/cache.db")), 0);
	assert_true(sci_cache_enabled(c));
	assert_null(sci_cache_warning(c));
	assert_miss(c, key);
	put_sample(c, key);
	assert_hit_sample(c, key);
	assert_hit_sample(c, key);	/* statements are reusable */
	assert_miss(c, other);
	sci_cache_free(c);
	assert_int_equal(access(path_in("sub/dir/cache.db"), F_OK), 0);
}

static void test_cache__second_run_hits(void **state)
{
	char key[SCI_FP_HEX];
	sci_cache *c;

	key_for(key, "src/a.c");
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	put_sample(c, key);
	sci_cache_free(c);

	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	assert_null(sci_cache_warning(c));
	assert_hit_sample(c, key);
	sci_cache_free(c);
}

static void test_cache__changed_inputs_miss(void **state)
{
	static const char *const other_flags[] = { "-O0", "-DX=1" };
	char key[SCI_FP_HEX], k[SCI_FP_HEX];
	sci_cache *c;

	key_for(key, "src/a.c");
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	put_sample(c, key);
	sci_cache_key(k, "0.2.0", flags, 2, "src/a.c", "abc123");
	assert_miss(c, k);
	sci_cache_key(k, "0.1.0", other_flags, 2, "src/a.c", "abc123");
	assert_miss(c, k);
	sci_cache_key(k, "0.1.0", flags, 2, "src/a.c", "def456");
	assert_miss(c, k);
	assert_hit_sample(c, key);
	sci_cache_free(c);
}

static void test_cache__clean_tu_is_a_hit_with_no_diags(void **state)
{
	sci_diag_list empty = { 0 }, got = { 0 };
	char key[SCI_FP_HEX];
	sci_cache *c;
	int hit = 0;

	key_for(key, "src/clean.c");
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	assert_int_equal(sci_cache_put(c, key, &empty), 0);
	assert_int_equal(sci_cache_get(c, key, &got, &hit), 0);
	assert_int_equal(hit, 1);
	assert_int_equal(got.n, 0);
	sci_cache_free(c);
}

static void test_cache__put_replaces_and_get_appends(void **state)
{
	sci_diag_list l = { 0 }, got = { 0 };
	char key[SCI_FP_HEX];
	sci_cache *c;
	int hit;

	key_for(key, "src/a.c");
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	put_sample(c, key);
	sci_diag_list_take(&l, sci_diag_new("r", SCI_LEVEL_WARNING, "src/a.c",
					    1, 1, "f", "k", "only one now"));
	assert_int_equal(sci_cache_put(c, key, &l), 0);
	sci_diag_list_clear(&l);

	sci_diag_list_take(&got, sci_diag_new("mine", SCI_LEVEL_NOTE, "x.c", 1,
					      1, "", "", ""));
	assert_int_equal(sci_cache_get(c, key, &got, &hit), 0);
	assert_int_equal(hit, 1);
	assert_int_equal(got.n, 2);
	assert_string_equal(got.items[0]->rule, "mine");
	assert_string_equal(got.items[1]->message, "only one now");
	sci_diag_list_clear(&got);
	sci_cache_free(c);
}

static void test_cache__non_utf8_diags_are_not_cached(void **state)
{
	sci_diag_list l = { 0 };
	char key[SCI_FP_HEX];
	sci_cache *c;

	key_for(key, "src/latin1.c");
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	sci_diag_list_take(&l, sci_diag_new("r", SCI_LEVEL_WARNING,
					    "src/caf\xe9.c", 1, 1, "f", "k", "m"));
	assert_int_equal(sci_cache_put(c, key, &l), 0);
	assert_miss(c, key);
	assert_null(sci_cache_warning(c));
	assert_true(sci_cache_enabled(c));
	sci_diag_list_clear(&l);
	sci_cache_free(c);
}

static void test_cache__null_cache_is_a_noop(void **state)
{
	sci_diag_list l = { 0 };

	sample(&l);
	assert_int_equal(sci_cache_put(NULL, "k", &l), 0);
	sci_diag_list_clear(&l);
	assert_miss(NULL, "k");
	assert_false(sci_cache_enabled(NULL));
	assert_null(sci_cache_warning(NULL));
	sci_cache_free(NULL);
}

/* ---- broken files ---------------------------------------------------------- */

static void write_bytes(const char *path, long offset, const char *bytes,
			size_t n, int truncate)
{
	FILE *f = fopen(path, truncate ? "wb" : "r+b");

	assert_non_null(f);
	assert_int_equal(fseek(f, offset, SEEK_SET), 0);
	assert_int_equal(fwrite(bytes, 1, n, f), n);
	fclose(f);
}

static void test_cache__garbage_file_is_recreated(void **state)
{
	const char garbage[] = "this is not a sqlite database at all, just text\n"
			       "padding padding padding padding padding padding\n";
	char key[SCI_FP_HEX];
	sci_cache *c;

	key_for(key, "src/a.c");
	write_bytes(path_in("cache.db"), 0, garbage, sizeof(garbage), 1);
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	assert_true(sci_cache_enabled(c));
	assert_non_null(sci_cache_warning(c));
	assert_non_null(strstr(sci_cache_warning(c), "recreated"));
	assert_non_null(strstr(sci_cache_warning(c), "cache.db"));
	assert_miss(c, key);
	put_sample(c, key);
	assert_hit_sample(c, key);
	sci_cache_free(c);

	/* and it is a good database from now on */
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	assert_null(sci_cache_warning(c));
	assert_hit_sample(c, key);
	sci_cache_free(c);
}

/* A valid header with damaged pages: noticed at lookup time, mid-run. */
static void test_cache__damaged_pages_are_recovered(void **state)
{
	char key[SCI_FP_HEX], junk[8192];
	sci_cache *c;
	int i;

	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	for (i = 0; i < 200; i++) {
		char tu[32];

		snprintf(tu, sizeof(tu), "src/f%d.c", i);
		key_for(key, tu);
		put_sample(c, key);
	}
	sci_cache_free(c);
	memset(junk, 0xa5, sizeof(junk));
	write_bytes(path_in("cache.db"), 4096, junk, sizeof(junk), 0);

	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	key_for(key, "src/f7.c");
	assert_miss(c, key);			/* no failure, just a miss */
	assert_true(sci_cache_enabled(c));
	assert_non_null(sci_cache_warning(c));
	assert_non_null(strstr(sci_cache_warning(c), "recreated"));
	put_sample(c, key);
	assert_hit_sample(c, key);
	sci_cache_free(c);
}

static void test_cache__other_schema_version_is_recreated(void **state)
{
	char key[SCI_FP_HEX];
	sqlite3 *db;
	sci_cache *c;

	assert_int_equal(sqlite3_open(path_in("cache.db"), &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "CREATE TABLE results(x); "
				      "PRAGMA user_version = 99;",
				      NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);

	key_for(key, "src/a.c");
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	assert_true(sci_cache_enabled(c));
	assert_non_null(strstr(sci_cache_warning(c), "schema version 99"));
	put_sample(c, key);
	assert_hit_sample(c, key);
	sci_cache_free(c);
}

static void test_cache__unreadable_row_is_a_miss(void **state)
{
	char key[SCI_FP_HEX], sql[256];
	sqlite3 *db;
	sci_cache *c;

	key_for(key, "src/a.c");
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	sci_cache_free(c);
	assert_int_equal(sqlite3_open(path_in("cache.db"), &db), SQLITE_OK);
	snprintf(sql, sizeof(sql),
		 "INSERT INTO results VALUES('%s', '[{\"rule\": 1}]')", key);
	assert_int_equal(sqlite3_exec(db, sql, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);

	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	assert_miss(c, key);
	assert_non_null(strstr(sci_cache_warning(c), "unreadable entry"));
	put_sample(c, key);		/* replaced by the next store */
	assert_hit_sample(c, key);
	sci_cache_free(c);
}

static void test_cache__unusable_path_disables_the_cache(void **state)
{
	char key[SCI_FP_HEX];
	sci_cache *c;

	key_for(key, "src/a.c");
	/* a directory where the file should be */
	assert_int_equal(mkdir(path_in("cache.db"), 0777), 0);
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	assert_non_null(c);
	assert_false(sci_cache_enabled(c));
	assert_non_null(strstr(sci_cache_warning(c), "caching disabled"));
	put_sample(c, key);
	assert_miss(c, key);
	sci_cache_free(c);

	/* a regular file where a parent directory should be */
	write_bytes(path_in("plain"), 0, "x", 1, 1);
	assert_int_equal(sci_cache_open(&c, path_in("plain/cache.db")), 0);
	assert_false(sci_cache_enabled(c));
	assert_non_null(strstr(sci_cache_warning(c), "caching disabled"));
	assert_miss(c, key);
	sci_cache_free(c);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(test_cache__key_matches_the_documented_encoding),
		T(test_cache__key_covers_every_input),
		T(test_cache__put_then_get_round_trips),
		T(test_cache__second_run_hits),
		T(test_cache__changed_inputs_miss),
		T(test_cache__clean_tu_is_a_hit_with_no_diags),
		T(test_cache__put_replaces_and_get_appends),
		T(test_cache__non_utf8_diags_are_not_cached),
		T(test_cache__null_cache_is_a_noop),
		T(test_cache__garbage_file_is_recreated),
		T(test_cache__damaged_pages_are_recovered),
		T(test_cache__other_schema_version_is_recreated),
		T(test_cache__unreadable_row_is_a_miss),
		T(test_cache__unusable_path_disables_the_cache),
	};
#undef T

	return cmocka_run_group_tests_name("baseline/cache", tests, NULL, NULL);
}
