/* Unit tests: the built-in and project profile tables (analyzer/profile.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <string.h>
#include <cmocka.h>

#include "analyzer/engine_int.h"

static void test_profile__maybe_null_results(void **state)
{
	sci__profile_set(NULL);
	assert_true(sci_profile_may_return_null("malloc"));
	assert_true(sci_profile_may_return_null("realloc"));
	assert_true(sci_profile_may_return_null("strdup"));
	assert_true(sci_profile_may_return_null("fopen"));
	assert_true(sci_profile_may_return_null("getenv"));
	/* a search: only of input, which depends on the call */
	assert_false(sci_profile_may_return_null("strchr"));
	assert_true(sci_profile_may_return_null("bsearch"));
	assert_false(sci_profile_may_return_null("xmalloc"));
	assert_false(sci_profile_may_return_null("g_strdup"));
	assert_false(sci_profile_may_return_null("strlen"));
	assert_false(sci_profile_may_return_null(NULL));
	assert_true(sci_profile_returns_nonnull("xcalloc"));
	assert_false(sci_profile_returns_nonnull("malloc"));
}

static void test_profile__project_lists(void **state)
{
	static const char *const allocs[] = { "pool_get", "must_get", NULL };
	static const char *const nonnull[] = { "must_get", "find_or_die", NULL };
	sci_analyze_opts opts;

	memset(&opts, 0, sizeof(opts));
	opts.allocators = allocs;
	opts.returns_nonnull = nonnull;
	sci__profile_set(&opts);
	assert_true(sci_profile_may_return_null("pool_get"));
	assert_false(sci_profile_may_return_null("must_get"));
	assert_true(sci_profile_returns_nonnull("find_or_die"));
	assert_true(sci_profile_returns_nonnull("xmalloc"));
	assert_true(sci_profile_may_return_null("malloc"));
	sci__profile_set(NULL);
	assert_false(sci_profile_returns_nonnull("find_or_die"));
}

static void test_profile__nonnull_params(void **state)
{
	const sci_nonnull_params *np;

	np = sci_profile_nonnull_params("memcpy");
	assert_non_null(np);
	assert_int_equal(np->args, 3);
	assert_int_equal(np->size_arg, 2);
	np = sci_profile_nonnull_params("fgets");
	assert_non_null(np);
	assert_int_equal(np->args, (1u << 0) | (1u << 2));
	assert_int_equal(np->size_arg, -1);
	assert_null(sci_profile_nonnull_params("free"));
	assert_null(sci_profile_nonnull_params("fflush"));
	assert_null(sci_profile_nonnull_params(NULL));
}

static void test_profile__assert_functions(void **state)
{
	assert_int_equal(sci_profile_assert_arg("_assert_true"), 0);
	assert_int_equal(sci_profile_assert_arg("assert"), -1);
	assert_int_equal(sci_profile_assert_arg(NULL), -1);
}

static void test_profile__nocapture_and_returned_args(void **state)
{
	static const char *const frees[] = { "pool_put", NULL };
	sci_analyze_opts opts;

	assert_true(sci_profile_is_nocapture("printf"));
	assert_true(sci_profile_is_nocapture("fwrite"));
	assert_true(sci_profile_is_nocapture("strcmp"));
	assert_false(sci_profile_is_nocapture("putenv"));
	assert_false(sci_profile_is_nocapture("setvbuf"));
	assert_false(sci_profile_is_nocapture(NULL));
	assert_int_equal(sci_profile_returns_arg("memcpy"), 0);
	assert_int_equal(sci_profile_returns_arg("strchr"), 0);
	assert_int_equal(sci_profile_returns_arg("realpath"), 1);
	assert_int_equal(sci_profile_returns_arg("strlen"), -1);
	assert_int_equal(sci_profile_returns_arg(NULL), -1);
	memset(&opts, 0, sizeof(opts));
	opts.deallocators = frees;
	sci__profile_set(&opts);
	assert_int_equal(sci_profile_free_arg("pool_put"), 0);
	assert_int_equal(sci_profile_free_arg("realloc"), 0);
	assert_int_equal(sci_profile_free_arg("malloc"), -1);
	assert_int_equal(sci_profile_free_arg(NULL), -1);
	sci__profile_set(NULL);
	assert_int_equal(sci_profile_free_arg("pool_put"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_profile__maybe_null_results),
		cmocka_unit_test(test_profile__project_lists),
		cmocka_unit_test(test_profile__nonnull_params),
		cmocka_unit_test(test_profile__assert_functions),
		cmocka_unit_test(test_profile__nocapture_and_returned_args),
	};

	return cmocka_run_group_tests_name("analyzer/profile", tests, NULL, NULL);
}
