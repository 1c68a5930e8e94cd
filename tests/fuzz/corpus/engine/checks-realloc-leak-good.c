/* expect-none */
/* realloc-leak: the old pointer is kept until the new one is good. */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

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
