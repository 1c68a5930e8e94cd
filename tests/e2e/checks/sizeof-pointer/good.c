/* expect-none */
/* sizeof-pointer: arrays, pointee sizes and pointers to pointers stay silent. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

struct conf { int a, b, c, d; };

struct conf *make(void)
{
	struct conf *c = malloc(sizeof(*c));

	if (c)
		memset(c, 0, sizeof(*c));
	return c;
}

char **vector(size_t n)
{
	char **v = malloc(n * sizeof(char *));
	char **w = malloc(n * sizeof(w));

	free(w);
	return v;
}

void arrays(const char *s, int n)
{
	char buf[64];
	char name[16];

	strncpy(name, s, sizeof(name));
	snprintf(buf, sizeof(buf), "%d", n);
	puts(buf);
	puts(name);
}

void *opaque(void)
{
	void *p = malloc(sizeof(p));

	return p;
}

struct conf *by_type(void)
{
	struct conf *c = malloc(sizeof(struct conf));

	return c;
}

void copy_pointer(char **out, char *p)
{
	memcpy(out, &p, sizeof(p));
}

struct holder { char name[32]; char *text; };

void member_array(struct holder *h, const char *s)
{
	strncpy(h->name, s, sizeof(h->name));
}

int *element_type(size_t n)
{
	int *v = malloc(n * sizeof(int));
	char ***m = malloc(n * sizeof(char **));

	free(m);
	return v;
}

void copy_pointer_member(struct holder *h, char *s)
{
	memcpy(&h->text, &s, sizeof(h->text));
}
