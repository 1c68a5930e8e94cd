/*
 * Sinks that reach the caller's variable through a local copy of a
 * `void *` parameter (Juliet's "64" variant): the copy is the parameter
 * under another name, so `*np` holds on entry what the caller's variable
 * held (engine.md, "Callers' values").
 */
#include <stdlib.h>

struct range {
	int lo, hi;
};

int ratio_of(void *arg)
{
	int *np = (int *)arg;
	int n = *np;

	return 100 / n;	/* expect-error: divide-by-zero "division by zero: 'n' is 0" */
}

int width_of(void *arg)
{
	struct range *r = arg;

	return 100 / (r->hi - r->lo);	/* expect-error: divide-by-zero "division by zero: 'r->hi - r->lo' is 0" */
}

/*
 * The copy is moved on: it stops being the parameter, and *np is not what
 * the caller's first element holds.
 */
int last_of(void *arg)
{
	int *np = arg;

	np++;
	return 100 / *np;
}
