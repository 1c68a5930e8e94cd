/* use-after-close: a closed stream or descriptor used again. */
#include <dirent.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

void log_twice(FILE *log, const char *msg)
{
	fprintf(log, "%s\n", msg);
	fclose(log);
	fprintf(log, "done\n");	/* expect-error: use-after-close "'log' is used after it was closed: fprintf() gets a closed stream" */
}

/* the error path closes it, then falls through to the write */
int save(const char *path, const char *data, size_t n)
{
	int fd = open(path, O_WRONLY | O_CREAT, 0644);

	if (fd < 0)
		return -1;
	if (n == 0) {
		close(fd);
	} else {
		ssize_t w = write(fd, data, n);

		close(fd);
		return (int)w;
	}
	return (int)write(fd, "", 0);	/* expect-error: use-after-close "'fd' is used after it was closed: write() gets a closed descriptor" */
}

int first_entry(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;

	if (!d)
		return -1;
	closedir(d);
	e = readdir(d);	/* expect-error: use-after-close "'d' is used after it was closed: readdir() gets a closed stream" */
	return e != NULL;
}

/* closed by a function of the project, then written */
static void finish(FILE *out)
{
	fflush(out);
	fclose(out);
}

void written_after_finish(FILE *out)
{
	finish(out);
	fputs("late\n", out);	/* expect-error: use-after-close "'out' is used after it was closed" */
}
