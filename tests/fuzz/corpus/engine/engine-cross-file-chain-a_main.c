/*
 * A pointer handed down a chain of functions in five files, the last of
 * which dereferences it: every link is known from its callee's summary
 * only after the run settles, one file per round.
 */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

void sink_b(int *data);

void bad(void)
{
	int *data = NULL;

	sink_b(data);	/* expect-error: null-deref "'data' is NULL when passed to sink_b()" */
}

void good(void)
{
	int value = 5;

	sink_b(&value);
}
