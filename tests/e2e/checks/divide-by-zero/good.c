/* expect-none */
/* divide-by-zero: divisors that cannot be 0, or that nothing says are. */
#include <math.h>
#include <stdlib.h>

int unknown_divisor(int total, int n)
{
	return total / n;	/* a parameter: nothing says it is 0 */
}

int checked(int total, int n)
{
	if (n == 0)
		return 0;
	return total / n;
}

int checked_later_form(int total, int n)
{
	if (!n)
		return -1;
	return total % n;
}

int set_on_every_path(int total, int n)
{
	int per = 1;

	if (n > 0)
		per = n;
	return total / per;
}

int correlated(int total, int n)
{
	int per = 0;

	if (n > 0)
		per = n;
	if (n > 0)
		return total / per;	/* per == n > 0 on this path */
	return 0;
}

/* an infinity and a NaN on purpose: constants on both sides */
double infinity(void)
{
	return 1.0 / 0.0 + 0.0 / 0.0;
}

/* infinities made from a zero variable, kept as doubles (redis' R_PosInf) */
double zero_var, pos_inf, nan_val;

void make_specials(void)
{
	zero_var = 0.0;
	pos_inf = 1.0 / zero_var;
	nan_val = zero_var / zero_var;
}

/* the sign of a zero, told by the infinity it divides into */
int negative_zero(double value)
{
	if (value == 0)
		return 1.0 / value < 0;
	return value < 0;
}

/* a zero divisor whose quotient stays floating */
double spread(double total, int n)
{
	double per = 0.0;

	if (n > 0)
		per = total;
	return total / per;
}

/* a floating divisor checked against 0, directly or by its magnitude */
double ratio(double x, double d)
{
	double r = 0.0;

	if (d != 0.0)
		r = x / d;
	if (fabs(d) > 0.000001)
		r += x / d;
	if (d > 0.5 || d < -0.5)
		r += x / d;
	return r;
}

/* a floating divisor set on every path */
double scaled(double x, int big)
{
	double s = 0.0;

	if (big)
		s = 1000.0;
	else
		s = 10.0;
	return x / s;
}

/* read from input, then checked */
double from_input(const char *line)
{
	double d = atof(line);

	if (d == 0.0)
		return 0.0;
	return 1.0 / d;
}

int guarded_loop(const int *v, int len)
{
	int sum = 0, count = 0, i;

	for (i = 0; i < len; i++) {
		sum += v[i];
		count++;
	}
	if (count == 0)
		return 0;
	return sum / count;
}

int constant_divisor(int x)
{
	return x / 4 + x % 8;
}

int call_result(int x, int (*f)(void))
{
	return x / f();
}

#include <stdio.h>
#include <stdlib.h>

int input_checked(void)
{
	int data = 0;

	if (fscanf(stdin, "%d", &data) != 1 || data == 0)
		return -1;
	return 100 / data;
}

int input_made_positive(void)
{
	int r = rand() % 10 + 1;

	return 100 / r;
}

int input_overwritten(void)
{
	int d;

	if (scanf("%d", &d) != 1)
		return 0;
	d = 4;
	return 100 / d;
}

double ratio(long long hits, long long misses)
{
	long long zero = 0;

	if (hits + misses == 0)
		hits = zero;
	return (double)hits / (hits + misses);	/* floating point: no trap */
}

/*
 * A static function whose callers never pass 0 where it divides: the
 * zero they pass goes with a mode that does not divide.
 */
static int scaled(int mode, int unit)
{
	if (mode == 1)
		return 1000 / unit;
	return unit;
}

int scaled_ms(void)
{
	return scaled(1, 10) + scaled(0, 0);
}

/*
 * A static global the callers set before the call: every value reaching
 * the division is non-zero, and the 0 goes with the mode that does not
 * divide.  A global no caller sets is as unknown as before.
 */
static int g_unit, g_mode;

static int per_unit(int total)
{
	if (g_mode == 0)
		return total;
	return total / g_unit;
}

int in_bytes(int total)
{
	g_mode = 1;
	g_unit = 8;
	return per_unit(total);
}

int as_is(int total)
{
	g_mode = 0;
	g_unit = 0;
	return per_unit(total);
}

/*
 * What a parameter reaches: non-zero from every caller, or checked in
 * the callee before the division, or changed by the callee first.  A
 * value the caller changes after the call is not what the callee saw.
 */
struct ratio {
	int num, den;
};

static int through_pointer(const int *parts, int total)
{
	return total / *parts;
}

static int checked_member(const struct ratio *r)
{
	if (!r->den)
		return 0;
	return r->num / r->den;
}

static int reset_first(int *counts, int total)
{
	counts[1] = 4;
	return total / counts[1];
}

static int after_call(struct ratio *r)
{
	return r->num / r->den;
}

int reached_ok(int total)
{
	int parts = 4, counts[3];
	struct ratio r, s;

	counts[1] = 0;
	r.num = total;
	r.den = 0;
	s.num = total;
	s.den = 2;
	parts = through_pointer(&parts, total) + checked_member(&r) +
		reset_first(counts, total) + after_call(&s);
	s.den = 0;
	return parts + s.den;
}

/*
 * A loop bound that fails on entry (n == 0: the loop does not run) is no
 * evidence that n can be 0 at the division after it: git's round robin
 * over n >= 1 worker slots, checked where they are set up.
 */
struct slot { int busy; };

size_t next_owner(const struct slot *slots, size_t n, size_t owner)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (slots[(owner + i) % n].busy)
			break;
	return (owner + i) % n;
}

/*
 * A product that is not 0 has no zero factor: zlib's gzfread() divides
 * by size only where `len = nitems * size` is non-zero.
 */
size_t read_items(void *buf, size_t size, size_t nitems, size_t (*rd)(void *, size_t))
{
	size_t len = nitems * size;

	if (size && len / size != nitems)
		return 0;
	return len ? rd(buf, len) / size : 0;
}
