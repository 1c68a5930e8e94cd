/*
 * rangelist.c - range lists: sorted, disjoint, non-adjacent [min, max]
 * pairs of values.  Arena memory; a range list is never modified once
 * built.
 *
 * A value is the mathematical value an object of its C type holds, kept
 * in 128 bits so that every 64-bit signed and unsigned value has its own
 * place on one number line (SCI_VAL_MIN = INT64_MIN .. SCI_VAL_MAX =
 * UINT64_MAX): `(size_t)-1` is 18446744073709551615, never -1.  Which
 * values a key may hold is the business of its type (rlops.c); pointers
 * use 0 for NULL and 1..UINT64_MAX for valid addresses.
 */
#include "analyzer/engine_int.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sci_rl *rl_alloc(size_t n)
{
	sci_rl *rl = sci_arena_alloc(sizeof(*rl) + n * sizeof(sci_range));

	rl->n = 0;
	rl->soft = 0;
	return rl;
}

/* Appends [min, max] to a list being built in order, joining neighbours. */
static void push(sci_rl *rl, sci_val min, sci_val max)
{
	sci_range *last;

	if (rl->n) {
		last = &rl->r[rl->n - 1];
		if (min <= last->max + 1) {	/* no overflow: 128 bits */
			if (max > last->max)
				last->max = max;
			return;
		}
	}
	rl->r[rl->n].min = min;
	rl->r[rl->n].max = max;
	rl->n++;
}

const sci_rl *sci_rl_range(sci_val min, sci_val max)
{
	sci_rl *rl = rl_alloc(1);

	if (min <= max)
		push(rl, min, max);
	return rl;
}

/* Does @x leave out exactly the one value @v, keeping v - 1 and v + 1? */
static int point_gap(const sci_rl *x, sci_val v)
{
	size_t i;

	for (i = 0; x && i + 1 < x->n; i++)
		if (x->r[i].max + 1 == v && x->r[i + 1].min - 1 == v)
			return 1;
	return 0;
}

/*
 * The soft flags of a result from its inputs: a bound is soft when every
 * input that has the same bound has it soft; a bound no input has (an
 * intersection cut by a gap) came from the program: hard.  Except when
 * the gap is one value taken off a soft end: after `if (c == 255)
 * return;` an unsigned char is 0..254, and 254 is no more a fact of the
 * program than 255 was.
 */
static unsigned bound_soft(const sci_rl *rl, const sci_rl *a, const sci_rl *b)
{
	unsigned soft = 0;
	int hard_min = 0, hard_max = 0, soft_min = 0, soft_max = 0;
	const sci_rl *in[2] = { a, b };
	int k;

	if (!rl->n)
		return 0;
	for (k = 0; k < 2; k++) {
		const sci_rl *x = in[k];

		if (!x || !x->n)
			continue;
		if (x->r[0].min == rl->r[0].min) {
			if (x->soft & SCI_RL_SOFT_MIN)
				soft_min = 1;
			else
				hard_min = 1;
		}
		if (x->r[x->n - 1].max == rl->r[rl->n - 1].max) {
			if (x->soft & SCI_RL_SOFT_MAX)
				soft_max = 1;
			else
				hard_max = 1;
		}
	}
	if (soft_min && !hard_min)
		soft |= SCI_RL_SOFT_MIN;
	if (soft_max && !hard_max)
		soft |= SCI_RL_SOFT_MAX;
	for (k = 0; k < 2 && b; k++) {
		const sci_rl *x = in[k], *y = in[1 - k];
		sci_val lo = rl->r[0].min, hi = rl->r[rl->n - 1].max;

		if (!soft_min && !hard_min && y->n && lo > SCI_VAL_MIN &&
		    (y->soft & SCI_RL_SOFT_MIN) && y->r[0].min == lo - 1 &&
		    point_gap(x, lo - 1))
			soft |= SCI_RL_SOFT_MIN;
		if (!soft_max && !hard_max && y->n && hi < SCI_VAL_MAX &&
		    (y->soft & SCI_RL_SOFT_MAX) && y->r[y->n - 1].max == hi + 1 &&
		    point_gap(x, hi + 1))
			soft |= SCI_RL_SOFT_MAX;
	}
	return soft;
}

const sci_rl *sci_rl_union(const sci_rl *a, const sci_rl *b)
{
	sci_rl *rl = rl_alloc(a->n + b->n);
	size_t i = 0, j = 0;

	while (i < a->n || j < b->n) {
		const sci_range *r;

		if (j == b->n || (i < a->n && a->r[i].min <= b->r[j].min))
			r = &a->r[i++];
		else
			r = &b->r[j++];
		push(rl, r->min, r->max);
	}
	rl->soft = (unsigned char)bound_soft(rl, a, b);
	return rl;
}

/*
 * bound_soft() of @in intersected with @out, a range holding all of it:
 * a bound of @in stays soft unless @out has the same one, hard.
 */
static unsigned contained_soft(const sci_rl *in, const sci_rl *out)
{
	unsigned soft = 0;

	if ((in->soft & SCI_RL_SOFT_MIN) &&
	    (out->r[0].min != in->r[0].min || (out->soft & SCI_RL_SOFT_MIN)))
		soft |= SCI_RL_SOFT_MIN;
	if ((in->soft & SCI_RL_SOFT_MAX) &&
	    (out->r[out->n - 1].max != in->r[in->n - 1].max ||
	     (out->soft & SCI_RL_SOFT_MAX)))
		soft |= SCI_RL_SOFT_MAX;
	return soft;
}

const sci_rl *sci_rl_intersect(const sci_rl *a, const sci_rl *b)
{
	/* reading a key intersects its list with its type's, which mostly
	 * holds all of it: no new list then */
	if (b->n == 1 && a->n && b->r[0].min <= a->r[0].min &&
	    b->r[0].max >= a->r[a->n - 1].max)
		return sci_rl_with_soft(a, contained_soft(a, b));
	if (a->n == 1 && b->n && a->r[0].min <= b->r[0].min &&
	    a->r[0].max >= b->r[b->n - 1].max)
		return sci_rl_with_soft(b, contained_soft(b, a));

	sci_rl *rl = rl_alloc(a->n + b->n);
	size_t i = 0, j = 0;

	while (i < a->n && j < b->n) {
		sci_val lo = a->r[i].min > b->r[j].min ? a->r[i].min : b->r[j].min;
		sci_val hi = a->r[i].max < b->r[j].max ? a->r[i].max : b->r[j].max;

		if (lo <= hi)
			push(rl, lo, hi);
		if (a->r[i].max < b->r[j].max)
			i++;
		else
			j++;
	}
	rl->soft = (unsigned char)bound_soft(rl, a, b);
	return rl;
}

const sci_rl *sci_rl_minus(const sci_rl *a, const sci_rl *b)
{
	sci_rl *rl = rl_alloc(a->n + b->n + 1);
	size_t i, j = 0;

	for (i = 0; i < a->n; i++) {
		sci_val lo = a->r[i].min, hi = a->r[i].max;
		int done = 0;

		while (j < b->n && b->r[j].max < lo)
			j++;
		for (size_t k = j; k < b->n && b->r[k].min <= hi; k++) {
			if (b->r[k].min > lo)
				push(rl, lo, b->r[k].min - 1);
			if (b->r[k].max >= hi) {
				done = 1;
				break;
			}
			lo = b->r[k].max + 1;
		}
		if (!done)
			push(rl, lo, hi);
	}
	rl->soft = (unsigned char)bound_soft(rl, a, NULL);
	return rl;
}

int sci_rl_is_empty(const sci_rl *a)
{
	return !a || a->n == 0;
}

int sci_rl_single(const sci_rl *a, sci_val *out)
{
	if (!a || a->n != 1 || a->r[0].min != a->r[0].max)
		return 0;
	if (out)
		*out = a->r[0].min;
	return 1;
}

int sci_rl_equal(const sci_rl *a, const sci_rl *b)
{
	return a->n == b->n &&
	       memcmp(a->r, b->r, a->n * sizeof(sci_range)) == 0;
}

int sci_rl_identical(const sci_rl *a, const sci_rl *b)
{
	return a->soft == b->soft && sci_rl_equal(a, b);
}

const sci_rl *sci_rl_with_soft(const sci_rl *rl, unsigned soft)
{
	sci_rl *copy;

	if (!rl->n || rl->soft == soft)
		return rl;
	copy = rl_alloc(rl->n);
	copy->n = rl->n;
	memcpy(copy->r, rl->r, rl->n * sizeof(sci_range));
	copy->soft = (unsigned char)soft;
	return copy;
}

/* Writes @v as sci_rl_text() spells it at @out; returns the end. */
static char *put_val(char *out, sci_val v)
{
	char digits[24];
	unsigned long long u;
	int n = 0;

	if (v == SCI_VAL_MAX)
		return memcpy(out, "max", 3), out + 3;
	if (v == SCI_VAL_MIN)
		return memcpy(out, "min", 3), out + 3;
	if (v < 0) {
		*out++ = '-';
		u = -(unsigned long long)(long long)v;
	} else {
		u = (unsigned long long)v;
	}
	do {
		digits[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	while (n)
		*out++ = digits[--n];
	return out;
}

/*
 * Every value the engine interns gets its text (the state's name): one
 * buffer, no printf - this ran for each new range of a walk.
 */
const char *sci_rl_text(const sci_rl *a)
{
	char *buf, *p;
	size_t i;

	if (sci_rl_is_empty(a))
		return "empty";
	/* a value: "-" and 20 digits; a range two and a separator */
	buf = sci_arena_alloc(a->n * 44 + 1);
	p = buf;
	for (i = 0; i < a->n; i++) {
		if (i)
			*p++ = ',';
		p = put_val(p, a->r[i].min);
		if (a->r[i].min != a->r[i].max) {
			*p++ = '-';
			p = put_val(p, a->r[i].max);
		}
	}
	*p = '\0';
	return buf;
}

static int parse_val(const char **p, sci_val *out)
{
	char *end;

	if (strncmp(*p, "max", 3) == 0) {
		*out = SCI_VAL_MAX;
		*p += 3;
		return 1;
	}
	if (strncmp(*p, "min", 3) == 0) {
		*out = SCI_VAL_MIN;
		*p += 3;
		return 1;
	}
	errno = 0;
	if (**p == '-')
		*out = strtoll(*p, &end, 0);
	else
		*out = strtoull(*p, &end, 0);
	if (end == *p || errno == ERANGE)
		return 0;
	*p = end;
	return 1;
}

const sci_rl *sci_rl_parse(const char *s)
{
	const sci_rl *rl = sci_rl_range(1, 0);

	if (strcmp(s, "empty") == 0)
		return rl;
	for (;;) {
		sci_val lo, hi;

		if (!parse_val(&s, &lo))
			return NULL;
		hi = lo;
		if (*s == '-' && s[1] != '\0') {
			s++;
			if (!parse_val(&s, &hi) || hi < lo)
				return NULL;
		}
		rl = sci_rl_union(rl, sci_rl_range(lo, hi));
		if (*s == '\0')
			return rl;
		if (*s++ != ',')
			return NULL;
	}
}
