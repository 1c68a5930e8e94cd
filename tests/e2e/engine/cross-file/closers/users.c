/* What closers.c's functions close or free is closed or freed here. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

extern char *g_cache;
extern char *g_names;
void close_log(FILE *log);
void drop_fd(int fd);
void close_if_done(FILE *f, int done);
void drop_cache(void);
void reset_names(void);

void log_closed_twice(const char *path)
{
	FILE *log = fopen(path, "a");

	if (!log)
		return;
	close_log(log);
	fclose(log);	/* expect-error: double-close "'log' is closed twice: fclose() closes it again" */
}

void fd_dropped_twice(const char *path)
{
	int fd = open(path, O_RDONLY);

	drop_fd(fd);
	drop_fd(fd);	/* expect-error: double-close "'fd' is closed twice: drop_fd() closes it again" */
}

int cache_freed_twice(void)
{
	g_cache = malloc(16);
	drop_cache();
	free(g_cache);	/* expect-error: double-free "double free of 'g_cache'" */
	return 0;
}

/* silent: closed on some paths only, or the global cleared */
void closed_when_done(const char *path, int done)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return;
	close_if_done(f, done);
	if (!done)
		fclose(f);
}

void names_reset(void)
{
	g_names = malloc(8);
	reset_names();
	free(g_names);
}

int log_handed_over(const char *path)
{
	FILE *log = fopen(path, "a");

	if (!log)
		return -1;
	close_log(log);
	return 0;
}
