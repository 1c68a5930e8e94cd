/* expect-none */
/* impossible-condition: tests that are decided on purpose or not at all. */
typedef unsigned long size_t;
enum color { RED, GREEN };
#define MIN_LEN 0
#define IS_NEG(x) ((x) < 0)
#define DEBUG 0

int signed_negative(int n)
{
	return n < 0;
}

int configured(size_t n)
{
	if (n < MIN_LEN)	/* the constant comes from configuration */
		return -1;
	return 0;
}

int generic_macro(unsigned u, int i)
{
	return IS_NEG(u) + IS_NEG(i);
}

int constants(void)
{
	if (sizeof(long) == 8)
		return 1;
	if (DEBUG)
		return 2;
	while (1)
		break;
	return 0;
}

int enums(enum color c)
{
	if (c < 0)	/* enum signedness is the compiler's choice */
		return -1;
	return 0;
}

int cast_first(unsigned u)
{
	if ((int)u < 0)
		return -1;
	return 0;
}

int wide_enough(unsigned char b, int x)
{
	if (b > 200 || x > 300)
		return 1;
	return 0;
}

int redundant_but_defensive(int *p)
{
	if (!p)
		return 0;
	if (p)
		return 1;
	return 2;
}

/* portable range checks: the limit's width depends on the platform */
#include <limits.h>
#include <stdint.h>
int fits_long(long long v)
{
	return v < LONG_MIN || v > LONG_MAX;
}

int fits_size(unsigned long long n)
{
	return n <= SIZE_MAX;
}

/* a cast that may truncate: not the same value on both sides */
int truncates(unsigned long long a)
{
	return a != (unsigned long)a;
}

/* x < x + 1 wraps for unsigned x at its end */
int below_next(unsigned x)
{
	return x < x + 1;
}

/* the else of an earlier test makes this one redundant: clarity, no bug */
int else_if(int flag, int mode)
{
	if (flag && mode == 0)
		return 1;
	else if (flag && mode != 0)
		return 2;
	return 0;
}

/* earlier statements decide it: a defensive re-check */
int defensive(int n)
{
	if (n < 0)
		return -1;
	if (n >= 0 && n < 10)
		return n;
	return 0;
}

int ranges(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* bounds of an enum, and tests that a macro writes: not reported */
enum field { F_NAME, F_SIZE, F_MAX };
struct hdr { enum field field; int n; };
#define LIMIT 10

int field_ok(const struct hdr *h)
{
	if (h->field < 0 || F_MAX <= h->field)
		return 0;
	if (h->n > 0 && h->n > LIMIT)
		return 2;
	return 1;
}

/* two variables, or a range: each test matters */
int in_range(int a, int b)
{
	if ((5 < a) && (10 < b))
		return 1;
	if (a > 0 && a < 10)
		return 2;
	return 0;
}

/* a static never written is a constant, but a sibling decides alone */
static unsigned int g_min = 0;
static unsigned int g_max = 5;

int config_ok(void)
{
	if (g_min <= 0 && g_max <= 5)
		return 1;
	return 0;
}

/* addresses that may be NULL: a weak or external symbol, a pointer, a macro */
extern void optional_hook(void);
extern int optional_table[];
#define HAVE(f) ((f) != 0)

int maybe_there(int *p, char *s)
{
	int r = 0;

	if (optional_hook)
		optional_hook();
	if (optional_table)
		r++;
	if (p != 0 && s)
		r++;
	if (HAVE(maybe_there))
		r++;
	return r;
}

/* nested tests that something between changes, or that decide nothing */
int nested_open(int a, int x, int y)
{
	int r = 0;

	if (a > 5) {
		a = y;
		if (a < 3)
			r++;
	}
	if (x == 1)
		r++;
	else if (x == 2)
		r--;
	if (x < 5) {
		if (y < 3)
			r++;
	}
	return r;
}
