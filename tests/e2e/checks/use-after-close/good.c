/* expect-none */
/* use-after-close: uses that must stay silent. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

/* reopened before the next use */
int append_twice(const char *path)
{
	FILE *f = fopen(path, "a");

	if (!f)
		return -1;
	fputs("one\n", f);
	fclose(f);
	f = fopen(path, "a");
	if (!f)
		return -1;
	fputs("two\n", f);
	return fclose(f);
}

/* only the number of a closed descriptor is printed */
void report(int fd)
{
	close(fd);
	printf("closed %d\n", fd);
}

/* closed on one path only: the other path writes to an open one */
int maybe_close(int fd, int done)
{
	if (done)
		close(fd);
	if (!done)
		return (int)write(fd, "x", 1);
	return 0;
}

/* a failed open leaves NULL: the error path prints to stderr */
int read_first(const char *path, char *buf, int n)
{
	FILE *f = fopen(path, "r");

	if (!f) {
		fputs("cannot open\n", stderr);
		return -1;
	}
	if (!fgets(buf, n, f)) {
		fclose(f);
		return -1;
	}
	return fclose(f);
}
