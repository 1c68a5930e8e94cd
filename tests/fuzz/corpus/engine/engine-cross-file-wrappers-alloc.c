/*
 * A project's own allocator and free wrappers, in a file of their own:
 * their callers in other files know them from their summaries, with no
 * profile (redis's zmalloc/zfree, git's xmalloc).
 */
/* expect-none */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

/* never NULL: it dies instead */
void *my_alloc(size_t n)
{
	void *p = malloc(n);

	if (!p) {
		fputs("out of memory\n", stderr);
		exit(1);
	}
	return p;
}

/* passes malloc()'s result on unchecked: may be NULL */
void *try_alloc(size_t n)
{
	return malloc(n);
}

void my_free(void *p)
{
	free(p);
}
