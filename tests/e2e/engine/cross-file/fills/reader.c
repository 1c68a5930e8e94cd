/* expect-none */
/* Functions that fill what a parameter points to with input: their
 * summaries say so ("fills"), through a chain of them too. */
#include <fcntl.h>
#include <stdlib.h>
#include <stdio.h>
#include <unistd.h>

static long read_some(int fd, char *buf, unsigned long n)
{
	return read(fd, buf, n);
}

long read_file(const char *path, char *buf, unsigned long n)
{
	int fd = open(path, O_RDONLY);
	long r;

	if (fd < 0)
		return -1;
	r = read_some(fd, buf + 0, n);
	close(fd);
	return r;
}

void get_number(int *out)
{
	if (scanf("%d", out) != 1)
		*out = 0;
}

/* writes its own data: no input */
void fill_default(char *buf, unsigned long n)
{
	snprintf(buf, n, "key=value\n");
}

/* returns input: the number on the next line of standard input */
int read_number(void)
{
	char line[32];

	if (!fgets(line, sizeof(line), stdin))
		return -1;
	return atoi(line);
}

/* returns a number of its own */
int default_number(void)
{
	char line[32];

	snprintf(line, sizeof(line), "%d", 7);
	return atoi(line);
}

/* checks the number against a limit before returning it */
unsigned read_limited(unsigned max)
{
	char line[32];
	unsigned n;

	if (!fgets(line, sizeof(line), stdin) || sscanf(line, "%u", &n) != 1 ||
	    n > max)
		exit(1);
	return n;
}

/* input on one path, a value of its own on another */
int read_cached(void)
{
	static int cached;
	char line[32];

	if (cached)
		return cached;
	if (fgets(line, sizeof(line), stdin))
		cached = atoi(line);
	return cached;
}
