/*
 * test_db.c - the project database (src/db): keys, storing and reading a
 * TU back, pruning, counting, `db show`, and the file rules: old and
 * damaged files of ours are rebuilt, anything else is refused untouched,
 * problems make a no-op database, concurrent runs and killed writers
 * leave it whole.  Real sqlite files in a temp dir.
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
#include <sys/wait.h>
#include <unistd.h>

#include "db/db.h"
#include "util/error.h"

static char dir[64];

static int setup(void **state)
{
	strcpy(dir, "/tmp/sci-db-XXXXXX");
	assert_non_null(mkdtemp(dir));
	return 0;
}

static int teardown(void **state)
{
	char cmd[160];

	/* a test may leave a read-only directory behind */
	snprintf(cmd, sizeof(cmd), "chmod -R u+w '%s'; rm -rf '%s'", dir, dir);
	return system(cmd) == 0 ? 0 : -1;
}

static char *path_in(const char *name)
{
	static char buf[256];

	snprintf(buf, sizeof(buf), "%s/%s", dir, name);
	return buf;
}

/* SCI_TEST_VERBOSE=1 shows what the database reported. */
static void show_warning(const sci_db *db)
{
	if (getenv("SCI_TEST_VERBOSE") && sci_db_warning(db))
		printf("warning: %s\n", sci_db_warning(db));
}

static sci_db *open_ok(const char *name)
{
	sci_db *db = NULL;

	assert_int_equal(sci_db_open(&db, path_in(name)), 0);
	assert_non_null(db);
	show_warning(db);
	return db;
}

/* ---- sample TUs ------------------------------------------------------------ */

static sci_summary *fn(const char *name, const char *file, unsigned line,
		       int is_static)
{
	sci_summary *s = sci_summary_new(name);

	s->file = strdup(file);
	s->line = line;
	s->is_static = is_static;
	return s;
}

static void add_fn(sci_db_tu *tu, sci_summary *s)
{
	tu->summaries = realloc(tu->summaries,
				(tu->nsummaries + 1) * sizeof(*tu->summaries));
	assert_non_null(tu->summaries);
	tu->summaries[tu->nsummaries++] = s;
}

static void add_input(sci_db_tu *tu, const char *path, char fill)
{
	tu->inputs = realloc(tu->inputs, (tu->ninputs + 1) * sizeof(*tu->inputs));
	assert_non_null(tu->inputs);
	tu->inputs[tu->ninputs].path = strdup(path);
	memset(tu->inputs[tu->ninputs].sha, fill, SCI_DB_HASH_HEX - 1);
	tu->inputs[tu->ninputs].sha[SCI_DB_HASH_HEX - 1] = '\0';
	tu->ninputs++;
}

static sci_db_tu *new_tu(const char *path)
{
	sci_db_tu *tu = sci_db_tu_new();

	sci_db_tu_key(tu->key, "0.1.0", path, "/work", NULL, 0);
	tu->path = strdup(path);
	return tu;
}

/* src/wrapper.c: xmalloc (extern) and helper (static), analyzed, clean. */
static sci_db_tu *wrapper_tu(void)
{
	sci_db_tu *tu = new_tu("src/wrapper.c");
	sci_summary *s;

	add_input(tu, "/work/src/wrapper.c", 'a');
	add_input(tu, "/usr/include/stdlib.h", 'b');
	s = fn("xmalloc", "src/wrapper.c", 12, 0);
	s->nparams = 1;
	s->returns = SCI_SUM_RET_FRESH;
	sci_summary_add_call(s, "malloc");
	add_fn(tu, s);
	s = fn("helper", "src/wrapper.c", 30, 1);
	s->nparams = 3;
	s->derefs = 1u << 0 | 1u << 2;
	s->frees = 1u << 1;
	s->captures = 1u << 2;
	s->returns = SCI_SUM_RET_OTHER;
	s->ret = strdup("0-9");
	s->ret_soft = 2;	/* SCI_RL_SOFT_MAX */
	sci_summary_add_lock(s, "$0->lock");
	sci_summary_add_unlock(s, "g_lock");
	sci_summary_add_call(s, "xmalloc");
	add_fn(tu, s);
	tu->deps = strdup("d1");
	tu->findings = strdup("");
	return tu;
}

/* src/main.c: main calls xmalloc and die; summarized only. */
static sci_db_tu *main_tu(void)
{
	sci_db_tu *tu = new_tu("src/main.c");
	sci_summary *s;

	add_input(tu, "/work/src/main.c", 'c');
	s = fn("main", "src/main.c", 3, 0);
	sci_summary_add_call(s, "xmalloc");
	sci_summary_add_call(s, "die");
	add_fn(tu, s);
	s = fn("die", "src/main.c", 20, 1);
	s->nparams = 1;
	s->frees = 1;
	s->noreturn = 1;
	add_fn(tu, s);
	return tu;
}

static void put_and_free(sci_db *db, sci_db_tu *tu)
{
	assert_int_equal(sci_db_tu_put(db, tu), 0);
	sci_db_tu_free(tu);
}

static void assert_same_str(const char *a, const char *b)
{
	if (!a || !b)
		assert_ptr_equal(a, b);
	else
		assert_string_equal(a, b);
}

static void assert_same_tu(const sci_db_tu *a, const sci_db_tu *b)
{
	size_t i;

	assert_string_equal(a->key, b->key);
	assert_string_equal(a->path, b->path);
	assert_same_str(a->deps, b->deps);
	assert_same_str(a->findings, b->findings);
	assert_int_equal(a->ninputs, b->ninputs);
	for (i = 0; i < a->ninputs; i++) {
		assert_string_equal(a->inputs[i].path, b->inputs[i].path);
		assert_string_equal(a->inputs[i].sha, b->inputs[i].sha);
	}
	assert_int_equal(a->nsummaries, b->nsummaries);
	for (i = 0; i < a->nsummaries; i++) {
		char *x = sci_summary_format(a->summaries[i]);
		char *y = sci_summary_format(b->summaries[i]);

		assert_string_equal(x, y);
		free(x);
		free(y);
	}
}

/* Stored @want comes back whole. */
static void assert_stored(sci_db *db, const sci_db_tu *want)
{
	sci_db_tu *got = NULL;

	assert_int_equal(sci_db_tu_get(db, want->key, &got), 0);
	assert_non_null(got);
	assert_same_tu(got, want);
	sci_db_tu_free(got);
}

static void assert_not_stored(sci_db *db, const char *key)
{
	sci_db_tu *got = (sci_db_tu *)1;

	assert_int_equal(sci_db_tu_get(db, key, &got), SCI_ENOTFOUND);
	assert_null(got);
}

/* ---- raw access, to make and inspect files as other programs would ------ */

static void sql(const char *name, const char *script)
{
	sqlite3 *h;

	assert_int_equal(sqlite3_open(path_in(name), &h), SQLITE_OK);
	assert_int_equal(sqlite3_exec(h, script, NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(h);
}

/* The first column of the first row of @query, as text.  Owned. */
static char *sql_text(const char *name, const char *query)
{
	sqlite3_stmt *st;
	sqlite3 *h;
	char *v;

	assert_int_equal(sqlite3_open(path_in(name), &h), SQLITE_OK);
	assert_int_equal(sqlite3_prepare_v2(h, query, -1, &st, NULL), SQLITE_OK);
	assert_int_equal(sqlite3_step(st), SQLITE_ROW);
	v = strdup((const char *)sqlite3_column_text(st, 0));
	sqlite3_finalize(st);
	sqlite3_close(h);
	return v;
}

static long long sql_int(const char *name, const char *query)
{
	char *v = sql_text(name, query);
	long long n = atoll(v);

	free(v);
	return n;
}

static void assert_integrity_ok(const char *name)
{
	char *v = sql_text(name, "PRAGMA integrity_check");

	assert_string_equal(v, "ok");
	free(v);
}


static void write_file(const char *name, long offset, const void *bytes,
		       size_t n, int truncate)
{
	FILE *f = fopen(path_in(name), truncate ? "wb" : "r+b");

	assert_non_null(f);
	assert_int_equal(fseek(f, offset, SEEK_SET), 0);
	assert_int_equal(fwrite(bytes, 1, n, f), n);
	fclose(f);
}

/* The whole file and the names beside it, to prove nothing changed. */
static char *snapshot(const char *name, size_t *n)
{
	char cmd[400], *text = NULL;
	size_t cap = 0;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "cd '%s' && ls -A && od -An -tx1 -v '%s'",
		 dir, name);
	p = popen(cmd, "r");
	assert_non_null(p);
	*n = getdelim(&text, &cap, '\0', p) > 0 ? strlen(text) : 0;
	pclose(p);
	return text;
}

/*
 * Opening @name must fail, naming the file and saying @why, and leave it
 * and its directory (no journal) exactly as they were.
 */
static void assert_refused(const char *name, const char *why)
{
	sci_db *db = (sci_db *)1;
	size_t nb, na;
	char *before = snapshot(name, &nb), *after;

	assert_true(nb > 0);
	assert_int_equal(sci_db_open(&db, path_in(name)), SCI_EINVALID);
	assert_null(db);
	assert_non_null(strstr(sci_error_last(), name));
	assert_non_null(strstr(sci_error_last(), "not a smatch-ci project database"));
	assert_non_null(strstr(sci_error_last(), why));
	after = snapshot(name, &na);
	assert_string_equal(after, before);
	free(before);
	free(after);
}

/* Opens @name, which must be rebuilt, empty, saying @why. */
static sci_db *assert_rebuilt(const char *name, const char *why)
{
	sci_db *db = open_ok(name);
	sci_db_stats st;

	assert_true(sci_db_enabled(db));
	assert_non_null(sci_db_warning(db));
	assert_non_null(strstr(sci_db_warning(db), why));
	assert_non_null(strstr(sci_db_warning(db), "rebuilt"));
	assert_int_equal(sci_db_stats_get(db, &st), 0);
	assert_int_equal(st.tus, 0);
	assert_int_equal(sql_int(name, "PRAGMA user_version"), SCI_DB_SCHEMA);
	return db;
}

/* ---- keys ---------------------------------------------------------------- */

static void test_db__key_matches_the_documented_encoding(void **state)
{
	static const char *const flags[] = { "-O2", "-DX=1" };
	char k[SCI_DB_HASH_HEX];

	/* Python: sha256 over 8-byte big-endian length + bytes per field */
	sci_db_tu_key(k, "0.1.0", "src/a.c", "/work", flags, 2);
	assert_string_equal(k,
		"39dd139e766d2c6c78dcb19f70118209fdccacc4c20fa77217b86b06536ffc41");
}

static void test_db__key_covers_every_field(void **state)
{
	static const char *const one[] = { "-O2 -DX=1" };
	static const char *const two[] = { "-O2", "-DX=1" };
	char ref[SCI_DB_HASH_HEX], k[SCI_DB_HASH_HEX];

	sci_db_tu_key(ref, "0.1.0", "src/a.c", "/work", two, 2);
	sci_db_tu_key(k, "0.1.1", "src/a.c", "/work", two, 2);
	assert_string_not_equal(k, ref);
	sci_db_tu_key(k, "0.1.0", "src/b.c", "/work", two, 2);
	assert_string_not_equal(k, ref);
	sci_db_tu_key(k, "0.1.0", "src/a.c", "/other", two, 2);
	assert_string_not_equal(k, ref);
	sci_db_tu_key(k, "0.1.0", "src/a.c", "/work", one, 1);
	assert_string_not_equal(k, ref);
	sci_db_tu_key(k, "0.1.0", "src/a.c", "/work", two, 1);
	assert_string_not_equal(k, ref);
	/* NULL directory is "" */
	sci_db_tu_key(ref, "0.1.0", "src/a.c", NULL, NULL, 0);
	sci_db_tu_key(k, "0.1.0", "src/a.c", "", NULL, 0);
	assert_string_equal(k, ref);
}

/* ---- get, put, prune, stats ---------------------------------------------- */

static void test_db__put_then_get_round_trips(void **state)
{
	sci_db_tu *w = wrapper_tu(), *m = main_tu(), *e = new_tu("src/empty.c");
	sci_db *db = open_ok("project.db");

	assert_true(sci_db_enabled(db));
	assert_null(sci_db_warning(db));
	assert_int_equal(sci_db_tu_put(db, w), 0);
	assert_int_equal(sci_db_tu_put(db, m), 0);
	/* no inputs, no functions; findings with text and NULL deps */
	e->findings = strdup("{\"rule\":\"x\"}\n{\"rule\":\"y\"}\n");
	assert_int_equal(sci_db_tu_put(db, e), 0);
	assert_stored(db, w);		/* findings "" */
	assert_stored(db, m);		/* findings NULL */
	assert_stored(db, e);
	sci_db_free(db);

	/* and in the next run */
	db = open_ok("project.db");
	assert_null(sci_db_warning(db));
	assert_stored(db, w);
	assert_stored(db, m);
	assert_stored(db, e);
	assert_null(sci_db_warning(db));
	sci_db_free(db);
	sci_db_tu_free(w);
	sci_db_tu_free(m);
	sci_db_tu_free(e);
	assert_integrity_ok("project.db");
}

static void test_db__unknown_key_is_not_found(void **state)
{
	sci_db *db = open_ok("project.db");
	char key[SCI_DB_HASH_HEX];

	sci_db_tu_key(key, "0.1.0", "src/nowhere.c", NULL, NULL, 0);
	assert_not_stored(db, key);
	put_and_free(db, main_tu());
	assert_not_stored(db, key);
	assert_null(sci_db_warning(db));
	sci_db_free(db);
}

static void test_db__put_replaces_everything_of_the_tu(void **state)
{
	sci_db_tu *w = wrapper_tu(), *again = wrapper_tu();
	sci_db *db = open_ok("project.db");
	sci_db_stats st;

	put_and_free(db, main_tu());
	assert_int_equal(sci_db_tu_put(db, w), 0);
	/* the same TU, now with one function, one input, no findings */
	sci_summary_free(again->summaries[1]);
	again->nsummaries = 1;
	free(again->inputs[1].path);
	again->ninputs = 1;
	free(again->findings);
	again->findings = NULL;
	free(again->deps);
	again->deps = strdup("d2");
	assert_int_equal(sci_db_tu_put(db, again), 0);
	assert_stored(db, again);

	assert_int_equal(sci_db_stats_get(db, &st), 0);
	assert_int_equal(st.tus, 2);
	assert_int_equal(st.analyzed, 0);
	assert_int_equal(st.functions, 3);	/* main, die, xmalloc */
	assert_int_equal(sql_int("project.db", "SELECT count(*) FROM calls"), 3);
	sci_db_free(db);
	sci_db_tu_free(w);
	sci_db_tu_free(again);
}

static void test_db__stats_count_what_is_stored(void **state)
{
	sci_db *db = open_ok("project.db");
	sci_db_tu *other = main_tu();
	sci_db_stats st;

	assert_int_equal(sci_db_stats_get(db, &st), 0);
	assert_int_equal(st.tus, 0);
	assert_int_equal(st.functions, 0);
	assert_true(st.bytes > 0);

	put_and_free(db, wrapper_tu());
	put_and_free(db, main_tu());
	/* another configuration of src/main.c: same names, same input */
	sci_db_tu_key(other->key, "0.1.0", "src/main.c", "/work/build2", NULL, 0);
	other->deps = strdup("d");
	other->findings = strdup("");
	put_and_free(db, other);

	assert_int_equal(sci_db_stats_get(db, &st), 0);
	assert_int_equal(st.tus, 3);
	assert_int_equal(st.analyzed, 2);
	assert_int_equal(st.functions, 6);
	assert_int_equal(st.names, 4);	/* xmalloc helper main die */
	assert_int_equal(st.inputs, 3);
	assert_int_equal(st.bytes,
			 sql_int("project.db", "SELECT page_count * page_size"
				 " FROM pragma_page_count(), pragma_page_size()"));
	sci_db_free(db);
}

typedef struct {
	char keys[4][SCI_DB_HASH_HEX];
	int n;
	int stop_at;	/* return an error at this call; -1: never */
} key_list;

static int collect_key(const char *key, void *payload)
{
	key_list *l = payload;

	if (l->n == l->stop_at)
		return SCI_EINVALID;
	assert_true(l->n < 4);
	snprintf(l->keys[l->n++], SCI_DB_HASH_HEX, "%s", key);
	return 0;
}

static void test_db__foreach_key_lists_every_tu_in_order(void **state)
{
	sci_db *db = open_ok("project.db");
	sci_db_tu *w = wrapper_tu(), *m = main_tu();
	key_list l = { .n = 0, .stop_at = -1 };
	int w_first = strcmp(w->key, m->key) < 0;

	assert_int_equal(sci_db_foreach_key(db, collect_key, &l), 0);
	assert_int_equal(l.n, 0);
	assert_int_equal(sci_db_tu_put(db, w), 0);
	assert_int_equal(sci_db_tu_put(db, m), 0);
	assert_int_equal(sci_db_foreach_key(db, collect_key, &l), 0);
	assert_int_equal(l.n, 2);
	assert_string_equal(l.keys[0], w_first ? w->key : m->key);
	assert_string_equal(l.keys[1], w_first ? m->key : w->key);
	/* the callback's error ends the walk and is returned */
	l.n = 0;
	l.stop_at = 1;
	assert_int_equal(sci_db_foreach_key(db, collect_key, &l), SCI_EINVALID);
	assert_int_equal(l.n, 1);
	sci_db_tu_free(w);
	sci_db_tu_free(m);
	sci_db_free(db);
}

static void test_db__prune_drops_tus_not_used_lately(void **state)
{
	sci_db_tu *w = wrapper_tu(), *m = main_tu();
	sci_db *db = open_ok("project.db");
	sci_db_stats st;

	assert_int_equal(sci_db_tu_put(db, w), 0);
	assert_int_equal(sci_db_tu_put(db, m), 0);
	sql("project.db", "UPDATE tu SET used = used - 40 * 86400"
	    " WHERE path = 'src/wrapper.c'");
	assert_int_equal(sci_db_prune(db, 60), 0);
	assert_int_equal(sci_db_prune(db, 30), 1);
	assert_not_stored(db, w->key);
	assert_stored(db, m);
	assert_int_equal(sci_db_stats_get(db, &st), 0);
	assert_int_equal(st.tus, 1);
	assert_int_equal(st.functions, 2);
	assert_int_equal(st.inputs, 1);
	assert_int_equal(sql_int("project.db", "SELECT count(*) FROM calls"), 2);
	sci_db_free(db);
	sci_db_tu_free(w);
	sci_db_tu_free(m);
}

/* TU "src/tNNN.c" with @nfn functions: about 100 bytes of data each. */
static sci_db_tu *numbered_tu(unsigned n, unsigned nfn)
{
	char path[32], name[32];
	sci_db_tu *tu;
	unsigned i;

	snprintf(path, sizeof(path), "src/t%03u.c", n);
	tu = new_tu(path);
	add_input(tu, path, 'a');
	for (i = 0; i < nfn; i++) {
		snprintf(name, sizeof(name), "function_%03u_%03u", n, i);
		add_fn(tu, fn(name, path, i + 1, 0));
	}
	tu->deps = strdup("d");
	tu->findings = strdup("");
	return tu;
}

static long long data_bytes(const char *name)
{
	return sql_int(name, "SELECT (page_count - freelist_count) * page_size"
			     " FROM pragma_page_count(), pragma_freelist_count(),"
			     " pragma_page_size()");
}

static void test_db__prune_size_drops_the_least_recently_used(void **state)
{
	sci_db *db = open_ok("project.db");
	sci_db_tu *tus[60];
	long long size_before;
	unsigned i;
	size_t dropped;

	for (i = 0; i < 60; i++) {
		tus[i] = numbered_tu(i, 30);
		assert_int_equal(sci_db_tu_put(db, tus[i]), 0);
	}
	/* used a day apart, t000 the oldest; t005 looked up just now */
	sql("project.db", "UPDATE tu SET used = 1000000 + id * 86400");
	assert_stored(db, tus[5]);
	size_before = data_bytes("project.db");
	assert_int_equal(sci_db_prune_size(db, 0), 0);		/* no bound */
	assert_int_equal(sci_db_prune_size(db, size_before), 0);
	dropped = sci_db_prune_size(db, size_before / 2);
	assert_true(dropped >= 30 && dropped < 60);
	assert_true(data_bytes("project.db") <= size_before / 2);
	assert_stored(db, tus[5]);
	assert_stored(db, tus[59]);
	assert_not_stored(db, tus[0]->key);
	assert_not_stored(db, tus[29]->key);
	/* no orphans */
	assert_int_equal(sql_int("project.db", "SELECT count(*) FROM fn WHERE"
				 " tu NOT IN (SELECT id FROM tu)"), 0);
	assert_int_equal(sql_int("project.db", "SELECT count(*) FROM input WHERE"
				 " tu NOT IN (SELECT id FROM tu)"), 0);
	assert_int_equal(sql_int("project.db", "SELECT count(*) FROM calls WHERE"
				 " tu NOT IN (SELECT id FROM tu)"), 0);
	assert_integrity_ok("project.db");
	/* the freed pages take the next TUs: the file does not grow */
	{
		struct stat st1, st2;

		assert_int_equal(stat(path_in("project.db"), &st1), 0);
		assert_int_equal(sci_db_tu_put(db, tus[0]), 0);
		assert_int_equal(stat(path_in("project.db"), &st2), 0);
		assert_int_equal(st1.st_size, st2.st_size);
	}
	assert_true(sci_db_enabled(db));
	sci_db_free(db);
	for (i = 0; i < 60; i++)
		sci_db_tu_free(tus[i]);
}

static void test_db__get_marks_an_old_tu_used(void **state)
{
	sci_db_tu *m = main_tu();
	sci_db *db = open_ok("project.db");

	assert_int_equal(sci_db_tu_put(db, m), 0);
	sql("project.db", "UPDATE tu SET used = 1000");
	assert_stored(db, m);
	assert_true(sql_int("project.db", "SELECT used FROM tu") > 1000);
	/* so a prune keeps it */
	assert_int_equal(sci_db_prune(db, 1), 0);
	assert_stored(db, m);
	sci_db_free(db);
	sci_db_tu_free(m);
}

static void test_db__unreadable_row_is_a_miss(void **state)
{
	sci_db_tu *m = main_tu();
	sci_db *db = open_ok("project.db");

	assert_int_equal(sci_db_tu_put(db, m), 0);
	sql("project.db", "UPDATE fn SET summary = '{\"v\":99}' WHERE name = 'die'");
	assert_not_stored(db, m->key);
	assert_true(sci_db_enabled(db));
	assert_non_null(strstr(sci_db_warning(db), "unreadable TU"));
	/* the next put replaces it */
	assert_int_equal(sci_db_tu_put(db, m), 0);
	assert_stored(db, m);
	sci_db_free(db);
	sci_db_tu_free(m);
}

/* ---- db show ------------------------------------------------------------- */

/* What `db show @name` prints, or NULL; *error gets the return value. */
static char *show(sci_db *db, const char *name, int *error)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	*error = sci_db_show(db, name, f);
	fclose(f);
	return text;
}

static void assert_shows(sci_db *db, const char *name, const char *want)
{
	int error;
	char *got = show(db, name, &error);

	assert_int_equal(error, 0);
	assert_string_equal(got, want);
	free(got);
}

static void test_db__show_says_what_is_known(void **state)
{
	sci_db *db = open_ok("project.db");

	put_and_free(db, main_tu());
	put_and_free(db, wrapper_tu());
	assert_shows(db, "xmalloc",
		     "xmalloc\n"
		     "  defined in src/wrapper.c:12 (extern), TU src/wrapper.c\n"
		     "    returns a fresh allocation, never NULL\n"
		     "  called by\n"
		     "    helper (src/wrapper.c:30), TU src/wrapper.c\n"
		     "    main (src/main.c:3), TU src/main.c\n");
	assert_shows(db, "helper",
		     "helper\n"
		     "  defined in src/wrapper.c:30 (static), TU src/wrapper.c\n"
		     "    returns no fresh allocation\n"
		     "    dereferences parameters 1 and 3; frees parameter 2; may keep parameter 3\n"
		     "    returns 0-9 (upper bound from its type)\n"
		     "    returns holding the lock parameter 1->lock\n"
		     "    releases the lock g_lock\n"
		     "  called by no TU the database knows\n");
	assert_shows(db, "die",
		     "die\n"
		     "  defined in src/main.c:20 (static), TU src/main.c\n"
		     "    frees parameter 1\n"
		     "    never returns\n"
		     "  called by\n"
		     "    main (src/main.c:3), TU src/main.c\n");
	assert_shows(db, "main",
		     "main\n"
		     "  defined in src/main.c:3 (extern), TU src/main.c\n"
		     "    nothing known\n"
		     "  called by no TU the database knows\n");
	assert_shows(db, "malloc",
		     "malloc\n"
		     "  defined in no TU the database knows\n"
		     "  called by\n"
		     "    xmalloc (src/wrapper.c:12), TU src/wrapper.c\n");
	sci_db_free(db);
}

static void test_db__show_of_an_unknown_name_is_not_found(void **state)
{
	sci_db *db = open_ok("project.db");
	char *text;
	int error;

	put_and_free(db, main_tu());
	text = show(db, "nowhere", &error);
	assert_int_equal(error, SCI_ENOTFOUND);
	assert_non_null(strstr(sci_error_last(), "nowhere"));
	assert_string_equal(text, "");
	free(text);
	sci_db_free(db);
}

/* ---- whose file is it? ------------------------------------------------------ */

static void test_db__new_file_and_parents_are_created(void **state)
{
	sci_db *db = open_ok("a/b/project.db");

	assert_true(sci_db_enabled(db));
	assert_null(sci_db_warning(db));
	sci_db_free(db);
	assert_int_equal(sql_int("a/b/project.db", "PRAGMA application_id"),
			 SCI_DB_APPLICATION_ID);
	assert_int_equal(sql_int("a/b/project.db", "PRAGMA user_version"),
			 SCI_DB_SCHEMA);
	/* an empty file: nothing to lose */
	write_file("empty.db", 0, "", 0, 1);
	db = open_ok("empty.db");
	assert_true(sci_db_enabled(db));
	assert_null(sci_db_warning(db));
	sci_db_free(db);
}

static void test_db__other_schema_versions_are_rebuilt(void **state)
{
	static const char *const versions[] = { "0", "99" };
	size_t i;

	for (i = 0; i < 2; i++) {
		char script[200], why[40];
		sci_db_tu *m = main_tu();
		sci_db *db;

		snprintf(script, sizeof(script),
			 "PRAGMA application_id = %d; PRAGMA user_version = %s;"
			 " CREATE TABLE tu(key TEXT)", SCI_DB_APPLICATION_ID,
			 versions[i]);
		sql("old.db", script);
		snprintf(why, sizeof(why), "schema version %s", versions[i]);
		db = assert_rebuilt("old.db", why);
		assert_int_equal(sci_db_tu_put(db, m), 0);
		assert_stored(db, m);
		sci_db_free(db);
		sci_db_tu_free(m);
		unlink(path_in("old.db"));
	}
}

static void test_db__missing_format_is_rebuilt(void **state)
{
	sci_db *db = open_ok("project.db");

	sci_db_free(db);
	sql("project.db", "DELETE FROM meta");
	sci_db_free(assert_rebuilt("project.db", "the meta table"));
}

/* Our header, damaged pages: noticed at open, or mid-run. */
static void test_db__damaged_pages_are_rebuilt(void **state)
{
	sci_db_tu *m = main_tu();
	char junk[8192];
	sci_db *db = open_ok("project.db");
	int i;

	for (i = 0; i < 100; i++) {
		sci_db_tu *tu = wrapper_tu();

		snprintf(tu->key, sizeof(tu->key), "%064d", i);
		put_and_free(db, tu);
	}
	sci_db_free(db);
	memset(junk, 0xa5, sizeof(junk));
	write_file("project.db", 100, junk, 4096 - 100, 0);
	write_file("project.db", 4096, junk, sizeof(junk), 0);
	db = assert_rebuilt("project.db", "cannot open");
	assert_int_equal(sci_db_tu_put(db, m), 0);
	sci_db_free(db);

	/* mid-run: a lookup fails, the file is rebuilt, the run goes on */
	db = open_ok("project.db");
	assert_null(sci_db_warning(db));
	write_file("project.db", 100, junk, 4096 - 100, 0);
	write_file("project.db", 4096, junk, sizeof(junk), 0);
	/* a new change counter: the connection must not trust its cache */
	write_file("project.db", 24, "\x7f\x7f\x7f\x7f", 4, 0);
	assert_not_stored(db, m->key);
	assert_true(sci_db_enabled(db));
	assert_non_null(strstr(sci_db_warning(db), "rebuilt"));
	assert_int_equal(sci_db_tu_put(db, m), 0);
	assert_stored(db, m);
	sci_db_free(db);
	sci_db_tu_free(m);
	assert_integrity_ok("project.db");
}

static void test_db__other_files_are_refused_untouched(void **state)
{
	write_file("notes.db", 0, "SQLite format 3 is what this is not\n", 36, 1);
	assert_refused("notes.db", "not an SQLite database");
	sql("other.db", "PRAGMA application_id = 305419896;"
	    " CREATE TABLE t(x); INSERT INTO t VALUES(1)");
	assert_refused("other.db", "another application, application_id 0x12345678");
	sql("plain.db", "CREATE TABLE tu(key TEXT)");
	assert_refused("plain.db", "without the smatch-ci mark");
	/* damage to our header's mark: no longer provably ours */
	sci_db_free(open_ok("project.db"));
	write_file("project.db", 68, "\0\0\0\1", 4, 0);
	assert_refused("project.db", "another application");
}

static void test_db__directories_are_refused(void **state)
{
	sci_db *db = (sci_db *)1;

	assert_int_equal(mkdir(path_in("d"), 0755), 0);
	assert_int_equal(sci_db_open(&db, path_in("d")), SCI_EINVALID);
	assert_null(db);
	assert_non_null(strstr(sci_error_last(), "a directory"));
	assert_int_equal(symlink("nowhere", path_in("link.db")), 0);
	assert_int_equal(sci_db_open(&db, path_in("link.db")), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "dangling"));
}

static void test_db__symlink_uses_its_target(void **state)
{
	sci_db_tu *m = main_tu();
	sci_db *db;
	struct stat st;

	sci_db_free(open_ok("real.db"));
	assert_int_equal(symlink("real.db", path_in("link.db")), 0);
	db = open_ok("link.db");
	assert_int_equal(sci_db_tu_put(db, m), 0);
	sci_db_free(db);
	assert_int_equal(lstat(path_in("link.db"), &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(sql_int("real.db", "SELECT count(*) FROM tu"), 1);
	sci_db_tu_free(m);
}

static void test_db__unusable_places_give_a_noop_database(void **state)
{
	sci_db_tu *m = main_tu();
	sci_db_stats st;
	sci_db *db;
	int error;

	/* a regular file where a parent directory should be */
	write_file("plain", 0, "x", 1, 1);
	db = open_ok("plain/project.db");
	assert_false(sci_db_enabled(db));
	assert_non_null(strstr(sci_db_warning(db), "database disabled"));
	assert_int_equal(sci_db_tu_put(db, m), 0);
	assert_not_stored(db, m->key);
	assert_int_equal(sci_db_prune(db, 0), 0);
	assert_int_equal(sci_db_stats_get(db, &st), SCI_EDB);
	free(show(db, "main", &error));
	assert_int_equal(error, SCI_EDB);
	sci_db_free(db);

	if (geteuid() == 0) {
		/* root writes anywhere: permissions cannot be tested */
		sci_db_tu_free(m);
		return;
	}
	/* a directory we may not write into: nothing there yet */
	assert_int_equal(mkdir(path_in("ro"), 0555), 0);
	db = open_ok("ro/project.db");
	assert_false(sci_db_enabled(db));
	assert_non_null(strstr(sci_db_warning(db), "database disabled"));
	sci_db_free(db);

	/* a database there: lookups work, the first store disables it */
	assert_int_equal(chmod(path_in("ro"), 0755), 0);
	db = open_ok("ro/project.db");
	assert_int_equal(sci_db_tu_put(db, m), 0);
	sci_db_free(db);
	assert_int_equal(chmod(path_in("ro"), 0555), 0);
	db = open_ok("ro/project.db");
	assert_true(sci_db_enabled(db));
	assert_null(sci_db_warning(db));
	assert_stored(db, m);
	assert_int_equal(sci_db_tu_put(db, m), 0);
	assert_false(sci_db_enabled(db));
	assert_non_null(strstr(sci_db_warning(db), "database disabled"));
	sci_db_free(db);
	sci_db_tu_free(m);
}

/* ---- two runs, killed runs ---------------------------------------------- */

/* A child process: stores @n TUs named after @who; exits 0 if all went in. */
static void put_many(const char *who, int n)
{
	sci_db *db = NULL;
	int i, ok;

	if (sci_db_open(&db, path_in("project.db")) < 0)
		_exit(2);
	for (i = 0; i < n; i++) {
		sci_db_tu *tu = wrapper_tu();
		char path[64];

		snprintf(path, sizeof(path), "src/%s%d.c", who, i);
		free(tu->path);
		tu->path = strdup(path);
		sci_db_tu_key(tu->key, "0.1.0", path, NULL, NULL, 0);
		sci_db_tu_put(db, tu);
		sci_db_tu_free(tu);
	}
	ok = sci_db_enabled(db) && !sci_db_warning(db);
	if (!ok)
		fprintf(stderr, "%s: %s\n", who, sci_db_warning(db));
	sci_db_free(db);
	_exit(ok ? 0 : 1);
}

static void test_db__two_runs_store_at_once(void **state)
{
	static const char *const who[] = { "a", "b" };
	pid_t pid[2];
	sci_db_stats st;
	sci_db *db;
	int i, status;

	/* the file does not exist yet: both create it, one wins */
	for (i = 0; i < 2; i++) {
		pid[i] = fork();
		assert_true(pid[i] >= 0);
		if (pid[i] == 0)
			put_many(who[i], 50);
	}
	for (i = 0; i < 2; i++) {
		assert_int_equal(waitpid(pid[i], &status, 0), pid[i]);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
	}
	db = open_ok("project.db");
	assert_null(sci_db_warning(db));
	assert_int_equal(sci_db_stats_get(db, &st), 0);
	assert_int_equal(st.tus, 100);
	assert_int_equal(st.functions, 200);
	sci_db_free(db);
	assert_integrity_ok("project.db");
}

/* Stores @n TUs from number @first, pruning to @bound after each. */
static void put_and_prune(unsigned first, unsigned n, long long bound)
{
	sci_db *db = NULL;
	unsigned i;
	int ok;

	if (sci_db_open(&db, path_in("project.db")) < 0)
		_exit(2);
	for (i = first; i < first + n; i++) {
		sci_db_tu *tu = numbered_tu(i, 30);

		sci_db_tu_put(db, tu);
		sci_db_prune_size(db, bound);
		sci_db_tu_free(tu);
	}
	ok = sci_db_enabled(db) && !sci_db_warning(db);
	if (!ok)
		fprintf(stderr, "%u: %s\n", first, sci_db_warning(db));
	sci_db_free(db);
	_exit(ok ? 0 : 1);
}

static void test_db__two_runs_prune_at_once(void **state)
{
	sci_db *db = open_ok("project.db");
	long long bound;
	pid_t pid[2];
	int i, status;

	/* the size of 10 TUs: two runs of 20 each keep pruning */
	for (i = 0; i < 10; i++) {
		sci_db_tu *tu = numbered_tu((unsigned)i + 500, 30);

		assert_int_equal(sci_db_tu_put(db, tu), 0);
		sci_db_tu_free(tu);
	}
	bound = data_bytes("project.db");
	sci_db_free(db);
	for (i = 0; i < 2; i++) {
		pid[i] = fork();
		assert_true(pid[i] >= 0);
		if (pid[i] == 0)
			put_and_prune((unsigned)i * 100, 20, bound);
	}
	for (i = 0; i < 2; i++) {
		assert_int_equal(waitpid(pid[i], &status, 0), pid[i]);
		assert_true(WIFEXITED(status));
		assert_int_equal(WEXITSTATUS(status), 0);
	}
	assert_integrity_ok("project.db");
	assert_true(data_bytes("project.db") <= bound);
	assert_int_equal(sql_int("project.db", "SELECT count(*) FROM fn WHERE"
				 " tu NOT IN (SELECT id FROM tu)"), 0);
}

/* A run killed inside a transaction: the hot journal restores the file. */
static void test_db__killed_writer_leaves_the_previous_content(void **state)
{
	sci_db_tu *m = main_tu();
	sci_db *db = open_ok("project.db");
	struct stat st;
	pid_t pid;
	int status;

	assert_int_equal(sci_db_tu_put(db, m), 0);
	sci_db_free(db);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		sqlite3 *h;
		int i, ok = 1;

		ok = sqlite3_open(path_in("project.db"), &h) == SQLITE_OK;
		/* a tiny cache: changed pages spill into the file itself */
		ok = ok && sqlite3_exec(h, "PRAGMA cache_size = 2; BEGIN IMMEDIATE;"
					" DELETE FROM fn; DELETE FROM tu",
					NULL, NULL, NULL) == SQLITE_OK;
		for (i = 0; ok && i < 2000; i++)
			ok = sqlite3_exec(h, "INSERT INTO tu(key, path, used)"
					  " VALUES(hex(randomblob(32)),"
					  " hex(randomblob(200)), 0)",
					  NULL, NULL, NULL) == SQLITE_OK;
		_exit(ok ? 0 : 1);	/* no COMMIT, no close */
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	/* the child did leave a hot journal behind */
	assert_int_equal(stat(path_in("project.db-journal"), &st), 0);
	assert_true(st.st_size > 0);

	db = open_ok("project.db");
	assert_null(sci_db_warning(db));
	assert_stored(db, m);
	assert_int_equal(sql_int("project.db", "SELECT count(*) FROM tu"), 1);
	sci_db_free(db);
	assert_integrity_ok("project.db");
	sci_db_tu_free(m);
}

int main(void)
{
#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)
	const struct CMUnitTest tests[] = {
		T(test_db__key_matches_the_documented_encoding),
		T(test_db__key_covers_every_field),
		T(test_db__put_then_get_round_trips),
		T(test_db__unknown_key_is_not_found),
		T(test_db__put_replaces_everything_of_the_tu),
		T(test_db__stats_count_what_is_stored),
		T(test_db__foreach_key_lists_every_tu_in_order),
		T(test_db__prune_drops_tus_not_used_lately),
		T(test_db__prune_size_drops_the_least_recently_used),
		T(test_db__get_marks_an_old_tu_used),
		T(test_db__unreadable_row_is_a_miss),
		T(test_db__show_says_what_is_known),
		T(test_db__show_of_an_unknown_name_is_not_found),
		T(test_db__new_file_and_parents_are_created),
		T(test_db__other_schema_versions_are_rebuilt),
		T(test_db__missing_format_is_rebuilt),
		T(test_db__damaged_pages_are_rebuilt),
		T(test_db__other_files_are_refused_untouched),
		T(test_db__directories_are_refused),
		T(test_db__symlink_uses_its_target),
		T(test_db__unusable_places_give_a_noop_database),
		T(test_db__two_runs_store_at_once),
		T(test_db__two_runs_prune_at_once),
		T(test_db__killed_writer_leaves_the_previous_content),
	};

	return cmocka_run_group_tests_name("db/db", tests, NULL, NULL);
}
