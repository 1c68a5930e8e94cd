/*
 * With unsigned-negative disabled, impossible-condition reports the line
 * it would have left to it.
 */
/* run: --disable unsigned-negative */
#include <stddef.h>
#include <unistd.h>

int read_all(int fd, char *buf, size_t len)
{
	size_t n = read(fd, buf, len);

	if (n < 0)	/* expect-warning: impossible-condition "'n < 0' is always false" */
		return -1;
	return (int)n;
}
