/* sizeof-pointer: the size of a pointer where its pointee's was meant. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

struct conf { int a, b, c, d; char name[32]; };

struct conf *make(void)
{
	struct conf *c = malloc(sizeof(c));	/* expect-warning: sizeof-pointer "'sizeof(c)' is the size of the pointer, not of the memory allocated for it: 'sizeof(*c)' was probably meant" */

	if (!c)
		return NULL;
	memset(c, 0, sizeof(c));	/* expect-warning: sizeof-pointer "'sizeof(c)' is the size of the pointer, not of the buffer: 'sizeof(*c)' was probably meant" */
	return c;
}

void copy_name(char *dst, const char *s)
{
	strncpy(dst, s, sizeof(dst));	/* expect-warning: sizeof-pointer "'sizeof(dst)' is the size of the pointer, not of the buffer: for bytes, their count was probably meant" */
}

void copy_conf(struct conf *dst, const struct conf *src)
{
	memcpy(dst, src, sizeof(dst));	/* expect-warning: sizeof-pointer "'sizeof(dst)'" */
}

void array_param(char buf[64], int n)
{
	snprintf(buf, sizeof(buf), "%d", n);	/* expect-warning: sizeof-pointer "'sizeof(buf)'" */
}

struct holder { struct conf *items; };

void grow(struct holder *h, size_t n)
{
	h->items = calloc(n, sizeof(h->items));	/* expect-warning: sizeof-pointer "'sizeof(h->items)'" */
}

int *numbers(size_t n)
{
	int *v;

	v = malloc(n * sizeof v);	/* expect-warning: sizeof-pointer "'sizeof(v)'" */
	return v;
}

struct conf *by_pointer_type(void)
{
	struct conf *c = malloc(sizeof(struct conf *));	/* expect-warning: sizeof-pointer "'sizeof' of the type of 'c' itself, a pointer" */

	return c;
}

typedef struct conf *conf_ref;

conf_ref by_typedef(void)
{
	conf_ref r;

	r = calloc(1, sizeof(conf_ref));	/* expect-warning: sizeof-pointer "'sizeof' of the type of 'r' itself" */
	return r;
}
