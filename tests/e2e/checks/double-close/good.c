/* expect-none */
/* double-close: closes that must stay silent. */
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

/* a new value after the first close */
void reset(FILE *f)
{
	fclose(f);
	f = NULL;
	if (f)
		fclose(f);
}

/* closed on one branch only, the other closes it once */
int either(const char *path, int quick)
{
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -1;
	if (quick) {
		close(fd);
		return 0;
	}
	return close(fd);
}

/* -1 after the close: the second one is skipped */
void guarded(int fd)
{
	close(fd);
	fd = -1;
	if (fd >= 0)
		close(fd);
}

/* reopened between the two closes */
int reopen(const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	fclose(f);
	f = fopen(path, "a");
	if (!f)
		return -1;
	return fclose(f);
}

/* the same flag decides both: implied states keep the paths apart */
void flagged(FILE *f, int owned)
{
	if (owned)
		fclose(f);
	fputs("done\n", stderr);
	if (!owned)
		fclose(f);
}

/* a loop: each round closes the descriptor it opened */
void each(const char *const *paths, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		int fd = open(paths[i], O_RDONLY);

		if (fd < 0)
			continue;
		close(fd);
	}
}

/* a helper that closes only on some paths, or something else */
static void maybe_close(FILE *f, int done)
{
	if (done)
		fclose(f);
}

static void log_to(FILE *f)
{
	fputs("x\n", f);
}

void helpers(const char *path, int done)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return;
	log_to(f);
	maybe_close(f, done);
	if (!done)
		fclose(f);
}
