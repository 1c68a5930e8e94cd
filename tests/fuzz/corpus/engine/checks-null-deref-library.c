/* null-deref: realpath() and getcwd() return NULL when they fail, whether
 * they fill a buffer or allocate (src/analyzer/library.models). */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

size_t cwd_unchecked(void)
{
	char buf[256];
	char *cwd = getcwd(buf, sizeof(buf));

	return strlen(cwd);	/* expect-error: null-deref "'cwd' could be NULL when passed to strlen(): getcwd() at line 11 is not checked" */
}

size_t resolved_unchecked(const char *path)
{
	char *abs = realpath(path, NULL);
	size_t n = strlen(abs);	/* expect-error: null-deref "'abs' could be NULL when passed to strlen(): realpath() at line 18 is not checked" */

	free(abs);
	return n;
}

size_t resolved_checked(const char *path)
{
	char buf[PATH_MAX];
	char *abs = realpath(path, buf);

	return abs ? strlen(abs) : 0;
}
