/* expect-none */
/*
 * Functions that open something and hand it to their caller: every path
 * returns what fopen(), open() or socket() gave, or the failure value
 * (summary "opened").  open_or_stdin() may return stdin, which is not
 * the caller's to close, and log_fd() keeps its descriptor: neither is an
 * opener.
 */
#include <fcntl.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

static int g_log = -1;
int g_shared = -1;

FILE *open_config(const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return NULL;
	return f;
}

FILE *open_in_dir(const char *dir, const char *name)
{
	char path[256];

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
		return NULL;
	return open_config(path);
}

int open_ro(const char *path)
{
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	return fd;
}

int tcp_socket(void)
{
	return socket(AF_INET, SOCK_STREAM, 0);
}

FILE *open_or_stdin(const char *path)
{
	if (!path)
		return stdin;
	return fopen(path, "r");
}

int log_fd(const char *path)
{
	if (g_log < 0)
		g_log = open(path, O_WRONLY | O_APPEND);
	return g_log;
}

int open_shared(const char *path)
{
	g_shared = open(path, O_RDWR);
	return g_shared;
}
