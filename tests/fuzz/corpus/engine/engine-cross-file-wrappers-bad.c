/* Leaks and unchecked results that cross files. */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

void *my_alloc(size_t n);
void *try_alloc(size_t n);
void my_free(void *p);
char *dup_str(const char *s);
struct node;
size_t measure(const struct node *n);

int leak_on_error(int fail)
{
	char *buf = my_alloc(64);

	if (fail)
		return -1;	/* expect-warning: memory-leak "memory leak of 'buf'" */
	my_free(buf);
	return 0;
}

int leak_through_chain(const char *s)
{
	char *copy = dup_str(s);

	if (!*copy)
		return 0;	/* expect-warning: memory-leak "memory leak of 'copy'" */
	my_free(copy);
	return 1;
}

int unchecked(void)
{
	int *v = try_alloc(sizeof(*v));

	*v = 1;		/* expect-error: null-deref "try_alloc() at line 33 is not checked" */
	my_free(v);
	return 0;
}

size_t read_only(void)
{
	struct node *n = my_alloc(16);

	return measure(n);	/* expect-warning: memory-leak "memory leak of 'n'" */
}
