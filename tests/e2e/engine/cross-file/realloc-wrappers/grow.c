/* expect-none */
/*
 * A realloc() wrapper that keeps the size in a header before the block,
 * as redis's zrealloc() does: it frees its block when asked for no
 * bytes, and realloc() frees it when it succeeds, but on failure the
 * block is still the caller's.  Its summary must not say that it frees
 * its parameter, or a caller's failure path that frees the old block
 * would be a double free.  (It returns no fresh allocation: the pointer
 * is past the header.)
 */
#include <stdlib.h>

void *grow(void *ptr, size_t size)
{
	char *n;

	if (size == 0 && ptr != NULL) {
		free(ptr);
		return NULL;
	}
	n = realloc(ptr, size + sizeof(size_t));
	if (!n)
		return NULL;
	*(size_t *)n = size;
	return n + sizeof(size_t);
}
