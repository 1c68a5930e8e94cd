/* A fatal-error helper without any attribute: its summary says it never
 * returns, so callers' paths end at it. */
/* expect-none */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

void fatal(const char *msg)
{
	fprintf(stderr, "fatal: %s\n", msg);
	exit(1);
}
