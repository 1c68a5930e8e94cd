/* uninitialized: reads that no path assigned first. */
#include <stdio.h>

struct range { int lo, hi; struct { int step; } in; };

int sum(void)
{
	int total;

	return total + 1;	/* expect-error: uninitialized "'total' is used uninitialized: no path assigns it before this read" */
}

int first(void)
{
	int *p;

	return *p;	/* expect-error: uninitialized "'p' is used uninitialized: no path assigns it before this read" */
}

void show(void)
{
	int v;

	printf("%d\n", v);	/* expect-error: uninitialized "'v' is used uninitialized: no path assigns it before this read" */
}

/* one member set, another read */
int width(void)
{
	struct range r;

	r.lo = 1;
	return r.hi - r.lo;	/* expect-error: uninitialized "'r.hi' is used uninitialized: no path assigns it before this read" */
}

/* the only path that reaches the read never computed the value */
int status(int fail)
{
	int ret;

	if (fail)
		return -1;
	return ret;	/* expect-error: uninitialized "'ret' is used uninitialized: no path assigns it before this read" */
}

int count(void)
{
	int n;

	n++;	/* expect-error: uninitialized "'n' is used uninitialized: no path assigns it before this read" */
	return n;
}

/* a nested member: the containing member was never written */
int stride(void)
{
	struct range r;

	r.lo = 0;
	return r.in.step;	/* expect-error: uninitialized "'r.in.step' is used uninitialized: no path assigns it before this read" */
}

/* the copy holds the garbage: its read is the one reported */
int copied_then_used(void)
{
	int n;
	int copy = n;
	int again;

	again = copy;
	return again;	/* expect-error: uninitialized "'again' is used uninitialized: it holds a copy of a variable no path assigned" */
}

static void print_count(int count)
{
	printf("%d\n", count);
}

/* the callee reads the value it is given */
void passed_and_read(void)
{
	int count;

	print_count(count);	/* expect-error: uninitialized "'count' is used uninitialized: no path assigns it before this read" */
}

static void print_five(int count)
{
	count = 5;
	printf("%d\n", count);
}

/* a helper that hands it on to one that reads it uses it */
static void relay_count(int count, int twice)
{
	print_count(count);
	if (twice)
		print_five(count);
}

void passed_along_and_read(void)
{
	int count;

	relay_count(count, 1);	/* expect-error: uninitialized "'count' is used uninitialized: no path assigns it before this read" */
}

/* a copy into something that is not a local scalar is a use */
int copied_to_array(void)
{
	int n, a[2];

	a[0] = n;	/* expect-error: uninitialized "'n' is used uninitialized" */
	return a[0];
}

/*
 * A helper that only returns its parameter hands the garbage back: the
 * read of the result is reported, not the call.  A helper that tests
 * its parameter reads it at the call.
 */
static int hand_back(int v)
{
	return v;
}

static int tests_it(int v)
{
	if (v > 0)
		return v;
	return 0;
}

int relayed_then_read(void)
{
	int data;

	data = hand_back(data);
	return data * 2;	/* expect-error: uninitialized "'data' is used uninitialized: it holds a copy of a variable no path assigned" */
}

int relayed_into_a_call(void)
{
	int data;

	printf("%d\n", hand_back(data));	/* expect-error: uninitialized "'data' is used uninitialized: no path assigns it before this read" */
	return tests_it(data);
}

int tested_by_callee(void)
{
	int data;

	return tests_it(data);	/* expect-error: uninitialized "'data' is used uninitialized: no path assigns it before this read" */
}

/* garbage copied into a member: the member's read is reported */
struct pair { int first; int second; };

int member_copy_read(void)
{
	int data;
	struct pair p;

	p.first = data;
	return p.first + 1;	/* expect-error: uninitialized "'p.first' is used uninitialized: it holds a copy of a variable no path assigned" */
}

/* through a union whose members are one place, into a local */
int union_copy(void)
{
	int data;
	union { int one; int two; } u;

	u.one = data;
	{
		int v = u.two;

		return v;	/* expect-error: uninitialized "'v' is used uninitialized: it holds a copy of a variable no path assigned" */
	}
}

/* the struct passed by value carries the garbage to the callee */
void take_pair(struct pair p);

void member_copy_passed(void)
{
	int data;
	struct pair p;

	p.first = data;
	p.second = 1;
	take_pair(p);	/* expect-error: uninitialized "'p.first' is used uninitialized: it holds a copy of a variable no path assigned" */
}
