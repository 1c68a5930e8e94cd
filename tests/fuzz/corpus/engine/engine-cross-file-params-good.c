/* expect-none */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

struct conf;
int conf_verbose(const struct conf *c);
int conf_verbose_or_default(const struct conf *c);
int name_len(const char *s);

int checked_first(struct conf *c)
{
	if (!c)
		return -1;
	return conf_verbose(c);
}

/* the callee checks for NULL itself */
int callee_checks(void)
{
	return conf_verbose_or_default(NULL);
}

int checked_alloc(void)
{
	char *s = malloc(4);
	int n;

	if (!s)
		return -1;
	s[0] = 0;
	n = name_len(s);
	free(s);
	return n;
}
