/* Engine: noreturn calls end the path. */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

void my_die(const char *msg) __attribute__((noreturn));

void after_exit(int c)
{
	if (c)
		exit(1);
	__sci_value(c);		/* expect-note: sci-debug "value 'c' = 0" */
}

void after_abort(void)
{
	abort();
	__sci_reached();	/* unreachable */
}

void after_attr(int c)
{
	if (c > 3)
		my_die("x");
	__sci_value(c);		/* expect-note: sci-debug "value 'c' = min-3" */
}

void after_unreachable(int c)
{
	if (c == 2)
		__builtin_unreachable();
	__sci_value(c);		/* expect-note: sci-debug "value 'c' = min-1,3-max" */
}

void after_assert(int c)
{
	assert(c == 4);
	__sci_value(c);		/* expect-note: sci-debug "value 'c' = 4" */
}
