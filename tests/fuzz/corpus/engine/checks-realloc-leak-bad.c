/* realloc-leak: the pointer passed to realloc() takes its result. */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

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
