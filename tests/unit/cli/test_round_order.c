/*
 * test_round_order.c - the order of a settling round (src/cli/round_order.c):
 * callee TUs first, cycles kept together in list order, and which TUs a
 * TU waits for.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/plan.h"
#include "cli/round_order.h"
#include "summary/summary.h"
#include "util/alloc.h"

/*
 * Adds a TU defining @defs (space-separated; a leading '!' makes one
 * static) whose functions call @calls (space-separated, on the first).
 */
static void add_tu(sci_tu_list *l, const char *defs, const char *calls)
{
	char buf[256], *name, *save = NULL;
	sci_tu *tu;
	int first = 1;

	l->items = sci_realloc(l->items, (l->n + 1) * sizeof(*l->items));
	tu = &l->items[l->n++];
	memset(tu, 0, sizeof(*tu));
	tu->path = sci_strdup("x.c");
	snprintf(buf, sizeof(buf), "%s", defs);
	for (name = strtok_r(buf, " ", &save); name;
	     name = strtok_r(NULL, " ", &save)) {
		sci_summary *s = sci_summary_new(name[0] == '!' ? name + 1 : name);
		char cbuf[256], *c, *csave = NULL;

		s->is_static = name[0] == '!';
		if (first && calls) {
			snprintf(cbuf, sizeof(cbuf), "%s", calls);
			for (c = strtok_r(cbuf, " ", &csave); c;
			     c = strtok_r(NULL, " ", &csave))
				sci_summary_add_call(s, c);
		}
		first = 0;
		sci_tu_summaries_add(tu, s);
	}
}

static void expect_order(const sci_round_order *o, const size_t *want,
			 size_t n)
{
	size_t k;

	assert_int_equal(sci_round_order_count(o), n);
	for (k = 0; k < n; k++)
		assert_int_equal(sci_round_order_at(o, k), want[k]);
}

static void test_round_order__callees_first(void **state)
{
	/* 0 calls 1, 1 calls 2: a chain listed caller first */
	sci_tu_list tus = { 0 };
	unsigned char pick[3] = { 1, 1, 1 }, done[3] = { 0, 0, 0 };
	static const size_t want[] = { 2, 1, 0 };
	sci_round_order *o;

	add_tu(&tus, "top", "mid printf");
	add_tu(&tus, "mid", "low");
	add_tu(&tus, "low", "malloc");
	o = sci_round_order_new(&tus, pick);
	expect_order(o, want, 3);
	assert_true(sci_round_order_ready(o, 2, done));
	assert_false(sci_round_order_ready(o, 1, done));
	assert_false(sci_round_order_ready(o, 0, done));
	done[2] = 1;
	assert_true(sci_round_order_ready(o, 1, done));
	assert_false(sci_round_order_ready(o, 0, done));
	done[1] = 1;
	assert_true(sci_round_order_ready(o, 0, done));
	sci_round_order_free(o);
	sci_tu_list_clear(&tus);
}

static void test_round_order__a_cycle_stays_in_list_order(void **state)
{
	/* 0 and 2 call each other, and both call 1; 3 calls both */
	sci_tu_list tus = { 0 };
	unsigned char pick[4] = { 1, 1, 1, 1 }, done[4] = { 0, 0, 0, 0 };
	static const size_t want[] = { 1, 0, 2, 3 };
	sci_round_order *o;

	add_tu(&tus, "a", "c b");
	add_tu(&tus, "b", NULL);
	add_tu(&tus, "c", "a b");
	add_tu(&tus, "d", "a c");
	o = sci_round_order_new(&tus, pick);
	expect_order(o, want, 4);
	/* inside the cycle nobody waits for the other, only for b */
	assert_false(sci_round_order_ready(o, 0, done));
	done[1] = 1;
	assert_true(sci_round_order_ready(o, 0, done));
	assert_true(sci_round_order_ready(o, 2, done));
	assert_false(sci_round_order_ready(o, 3, done));
	done[0] = 1;
	assert_false(sci_round_order_ready(o, 3, done));	/* c too */
	done[2] = 1;
	assert_true(sci_round_order_ready(o, 3, done));
	sci_round_order_free(o);
	sci_tu_list_clear(&tus);
}

static void test_round_order__only_the_round_and_extern_functions_count(void **state)
{
	/*
	 * 0 calls 1 (not in the round: its summaries do not change) and a
	 * static function of 2 (another TU's static is not what it calls)
	 */
	sci_tu_list tus = { 0 };
	unsigned char pick[3] = { 1, 0, 1 }, done[3] = { 0, 0, 0 };
	static const size_t want[] = { 0, 2 };
	sci_round_order *o;

	add_tu(&tus, "a", "b helper");
	add_tu(&tus, "b", NULL);
	add_tu(&tus, "c !helper", NULL);
	o = sci_round_order_new(&tus, pick);
	expect_order(o, want, 2);
	assert_true(sci_round_order_ready(o, 0, done));
	assert_true(sci_round_order_ready(o, 2, done));
	sci_round_order_free(o);
	sci_tu_list_clear(&tus);
}

/* A TU whose file is @text, holding no summaries yet. */
static void add_file_tu(sci_tu_list *l, const char *dir, const char *name,
			const char *text)
{
	char full[256];
	sci_tu *tu;
	FILE *f;

	snprintf(full, sizeof(full), "%s/%s", dir, name);
	f = fopen(full, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	l->items = sci_realloc(l->items, (l->n + 1) * sizeof(*l->items));
	tu = &l->items[l->n++];
	memset(tu, 0, sizeof(*tu));
	tu->path = sci_strdup(name);
	tu->directory = sci_strdup(dir);
}

static void test_round_order__first_round_by_the_files(void **state)
{
	/*
	 * No summaries yet (a run's first round): the files' text says
	 * main.c calls util.c's make(), which calls log.c's say(); a TU
	 * that cannot be read (gone.c) waits for nothing.
	 */
	sci_tu_list tus = { 0 };
	unsigned char pick[4] = { 1, 1, 1, 1 }, done[4] = { 0, 0, 0, 0 };
	static const size_t want[] = { 2, 1, 0, 3 };
	char dir[] = "/tmp/sci-order-XXXXXX";
	sci_round_order *o;

	(void)state;
	assert_non_null(mkdtemp(dir));
	add_file_tu(&tus, dir, "main.c",
		    "int main(void) { return make(1) != 0; }\n");
	add_file_tu(&tus, dir, "util.c",
		    "#include \"log.h\"\n"
		    "void *make(int n) { say(\"make\"); return alloc(n); }\n");
	add_file_tu(&tus, dir, "log.c",
		    "void say(const char *s) { puts(s); }\n");
	add_file_tu(&tus, dir, "gone.c", "");
	{
		char full[256];

		snprintf(full, sizeof(full), "%s/gone.c", dir);
		unlink(full);
	}
	o = sci_round_order_new(&tus, pick);
	expect_order(o, want, 4);
	assert_false(sci_round_order_ready(o, 1, done));
	assert_true(sci_round_order_ready(o, 3, done));
	done[2] = 1;
	assert_true(sci_round_order_ready(o, 1, done));
	assert_false(sci_round_order_ready(o, 0, done));
	sci_round_order_free(o);
	{
		static const char *const files[] = { "main.c", "util.c",
						     "log.c" };
		char full[256];
		size_t k;

		for (k = 0; k < 3; k++) {
			snprintf(full, sizeof(full), "%s/%s", dir, files[k]);
			unlink(full);
		}
	}
	rmdir(dir);
	sci_tu_list_clear(&tus);
}

static void test_round_order__empty_round(void **state)
{
	sci_tu_list tus = { 0 };
	unsigned char pick[1] = { 0 };
	sci_round_order *o;

	add_tu(&tus, "a", "a");
	o = sci_round_order_new(&tus, pick);
	assert_int_equal(sci_round_order_count(o), 0);
	sci_round_order_free(o);
	sci_tu_list_clear(&tus);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_order__callees_first),
		cmocka_unit_test(test_round_order__a_cycle_stays_in_list_order),
		cmocka_unit_test(test_round_order__only_the_round_and_extern_functions_count),
		cmocka_unit_test(test_round_order__first_round_by_the_files),
		cmocka_unit_test(test_round_order__empty_round),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
