/*
 * Engine: a callee's return paths (ret_paths.c).  What a path returns
 * tells the caller what that path allowed of the arguments: after
 * `it = lookup(k)`, a test of it narrows k; a test of the call itself
 * does too.
 */
#include <stddef.h>

struct item { int v; };
static struct item items[16];

static struct item *lookup(int key)
{
	if (key < 0)
		return NULL;
	if (key > 15)
		return NULL;
	return &items[key];
}

int through_a_variable(int k)
{
	struct item *it = lookup(k);

	if (!it) {
		__sci_value(k);	/* expect-note: sci-debug "value 'k' = min--1,16-max" */
		return -1;
	}
	__sci_value(k);		/* expect-note: sci-debug "value 'k' = 0-15" */
	return it->v;
}

static int get(int *out, int which)
{
	if (which == 0)
		return -1;
	*out = which;
	return 0;
}

int testing_the_call(int w)
{
	int x;

	if (get(&x, w) < 0) {
		__sci_value(w);	/* expect-note: sci-debug "value 'w' = 0" */
		return 0;
	}
	__sci_value(w);		/* expect-note: sci-debug "value 'w' = min--1,1-max" */
	return x;
}

/* a pointer parameter: NULL in, -22 out */
static int check(const char *name)
{
	if (!name)
		return -22;
	return 0;
}

int pointer_argument(const char *s)
{
	int err = check(s);

	if (err)
		return err;
	__sci_value(s);		/* expect-note: sci-debug "value 's' = 1-max" */
	return 0;
}

/* the body changes its parameter: its value at return says nothing */
static int shifted(int n)
{
	n = n - 1;
	if (n < 0)
		return -1;
	return 0;
}

int assigned_parameter(int n)
{
	if (shifted(n) < 0)
		__sci_value(n);	/* expect-note: sci-debug "value 'n' = min-max" */
	return 0;
}

/* an argument that is no variable is left alone; so is a caller's value
 * no path allows (the summary and the values disagree: trust neither) */
int no_variable(int k)
{
	struct item *it = lookup(k + 1);

	if (!it)
		return 0;
	__sci_value(k);		/* expect-note: sci-debug "value 'k' = min-max" */
	return it->v;
}

/*
 * A global the callee tests and never writes is part of its paths, one
 * per branch that assigned what it returns (the parameter handed back
 * may hold any value, so the values alone do not tell the paths apart):
 * a caller that set the global before the call keeps only the paths it
 * allows.
 */
static int g_reset;

static int maybe_reset(int v)
{
	if (g_reset)
		v = 0;
	return v;
}

int reset_chosen(int v)
{
	int r;

	g_reset = 1;
	r = maybe_reset(v);
	__sci_value(r);	/* expect-note: sci-debug "value 'r' = 0" */
	g_reset = 0;
	r = maybe_reset(v);
	__sci_value(r);	/* expect-note: sci-debug "value 'r' = min-max" */
	return r;
}

/* a global unknown at the call: every path */
int reset_unknown(int v)
{
	int r = maybe_reset(v);

	__sci_value(r);	/* expect-note: sci-debug "value 'r' = min-max" */
	return r;
}
