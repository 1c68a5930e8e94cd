/* unsigned-negative: an unsigned holding a negative error code tested < 0. */
#include <stddef.h>
#include <unistd.h>

#define EINVAL 22

static int parse(const char *p)
{
	if (!p || !*p)
		return -EINVAL;
	return p[0] - '0' >= 0 ? 1 : 0;
}

int read_all(int fd, char *buf, size_t len)
{
	size_t n = read(fd, buf, len);

	if (n < 0)	/* expect-warning: unsigned-negative "'n < 0' is always false: 'n' is unsigned and holds the result of read(), whose negative values (-1 on some path)" */
		return -1;
	return (int)n;
}

int parse_error(const char *p)
{
	unsigned int ret;

	ret = parse(p);
	if (ret < 0)	/* expect-warning: unsigned-negative "holds the result of parse(), whose negative values (-22 on some path)" */
		return 1;
	return 0;
}

int inline_assign(const char *p)
{
	unsigned int ret;

	if ((ret = parse(p)) < 0)	/* expect-warning: unsigned-negative "'(ret = parse(...)) < 0' is always false: 'ret' is unsigned and holds the result of parse()" */
		return 1;
	return (int)ret;
}

int always_true(int fd, char *buf)
{
	unsigned long n = write(fd, buf, 4);

	if (n >= 0)	/* expect-warning: unsigned-negative "'n >= 0' is always true" */
		return 0;
	return 1;
}

/* one branch stored the result: the test is still dead on that path */
int one_path(int fd, char *buf, int quick)
{
	size_t n = 0;

	if (!quick)
		n = read(fd, buf, 8);
	if (n < 0)	/* expect-warning: unsigned-negative "read()" */
		return -1;
	return 0;
}
