/* test_rules.c - --enable/--disable against the catalogue (src/cli/rules.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "analyzer/analyzer.h"
#include "analyzer/checker.h"
#include "cli/config.h"
#include "cli/options.h"
#include "cli/rules.h"
#include "util/error.h"

/* Resolves the rules for a command line (without argv[0]). */
static int resolve(sci_strv *out, int argc, char **argv)
{
	sci_cli_options *o = NULL;
	int r;

	assert_int_equal(sci_cli_options_parse(&o, argc, argv), 0);
	r = sci_cli_rules_resolve(out, o);
	sci_cli_options_free(o);
	return r;
}

static size_t count_default_on(void)
{
	size_t i, n = 0;

	for (i = 0; i < sci_checks_count(); i++)
		n += sci_checks_at(i)->enabled_by_default != 0;
	return n;
}

static void test_rules__defaults(void **state)
{
	char *argv[] = { "smatch-ci", "x.c" };
	sci_strv out = { 0 };
	size_t i;

	assert_int_equal(resolve(&out, 2, argv), 0);
	assert_int_equal(out.n, count_default_on());
	for (i = 0; i < out.n; i++)
		assert_true(sci_checks_find(out.v[i])->enabled_by_default);
	sci_strv_clear(&out);
}

static void test_rules__disable_one(void **state)
{
	char *argv[] = { "smatch-ci", "--disable", "memory-leak", "x.c" };
	sci_strv out = { 0 };

	assert_non_null(sci_checks_find("memory-leak"));
	assert_int_equal(resolve(&out, 4, argv), 0);
	assert_int_equal(sci_strv_index(&out, "memory-leak"), -1);
	assert_int_equal(out.n, count_default_on() - 1);
	sci_strv_clear(&out);
}

static void test_rules__all_then_enable_in_order(void **state)
{
	char *argv[] = { "smatch-ci", "--disable=all", "--enable",
			 "memory-leak", "x.c" };
	char *again[] = { "smatch-ci", "--enable=memory-leak",
			  "--disable=all", "x.c" };
	sci_strv out = { 0 };

	assert_int_equal(resolve(&out, 5, argv), 0);
	assert_int_equal(out.n, 1);
	assert_string_equal(out.v[0], "memory-leak");
	sci_strv_clear(&out);
	/* later wins */
	assert_int_equal(resolve(&out, 4, again), 0);
	assert_int_equal(out.n, 0);
	sci_strv_clear(&out);
}

/* The config's "checks" come first: the command line wins over them. */
static void test_rules__config_then_command_line(void **state)
{
	char *argv[] = { "smatch-ci", "--enable", "double-free", "x.c" };
	sci_cli_options *o = NULL;
	sci_config c;
	sci_strv out = { 0 };

	memset(&c, 0, sizeof(c));
	sci_strv_push(&c.disabled, "all");
	sci_strv_push(&c.disabled, "memory-leak");
	sci_strv_push(&c.enabled, "memory-leak");
	sci_strv_push(&c.enabled, "double-free");
	assert_int_equal(sci_cli_options_parse(&o, 4, argv), 0);
	/* enabled, then disabled: "all" in disabled turns everything off */
	assert_int_equal(sci_cli_rules_resolve_config(&out, o, &c), 0);
	assert_int_equal(out.n, 1);
	assert_string_equal(out.v[0], "double-free");
	sci_strv_clear(&out);
	sci_strv_clear(&c.disabled);
	sci_strv_push(&c.disabled, "double-free");
	assert_int_equal(sci_cli_rules_resolve_config(&out, o, &c), 0);
	assert_true(sci_strv_index(&out, "double-free") >= 0);
	assert_true(sci_strv_index(&out, "memory-leak") >= 0);
	sci_strv_clear(&out);
	sci_cli_options_free(o);
	sci_config_clear(&c);
}

static void test_rules__enable_all(void **state)
{
	char *argv[] = { "smatch-ci", "--enable", "all", "x.c" };
	sci_strv out = { 0 };
	size_t i;

	assert_int_equal(resolve(&out, 4, argv), 0);
	assert_int_equal(out.n, sci_checks_count());
	for (i = 0; i < out.n; i++)
		assert_string_equal(out.v[i], sci_checks_at(i)->rule);
	sci_strv_clear(&out);
}

static void test_rules__unknown_rule(void **state)
{
	char *argv[] = { "smatch-ci", "--enable", "memory-leak,no-such-rule",
			 "x.c" };
	char *dis[] = { "smatch-ci", "--disable", "nope", "x.c" };
	sci_strv out = { 0 };

	assert_int_equal(resolve(&out, 4, argv), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "'no-such-rule'"));
	assert_int_equal(out.n, 0);
	assert_int_equal(resolve(&out, 4, dis), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "--disable"));
	sci_strv_clear(&out);
}

static void init_nothing(sci_checker_id id)
{
}

/* A plugin's checker (sci_checks_add) is chosen as a built-in one is. */
static void test_rules__added_checker(void **state)
{
	static const struct sci_checker added = {
		.rule = "zz-added", .summary = "s", .init = init_nothing,
	};
	static const struct sci_checker clash = {
		.rule = "null-deref", .summary = "s", .init = init_nothing,
	};
	char *on[] = { "smatch-ci", "--enable", "zz-added", "x.c" };
	char *none[] = { "smatch-ci", "x.c" };
	size_t before = sci_checks_count();
	sci_strv out = { 0 };

	assert_int_equal(sci_checks_add(&added), 0);
	assert_int_equal(sci_checks_count(), before + 1);
	assert_false(sci_checks_find("zz-added")->builtin);
	assert_true(sci_checks_find("null-deref")->builtin);
	assert_string_equal(sci_checks_at(sci_checks_count() - 1)->rule,
			    "zz-added");
	/* off by default, on when asked */
	assert_int_equal(resolve(&out, 2, none), 0);
	assert_int_equal(sci_strv_index(&out, "zz-added"), -1);
	sci_strv_clear(&out);
	assert_int_equal(resolve(&out, 4, on), 0);
	assert_true(sci_strv_index(&out, "zz-added") >= 0);
	sci_strv_clear(&out);
	/* rule ids are unique across built-in and added checkers */
	assert_int_equal(sci_checks_add(&clash), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "built-in"));
	assert_int_equal(sci_checks_add(&added), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "another plugin"));
	assert_int_equal(sci_checks_count(), before + 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rules__defaults),
		cmocka_unit_test(test_rules__disable_one),
		cmocka_unit_test(test_rules__all_then_enable_in_order),
		cmocka_unit_test(test_rules__config_then_command_line),
		cmocka_unit_test(test_rules__enable_all),
		cmocka_unit_test(test_rules__unknown_rule),
		/* last: it adds to the process-wide catalogue */
		cmocka_unit_test(test_rules__added_checker),
	};

	return cmocka_run_group_tests_name("cli/rules", tests, NULL, NULL);
}
