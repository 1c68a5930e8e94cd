/*
 * Engine: a function's integer parameters hold what its callers pass
 * (callers.c): one walk per distinct tuple of arguments, the union past
 * four.  Where the callers are not all known (external linkage, a value
 * use, recursion) the first walk stands beside those walks.
 */
#include <stdio.h>
#include <stdlib.h>

static int twice(int n)
{
	__sci_value(n);	/* expect-note: sci-debug "value 'n' = 3" */ /* expect-note: sci-debug "value 'n' = 5" */
	return n * 2;
}

int use_twice(void)
{
	return twice(3) + twice(5);
}

/* (0, 5) and (1, 10): b is 5 only where a is 0, so no division by 0 */
static int pair(int a, int b)
{
	__sci_value(b);	/* expect-note: sci-debug "value 'b' = 5" */ /* expect-note: sci-debug "value 'b' = 10" */
	if (a)
		return 100 / (b - 5);
	return 0;
}

int use_pair(void)
{
	return pair(0, 5) + pair(1, 10);
}

static int any(int n)
{
	__sci_value(n);	/* expect-note: sci-debug "value 'n' = min-max" */ /* expect-note: sci-debug "value 'n' = 2" */
	return n;
}

int use_any(int x)
{
	return any(x) + any(2);
}

/* used as a value: called from anywhere, and with 1 from here */
static int cb(int n)
{
	__sci_value(n);	/* expect-note: sci-debug "value 'n' = min-max" */ /* expect-note: sci-debug "value 'n' = 1" */
	return n;
}

int (*hook)(int) = cb;

int use_cb(void)
{
	return cb(1);
}

/* external linkage: other TUs' callers may pass anything */
int exported(int n)
{
	__sci_value(n);	/* expect-note: sci-debug "value 'n' = min-max" */ /* expect-note: sci-debug "value 'n' = 4" */
	return n;
}

int use_exported(void)
{
	return exported(4);
}

/* outer() walked with 3 passes 4 on */
static int inner(int i)
{
	__sci_value(i);	/* expect-note: sci-debug "value 'i' = 4" */
	return i;
}

static int outer(int j)
{
	return inner(j + 1);
}

int use_outer(void)
{
	return outer(3);
}

/* five tuples: one walk with their union */
static int many(int n)
{
	__sci_value(n);	/* expect-note: sci-debug "value 'n' = 1-4,9" */
	return n;
}

int use_many(void)
{
	return many(1) + many(2) + many(3) + many(4) + many(9);
}

/* recursive: its own calls pass what the first walk knows */
static int rec(int n)
{
	__sci_value(n);	/* expect-note: sci-debug "value 'n' = min-max" */ /* expect-note: sci-debug "value 'n' = 3" */
	return n > 0 ? rec(n - 1) : 0;
}

int use_rec(void)
{
	return rec(3);
}

/* what the caller passes carries input */
static int input(int n)
{
	int buf[10] = { 0 };

	if (n >= 0)
		buf[n] = 1;	/* expect-error: tainted-index "untrusted index 'n' can be 2147483647, past the end of 'buf' (10 elements): no upper bound check" */
	return buf[0];
}

int use_input(void)
{
	char line[32];

	if (!fgets(line, sizeof(line), stdin))
		return 0;
	return input(atoi(line));
}

/* an argument with a side effect passes a value it does not hold after */
static int stepped(int n)
{
	__sci_value(n);	/* expect-note: sci-debug "value 'n' = min-max" */
	return n;
}

int use_stepped(int k)
{
	int i = 0;

	return stepped(i++) + stepped(k = 7);
}

/* called through a variable that only ever holds it: still its callers */
static int through(int n)
{
	__sci_value(n);	/* expect-note: sci-debug "value 'n' = 6" */
	return n;
}

int use_through(void)
{
	int (*fp)(int) = through;

	return (*fp)(6) + fp(6);
}

/* the variable's value goes elsewhere: anyone may call it */
static int escapes(int n)
{
	__sci_value(n);	/* expect-note: sci-debug "value 'n' = min-max" */ /* expect-note: sci-debug "value 'n' = 6" */
	return n;
}

int (*saved)(int);

int use_escapes(void)
{
	int (*fp)(int) = escapes;

	saved = fp;
	return fp(6);
}

/*
 * A local copy of a `void *` parameter is the parameter under another
 * name: the value the caller's variable holds reaches `*np`, and a check
 * of the copy checks the parameter.
 */
static int per_copy(void *arg)
{
	int *np = (int *)arg;

	__sci_value(*np);	/* expect-note: sci-debug "value '*np' = 0" */ /* expect-note: sci-debug "value '*np' = 4" */
	return 100 / *np;	/* expect-error: divide-by-zero "division by zero: '*np' is 0" */
}

int use_per_copy(void)
{
	int zero = 0, four = 4;

	return per_copy(&zero) + per_copy(&four);
}

struct slot {
	int id;
};

static int slot_id(void *arg)
{
	struct slot *s = arg;

	if (!s)
		return -1;
	__sci_value(arg);	/* expect-note: sci-debug "value 'arg' = 1-max" */
	return s->id;
}

int use_slot_id(void)
{
	return slot_id((void *)0);
}
