/* expect-none */
/*
 * Functions that close their parameter, or free a global, on every path
 * that returns (summary "closes", "free_globals"); and ones that do it on
 * some paths only, or clear the global after, which are not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

char *g_cache;
char *g_names;

void close_log(FILE *log)
{
	fputs("bye\n", log);
	fclose(log);
}

void drop_fd(int fd)
{
	if (fd >= 0)
		close(fd);
}

void close_if_done(FILE *f, int done)
{
	if (done)
		fclose(f);
}

void drop_cache(void)
{
	if (g_cache)
		free(g_cache);
}

void reset_names(void)
{
	free(g_names);
	g_names = NULL;
}
