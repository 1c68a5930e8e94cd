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

/* a copy into an element of a local array: its read is reported */
int copied_to_array(void)
{
	int n, a[2];

	a[0] = n;
	return a[0];	/* expect-error: uninitialized "'a[0]' is used uninitialized: it holds a copy of a variable no path assigned" */
}

/* the array handed to a function nothing is known of: the pass is */
void show_numbers(int *v, int n);

void copied_to_array_shown(void)
{
	int n, a[2];

	a[0] = 1;
	a[1] = n;
	show_numbers(a, 2);	/* expect-error: uninitialized "'a[1]' is used uninitialized: it holds a copy of a variable no path assigned" */
}

/*
 * A project function the array or a global is handed to is walked with
 * the copy (sci_carry_state()): its read of it is reported there.
 */
static int first_slot(const int *v)
{
	int x = v[0];

	return x + 1;	/* expect-error: uninitialized "'x' is used uninitialized: it holds a copy of a variable no path assigned" */
}

int array_to_reader(void)
{
	int n, a[4];

	a[0] = n;
	return first_slot(a);
}

static int g_pending;

static int take_pending(void)
{
	int v = g_pending;

	return v * 2;	/* expect-error: uninitialized "'v' is used uninitialized: it holds a copy of a variable no path assigned" */
}

int global_to_reader(void)
{
	int n;

	g_pending = n;
	return take_pending();
}

/* garbage left in a global when the function returns: the copy is */
int g_last;

void leave_in_global(void)
{
	int n;

	g_last = n;	/* expect-error: uninitialized "'g_last' is assigned a copy of a variable no path assigned, and still holds it when the function returns" */
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

/* a pointer that only stands for the variable: its reads are the variable's */
int read_through_alias(void)
{
	int n;
	int *p = &n;

	return *p + 1;	/* expect-error: uninitialized "'n' is used uninitialized: no path assigns it before this read" */
}

/* stored on one branch only, then read: the value passed is used */
static int g_quiet;

static int pick_level(int v)
{
	if (g_quiet)
		v = 0;
	return v + 1;
}

int passed_to_partial_store(void)
{
	int n;

	return pick_level(n);	/* expect-error: uninitialized "'n' is used uninitialized: no path assigns it before this read" */
}

/* a copy nothing reads again: the copy itself read the garbage */
void copy_left_unread(void)
{
	int n;
	int last;

	last = n;	/* expect-error: uninitialized "'last' is assigned a copy of a variable no path assigned" */
}

/* `x += y` reads x first */
int compound_read(int step)
{
	int total;

	total += step;	/* expect-error: uninitialized "'total' is used uninitialized: no path assigns it before this read" */
	return total;
}

/* a loop that accumulates into a variable nothing set first */
int sum_loop(const int *v, int n)
{
	int sum, i;

	for (i = 0; i < n; i++)
		sum += v[i];	/* expect-error: uninitialized "'sum' is used uninitialized: the loop's first pass reads it before any path assigns it" */
	return 0;
}

/* a counter incremented in a loop, never set to 0 first */
int count_positive(const int *v, int n)
{
	int count, i;

	for (i = 0; i < n; i++)
		if (v[i] > 0)
			count++;	/* expect-error: uninitialized "'count' is used uninitialized: the loop's first pass reads it before any path assigns it" */
	return 0;
}

/* a whole struct copied while no member of it was ever set */
int copy_of_nothing(void)
{
	struct range r, copy;

	copy = r;	/* expect-error: uninitialized "'r' is used uninitialized: no path assigns it before this read" */
	return copy.lo;
}
