/* Helpers that dereference their parameters, and one that checks first. */
/* expect-none */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

struct conf { int verbose; const char *name; };

int conf_verbose(const struct conf *c)
{
	return c->verbose;
}

int name_len(const char *s)
{
	int n = 0;

	while (s[n])
		n++;
	return n;
}

/* a NULL conf means the defaults */
int conf_verbose_or_default(const struct conf *c)
{
	if (!c)
		return 0;
	return c->verbose;
}
