/* What the openers of openers.c return is the caller's to close. */
#include <stdio.h>
#include <unistd.h>

FILE *open_config(const char *path);
FILE *open_in_dir(const char *dir, const char *name);
int open_ro(const char *path);
int tcp_socket(void);
FILE *open_or_stdin(const char *path);
int log_fd(const char *path);
int open_shared(const char *path);

int first_line(const char *path, char *buf, int n)
{
	FILE *f = open_config(path);

	if (!f)
		return -1;
	if (!fgets(buf, n, f))
		return -1;	/* expect-warning: resource-leak "resource leak of 'f': what open_config() opened is not closed on this path" */
	fclose(f);
	return 0;
}

int exists_in(const char *dir, const char *name)
{
	FILE *f = open_in_dir(dir, name);

	return f != NULL;	/* expect-warning: resource-leak "resource leak of 'f': what open_in_dir() opened is not closed on this path" */
}

int first_byte(const char *path)
{
	char c;
	int fd = open_ro(path);

	if (fd < 0)
		return -1;
	if (read(fd, &c, 1) != 1)
		return -1;	/* expect-warning: resource-leak "resource leak of 'fd': what open_ro() opened is not closed on this path" */
	close(fd);
	return c;
}

int listening(void)
{
	int s = tcp_socket();

	if (s < 0)
		return -1;
	return 0;	/* expect-warning: resource-leak "resource leak of 's': what tcp_socket() opened is not closed on this path" */
}

/* closed on every path, or handed on: silent */
int count_lines(const char *path)
{
	FILE *f = open_config(path);
	int c, n = 0;

	if (!f)
		return -1;
	while ((c = fgetc(f)) != EOF)
		n += c == '\n';
	fclose(f);
	return n;
}

FILE *reopen(const char *path)
{
	FILE *f = open_config(path);

	return f;
}

/* not openers: stdin may come back; the log descriptor stays open */
int peek(const char *path)
{
	FILE *f = open_or_stdin(path);

	return f ? fgetc(f) : -1;
}

void note(const char *path, const char *msg, size_t n)
{
	int fd = log_fd(path);

	if (fd >= 0)
		(void)write(fd, msg, n);
}

int shared_ready(const char *path)
{
	int fd = open_shared(path);

	return fd >= 0;
}
