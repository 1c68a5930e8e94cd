/* impossible-condition: comparisons the operand types decide. */
typedef unsigned long size_t;
size_t read_len(void);
void use(unsigned i);

int unsigned_negative(void)
{
	size_t n = read_len();

	if (n < 0)	/* expect-warning: impossible-condition "'n < 0' is always false: the types of its operands decide it" */
		return -1;
	return 0;
}

void endless_countdown(unsigned n)
{
	unsigned i;

	for (i = n; i >= 0; i--)	/* expect-warning: impossible-condition "'i >= 0' is always true: the types of its operands decide it" */
		use(i);
}

int char_against_300(char c)
{
	if (c == 300)	/* expect-warning: impossible-condition "'c == 300' is always false: the types of its operands decide it" */
		return 1;
	return 0;
}

int uchar_range(unsigned char b)
{
	if (b > 255)	/* expect-warning: impossible-condition "'b > 255' is always false: the types of its operands decide it" */
		return 1;
	return 0;
}

/* decided by an earlier test of the same condition */
void use_int(int);

void contradiction(int x, int a, int b)
{
	if (x > 10 && x < 5)	/* expect-warning: impossible-condition "'x < 5' is always false where it is tested: 'x > 10' is true there" */
		use_int(x);
	if (x < 5 || x > 3)	/* expect-warning: impossible-condition "'x > 3' is always true where it is tested: 'x < 5' is false there" */
		use_int(x);
	if (a < b && a >= b)	/* expect-warning: impossible-condition "'a >= b' is always false where it is tested: 'a < b' is true there" */
		use_int(a);
}

/* decided whatever the value: both sides are the same */
int same_value(int n, unsigned u)
{
	int thirty = 30;

	if (thirty == (thirty - 1))	/* expect-warning: impossible-condition "'thirty == (thirty - 1)' is always false: both sides are the same value" */
		return 1;
	if (u != u)	/* expect-warning: impossible-condition "'u != u' is always false: both sides are the same value" */
		return 2;
	return n;
}

/* INT_MIN and INT_MAX are the limits of int on every platform */
#include <limits.h>
int int_limits(int n)
{
	if (n < INT_MIN)	/* expect-warning: impossible-condition "'n < -2147483648' is always false: the types of its operands decide it" */
		return -1;
	if (n <= INT_MAX)	/* expect-warning: impossible-condition "'n <= 2147483647' is always true: the types of its operands decide it" */
		return 1;
	return 0;
}

/* parenthesized leaves are leaves too */
int both_values(int a)
{
	if ((a == 0) && (a == 1))	/* expect-warning: impossible-condition "'a == 1' is always false where it is tested: 'a == 0' is true there" */
		return 1;
	return 0;
}

/* the condition of ?: */
int pick_sign(int a)
{
	return ((a < 5) && (10 < a)) ? 1 : 0;	/* expect-warning: impossible-condition "'10 < a' is always false where it is tested: 'a < 5' is true there" */
}

/* a test that a later test of the chain implies */
int above_ten(int a)
{
	if ((5 < a) && (10 < a))	/* expect-warning: impossible-condition "'5 < a' never changes the outcome: it is true wherever '10 < a' is true" */
		return 1;
	if (a < -4 || a < 0)	/* expect-warning: impossible-condition "'a < -4' never changes the outcome: it is false wherever 'a < 0' is false" */
		return 2;
	return 0;
}

/* an address C makes non-NULL, tested: the call or the contents were meant */
static char *lookup_name(void)
{
	return 0;
}

static int names[4];

int address_tests(void)
{
	int local = 0;
	int r = 0;

	if (lookup_name == 0)	/* expect-warning: impossible-condition "'lookup_name' is a function, never NULL: its test against NULL is always false" */
		r++;
	if (names)	/* expect-warning: impossible-condition "'names' is an array, never NULL: as a condition it is always true" */
		r++;
	if (&local != 0)	/* expect-warning: impossible-condition "'&local' is the address of a variable, never NULL: its test against NULL is always true" */
		r++;
	return r;
}

/* an if that is the first thing a branch runs, decided by the branch's test */
int nested_tests(int a, int x)
{
	int r = 0;

	if (a < 5) {
		if (10 < a)	/* expect-warning: impossible-condition "'10 < a' is always false where it is tested: 'a < 5' is true there" */
			r++;
	}
	if (x < 5)
		r--;
	else if (x < 3)	/* expect-warning: impossible-condition "'x < 3' is always false where it is tested: 'x < 5' is false there" */
		r -= 2;
	return r;
}
