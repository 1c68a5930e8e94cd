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
