/* Unit tests: range lists (analyzer/rangelist.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <limits.h>
#include <string.h>
#include <cmocka.h>

#include "analyzer/engine_int.h"

static const sci_rl *P(const char *s)
{
	const sci_rl *rl = sci_rl_parse(s);

	assert_non_null(rl);
	return rl;
}

static void test_rl__text_round_trip(void **state)
{
	assert_string_equal(sci_rl_text(P("0-9,99")), "0-9,99");
	assert_string_equal(sci_rl_text(P("min-3,5-max")), "min-3,5-max");
	assert_string_equal(sci_rl_text(P("-5--1")), "-5--1");
	assert_string_equal(sci_rl_text(sci_rl_range(1, 0)), "empty");
	assert_null(sci_rl_parse("3-1"));
	assert_null(sci_rl_parse("x"));
	sci_arena_reset();
}

static void test_rl__union_joins_neighbours(void **state)
{
	assert_string_equal(sci_rl_text(sci_rl_union(P("0-3"), P("4-6"))), "0-6");
	assert_string_equal(sci_rl_text(sci_rl_union(P("0,10"), P("5"))), "0,5,10");
	assert_string_equal(sci_rl_text(sci_rl_union(P("0-max"), P("7"))), "0-max");
	sci_arena_reset();
}

static void test_rl__intersect(void **state)
{
	assert_string_equal(sci_rl_text(sci_rl_intersect(P("0-10,20-30"), P("5-25"))),
			    "5-10,20-25");
	assert_true(sci_rl_is_empty(sci_rl_intersect(P("0-3"), P("4-9"))));
	sci_arena_reset();
}

/* which bounds of an intersection stay soft (bounds only from a type) */
static void test_rl__intersect_soft(void **state)
{
	const sci_rl *uchar = sci_rl_with_soft(P("0-255"), SCI_RL_SOFT_MIN |
							   SCI_RL_SOFT_MAX);
	const sci_rl *r;

	/* `c != 255`: one value off a soft end leaves it soft */
	r = sci_rl_intersect(uchar, P("min-254,256-max"));
	assert_string_equal(sci_rl_text(r), "0-254");
	assert_true(r->soft & SCI_RL_SOFT_MAX);
	/* `c != 0` on the other end */
	r = sci_rl_intersect(uchar, P("min--1,1-max"));
	assert_string_equal(sci_rl_text(r), "1-255");
	assert_true(r->soft & SCI_RL_SOFT_MIN);
	/* `c < 10 || c > 300`: a bound the program set is a fact */
	r = sci_rl_intersect(uchar, P("min-9,301-max"));
	assert_string_equal(sci_rl_text(r), "0-9");
	assert_false(r->soft & SCI_RL_SOFT_MAX);
	/* one value off a hard end: what is left is as hard */
	r = sci_rl_intersect(P("0-255"), P("min-254,256-max"));
	assert_false(r->soft & SCI_RL_SOFT_MAX);
	sci_arena_reset();
}

static void test_rl__minus(void **state)
{
	assert_string_equal(sci_rl_text(sci_rl_minus(P("min-max"), P("0"))),
			    "min--1,1-max");
	assert_string_equal(sci_rl_text(sci_rl_minus(P("0-10"), P("0-10"))), "empty");
	assert_string_equal(sci_rl_text(sci_rl_minus(P("0-10"), P("2,4-5,10"))),
			    "0-1,3,6-9");
	sci_arena_reset();
}

static void test_rl__single(void **state)
{
	sci_val v = 0;

	assert_true(sci_rl_single(P("42"), &v));
	assert_true(v == 42);
	assert_false(sci_rl_single(P("1-2"), &v));
	assert_false(sci_rl_single(P("1,3"), &v));
	sci_arena_reset();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rl__text_round_trip),
		cmocka_unit_test(test_rl__union_joins_neighbours),
		cmocka_unit_test(test_rl__intersect),
		cmocka_unit_test(test_rl__intersect_soft),
		cmocka_unit_test(test_rl__minus),
		cmocka_unit_test(test_rl__single),
	};

	return cmocka_run_group_tests_name("analyzer/rangelist", tests, NULL, NULL);
}
