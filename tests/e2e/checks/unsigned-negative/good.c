/* unsigned-negative: shapes that must stay silent. */
/* expect-none */
#include <stddef.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#define IS_NEG(x) ((x) < 0)
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define CLAMP0(x) ((x) < 0 ? 0 : (x))

/* the fix: a signed type */
int signed_result(int fd, char *buf, size_t len)
{
	ssize_t n = read(fd, buf, len);

	if (n < 0)
		return -1;
	return (int)n;
}

/* a cast back to the signed type is what the callee returned */
int cast_back(int fd, char *buf, size_t len)
{
	size_t n = read(fd, buf, len);

	if ((ssize_t)n < 0)
		return -1;
	if ((int)n < 0)
		return -1;
	return 0;
}

/* a generic macro compares whatever it is given */
int through_macro(int fd, char *buf)
{
	size_t n = read(fd, buf, 4);

	if (IS_NEG(n))
		return -1;
	return 0;
}

/* MIN/MAX-like macros compare whatever type they are given */
size_t through_minmax(int fd, char *buf)
{
	size_t n = read(fd, buf, 4);

	return MAX(n, 0) + CLAMP0(n);
}

/* an unsigned callee: nothing negative to lose */
int unsigned_callee(const char *p)
{
	size_t len = strlen(p);

	return len > 3;
}

/* a signed variable compared with 0 after an unsigned conversion */
int signed_var(int fd, char *buf)
{
	int r = read(fd, buf, 4);

	if (r < 0)
		return -1;
	return 0;
}
