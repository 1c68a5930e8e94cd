/*
 * Helpers that dereference their parameters, and one that checks first.
 * bad.c passes them blocks fresh from malloc(): reading a member of one
 * reads memory no path wrote (uninitialized, in the callee).
 */
#include <stddef.h>
#include <stdlib.h>

struct conf { int verbose; const char *name; };

int conf_verbose(const struct conf *c)
{
	return c->verbose;	/* expect-error: uninitialized "'c->verbose' is used uninitialized: its callers pass 'malloc(...)', which no path writes before this read" */
}

int name_len(const char *s)
{
	int n = 0;

	while (s[n])
		n++;
	return n;
}

/* a NULL conf means the defaults */
int conf_verbose_or_default(const struct conf *c)
{
	if (!c)
		return 0;
	return c->verbose;
}

/* reads the conf, then frees it: both are facts of its summary */
void conf_release(struct conf *c)
{
	if (c->verbose)	/* expect-error: uninitialized "'c->verbose' is used uninitialized: its callers pass 'malloc(...)', which no path writes before this read" */
		c->verbose = 0;
	free(c);
}
