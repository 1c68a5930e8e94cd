/* memory-leak: p = realloc(p, n) is not an overwrite of p (only
 * realloc-leak reports it). */
#include <stdlib.h>

int realloc_in_place(size_t n)
{
	char *p = malloc(n);

	if (!p)
		return -1;
	/* not an overwrite for memory-leak: realloc takes p; realloc-leak's pattern */
	p = realloc(p, 2 * n);	/* expect-warning: realloc-leak "'p' = realloc('p', ...): if realloc() fails, the block 'p' pointed to is lost" */
	free(p);
	return 0;
}

