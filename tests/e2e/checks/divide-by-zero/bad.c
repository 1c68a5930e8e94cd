/* divide-by-zero: divisors that are 0 on a path the analysis can name. */
int zero_divisor(int total)
{
	int n = 0;

	return total / n;	/* expect-error: divide-by-zero "division by zero: 'n' is 0" */
}

int set_on_one_branch(int total, int n)
{
	int per = 0;

	if (n > 0)
		per = total / n;
	return total / per;	/* expect-error: divide-by-zero "division by zero: 'per' can be 0 on this path" */
}

int checked_then_used(int total, int n)
{
	if (n == 0)
		return total % n;	/* expect-error: divide-by-zero "remainder by zero: 'n' is 0" */
	return total % n;
}

int compound(int x, int flag)
{
	int d = 4;

	if (flag)
		d = 0;
	x /= d;	/* expect-error: divide-by-zero "division by zero: 'd' can be 0 on this path" */
	return x;
}

int from_switch(int x, int mode)
{
	int d;

	switch (mode) {
	case 0:
		d = 0;
		break;
	default:
		d = mode;
		break;
	}
	return x / d;	/* expect-error: divide-by-zero "division by zero: 'd' can be 0 on this path" */
}

#include <stdio.h>
#include <stdlib.h>

int from_input(void)
{
	int data = 0;

	if (fscanf(stdin, "%d", &data) != 1)
		return -1;
	return 100 / data;	/* expect-error: divide-by-zero "division by 'data', which comes from input and is not checked against 0" */
}

int from_text(void)
{
	char buf[32];
	int n;

	if (!fgets(buf, sizeof(buf), stdin))
		return 0;
	n = atoi(buf);
	return 1000 % n;	/* expect-error: divide-by-zero "remainder by 'n', which comes from input and is not checked against 0" */
}

int from_rand(void)
{
	return 10 / rand();	/* expect-error: divide-by-zero "division by 'rand(...)', which comes from input and is not checked against 0" */
}

/* A static function divides by what its callers pass: 0 from one of them. */
static int per_item(int total, int items)
{
	return total / items;	/* expect-error: divide-by-zero "division by zero: 'items' is 0" */
}

int report_empty(int total)
{
	return per_item(total, 0);
}

int report_some(int total)
{
	return per_item(total, 4);
}

/*
 * A static global set right before the call is what the callee reads on
 * entry: the helper divides by the 0 one caller leaves there.
 */
static int g_parts;

static int per_part(int total)
{
	return total / g_parts;	/* expect-error: divide-by-zero "division by zero: 'g_parts' is 0" */
}

int split_none(int total)
{
	g_parts = 0;
	return per_part(total);
}

int split_three(int total)
{
	g_parts = 3;
	return per_part(total);
}

/*
 * What a parameter reaches, set by the caller right before the call:
 * `*p`, an array's element, a struct's member passed by value or through
 * a pointer hold on entry what the caller put there.
 */
struct ratio {
	int num, den;
};

static int through_pointer(const int *parts, int total)
{
	return total / *parts;	/* expect-error: divide-by-zero "division by zero: '*parts' is 0" */
}

static int through_array(const int *counts, int total)
{
	int n = counts[1];

	return total / n;	/* expect-error: divide-by-zero "division by zero: 'n' is 0" */
}

static int through_struct(struct ratio r)
{
	return r.num / r.den;	/* expect-error: divide-by-zero "division by zero: 'r.den' is 0" */
}

static int through_member(const struct ratio *r)
{
	return r->num / r->den;	/* expect-error: divide-by-zero "division by zero: 'r->den' is 0" */
}

int reached(int total)
{
	int parts = 0, counts[3];
	struct ratio r, s;

	counts[1] = 0;
	r.num = total;
	r.den = 0;
	s.num = total;
	s.den = 0;
	return through_pointer(&parts, total) +
	       through_array(counts, total) + through_struct(r) +
	       through_member(&s);
}

/* a product that is 0 says nothing of which factor is */
size_t items_left(size_t size, size_t nitems, size_t total)
{
	size_t len = nitems * size;

	if (!size)
		fprintf(stderr, "empty items\n");
	if (!len)
		return total / size;	/* expect-error: divide-by-zero "division by zero: 'size' can be 0 on this path" */
	return 0;
}

/* a floating divisor: IEEE gives an infinity, and (int) of it is undefined */
int floating(double x)
{
	double z = 0.0;

	return (int)(x / z);	/* expect-error: divide-by-zero "division by zero: 'z' is 0" */
}

/* 0.0 kept on the path where the input could not be read */
int floating_unread(const char *line)
{
	float data = 0.0F;

	if (line != NULL)
		data = (float)atof(line);
	return (int)(100.0 / data);	/* expect-error: divide-by-zero "division by zero: 'data' can be 0 on this path" */
}

/* read from input, not checked */
int floating_input(void)
{
	double d = 1.0;
	int n;

	if (scanf("%lf", &d) != 1)
		return 0;
	n = (1000.0 / d);	/* expect-error: divide-by-zero "division by 'd', which comes from input and is not checked against 0" */
	return n;
}

/* checked the wrong way round */
long floating_zero_side(double d)
{
	if (d == 0.0)
		return (long)(1.0 / d);	/* expect-error: divide-by-zero "division by zero: 'd' is 0" */
	return 0;
}
