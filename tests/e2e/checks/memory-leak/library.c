/* memory-leak: what a library call allocates comes from the library models
 * (src/analyzer/library.models).  realpath() and getcwd() allocate only
 * when their buffer argument is NULL; given a buffer they fill it and
 * return it, and there is nothing more to free.  strdup() always
 * allocates; strcpy() and fgets() return their buffer. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int resolved_len(const char *path)
{
	char *abs = realpath(path, NULL);

	if (!abs)
		return -1;	/* NULL: nothing was allocated */
	return (int)strlen(abs);	/* expect-warning: memory-leak "memory leak of 'abs'" */
}

int resolved_freed(const char *path)
{
	char *abs = realpath(path, NULL);
	int n;

	if (!abs)
		return -1;
	n = (int)strlen(abs);
	free(abs);
	return n;
}

int resolved_into(const char *path)
{
	char buf[PATH_MAX];
	char *abs = realpath(path, buf);

	if (!abs)
		return -1;
	return (int)strlen(abs);
}

int resolved_into_param(const char *path, char *buf)
{
	char *abs = realpath(path, buf);

	return abs ? (int)strlen(abs) : -1;
}

int cwd_len(void)
{
	char *cwd = getcwd(NULL, 0);

	if (!cwd)
		return -1;
	return (int)strlen(cwd);	/* expect-warning: memory-leak "memory leak of 'cwd'" */
}

int cwd_into(void)
{
	char buf[256];
	char *cwd = getcwd(buf, sizeof(buf));

	if (!cwd)
		return -1;
	return (int)strlen(cwd);
}

/*
 * getcwd(), strcpy() and fgets() return their buffer, so freeing the
 * result frees it; but the checker does not make the result a holder of
 * the buffer's block (on_assign: a call's result "keeps nothing"), and
 * still sees the buffer leak.  Not for getcwd(): the models do not call it
 * nocapture, so the buffer escapes into it.
 */
int cwd_heap(size_t n)
{
	char *buf = malloc(n);
	char *cwd;
	int len;

	if (!buf)
		return -1;
	cwd = getcwd(buf, n);
	if (!cwd) {
		free(buf);
		return -1;
	}
	len = (int)strlen(cwd);
	free(cwd);
	return len;
}

int copy_len(const char *s)
{
	char *d = strdup(s);

	if (!d)
		return -1;
	return (int)strlen(d);	/* expect-warning: memory-leak "memory leak of 'd'" */
}

int copy_into(const char *s)
{
	char buf[64];
	char *d = strcpy(buf, s);

	return (int)strlen(d);
}

int copy_heap(const char *s)
{
	char *buf = malloc(strlen(s) + 1);
	char *d;
	int n;

	if (!buf)
		return -1;
	d = strcpy(buf, s);
	n = (int)strlen(d);
	free(d);
	return n;	/* known-fp: memory-leak "memory leak of 'buf'" the result that is the buffer is not a copy of its holder */
}

int first_line(FILE *f)
{
	char buf[128];
	char *line = fgets(buf, sizeof(buf), f);

	return line ? (int)strlen(line) : -1;
}

int first_line_heap(FILE *f, int n)
{
	char *buf = malloc(n);
	char *line;

	if (!buf)
		return -1;
	line = fgets(buf, n, f);
	if (!line) {
		free(buf);
		return -1;
	}
	free(line);
	return 0;	/* known-fp: memory-leak "memory leak of 'buf'" the result that is the buffer is not a copy of its holder */
}
