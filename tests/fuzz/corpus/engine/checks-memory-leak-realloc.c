/* memory-leak: p = realloc(p, n) is not an overwrite of p (only
 * realloc-leak reports it). */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

int realloc_in_place(size_t n)
{
	char *p = malloc(n);

	if (!p)
		return -1;
	/* not an overwrite for memory-leak: realloc takes p; realloc-leak's pattern */
	p = realloc(p, 2 * n);	/* expect-warning: realloc-leak "'p' = realloc('p', ...): if realloc() fails, the block 'p' pointed to is lost" */
	free(p);
	return 0;
}

