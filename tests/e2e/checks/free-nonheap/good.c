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

/* a cursor moves; the block is freed through its own pointer */
void search_with_cursor(const char *s)
{
	char *data = malloc(100), *p;

	if (!data)
		return;
	strcpy(data, s);
	for (p = data; *p != '\0'; p++)
		if (*p == 'S')
			break;
	free(data);
}

/* stepped and stepped back */
void stepped_back(void)
{
	char *p = malloc(16);

	if (!p)
		return;
	p += 4;
	p -= 4;
	free(p);
}

/* a static sink frees what its callers' pointers point to: heap blocks */
static void release_slot(char **slot)
{
	free(*slot);
	*slot = NULL;
}

void release_names(size_t n)
{
	char *a = malloc(n), *b = strdup("b");

	release_slot(&a);
	release_slot(&b);
}
