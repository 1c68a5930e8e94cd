/* null-deref: realpath() and getcwd() return NULL when they fail, whether
 * they fill a buffer or allocate (src/analyzer/library.models). */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

size_t cwd_unchecked(void)
{
	char buf[256];
	char *cwd = getcwd(buf, sizeof(buf));

	return strlen(cwd);	/* expect-error: null-deref "'cwd' could be NULL when passed to strlen(): the result of getcwd() is not checked" */
}

size_t resolved_unchecked(const char *path)
{
	char *abs = realpath(path, NULL);
	size_t n = strlen(abs);	/* expect-error: null-deref "'abs' could be NULL when passed to strlen(): the result of realpath() is not checked" */

	free(abs);
	return n;
}

size_t resolved_checked(const char *path)
{
	char buf[PATH_MAX];
	char *abs = realpath(path, buf);

	return abs ? strlen(abs) : 0;
}
