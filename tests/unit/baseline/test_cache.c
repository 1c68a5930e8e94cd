/*
 * test_cache.c - the sqlite3 result cache (src/baseline/cache.c): keys,
 * hits and misses, persistence, recovery from broken caches, which must
 * never fail the run, and refusal to touch files that are not caches.
 * Real sqlite files in a temp dir.
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
	sci_diag_add_step(d, "src/a.c", 11, 2, "taking the true branch");
	d->fn_first = 8;
	d->fn_last = 20;
	sci_diag_set_fix(d, 12, 5, 9, "*buf");
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
	assert_int_equal(a->fn_first, b->fn_first);
	assert_int_equal(a->fn_last, b->fn_last);
	assert_int_equal(a->fix_line, b->fix_line);
	assert_int_equal(a->fix_col, b->fix_col);
	assert_int_equal(a->fix_end_col, b->fix_end_col);
	if (a->fix_line)
		assert_string_equal(a->fix_text, b->fix_text);
	assert_int_equal(a->nrelated, b->nrelated);
	for (i = 0; i < a->nrelated; i++) {
		assert_string_equal(a->related[i].path, b->related[i].path);
		assert_int_equal(a->related[i].line, b->related[i].line);
		assert_int_equal(a->related[i].col, b->related[i].col);
		assert_string_equal(a->related[i].message, b->related[i].message);
	}
	assert_int_equal(a->nsteps, b->nsteps);
	/* the rest of the steps, as sci_diag_cmp_full() sees them */
	assert_int_equal(sci_diag_cmp_full(a, b), 0);
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
		"1ec309b246f368b412f910c1983175be13eed3e25560ac4dfffa86f7b5a93a7b");
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

/* The whole file, for byte-for-byte comparisons.  Owned. */
static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long len;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	len = ftell(f);
	assert_true(len >= 0);
	rewind(f);
	buf = malloc((size_t)len + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
	fclose(f);
	*n = (size_t)len;
	return buf;
}

/*
 * Opening @name must fail, naming the file and @why, and leave it (and
 * the directory: no journal) exactly as it was.
 */
static void assert_refused(const char *name, const char *why)
{
	char *before, *after;
	size_t nb, na, nfiles;
	sci_cache *c = (sci_cache *)1;
	char cmd[300];
	FILE *ls;

	before = slurp(path_in(name), &nb);
	snprintf(cmd, sizeof(cmd), "ls -A '%s' | wc -l", dir);
	ls = popen(cmd, "r");
	assert_int_equal(fscanf(ls, "%zu", &nfiles), 1);
	pclose(ls);

	assert_int_equal(sci_cache_open(&c, path_in(name)), SCI_EINVALID);
	assert_null(c);
	assert_non_null(strstr(sci_error_last(), name));
	assert_non_null(strstr(sci_error_last(), "not a smatch-ci cache"));
	assert_non_null(strstr(sci_error_last(), why));

	after = slurp(path_in(name), &na);
	assert_int_equal(na, nb);
	assert_memory_equal(after, before, nb);
	ls = popen(cmd, "r");
	assert_int_equal(fscanf(ls, "%zu", &na), 1);
	pclose(ls);
	assert_int_equal(na, nfiles);
	free(before);
	free(after);
}

static void sql(const char *name, const char *script)
{
	sqlite3 *db;

	assert_int_equal(sqlite3_open(path_in(name), &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, script, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
}

static unsigned long header_u32(const char *name, long offset)
{
	unsigned char b[4];
	FILE *f = fopen(path_in(name), "rb");

	assert_non_null(f);
	assert_int_equal(fseek(f, offset, SEEK_SET), 0);
	assert_int_equal(fread(b, 1, 4, f), 4);
	fclose(f);
	return (unsigned long)b[0] << 24 | (unsigned long)b[1] << 16 |
	       (unsigned long)b[2] << 8 | b[3];
}

static void test_cache__new_file_carries_the_mark(void **state)
{
	sci_cache *c;

	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	sci_cache_free(c);
	/* the SQLite header: application_id at 68, user_version at 60 */
	assert_int_equal(header_u32("cache.db", 68), SCI_CACHE_APPLICATION_ID);
	assert_int_equal(header_u32("cache.db", 60), SCI_CACHE_SCHEMA);
}

static void test_cache__text_file_is_refused_untouched(void **state)
{
	const char text[] = "this is not a sqlite database at all, just text\n"
			    "padding padding padding padding padding padding\n";

	write_bytes(path_in("notes.txt"), 0, text, sizeof(text) - 1, 1);
	assert_refused("notes.txt", "not an SQLite database");
	/* shorter than an SQLite header */
	write_bytes(path_in("tiny"), 0, "x", 1, 1);
	assert_refused("tiny", "not an SQLite database");
}

static void test_cache__foreign_database_is_refused_untouched(void **state)
{
	sql("app.db", "CREATE TABLE users(name TEXT); "
		      "INSERT INTO users VALUES('alice');");
	assert_refused("app.db", "without the smatch-ci mark");
	/* a database with a results table, but not ours */
	sql("results.db", "CREATE TABLE results(key TEXT, diags TEXT); "
			  "PRAGMA user_version = 1;");
	assert_refused("results.db", "without the smatch-ci mark");
	sql("other.db", "PRAGMA application_id = 1234; CREATE TABLE t(x);");
	assert_refused("other.db", "another application");
}

static void test_cache__our_header_damaged_is_refused(void **state)
{
	sci_cache *c;

	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	sci_cache_free(c);
	/* the magic string gone: nothing proves the file is ours any more */
	write_bytes(path_in("cache.db"), 0, "XQLite", 6, 0);
	assert_refused("cache.db", "not an SQLite database");
	/* the magic intact, the mark gone */
	write_bytes(path_in("cache.db"), 0, "SQLite", 6, 0);
	write_bytes(path_in("cache.db"), 68, "\0\0\0\0", 4, 0);
	assert_refused("cache.db", "without the smatch-ci mark");
}

static void test_cache__directory_and_special_files_are_refused(void **state)
{
	sci_cache *c = (sci_cache *)1;

	assert_int_equal(mkdir(path_in("cache.db"), 0777), 0);
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), SCI_EINVALID);
	assert_null(c);
	assert_non_null(strstr(sci_error_last(), "a directory"));

	assert_int_equal(mkfifo(path_in("fifo"), 0600), 0);
	assert_int_equal(sci_cache_open(&c, path_in("fifo")), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "not a regular file"));

	assert_int_equal(symlink("nowhere", path_in("dangling")), 0);
	assert_int_equal(sci_cache_open(&c, path_in("dangling")), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "dangling"));
}

static void test_cache__empty_file_becomes_the_cache(void **state)
{
	char key[SCI_FP_HEX];
	sci_cache *c;

	key_for(key, "src/a.c");
	write_bytes(path_in("cache.db"), 0, "", 0, 1);
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	assert_true(sci_cache_enabled(c));
	assert_null(sci_cache_warning(c));
	put_sample(c, key);
	assert_hit_sample(c, key);
	sci_cache_free(c);
	assert_int_equal(header_u32("cache.db", 68), SCI_CACHE_APPLICATION_ID);
}

static void test_cache__symlink_uses_its_target(void **state)
{
	char key[SCI_FP_HEX], junk[8192];
	struct stat st;
	sci_cache *c;

	key_for(key, "src/a.c");
	assert_int_equal(mkdir(path_in("real"), 0777), 0);
	assert_int_equal(symlink("real/cache.db", path_in("link.db")), 0);
	/* a link to nothing is refused rather than followed into creation */
	assert_int_equal(sci_cache_open(&c, path_in("link.db")), SCI_EINVALID);
	assert_int_equal(sci_cache_open(&c, path_in("real/cache.db")), 0);
	sci_cache_free(c);

	assert_int_equal(sci_cache_open(&c, path_in("link.db")), 0);
	put_sample(c, key);
	sci_cache_free(c);
	/* damage it: recreated behind the link, and the link stays */
	memset(junk, 0xa5, sizeof(junk));
	write_bytes(path_in("real/cache.db"), 4096, junk, sizeof(junk), 0);
	assert_int_equal(sci_cache_open(&c, path_in("link.db")), 0);
	show(c);
	assert_true(sci_cache_enabled(c));
	put_sample(c, key);
	assert_hit_sample(c, key);
	sci_cache_free(c);
	assert_int_equal(lstat(path_in("link.db"), &st), 0);
	assert_true(S_ISLNK(st.st_mode));

	/* a link to somebody else's file is refused like the file */
	write_bytes(path_in("real/notes"), 0, "hello", 5, 1);
	assert_int_equal(symlink("real/notes", path_in("notes.db")), 0);
	assert_refused("notes.db", "not an SQLite database");
}

/* A valid header with damaged pages: noticed at open or mid-run. */
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

	/* at open time */
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	assert_true(sci_cache_enabled(c));
	assert_non_null(strstr(sci_cache_warning(c), "recreated"));
	for (i = 0; i < 200; i++) {
		char tu[32];

		snprintf(tu, sizeof(tu), "src/f%d.c", i);
		key_for(key, tu);
		put_sample(c, key);
	}
	sci_cache_free(c);

	/* at lookup time, mid-run */
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	assert_null(sci_cache_warning(c));
	write_bytes(path_in("cache.db"), 4096, junk, sizeof(junk), 0);
	key_for(key, "src/f7.c");
	assert_miss(c, key);			/* no failure, just a miss */
	assert_true(sci_cache_enabled(c));
	assert_non_null(sci_cache_warning(c));
	assert_non_null(strstr(sci_cache_warning(c), "recreated"));
	put_sample(c, key);
	assert_hit_sample(c, key);
	sci_cache_free(c);
}

/* Mid-run damage, but the file was swapped for someone else's meanwhile. */
static void test_cache__swapped_file_is_not_deleted(void **state)
{
	char key[SCI_FP_HEX], junk[8192];
	char *after;
	size_t n;
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

	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	assert_true(sci_cache_enabled(c));
	/* damaged, and no longer carrying our mark, behind the open cache */
	memset(junk, 0xa5, sizeof(junk));
	write_bytes(path_in("cache.db"), 4096, junk, sizeof(junk), 0);
	write_bytes(path_in("cache.db"), 68, "\0\0\0\1", 4, 0);
	key_for(key, "src/f7.c");
	assert_miss(c, key);
	show(c);
	assert_false(sci_cache_enabled(c));
	assert_non_null(strstr(sci_cache_warning(c), "caching disabled"));
	sci_cache_free(c);
	assert_int_equal(header_u32("cache.db", 68), 1);
	after = slurp(path_in("cache.db"), &n);
	assert_true(n > 4096);
	free(after);
}

static void test_cache__other_schema_version_is_recreated(void **state)
{
	char key[SCI_FP_HEX];
	sci_cache *c;

	sql("cache.db", "PRAGMA application_id = 1396918595; "
			"CREATE TABLE results(x); PRAGMA user_version = 99;");
	key_for(key, "src/a.c");
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	assert_true(sci_cache_enabled(c));
	assert_non_null(strstr(sci_cache_warning(c), "schema version 99"));
	assert_non_null(strstr(sci_cache_warning(c), "recreated"));
	put_sample(c, key);
	assert_hit_sample(c, key);
	sci_cache_free(c);
	assert_int_equal(header_u32("cache.db", 60), SCI_CACHE_SCHEMA);
}

/* What smatch-ci wrote before caches carried the application id. */
static void test_cache__schema_1_cache_is_recreated(void **state)
{
	char key[SCI_FP_HEX];
	sci_cache *c;

	sql("cache.db", "BEGIN;"
			"CREATE TABLE IF NOT EXISTS results("
			" key TEXT PRIMARY KEY NOT NULL,"
			" diags TEXT NOT NULL) WITHOUT ROWID;"
			"INSERT INTO results VALUES('k', '[]');"
			"PRAGMA user_version = 1;"
			"COMMIT;");
	key_for(key, "src/a.c");
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	assert_true(sci_cache_enabled(c));
	assert_non_null(strstr(sci_cache_warning(c), "schema version 1"));
	assert_non_null(strstr(sci_cache_warning(c), "recreated"));
	put_sample(c, key);
	assert_hit_sample(c, key);
	sci_cache_free(c);
	assert_int_equal(header_u32("cache.db", 68), SCI_CACHE_APPLICATION_ID);

	/* one more table and it is not provably ours */
	sql("old.db", "CREATE TABLE results("
		      " key TEXT PRIMARY KEY NOT NULL,"
		      " diags TEXT NOT NULL) WITHOUT ROWID;"
		      "CREATE TABLE mine(x);"
		      "PRAGMA user_version = 1;");
	assert_refused("old.db", "without the smatch-ci mark");
}

static long long sql_int(const char *name, const char *query)
{
	sqlite3_stmt *st;
	sqlite3 *db;
	long long v;

	assert_int_equal(sqlite3_open(path_in(name), &db), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(db, query, -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	v = sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	sqlite3_close(db);
	return v;
}

static long long data_bytes(const char *name)
{
	return sql_int(name, "SELECT (page_count - freelist_count) * page_size"
			     " FROM pragma_page_count(), pragma_freelist_count(),"
			     " pragma_page_size()");
}

static void test_cache__prune_drops_the_least_recently_used(void **state)
{
	char keys[100][SCI_FP_HEX], tu[32];
	long long before;
	sci_cache *c, *other;
	size_t dropped;
	unsigned i;

	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	for (i = 0; i < 100; i++) {
		snprintf(tu, sizeof(tu), "src/t%03u.c", i);
		key_for(keys[i], tu);
		put_sample(c, keys[i]);
	}
	/* stored a second apart, t000 first */
	sql("cache.db", "UPDATE results SET used = 1000 +"
			" (SELECT count(*) FROM results r2 WHERE r2.key < results.key)");
	/* a hit makes t003 the most recently used */
	assert_hit_sample(c, keys[3]);
	before = data_bytes("cache.db");
	assert_int_equal(sci_cache_prune(c, 0), 0);
	assert_int_equal(sci_cache_prune(c, before), 0);
	/* the hit is written by the prune, even one that drops nothing */
	assert_true(sql_int("cache.db", "SELECT max(used) FROM results") > 1000000);
	/* a second run at the same time waits for the transaction */
	assert_int_equal(sci_cache_open(&other, path_in("cache.db")), 0);
	put_sample(other, keys[99]);
	dropped = sci_cache_prune(c, before / 2);
	assert_true(dropped >= 50 && dropped < 100);
	assert_true(data_bytes("cache.db") <= before / 2);
	assert_hit_sample(other, keys[3]);
	assert_int_equal(sci_cache_prune(other, before / 2), 0);
	assert_null(sci_cache_warning(c));
	assert_null(sci_cache_warning(other));
	sci_cache_free(other);
	sci_cache_free(c);
	assert_int_equal(sql_int("cache.db", "SELECT count(*) FROM results"),
			 100 - (long long)dropped);
	assert_int_equal(sql_int("cache.db", "SELECT count(*) FROM results"
				 " WHERE used < 1000000"), 100 - (long long)dropped - 2);
}

/* Schema 2 had no results.used: the column is added, rows kept. */
static void test_cache__schema_2_cache_gets_used_in_place(void **state)
{
	char key[SCI_FP_HEX];
	sci_cache *c;

	key_for(key, "src/a.c");
	sql("cache.db", "BEGIN;"
			"PRAGMA application_id = 1396918595;"
			"CREATE TABLE meta(name TEXT PRIMARY KEY NOT NULL,"
			" value TEXT NOT NULL) WITHOUT ROWID;"
			"INSERT INTO meta VALUES('format', 'smatch-ci result cache');"
			"INSERT INTO meta VALUES('schema', '2');"
			"CREATE TABLE results(key TEXT PRIMARY KEY NOT NULL,"
			" diags TEXT NOT NULL) WITHOUT ROWID;"
			"PRAGMA user_version = 2;"
			"COMMIT;");
	{
		char ins[200];

		snprintf(ins, sizeof(ins),
			 "INSERT INTO results VALUES('%s', '[]')", key);
		sql("cache.db", ins);
	}
	assert_int_equal(sci_cache_open(&c, path_in("cache.db")), 0);
	assert_true(sci_cache_enabled(c));
	assert_null(sci_cache_warning(c));
	{
		sci_diag_list got = { 0 };
		int hit = 0;

		assert_int_equal(sci_cache_get(c, key, &got, &hit), 0);
		assert_int_equal(hit, 1);
		assert_int_equal(got.n, 0);
	}
	sci_cache_free(c);
	assert_int_equal(header_u32("cache.db", 60), SCI_CACHE_SCHEMA);
	assert_int_equal(sql_int("cache.db", "SELECT used FROM results"), 0);
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
		 "INSERT INTO results(key, diags) VALUES('%s', '[{\"rule\": 1}]')",
		 key);
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
	/* a regular file where a parent directory should be */
	write_bytes(path_in("plain"), 0, "x", 1, 1);
	assert_int_equal(sci_cache_open(&c, path_in("plain/cache.db")), 0);
	assert_non_null(c);
	assert_false(sci_cache_enabled(c));
	assert_non_null(strstr(sci_cache_warning(c), "caching disabled"));
	put_sample(c, key);
	assert_miss(c, key);
	sci_cache_free(c);

	/* a directory we may not write into */
	if (geteuid() != 0) {
		assert_int_equal(mkdir(path_in("ro"), 0555), 0);
		assert_int_equal(sci_cache_open(&c, path_in("ro/cache.db")), 0);
		assert_false(sci_cache_enabled(c));
		assert_non_null(strstr(sci_cache_warning(c), "caching disabled"));
		sci_cache_free(c);
	}
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
		T(test_cache__new_file_carries_the_mark),
		T(test_cache__text_file_is_refused_untouched),
		T(test_cache__foreign_database_is_refused_untouched),
		T(test_cache__our_header_damaged_is_refused),
		T(test_cache__directory_and_special_files_are_refused),
		T(test_cache__empty_file_becomes_the_cache),
		T(test_cache__symlink_uses_its_target),
		T(test_cache__damaged_pages_are_recovered),
		T(test_cache__swapped_file_is_not_deleted),
		T(test_cache__other_schema_version_is_recreated),
		T(test_cache__schema_1_cache_is_recreated),
		T(test_cache__unreadable_row_is_a_miss),
		T(test_cache__prune_drops_the_least_recently_used),
		T(test_cache__schema_2_cache_gets_used_in_place),
		T(test_cache__unusable_path_disables_the_cache),
	};
#undef T

	return cmocka_run_group_tests_name("baseline/cache", tests, NULL, NULL);
}
