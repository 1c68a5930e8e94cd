/* expect-none */
/* free-nonheap: releases of memory that allocators returned. */
#include <stdlib.h>
#include <string.h>

struct rec { char name[16]; int *ids; };

/* the small-buffer optimization done right */
void small_buffer(size_t n)
{
	char buf[64], *p = buf;

	if (n > sizeof(buf))
		p = malloc(n);
	if (p != buf)
		free(p);
}

void member(struct rec *r)
{
	free(r->ids);
}

/* moved, then moved back to the start */
void walk(void)
{
	char *p = malloc(16);

	if (!p)
		return;
	memset(p, 0, 16);
	p += 4;
	*p = 'x';
	free(p - 4);
}

void from_table(char **v)
{
	char *p = v[0];

	free(p);
}

/* a pointer that is either a block or NULL */
void maybe(int c)
{
	char *p = NULL;

	if (c)
		p = strdup("x");
	free(p);
}
