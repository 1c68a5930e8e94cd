/* A fatal-error helper without any attribute: its summary says it never
 * returns, so callers' paths end at it. */
/* expect-none */
#include <stdio.h>
#include <stdlib.h>

void fatal(const char *msg)
{
	fprintf(stderr, "fatal: %s\n", msg);
	exit(1);
}
