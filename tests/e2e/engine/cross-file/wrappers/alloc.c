/*
 * A project's own allocator and free wrappers, in a file of their own:
 * their callers in other files know them from their summaries, with no
 * profile (redis's zmalloc/zfree, git's xmalloc).
 */
/* expect-none */
#include <stdio.h>
#include <stdlib.h>

/* never NULL: it dies instead */
void *my_alloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		fputs("out of memory\n", stderr);
		exit(1);
	}
	return p;
}

/* passes malloc()'s result on unchecked: may be NULL */
void *try_alloc(size_t n)
{
	return malloc(n);
}

void my_free(void *p)
{
	free(p);
}
