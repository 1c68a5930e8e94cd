/* realloc-leak: the pointer passed to realloc() takes its result. */
#include <stdlib.h>

struct vec { int *items; size_t n; };

int grow(char **bufp, size_t n)
{
	char *buf = malloc(n);

	if (!buf)
		return -1;
	buf = realloc(buf, 2 * n);	/* expect-warning: realloc-leak "'buf' = realloc('buf', ...): if realloc() fails, the block 'buf' pointed to is lost" */
	if (!buf)
		return -1;
	*bufp = buf;
	return 0;
}

int push(struct vec *v, int x)
{
	v->items = reallocarray(v->items, v->n + 1, sizeof(int));	/* expect-warning: realloc-leak "'v->items' = reallocarray('v->items', ...): if reallocarray() fails, the block 'v->items' pointed to is lost" */
	if (!v->items)
		return -1;
	v->items[v->n++] = x;
	return 0;
}

/* the failure path goes on: the old block is lost there */
static char fallback[16];

char *grow_or_fallback(char *buf, size_t n)
{
	buf = realloc(buf, n);	/* expect-warning: realloc-leak "'buf' = realloc('buf', ...): if realloc() fails, the block 'buf' pointed to is lost" */
	if (!buf)
		buf = fallback;
	return buf;
}

void grow_unchecked(char **out, char *buf, size_t n)
{
	buf = realloc(buf, n);	/* expect-warning: realloc-leak "'buf' = realloc('buf', ...): if realloc() fails, the block 'buf' pointed to is lost" */
	*out = buf;
}

/* A copy made, then given another value: it keeps nothing. */
char *copy_overwritten(char *buf, size_t n)
{
	char *old = buf;

	old = NULL;
	buf = realloc(buf, n);	/* expect-warning: realloc-leak "'buf' = realloc('buf', ...): if realloc() fails, the block 'buf' pointed to is lost" */
	if (!buf)
		return old;
	return buf;
}
