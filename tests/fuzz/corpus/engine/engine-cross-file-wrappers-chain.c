/*
 * A wrapper of another file's wrapper: it is known to allocate only once
 * alloc.c's summary is known, so the first analysis of a caller does not
 * know it yet; the run settles in a second round.
 */
/* expect-none */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

void *my_alloc(size_t n);

char *dup_str(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = my_alloc(n);

	memcpy(d, s, n);
	return d;
}
