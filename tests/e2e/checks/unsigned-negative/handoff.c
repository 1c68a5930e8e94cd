/*
 * unsigned-negative and impossible-condition: an impossible `unsigned < 0`
 * whose value is no call's negative result stays impossible-condition's;
 * one that is (bad.c) is reported once, by unsigned-negative.
 */
#include <stddef.h>
#include <sys/socket.h>
#include <unistd.h>

static int count(const char *p)
{
	return p ? 3 : 0;	/* never negative */
}

/* reassigned since: no longer the call's result */
int reassigned(int fd, char *buf)
{
	size_t n = read(fd, buf, 4);

	n = 0;
	if (n < 0)	/* expect-warning: impossible-condition "'n < 0' is always false" */
		return -1;
	return 0;
}

/* a callee that never returns a negative value: impossible-condition's */
int never_negative(const char *p)
{
	unsigned int c = count(p);

	if (c < 0)	/* expect-warning: impossible-condition "'c < 0' is always false" */
		return 1;
	return 0;
}


/*
 * A wrapper passing on a library call's result has a summary of every
 * int (the library's -1 is not kept apart from the rest): the claim
 * "returns negative values" is not made, and the line stays
 * impossible-condition's.
 */
static int wrap_accept(int s)
{
	int fd = accept(s, 0, 0);

	if (fd == -1)
		return -1;
	return fd;
}

int through_wrapper(int s)
{
	unsigned int fd;

	/* known-fn: unsigned-negative the wrapper's summary is every int: -1 merges into the unknown range */
	if ((fd = wrap_accept(s)) < 0)	/* expect-warning: impossible-condition "always false" */
		return -1;
	return (int)fd;
}
