/*
 * Unit tests: C's integer arithmetic on range lists (analyzer/rlops.c),
 * each operator at the edges of its types.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <limits.h>
#include <string.h>
#include <cmocka.h>

#include "analyzer/engine_int.h"

#define S32 sci_vt(32, 0)
#define U32 sci_vt(32, 1)
#define S64 sci_vt(64, 0)
#define U64 sci_vt(64, 1)
#define S8 sci_vt(8, 0)
#define U8 sci_vt(8, 1)

static const sci_rl *P(const char *s)
{
	const sci_rl *rl = sci_rl_parse(s);

	assert_non_null(rl);
	return rl;
}

static const char *bin(int op, const char *l, const char *r, sci_vtype t)
{
	return sci_rl_text(sci_rl_binop(op, P(l), P(r), t));
}

static sci_vtype bool_type(void)
{
	sci_vtype t = sci_vt(1, 1);

	t.is_bool = 1;
	return t;
}

static void test_rlops__type_bounds(void **state)
{
	assert_string_equal(sci_rl_text(sci_rl_type(S32)), "-2147483648-2147483647");
	assert_string_equal(sci_rl_text(sci_rl_type(U64)), "0-max");
	assert_string_equal(sci_rl_text(sci_rl_type(S64)), "min-9223372036854775807");
	assert_string_equal(sci_rl_text(sci_rl_type(bool_type())), "0-1");
	assert_string_equal(sci_rl_text(sci_rl_type(sci_vt(0, 0))), "min-max");
	sci_arena_reset();
}

static void test_rlops__conversions(void **state)
{
	sci_vtype t;

	/* promotion and the usual arithmetic conversions, LP64 */
	t = sci_vt_common(U8, S8);
	assert_true(t.bits == 32 && !t.uns);
	t = sci_vt_common(U32, S32);
	assert_true(t.bits == 32 && t.uns);
	t = sci_vt_common(U32, S64);
	assert_true(t.bits == 64 && !t.uns);
	t = sci_vt_common(U64, S32);
	assert_true(t.bits == 64 && t.uns);
	t = sci_vt_promote(bool_type());
	assert_true(t.bits == 32 && !t.uns && !t.is_bool);
	sci_arena_reset();
}

static void test_rlops__casts_wrap(void **state)
{
	/* (size_t)-1 and (unsigned)-1 are the types' maxima */
	assert_string_equal(sci_rl_text(sci_rl_cast(P("-1"), U64)), "max");
	assert_string_equal(sci_rl_text(sci_rl_cast(P("-1"), U32)), "4294967295");
	/* truncation to a narrower type */
	assert_string_equal(sci_rl_text(sci_rl_cast(P("300"), U8)), "44");
	assert_string_equal(sci_rl_text(sci_rl_cast(P("200"), S8)), "-56");
	assert_string_equal(sci_rl_text(sci_rl_cast(P("250-260"), U8)), "0-4,250-255");
	assert_string_equal(sci_rl_text(sci_rl_cast(P("0-256"), U8)), "0-255");
	/* sign change keeps the bits */
	assert_string_equal(sci_rl_text(sci_rl_cast(P("2147483648-4294967295"), S32)),
			    "-2147483648--1");
	assert_string_equal(sci_rl_text(sci_rl_cast(P("max"), S64)), "-1");
	/* to _Bool by truth, not by wrapping */
	assert_string_equal(sci_rl_text(sci_rl_cast(P("256"), bool_type())), "1");
	assert_string_equal(sci_rl_text(sci_rl_cast(P("0"), bool_type())), "0");
	assert_string_equal(sci_rl_text(sci_rl_cast(P("-3-3"), bool_type())), "0-1");
	/* in range: unchanged */
	assert_string_equal(sci_rl_text(sci_rl_cast(P("-5-5"), S64)), "-5-5");
	sci_arena_reset();
}

static void test_rlops__add_sub_wrap(void **state)
{
	assert_string_equal(bin(SCI_OP_ADD, "1-3", "10", S32), "11-13");
	assert_string_equal(bin(SCI_OP_ADD, "2147483647", "1", S32), "-2147483648");
	assert_string_equal(bin(SCI_OP_ADD, "max", "1", U64), "0");
	assert_string_equal(bin(SCI_OP_SUB, "0", "1", U32), "4294967295");
	assert_string_equal(bin(SCI_OP_SUB, "-2147483648", "1", S32), "2147483647");
	/* a range that wraps splits in two */
	assert_string_equal(bin(SCI_OP_ADD, "4294967290-4294967295", "0-10", U32),
			    "0-9,4294967290-4294967295");
	assert_string_equal(bin(SCI_OP_SUB, "0-10", "0-10", S32), "-10-10");
	sci_arena_reset();
}

static void test_rlops__mul(void **state)
{
	assert_string_equal(bin(SCI_OP_MUL, "-3-2", "4-5", S32), "-15-10");
	assert_string_equal(bin(SCI_OP_MUL, "65536", "65536", U32), "0");
	assert_string_equal(bin(SCI_OP_MUL, "0-65536", "65536", U32), "0-4294967295");
	assert_string_equal(bin(SCI_OP_MUL, "max", "max", U64), "1");
	assert_string_equal(bin(SCI_OP_MUL, "0-max", "2", U64), "0-max");
	sci_arena_reset();
}

static void test_rlops__div_mod(void **state)
{
	/* SIZE_MAX / sizeof(int): unsigned, not -1 / 4 */
	assert_string_equal(bin(SCI_OP_DIV, "max", "4", U64), "4611686018427387903");
	assert_string_equal(bin(SCI_OP_DIV, "-7", "2", S32), "-3");
	assert_string_equal(bin(SCI_OP_MOD, "-7", "2", S32), "-1");
	/* a divisor range holding 0: the defined quotients only */
	assert_string_equal(bin(SCI_OP_DIV, "100", "0-10", S32), "10-100");
	assert_string_equal(bin(SCI_OP_DIV, "100", "-10-10", S32), "-100--10,10-100");
	/* division by nothing but 0: no defined value, so the type */
	assert_string_equal(bin(SCI_OP_DIV, "1", "0", S32), "-2147483648-2147483647");
	/* INT_MIN / -1 overflows; the machine value is INT_MIN */
	assert_string_equal(bin(SCI_OP_DIV, "-2147483648", "-1", S32), "-2147483648");
	assert_string_equal(bin(SCI_OP_MOD, "0-100", "1-8", U32), "0-7");
	assert_string_equal(bin(SCI_OP_MOD, "-100-5", "8", S32), "-7-5");
	assert_string_equal(bin(SCI_OP_DIV, "0-100", "2", U32), "0-50");
	sci_arena_reset();
}

static void test_rlops__bits(void **state)
{
	assert_string_equal(bin(SCI_OP_AND, "0-1000", "255", S32), "0-255");
	assert_string_equal(bin(SCI_OP_AND, "-1000-1000", "15", S32), "0-15");
	assert_string_equal(bin(SCI_OP_AND, "12", "10", S32), "8");
	/* the bits above the varying ones are known: t & 63, t in 128..137 */
	assert_string_equal(bin(SCI_OP_AND, "128-137", "63", S32), "0-9");
	assert_string_equal(bin(SCI_OP_AND, "63", "128-137", S32), "0-9");
	assert_string_equal(bin(SCI_OP_AND, "64-71", "0x4c", S32), "64-68");
	assert_string_equal(bin(SCI_OP_AND, "256-511", "255", S32), "0-255");
	assert_string_equal(bin(SCI_OP_AND, "0-7", "8", S32), "0");
	assert_string_equal(bin(SCI_OP_AND, "-1", "max", U64), "max");
	assert_string_equal(bin(SCI_OP_OR, "1-4", "8", U32), "8-15");
	assert_string_equal(bin(SCI_OP_XOR, "5", "3", S32), "6");
	assert_string_equal(bin(SCI_OP_XOR, "0-5", "3", S32), "0-7");
	assert_string_equal(bin(SCI_OP_OR, "-2-3", "1", S32), "-2147483648-2147483647");
	sci_arena_reset();
}

static void test_rlops__shifts(void **state)
{
	assert_string_equal(bin(SCI_OP_SHL, "1", "4", S32), "16");
	assert_string_equal(bin(SCI_OP_SHL, "1", "31", U32), "2147483648");
	assert_string_equal(bin(SCI_OP_SHL, "1", "31", S32), "-2147483648");
	assert_string_equal(bin(SCI_OP_SHL, "1", "63", U64), "9223372036854775808");
	/* a count >= the width is undefined: those counts give no value */
	assert_string_equal(bin(SCI_OP_SHL, "1", "30-40", U32), "1073741824-2147483648");
	assert_string_equal(bin(SCI_OP_SHL, "1", "32", U32), "0-4294967295");
	assert_string_equal(bin(SCI_OP_SHR, "max", "60", U64), "15");
	assert_string_equal(bin(SCI_OP_SHR, "-16", "2", S32), "-4");
	assert_string_equal(bin(SCI_OP_SHR, "-16-16", "0-2", S32), "-16-16");
	assert_string_equal(bin(SCI_OP_SHR, "100", "-5-64", U64), "0-100");
	sci_arena_reset();
}

static void test_rlops__unary(void **state)
{
	assert_string_equal(sci_rl_text(sci_rl_unop(SCI_OP_NEG, P("-2147483648"), S32)),
			    "-2147483648");
	assert_string_equal(sci_rl_text(sci_rl_unop(SCI_OP_NEG, P("1"), U32)), "4294967295");
	assert_string_equal(sci_rl_text(sci_rl_unop(SCI_OP_BNOT, P("0"), U64)), "max");
	assert_string_equal(sci_rl_text(sci_rl_unop(SCI_OP_BNOT, P("0-3"), S32)), "-4--1");
	assert_string_equal(sci_rl_text(sci_rl_unop(SCI_OP_NEG, P("-5-10"), S32)), "-10-5");
	sci_arena_reset();
}

static void test_rlops__compare_sides(void **state)
{
	const sci_rl *t, *f;

	sci_rl_compare_sides(SCI_OP_LT, P("10"), S32, &t, &f);
	assert_string_equal(sci_rl_text(t), "-2147483648-9");
	assert_string_equal(sci_rl_text(f), "10-2147483647");
	/* unsigned: u < 0 is never true, u >= 0 always */
	sci_rl_compare_sides(SCI_OP_LT, P("0"), U32, &t, &f);
	assert_string_equal(sci_rl_text(t), "empty");
	assert_string_equal(sci_rl_text(f), "0-4294967295");
	sci_rl_compare_sides(SCI_OP_EQ, P("max"), U64, &t, &f);
	assert_string_equal(sci_rl_text(t), "max");
	assert_string_equal(sci_rl_text(f), "0-18446744073709551614");
	sci_rl_compare_sides(SCI_OP_NE, P("0-5"), S32, &t, &f);
	assert_string_equal(sci_rl_text(t), "-2147483648-2147483647");
	assert_string_equal(sci_rl_text(f), "0-5");
	sci_rl_compare_sides(SCI_OP_GE, P("-2147483648"), S32, &t, &f);
	assert_string_equal(sci_rl_text(f), "empty");
	assert_int_equal(sci_rl_compare_known(SCI_OP_LT, P("0-9"), P("10")), 1);
	assert_int_equal(sci_rl_compare_known(SCI_OP_GT, P("0-9"), P("10")), 0);
	assert_int_equal(sci_rl_compare_known(SCI_OP_EQ, P("5"), P("5")), 1);
	assert_int_equal(sci_rl_compare_known(SCI_OP_NE, P("5"), P("6-7")), 1);
	assert_int_equal(sci_rl_compare_known(SCI_OP_LE, P("0-10"), P("5")), -1);
	sci_arena_reset();
}

static void test_rlops__preimage(void **state)
{
	/* `if (u < i)` compares in unsigned: i = -1 is 4294967295 there */
	assert_string_equal(sci_rl_text(sci_rl_preimage(P("4294967295"), S32, U32)), "-1");
	/* int -> unsigned long: negatives sit at the top */
	assert_string_equal(sci_rl_text(sci_rl_preimage(P("0-10,18446744073709551615"),
							S32, U64)), "-1-10");
	/* widening keeps values */
	assert_string_equal(sci_rl_text(sci_rl_preimage(P("5-300"), U8, S32)), "5-255");
	/* narrowing: what does not fit may wrap anywhere */
	assert_string_equal(sci_rl_text(sci_rl_preimage(P("0"), S32, U8)),
			    "-2147483648-0,256-2147483647");
	/* (_Bool)x is true for every nonzero x */
	sci_vtype b = sci_vt(1, 1);

	b.is_bool = 1;
	assert_string_equal(sci_rl_text(sci_rl_preimage(P("1"), S32, b)),
			    "-2147483648--1,1-2147483647");
	sci_arena_reset();
}

/* Bounds a type gave stay "soft" through copies, sums and loops. */
static void test_rlops__soft_bounds(void **state)
{
	const sci_rl *u8 = sci_rl_type(U8), *t, *f, *x;

	assert_int_equal(u8->soft, SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX);
	assert_int_equal(P("0-10")->soft, 0);
	/* a value read as unsigned char and widened keeps its soft 255 */
	x = sci_rl_cast(u8, S32);
	assert_string_equal(sci_rl_text(x), "0-255");
	assert_int_equal(x->soft, SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX);
	assert_true(sci_rl_binop(SCI_OP_SUB, x, P("1"), S32)->soft & SCI_RL_SOFT_MAX);
	/* `i < 10`: the upper bound is a fact, the lower one the type's */
	sci_rl_compare_sides(SCI_OP_LT, P("10"), S32, &t, &f);
	x = sci_rl_intersect(sci_rl_type(S32), t);
	assert_int_equal(x->soft, SCI_RL_SOFT_MIN);
	assert_int_equal(sci_rl_intersect(sci_rl_type(S32), f)->soft, SCI_RL_SOFT_MAX);
	/* `i < n` with n soft: nothing hard about i */
	sci_rl_compare_sides(SCI_OP_LT, sci_rl_cast(u8, S32), S32, &t, &f);
	assert_int_equal(sci_rl_intersect(sci_rl_type(S32), t)->soft,
			 SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX);
	/* a hard bound wins a tie; values compare equal whatever the flags */
	x = sci_rl_union(P("0-255"), u8);
	assert_int_equal(x->soft, 0);
	assert_true(sci_rl_equal(x, u8));
	assert_false(sci_rl_identical(x, u8));
	sci_arena_reset();
}

static void test_rlops__signed_overflow_is_not_taken(void **state)
{
	/* part of the range overflows: that part is undefined, so dropped */
	assert_string_equal(bin(SCI_OP_ADD, "0-2147483647", "1", S32), "1-2147483647");
	/* all of it overflows: the machine's value */
	assert_string_equal(bin(SCI_OP_ADD, "2147483647", "1", S32), "-2147483648");
	/* unsigned wraps as C says */
	assert_string_equal(bin(SCI_OP_ADD, "0-4294967295", "1", U32), "0-4294967295");
	sci_arena_reset();
}

static void test_rlops__many_ranges_are_bounded(void **state)
{
	const sci_rl *l = sci_rl_range(1, 0);
	int i;

	for (i = 0; i < 200; i++)
		l = sci_rl_union(l, sci_rl_range(i * 10, i * 10 + 1));
	/* 200 x 200 pairs would be 40,000 ranges: the hull is used */
	assert_true(sci_rl_binop(SCI_OP_ADD, l, l, S32)->n <= 1);
	sci_arena_reset();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rlops__type_bounds),
		cmocka_unit_test(test_rlops__conversions),
		cmocka_unit_test(test_rlops__casts_wrap),
		cmocka_unit_test(test_rlops__add_sub_wrap),
		cmocka_unit_test(test_rlops__mul),
		cmocka_unit_test(test_rlops__div_mod),
		cmocka_unit_test(test_rlops__bits),
		cmocka_unit_test(test_rlops__shifts),
		cmocka_unit_test(test_rlops__unary),
		cmocka_unit_test(test_rlops__compare_sides),
		cmocka_unit_test(test_rlops__preimage),
		cmocka_unit_test(test_rlops__soft_bounds),
		cmocka_unit_test(test_rlops__signed_overflow_is_not_taken),
		cmocka_unit_test(test_rlops__many_ranges_are_bounded),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
