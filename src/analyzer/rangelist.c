/*
 * rangelist.c - range lists: sorted, disjoint, non-adjacent [min, max]
 * pairs of 64-bit values.  Pointers use 0 for NULL and 1..max for valid
 * addresses.  Arena memory; a range list is never modified once built.
 *
 * Values are kept as signed 64-bit: unsigned 64-bit types and pointers are
 * clipped to 0..LLONG_MAX (a documented approximation of this first model).
 */
#include "analyzer/engine_int.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sci_rl *rl_alloc(size_t n)
{
	sci_rl *rl = sci_arena_alloc(sizeof(*rl) + n * sizeof(sci_range));

	rl->n = 0;
	return rl;
}

/* Appends [min, max] to a list being built in order, joining neighbours. */
static void push(sci_rl *rl, long long min, long long max)
{
	sci_range *last;

	if (rl->n) {
		last = &rl->r[rl->n - 1];
		if (last->max == LLONG_MAX || min <= last->max + 1) {
			if (max > last->max)
				last->max = max;
			return;
		}
	}
	rl->r[rl->n].min = min;
	rl->r[rl->n].max = max;
	rl->n++;
}

const sci_rl *sci_rl_range(long long min, long long max)
{
	sci_rl *rl = rl_alloc(1);

	if (min <= max)
		push(rl, min, max);
	return rl;
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
	return rl;
}

const sci_rl *sci_rl_intersect(const sci_rl *a, const sci_rl *b)
{
	sci_rl *rl = rl_alloc(a->n + b->n);
	size_t i = 0, j = 0;

	while (i < a->n && j < b->n) {
		long long lo = a->r[i].min > b->r[j].min ? a->r[i].min : b->r[j].min;
		long long hi = a->r[i].max < b->r[j].max ? a->r[i].max : b->r[j].max;

		if (lo <= hi)
			push(rl, lo, hi);
		if (a->r[i].max < b->r[j].max)
			i++;
		else
			j++;
	}
	return rl;
}

const sci_rl *sci_rl_minus(const sci_rl *a, const sci_rl *b)
{
	sci_rl *rl = rl_alloc(a->n + b->n + 1);
	size_t i, j = 0;

	for (i = 0; i < a->n; i++) {
		long long lo = a->r[i].min, hi = a->r[i].max;
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
	return rl;
}

int sci_rl_is_empty(const sci_rl *a)
{
	return !a || a->n == 0;
}

int sci_rl_single(const sci_rl *a, long long *out)
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

static const char *val_text(long long v)
{
	if (v == LLONG_MAX)
		return "max";
	if (v == LLONG_MIN)
		return "min";
	return sci_arena_printf("%lld", v);
}

const char *sci_rl_text(const sci_rl *a)
{
	const char *s = "";
	size_t i;

	if (sci_rl_is_empty(a))
		return "empty";
	for (i = 0; i < a->n; i++) {
		const char *lo = val_text(a->r[i].min);

		if (a->r[i].min == a->r[i].max)
			s = sci_arena_printf("%s%s%s", s, i ? "," : "", lo);
		else
			s = sci_arena_printf("%s%s%s-%s", s, i ? "," : "", lo,
					     val_text(a->r[i].max));
	}
	return s;
}

static int parse_val(const char **p, long long *out)
{
	char *end;

	if (strncmp(*p, "max", 3) == 0) {
		*out = LLONG_MAX;
		*p += 3;
		return 1;
	}
	if (strncmp(*p, "min", 3) == 0) {
		*out = LLONG_MIN;
		*p += 3;
		return 1;
	}
	*out = strtoll(*p, &end, 0);
	if (end == *p)
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
		long long lo, hi;

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
