/* double-close: a stream or descriptor closed on every path reaching a
 * second close. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

void twice(FILE *f)
{
	fclose(f);
	fclose(f);	/* expect-error: double-close "'f' is closed twice: fclose() closes it again" */
}

/* the classic error path: closed, then the common exit closes it again */
int copy_header(const char *path, char *buf, size_t n)
{
	FILE *in = fopen(path, "r");

	if (!in)
		return -1;
	if (fread(buf, 1, n, in) != n) {
		fclose(in);
		goto fail;
	}
	fclose(in);
	return 0;
fail:
	fclose(in);	/* expect-error: double-close "'in' is closed twice: fclose() closes it again" */
	return -1;
}

/* a descriptor, closed through a copy first */
int probe(const char *path)
{
	int fd = open(path, O_RDONLY);
	int keep;

	if (fd < 0)
		return -1;
	keep = fd;
	close(keep);
	return close(fd);	/* expect-error: double-close "'fd' is closed twice: close() closes it again" */
}

int count_entries(const char *path)
{
	DIR *d = opendir(path);
	int n = 0;

	if (!d)
		return -1;
	while (readdir(d))
		n++;
	closedir(d);
	if (n == 0)
		closedir(d);	/* expect-error: double-close "'d' is closed twice: closedir() closes it again" */
	return n;
}

/* a function of the project that closes its parameter on every path */
static void close_log(FILE *log)
{
	fputs("bye\n", log);
	fclose(log);
}

static void drop_fd(int fd)
{
	if (fd >= 0)
		close(fd);
}

void closed_by_helper(const char *path)
{
	FILE *f = fopen(path, "a");
	int fd;

	if (!f)
		return;
	close_log(f);
	fclose(f);	/* expect-error: double-close "'f' is closed twice: fclose() closes it again" */
	fd = open(path, O_RDONLY);
	drop_fd(fd);
	drop_fd(fd);	/* expect-error: double-close "'fd' is closed twice: drop_fd() closes it again" */
}
