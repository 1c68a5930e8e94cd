/* test_diag.c - the diagnostic record and list (src/util/diag.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "util/diag.h"
#include "util/error.h"

static void test_diag__new_copies_and_defaults(void **state)
{
	char rule[] = "memory-leak";
	sci_diag *d = sci_diag_new(rule, SCI_LEVEL_WARNING, NULL, 3, 4, NULL,
				   NULL, NULL);

	rule[0] = 'X';
	assert_string_equal(d->rule, "memory-leak");
	assert_string_equal(d->path, "");
	assert_string_equal(d->function, "");
	assert_string_equal(d->key, "");
	assert_string_equal(d->message, "");
	assert_int_equal(d->line, 3);
	assert_int_equal(d->col, 4);
	assert_int_equal(d->nrelated, 0);
	sci_diag_free(d);
	sci_diag_free(NULL);
}

static void test_diag__related_and_dup(void **state)
{
	sci_diag *d = sci_diag_new("r", SCI_LEVEL_ERROR, "a.c", 1, 1, "f",
				   "k", "m");
	sci_diag *c;

	sci_diag_add_related(d, "a.c", 2, 3, "first");
	sci_diag_add_related(d, NULL, 4, 5, NULL);
	c = sci_diag_dup(d);
	sci_diag_free(d);
	assert_int_equal(c->nrelated, 2);
	assert_string_equal(c->related[0].message, "first");
	assert_int_equal(c->related[0].line, 2);
	assert_int_equal(c->related[0].col, 3);
	assert_string_equal(c->related[1].path, "");
	assert_string_equal(c->related[1].message, "");
	assert_int_equal(c->level, SCI_LEVEL_ERROR);
	assert_string_equal(c->function, "f");
	sci_diag_free(c);
}

static void test_diag__level_names(void **state)
{
	sci_level l;

	assert_string_equal(sci_level_name(SCI_LEVEL_NOTE), "note");
	assert_string_equal(sci_level_name(SCI_LEVEL_WARNING), "warning");
	assert_string_equal(sci_level_name(SCI_LEVEL_ERROR), "error");
	assert_int_equal(sci_level_parse(&l, "error"), 0);
	assert_int_equal(l, SCI_LEVEL_ERROR);
	assert_int_equal(sci_level_parse(&l, "note"), 0);
	assert_int_equal(l, SCI_LEVEL_NOTE);
	assert_int_equal(sci_level_parse(&l, "Error"), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "'Error'"));
	assert_true(SCI_LEVEL_NOTE < SCI_LEVEL_WARNING &&
		    SCI_LEVEL_WARNING < SCI_LEVEL_ERROR);
}

static void test_diag__cmp_orders_by_path_line_col_rule(void **state)
{
	sci_diag *a = sci_diag_new("r", SCI_LEVEL_NOTE, "a.c", 10, 1, "", "",
				   "m");
	sci_diag *b = sci_diag_new("r", SCI_LEVEL_NOTE, "b.c", 1, 1, "", "",
				   "m");
	sci_diag *c = sci_diag_new("r", SCI_LEVEL_NOTE, "a.c", 9, 7, "", "",
				   "m");
	sci_diag *e = sci_diag_new("s", SCI_LEVEL_NOTE, "a.c", 10, 1, "", "",
				   "m");
	sci_diag *f = sci_diag_new("r", SCI_LEVEL_ERROR, "a.c", 10, 1, "", "",
				   "m");

	assert_true(sci_diag_cmp(a, b) < 0);
	assert_true(sci_diag_cmp(b, a) > 0);
	assert_true(sci_diag_cmp(c, a) < 0);
	assert_true(sci_diag_cmp(a, e) < 0);
	/* the level is not part of the identity */
	assert_int_equal(sci_diag_cmp(a, f), 0);
	sci_diag_free(a);
	sci_diag_free(b);
	sci_diag_free(c);
	sci_diag_free(e);
	sci_diag_free(f);
}

static void test_diag__is_finding(void **state)
{
	sci_diag *f = sci_diag_new("memory-leak", SCI_LEVEL_WARNING, "a.c", 1,
				   1, "", "", "");
	sci_diag *x = sci_diag_new(SCI_RULE_ANALYSIS_FAILURE, SCI_LEVEL_ERROR,
				   "a.c", 0, 0, "", "", "");
	sci_diag *g = sci_diag_new(SCI_RULE_DEBUG, SCI_LEVEL_NOTE, "a.c", 1,
				   1, "", "", "");

	assert_true(sci_diag_is_finding(f));
	assert_false(sci_diag_is_finding(x));
	assert_false(sci_diag_is_finding(g));
	sci_diag_free(f);
	sci_diag_free(x);
	sci_diag_free(g);
}

static void test_diag__list_take_sort_clear(void **state)
{
	sci_diag_list l = { 0 };
	unsigned i;

	/* past the initial capacity, in reverse order */
	for (i = 40; i > 0; i--)
		sci_diag_list_take(&l, sci_diag_new("r", SCI_LEVEL_NOTE, "a.c",
						    i, 0, "", "", "m"));
	sci_diag_list_take(&l, sci_diag_new("r", SCI_LEVEL_NOTE, "0.c", 99,
					    0, "", "", "m"));
	assert_int_equal(l.n, 41);
	sci_diag_list_sort(&l);
	assert_string_equal(l.items[0]->path, "0.c");
	for (i = 2; i < l.n; i++)
		assert_true(l.items[i - 1]->line < l.items[i]->line);
	assert_int_equal(l.items[1]->line, 1);
	assert_int_equal(l.items[40]->line, 40);
	sci_diag_list_clear(&l);
	assert_int_equal(l.n, 0);
	assert_null(l.items);
	sci_diag_list_clear(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_diag__new_copies_and_defaults),
		cmocka_unit_test(test_diag__related_and_dup),
		cmocka_unit_test(test_diag__level_names),
		cmocka_unit_test(test_diag__cmp_orders_by_path_line_col_rule),
		cmocka_unit_test(test_diag__is_finding),
		cmocka_unit_test(test_diag__list_take_sort_clear),
	};

	return cmocka_run_group_tests_name("util/diag", tests, NULL, NULL);
}
