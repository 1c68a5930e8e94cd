/* expect-none */
/* realloc-leak: the old pointer is kept until the new one is good. */
#include <stdlib.h>

struct vec { int *items; size_t n; };
void *xrealloc(void *p, size_t n);

int grow(struct vec *v)
{
	int *tmp = realloc(v->items, (v->n + 1) * sizeof(int));

	if (!tmp)
		return -1;	/* v->items is still valid */
	v->items = tmp;
	return 0;
}

char *from_null(size_t n)
{
	char *p = NULL;

	p = realloc(p, n);	/* realloc(NULL, n) is malloc(n) */
	return p;
}

char *never_null(char *p, size_t n)
{
	p = xrealloc(p, n);
	return p;
}

#define GROW(p, n) ((p) = realloc((p), (n)))

char *in_macro(char *p, size_t n)
{
	return GROW(p, n);
}

/*
 * The failure path ends the program: nothing it lost matters (busybox's
 * xrealloc(); realloc(p, 0) frees p and may return NULL).
 */
void die_no_memory(void) __attribute__((noreturn));

void *must_realloc(void *ptr, size_t size)
{
	ptr = realloc(ptr, size);
	if (ptr == NULL && size != 0)
		die_no_memory();
	return ptr;
}

char *grow_or_exit(char *buf, size_t n)
{
	buf = realloc(buf, n);
	if (!buf)
		exit(1);
	buf[0] = 0;
	buf = realloc(buf, 2 * n);
	if (!buf)
		abort();
	return buf;
}

/*
 * The old block kept in another pointer first (git's create_delta()):
 * nothing is lost when realloc() fails, the copy frees it.
 */
char *grow_keeping_copy(char *out, size_t outsize, size_t need)
{
	while (need > outsize) {
		void *tmp = out;

		outsize = outsize * 3 / 2;
		out = realloc(out, outsize);
		if (!out) {
			free(tmp);
			return NULL;
		}
	}
	return out;
}
