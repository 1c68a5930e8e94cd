/*
 * Unit tests: function summaries (summary/summary.c).  The text form
 * round-trips; bad text is refused with a message; the set answers by
 * name, ignores static functions, and refuses to pick between two
 * different definitions of one name; it sums unchecked-return's call-site
 * counts over every function, static ones too, a header's once; it finds
 * what callers pass a function by its name.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "summary/summary.h"
#include "util/error.h"

static sci_summary *sample(const char *name)
{
	sci_summary *s = sci_summary_new(name);

	s->file = strdup("lib/wrap.c");
	s->line = 12;
	s->nparams = 3;
	s->derefs = 1u << 0;
	s->frees = 1u << 2;
	s->captures = 1u << 1 | 1u << 2;
	s->pkeeps = 1u << 0;
	s->preads_first = 1u << 2;
	s->out_allocs = 1u << 1;
	s->deref_pointees = 1u << 2;
	s->uses = (1u << 0) | (1u << 3);
	s->fills = 1u << 1;
	s->overwrites = 1u << 2;
	s->passes = 1u << 1;
	s->ret_param = 1u << 0;
	sci_summary_add_deref_path(s, "1.first");
	sci_summary_add_deref_path(s, "0[16]");
	s->returns = SCI_SUM_RET_FRESH | SCI_SUM_RET_NULL | SCI_SUM_RET_INPUT;
	s->ret = strdup("0-9,99");
	s->ret_soft = 1;
	sci_summary_add_call(s, "malloc");
	sci_summary_add_call(s, "abort");
	sci_summary_add_deref_global(s, "g_conf");
	sci_summary_add_call(s, "malloc");
	sci_summary_add_lock(s, "$0->lock");
	sci_summary_add_lock(s, "g_lock");
	sci_summary_add_lock(s, "$0->lock");
	sci_summary_add_unlock(s, "$1");
	sci_summary_add_path(s, "1-max;1=0-15");
	sci_summary_add_path(s, "0;1=min--1,16-max");
	sci_summary_add_call_args(s, "lookup;1=3");
	return s;
}

static void test_round_trip(void **state)
{
	sci_summary *s = sample("xmalloc"), *back = NULL;
	char *text = sci_summary_format(s), *again;

	(void)state;
	assert_int_equal(s->ncalls, 2);
	assert_string_equal(s->calls[0], "abort");
	assert_int_equal(sci_summary_parse(&back, text), 0);
	assert_string_equal(back->name, "xmalloc");
	assert_string_equal(back->file, "lib/wrap.c");
	assert_int_equal(back->line, 12);
	assert_int_equal(back->nparams, 3);
	assert_int_equal(back->derefs, 1);
	assert_int_equal(back->frees, 4);
	assert_int_equal(back->captures, 6);
	assert_int_equal(back->pkeeps, 1);
	assert_int_equal(back->preads_first, 4);
	assert_int_equal(back->out_allocs, 2);
	assert_int_equal(back->deref_pointees, 4);
	assert_int_equal(back->uses, 9);
	assert_int_equal(back->fills, 2);
	assert_non_null(strstr(text, "\"fills\":[1]"));
	assert_int_equal(back->overwrites, 4);
	assert_non_null(strstr(text, "\"overwrites\":[2]"));
	assert_int_equal(back->passes, 2);
	assert_non_null(strstr(text, "\"passes\":[1]"));
	assert_int_equal(back->ret_param, 1);
	assert_non_null(strstr(text, "\"ret_param\":[0]"));
	assert_int_equal(back->nderef_paths, 2);
	assert_string_equal(back->deref_paths[0], "0[16]");
	assert_string_equal(back->deref_paths[1], "1.first");
	assert_non_null(strstr(text, "\"input\""));
	assert_int_equal(back->nderef_globals, 1);
	assert_string_equal(back->deref_globals[0], "g_conf");
	assert_int_equal(back->nlocks, 2);
	assert_string_equal(back->locks[0], "$0->lock");
	assert_string_equal(back->locks[1], "g_lock");
	assert_int_equal(back->nunlocks, 1);
	assert_string_equal(back->unlocks[0], "$1");
	assert_int_equal(back->npaths, 2);
	assert_int_equal(back->ncall_args, 1);
	assert_string_equal(back->call_args[0], "lookup;1=3");
	assert_string_equal(back->paths[0], "0;1=min--1,16-max");
	assert_non_null(strstr(text, "\"paths\":[\"0;1=min--1,16-max\",\"1-max;1=0-15\"]"));
	assert_non_null(strstr(text, "\"locks\":[\"$0->lock\",\"g_lock\"]"));
	assert_non_null(strstr(text, "\"unlocks\":[\"$1\"]"));
	assert_int_equal(back->returns, SCI_SUM_RET_FRESH | SCI_SUM_RET_NULL |
					SCI_SUM_RET_INPUT);
	assert_string_equal(back->ret, "0-9,99");
	assert_int_equal(back->ret_soft, 1);
	assert_int_equal(back->ncalls, 2);
	assert_true(sci_summary_same_facts(s, back));
	again = sci_summary_format(back);
	assert_string_equal(text, again);
	/* a function that starts filling a parameter changed what it does */
	back->fills = 0;
	assert_false(sci_summary_same_facts(s, back));
	free(again);
	free(text);
	sci_summary_free(back);
	sci_summary_free(s);
}

static void test_no_range(void **state)
{
	sci_summary *s = sci_summary_new("die"), *back = NULL;
	char *text;

	(void)state;
	s->noreturn = 1;
	text = sci_summary_format(s);
	assert_null(strstr(text, "range"));
	assert_null(strstr(text, "out_allocs"));	/* optional key */
	assert_null(strstr(text, "locks"));	/* optional keys */
	assert_null(strstr(text, "paths"));
	assert_int_equal(sci_summary_parse(&back, text), 0);
	assert_null(back->ret);
	assert_true(back->noreturn);
	free(text);
	sci_summary_free(back);
	sci_summary_free(s);
}

static void test_bad_text(void **state)
{
	static const char *const bad[] = {
		"", "[]", "{}", "not json",
		"{\"v\":2,\"name\":\"f\"}",
		"{\"v\":1,\"name\":\"\",\"file\":\"\",\"line\":1,\"static\":false,\"params\":0,\"derefs\":[],\"frees\":[],\"captures\":[],\"returns\":[],\"noreturn\":false,\"calls\":[]}",
		"{\"v\":1,\"name\":\"f\",\"file\":\"\",\"line\":1,\"static\":false,\"params\":0,\"derefs\":[40],\"frees\":[],\"captures\":[],\"returns\":[],\"noreturn\":false,\"calls\":[]}",
		"{\"v\":1,\"name\":\"f\",\"file\":\"\",\"line\":1,\"static\":false,\"params\":0,\"derefs\":[],\"frees\":[],\"captures\":[],\"returns\":[\"maybe\"],\"noreturn\":false,\"calls\":[]}",
		"{\"v\":1,\"name\":\"f\",\"file\":\"\",\"line\":1,\"static\":false,\"params\":0,\"derefs\":[],\"frees\":[],\"captures\":[],\"returns\":[],\"noreturn\":false,\"calls\":[1]}",
		"{\"v\":1,\"name\":\"f\",\"file\":\"\",\"line\":1,\"static\":false,\"params\":0,\"derefs\":[],\"frees\":[],\"captures\":[],\"locks\":\"m\",\"returns\":[],\"noreturn\":false,\"calls\":[]}",
		"{\"v\":1,\"name\":\"f\",\"file\":\"\",\"line\":1,\"static\":false,\"params\":0,\"derefs\":[],\"frees\":[],\"captures\":[],\"unlocks\":[\"\"],\"returns\":[],\"noreturn\":false,\"calls\":[]}",
		NULL
	};
	sci_summary *s;
	int i;

	(void)state;
	for (i = 0; bad[i]; i++) {
		s = (sci_summary *)1;
		assert_int_equal(sci_summary_parse(&s, bad[i]), SCI_EINVALID);
		assert_null(s);
		assert_non_null(strstr(sci_error_last(), "summary"));
	}
}

static void test_set(void **state)
{
	sci_summary_set *set = sci_summary_set_new();
	sci_summary *a = sample("helper"), *b = sample("helper");
	sci_summary *st = sample("local");

	(void)state;
	st->is_static = 1;
	sci_summary_set_add(set, a, "a.c");
	sci_summary_set_add(set, st, "a.c");
	assert_non_null(sci_summary_set_find(set, "helper"));
	assert_null(sci_summary_set_find(set, "local"));
	assert_null(sci_summary_set_find(set, "missing"));
	/* the same facts from a second TU (a header's inline) agree */
	sci_summary_set_add(set, b, "b.c");
	assert_non_null(sci_summary_set_find(set, "helper"));
	assert_int_equal(sci_summary_set_count(set), 1);
	/* another program's helper() that frees nothing: ambiguous */
	b->frees = 0;
	sci_summary_set_add(set, b, "b.c");
	assert_null(sci_summary_set_find(set, "helper"));
	assert_int_equal(sci_summary_set_count(set), 0);
	/* b.c summarized again without it: a.c's is the answer again */
	sci_summary_set_drop_origin(set, "b.c");
	assert_int_equal(sci_summary_set_find(set, "helper")->frees, 4);
	sci_summary_set_free(set);
	sci_summary_free(a);
	sci_summary_free(b);
	sci_summary_free(st);
}

/*
 * Dropping an origin takes exactly what was filed under it, however often
 * it was filed again, and nothing another origin filed since.
 */
static void test_drop_origin(void **state)
{
	sci_summary_set *set = sci_summary_set_new();
	sci_summary *a = sample("helper"), *b = sample("other");
	sci_summary *st = sample("local");
	unsigned used, discarded;

	(void)state;
	st->is_static = 1;
	sci_summary_add_result(st, "parse", 2, 1);
	sci_summary_set_drop_origin(set, "never.c");
	sci_summary_set_add(set, a, "a.c");
	sci_summary_set_add(set, st, "a.c");
	sci_summary_set_add(set, a, "a.c");	/* filed again */
	sci_summary_set_add(set, st, "a.c");
	sci_summary_set_add(set, b, "b.c");
	sci_summary_set_result_counts(set, "parse", &used, &discarded);
	assert_int_equal(used, 2);
	sci_summary_set_drop_origin(set, "a.c");
	assert_null(sci_summary_set_find(set, "helper"));
	assert_non_null(sci_summary_set_find(set, "other"));
	assert_int_equal(sci_summary_set_result_counts(set, "parse", &used,
						       &discarded), 0);
	/* b.c files the header function a.c had, then a.c is dropped again */
	sci_summary_set_add(set, st, "a.c");
	sci_summary_set_add(set, st, "b.c");
	sci_summary_set_drop_origin(set, "a.c");
	assert_int_equal(sci_summary_set_result_counts(set, "parse", &used,
						       &discarded), 1);
	assert_int_equal(used, 2);
	sci_summary_set_drop_origin(set, "b.c");
	assert_int_equal(sci_summary_set_result_counts(set, "parse", &used,
						       &discarded), 0);
	assert_null(sci_summary_set_find(set, "other"));
	/* filed after a drop, found again */
	sci_summary_set_add(set, a, "a.c");
	assert_non_null(sci_summary_set_find(set, "helper"));
	sci_summary_set_free(set);
	sci_summary_free(a);
	sci_summary_free(b);
	sci_summary_free(st);
}

/* What a function passes is no fact for its callers: the digest that
 * keys stored results ignores it, and not its return paths. */
static void test_digest_ignores_call_args(void **state)
{
	sci_summary *a = sample("f"), *b = sample("f");
	sci_summary_set *x = sci_summary_set_new(), *y = sci_summary_set_new();
	char dx[65], dy[65];

	(void)state;
	sci_summary_add_call_args(b, "other;0=1");
	sci_summary_set_add(x, a, "a.c");
	sci_summary_set_add(y, b, "a.c");
	sci_summary_set_digest(x, dx);
	sci_summary_set_digest(y, dy);
	assert_string_equal(dx, dy);
	sci_summary_add_path(b, "5;0=7");
	sci_summary_set_add(y, b, "a.c");
	sci_summary_set_digest(y, dy);
	assert_string_not_equal(dx, dy);
	sci_summary_set_free(x);
	sci_summary_set_free(y);
	sci_summary_free(a);
	sci_summary_free(b);
}

/*
 * A TU's deps: what the summaries of the names it calls say.  Where a
 * callee is written, and what it passes on, do not count; a name with no
 * summary adds nothing; a summary filed again with other facts changes
 * the digest even though the digest of the first was kept.
 */
static void test_names_digest(void **state)
{
	sci_summary *a = sample("f"), *b = sample("f");
	sci_summary_set *x = sci_summary_set_new(), *y = sci_summary_set_new();
	char *names[] = { "f", "nowhere" }, *only_f[] = { "f" };
	char dx[65], dy[65], dz[65];

	(void)state;
	free(b->file);
	b->file = strdup("moved.c");
	b->line = 99;
	sci_summary_add_call_args(b, "other;0=1");
	sci_summary_set_add(x, a, "a.c");
	sci_summary_set_add(y, b, "a.c");
	sci_summary_set_names_digest(x, names, 2, dx);
	sci_summary_set_names_digest(y, only_f, 1, dy);
	assert_string_equal(dx, dy);
	sci_summary_set_names_digest(x, names + 1, 1, dz);
	assert_string_not_equal(dx, dz);
	b->frees ^= 1u;
	sci_summary_set_add(y, b, "a.c");
	sci_summary_set_names_digest(y, only_f, 1, dy);
	assert_string_not_equal(dx, dy);
	sci_summary_set_free(x);
	sci_summary_set_free(y);
	sci_summary_free(a);
	sci_summary_free(b);
}

static void test_results(void **state)
{
	sci_summary_set *set = sci_summary_set_new();
	sci_summary *a = sample("caller"), *st = sample("helper"), *back = NULL;
	unsigned used, discarded;
	char *text;

	(void)state;
	sci_summary_add_result(a, "parse", 3, 0);
	sci_summary_add_result(a, "close", 0, 2);
	sci_summary_add_result(a, "parse", 1, 1);
	assert_int_equal(a->nresults, 2);
	assert_string_equal(a->results[0].callee, "close");
	text = sci_summary_format(a);
	assert_non_null(strstr(text, "\"results\":{\"close\":[0,2],\"parse\":[4,1]}"));
	assert_int_equal(sci_summary_parse(&back, text), 0);
	assert_int_equal(back->nresults, 2);
	assert_int_equal(back->results[1].used, 4);
	assert_int_equal(back->results[1].discarded, 1);
	assert_int_equal(sci_summary_same_facts(a, back), 1);
	free(text);
	sci_summary_free(back);

	/* static callers count too */
	st->is_static = 1;
	sci_summary_add_result(st, "parse", 2, 0);
	sci_summary_set_add(set, a, "a.c");
	sci_summary_set_add(set, st, "a.c");
	assert_int_equal(sci_summary_set_result_counts(set, "parse", &used,
						       &discarded), 1);
	assert_int_equal(used, 6);
	assert_int_equal(discarded, 1);
	/* the same header function from another TU counts once */
	sci_summary_set_add(set, st, "b.c");
	sci_summary_set_result_counts(set, "parse", &used, &discarded);
	assert_int_equal(used, 6);
	/* a TU dropped takes its counts with it */
	sci_summary_set_drop_origin(set, "a.c");
	sci_summary_set_result_counts(set, "parse", &used, &discarded);
	assert_int_equal(used, 2);
	assert_int_equal(discarded, 0);
	assert_int_equal(sci_summary_set_result_counts(set, "close", &used,
						       &discarded), 0);
	sci_summary_set_free(set);
	sci_summary_free(a);
	sci_summary_free(st);
}

typedef struct {
	char seen[8][128];
	int n;
} args_seen;

static void collect_args(const char *file, const char *caller, unsigned line,
			 const char *args, void *payload)
{
	args_seen *x = payload;

	assert_true(x->n < 8);
	snprintf(x->seen[x->n++], sizeof(x->seen[0]), "%s %s:%u %s", caller,
		 file, line, args);
}

static int cmp_seen(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* What callers pass a function, static callers too, found by its name. */
static void test_call_args(void **state)
{
	sci_summary_set *set = sci_summary_set_new(), *copy;
	sci_summary *a = sample("caller"), *st = sample("helper");
	args_seen x = { .n = 0 };

	(void)state;
	sci_summary_add_call_args(a, "sink;0=8;@20");
	sci_summary_add_call_args(a, "sink;1=0-15~2!;@22");
	sci_summary_add_call_args(a, "sinker;0=1;@23");
	st->is_static = 1;
	st->line = 40;
	sci_summary_add_call_args(st, "sink;0=0;@41");
	sci_summary_set_add(set, a, "a.c");
	sci_summary_set_add(set, st, "b.c");
	sci_summary_set_call_args(set, "sink", collect_args, &x);
	assert_int_equal(x.n, 3);
	qsort(x.seen, (size_t)x.n, sizeof(x.seen[0]), cmp_seen);
	assert_string_equal(x.seen[0], "caller lib/wrap.c:12 0=8;@20");
	assert_string_equal(x.seen[1], "caller lib/wrap.c:12 1=0-15~2!;@22");
	assert_string_equal(x.seen[2], "helper lib/wrap.c:40 0=0;@41");
	/* another name, and one nobody calls */
	x.n = 0;
	sci_summary_set_call_args(set, "sinker", collect_args, &x);
	assert_int_equal(x.n, 1);
	x.n = 0;
	sci_summary_set_call_args(set, "lookup", collect_args, &x);
	assert_int_equal(x.n, 2);	/* sample()'s own entry, per function */
	x.n = 0;
	sci_summary_set_call_args(set, "nobody", collect_args, &x);
	assert_int_equal(x.n, 0);
	/* a copy of the set answers the same */
	copy = sci_summary_set_new();
	sci_summary_set_merge(copy, set);
	x.n = 0;
	sci_summary_set_call_args(copy, "sink", collect_args, &x);
	assert_int_equal(x.n, 3);
	sci_summary_set_free(copy);
	/* a TU dropped takes what it passed with it */
	sci_summary_set_drop_origin(set, "a.c");
	x.n = 0;
	sci_summary_set_call_args(set, "sink", collect_args, &x);
	assert_int_equal(x.n, 1);
	assert_string_equal(x.seen[0], "helper lib/wrap.c:40 0=0;@41");
	sci_summary_set_free(set);
	sci_summary_free(a);
	sci_summary_free(st);
}

/* A global's value is the project's when every definition and write agree. */
static void test_global_values(void **state)
{
	sci_summary_set *set = sci_summary_set_new(), *copy;
	sci_summary *defs = sample(SCI_SUMMARY_GLOBALS);
	sci_summary *w = sample("setter"), *back = NULL;
	long long v = -1;
	char *text;

	(void)state;
	defs->is_static = 1;
	free(defs->file);
	defs->file = strdup("flags.c");
	sci_summary_add_gdef(defs, "verbose=0");
	sci_summary_add_gdef(defs, "mode=1");
	sci_summary_add_gdef(defs, "level=*");
	sci_summary_add_gread(defs, "mode");
	text = sci_summary_format(defs);
	assert_non_null(strstr(text, "\"gdefs\":[\"level=*\",\"mode=1\",\"verbose=0\"]"));
	assert_int_equal(sci_summary_parse(&back, text), 0);
	assert_int_equal(back->ngdefs, 3);
	assert_int_equal(back->ngreads, 1);
	assert_int_equal(sci_summary_same_facts(defs, back), 1);
	free(text);
	/* a new place read through a parameter is a new fact for callers */
	sci_summary_add_pread(defs, "0*");
	sci_summary_add_pread(defs, "1->len");
	sci_summary_add_pread(defs, "0*");
	assert_int_equal(sci_summary_same_facts(defs, back), 0);
	text = sci_summary_format(defs);
	assert_non_null(strstr(text, "\"preads\":[\"0*\",\"1->len\"]"));
	sci_summary_free(back);
	back = NULL;
	assert_int_equal(sci_summary_parse(&back, text), 0);
	assert_int_equal(back->npreads, 2);
	assert_int_equal(sci_summary_same_facts(defs, back), 1);
	free(text);
	sci_summary_free(back);
	/* a range checker: its result lies between parameters 1 and 2 */
	defs->ret_ge = 1u << 1;
	defs->ret_le = 1u << 2;
	text = sci_summary_format(defs);
	assert_non_null(strstr(text, "\"ret_ge\":[1]"));
	assert_non_null(strstr(text, "\"ret_le\":[2]"));
	back = NULL;
	assert_int_equal(sci_summary_parse(&back, text), 0);
	assert_int_equal(back->ret_ge, 1u << 1);
	assert_int_equal(back->ret_le, 1u << 2);
	assert_int_equal(sci_summary_same_facts(defs, back), 1);
	back->ret_le = 0;
	assert_int_equal(sci_summary_same_facts(defs, back), 0);
	free(text);
	sci_summary_free(back);

	/* not defined in the project: unknown */
	assert_int_equal(sci_summary_set_global_value(set, "verbose", &v), 0);
	sci_summary_set_add(set, defs, "flags.c");
	assert_int_equal(sci_summary_set_global_value(set, "verbose", &v), 1);
	assert_int_equal(v, 0);
	assert_int_equal(sci_summary_set_global_value(set, "level", &v), 0);
	/* the same value again keeps it; another one, or no constant, not */
	sci_summary_add_gwrite(w, "mode=1");
	sci_summary_add_gwrite(w, "verbose=*");
	sci_summary_set_add(set, w, "main.c");
	assert_int_equal(sci_summary_set_global_value(set, "mode", &v), 1);
	assert_int_equal(v, 1);
	assert_int_equal(sci_summary_set_global_value(set, "verbose", &v), 0);
	copy = sci_summary_set_new();
	sci_summary_set_merge(copy, set);
	assert_int_equal(sci_summary_set_global_value(copy, "verbose", &v), 0);
	assert_int_equal(sci_summary_set_global_value(copy, "mode", &v), 1);
	sci_summary_set_free(copy);
	/* the TU that wrote it is summarized again: its writes go */
	sci_summary_set_drop_origin(set, "main.c");
	assert_int_equal(sci_summary_set_global_value(set, "verbose", &v), 1);
	sci_summary_add_gwrite(w, "mode=2");
	sci_summary_set_add(set, w, "main.c");
	assert_int_equal(sci_summary_set_global_value(set, "mode", &v), 0);
	sci_summary_set_free(set);
	sci_summary_free(defs);
	sci_summary_free(w);
}

/*
 * The object a function returns, and the pointer globals it reads,
 * travel in the text and are facts.
 */
static void test_ret_obj(void **state)
{
	sci_summary *a = sample("make_buf"), *back = NULL;
	char *text;

	(void)state;
	a->ret_obj = strdup("heap:4*a0");
	sci_summary_add_gpread(a, "g_name");
	sci_summary_add_gpread(a, "g_data");
	text = sci_summary_format(a);
	assert_non_null(strstr(text, "\"ret_obj\":\"heap:4*a0\""));
	assert_non_null(strstr(text, "\"gpreads\":[\"g_data\",\"g_name\"]"));
	assert_int_equal(sci_summary_parse(&back, text), 0);
	assert_string_equal(back->ret_obj, "heap:4*a0");
	assert_int_equal(back->ngpreads, 2);
	assert_int_equal(sci_summary_same_facts(a, back), 1);
	free(back->ret_obj);
	back->ret_obj = strdup("heap:8*a0");
	assert_int_equal(sci_summary_same_facts(a, back), 0);
	free(back->ret_obj);
	back->ret_obj = NULL;
	assert_int_equal(sci_summary_same_facts(a, back), 0);
	free(text);
	sci_summary_free(back);
	back = sci_summary_dup(a);
	assert_string_equal(back->ret_obj, "heap:4*a0");
	sci_summary_free(back);
	sci_summary_free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_no_range),
		cmocka_unit_test(test_bad_text),
		cmocka_unit_test(test_set),
		cmocka_unit_test(test_drop_origin),
		cmocka_unit_test(test_digest_ignores_call_args),
		cmocka_unit_test(test_names_digest),
		cmocka_unit_test(test_results),
		cmocka_unit_test(test_call_args),
		cmocka_unit_test(test_global_values),
		cmocka_unit_test(test_ret_obj),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
