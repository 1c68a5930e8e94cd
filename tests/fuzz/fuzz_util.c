/*
 * fuzz_util.c - the scratch directory and file helpers of fuzz.h.
 */
#include "fuzz.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char scratch[4096];
static char path_buf[4096 + 256];
static pid_t owner;

static void remove_tree(const char *dir)
{
	char sub[sizeof(path_buf)];
	struct dirent *e;
	DIR *d = opendir(dir);

	if (!d)
		return;
	while ((e = readdir(d)) != NULL) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", dir, e->d_name);
		if (unlink(sub) < 0)
			remove_tree(sub);
	}
	closedir(d);
	rmdir(dir);
}

/* Only the process that made it: forked workers exit through here too. */
static void remove_scratch(void)
{
	if (getpid() == owner)
		remove_tree(scratch);
}

const char *sci_fuzz_path(const char *name)
{
	if (!scratch[0]) {
		const char *tmp = getenv("TMPDIR");

		snprintf(scratch, sizeof(scratch), "%s/sci-fuzz-XXXXXX",
			 tmp && *tmp ? tmp : "/tmp");
		if (!mkdtemp(scratch))
			sci_fuzz_fail("cannot make a scratch directory in %s",
				      tmp && *tmp ? tmp : "/tmp");
		owner = getpid();
		atexit(remove_scratch);
	}
	snprintf(path_buf, sizeof(path_buf), "%s/%s", scratch, name);
	return path_buf;
}

void sci_fuzz_write(const char *path, const uint8_t *data, size_t size)
{
	FILE *f = fopen(path, "wb");

	if (!f || (size && fwrite(data, 1, size, f) != size) || fclose(f) != 0)
		sci_fuzz_fail("cannot write %s", path);
}

int sci_fuzz_read(const char *path, uint8_t **out, size_t *size)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t n = 0, cap = 0, r;

	*out = NULL;
	*size = 0;
	if (!f)
		return -1;
	do {
		if (n == cap) {
			cap = cap ? cap * 2 : 4096;
			buf = realloc(buf, cap);
			if (!buf)
				abort();
		}
		r = fread(buf + n, 1, cap - n, f);
		n += r;
	} while (r > 0);
	fclose(f);
	*out = buf;
	*size = n;
	return 0;
}

static unsigned long be32(const uint8_t *p)
{
	return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 |
	       (unsigned long)p[2] << 8 | (unsigned long)p[3];
}

int sci_fuzz_may_own(const uint8_t *data, size_t size, unsigned long app_id,
		     unsigned long legacy_version)
{
	unsigned long app;

	if (size == 0)
		return 1;
	if (size < 100 || memcmp(data, "SQLite format 3", 16) != 0)
		return 0;
	app = be32(data + 68);
	return app == app_id ||
	       (app == 0 && legacy_version && be32(data + 60) == legacy_version);
}

void sci_fuzz_remove_db(const char *path)
{
	static const char *const side[] = { "", "-journal", "-wal", "-shm" };
	char buf[sizeof(path_buf) + 16];
	size_t i;

	for (i = 0; i < sizeof(side) / sizeof(side[0]); i++) {
		snprintf(buf, sizeof(buf), "%s%s", path, side[i]);
		unlink(buf);
	}
}

void sci_fuzz_fail(const char *fmt, ...)
{
	va_list ap;

	fputs("sci-fuzz: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}
