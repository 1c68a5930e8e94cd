/* alloc-overflow: allocation sizes that are products which can wrap. */
#include <stdio.h>
#include <stdlib.h>

char *grid(FILE *f)
{
	int rows, cols;

	if (fscanf(f, "%d %d", &rows, &cols) != 2 || rows <= 0 || cols <= 0 ||
	    cols > 4096)
		return NULL;
	/* rows has no upper bound: tainted-size says so too */
	return malloc(rows * cols);	/* expect-error: alloc-overflow "allocation size 'rows * cols' can wrap: 2147483647 * 4096 does not fit in 32 bits, so malloc() returns a smaller block" */ /* expect-warning: tainted-size "untrusted size 'rows' reaches malloc() with no upper bound check" */
}

unsigned *table(FILE *f)
{
	unsigned n;

	if (fscanf(f, "%u", &n) != 1 || n > 100000000)
		return NULL;
	return malloc(n * 64u);	/* expect-error: alloc-overflow "allocation size 'n * 64' can wrap: 100000000 * 64 does not fit in 32 bits, so malloc() returns a smaller block" */
}
