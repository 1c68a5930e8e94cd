/* expect-none */
/* logic-precedence: parentheses, idioms and truth values stay silent. */
#include <stdbool.h>

#define MASK 0x0f
#define VAL 3
#define IS_SET(x, f) !x & f

int parenthesized(int mode)
{
	return (mode & MASK) == VAL;
}

int parenthesized_compare(int mode, int a, int b)
{
	return mode & (a == b);
}

int both_negated(int a, int b)
{
	return !a == !b;
}

int negation_against_constant(int a)
{
	return !a == 0 || !a != 1;
}

int negation_of_group(int a, int b)
{
	return !(a & b) == b;
}

int negation_against_truth(int a, int b, int c)
{
	return (!a == (b < c)) + (!a != !!c);
}

int negation_against_bool(int a, bool on)
{
	return !a == on;
}

int two_tests(int a, int b, int c, int d)
{
	return a == b | c == d;
}

int not_of_test(int a, int b, int c)
{
	return !a & (b == c);
}

int not_and_one(int a)
{
	return !a & 1;
}

int negated_truth(int a, int b, int mask)
{
	return !(a < b) & mask;
}

int from_macro(int x)
{
	return IS_SET(x, 4);
}

int grouped_not(int flags)
{
	return !(flags & 4);
}

int compare_against_negation(int a, int b)
{
	return b == !a;
}

#define NOT_OF(x) !x
#define SAME(a, b) a == b

int macro_wrote_the_not(int x, int y)
{
	return NOT_OF(x) == y;
}

int macro_wrote_the_compare(int x, int a, int b)
{
	return x & SAME(a, b);
}

struct opts {
	unsigned verbose:1;
	unsigned level:3;
};

int one_bit_field(struct opts *o, int want)
{
	return !o->verbose == want;
}
