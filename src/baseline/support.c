/*
 * support.c - small helpers shared inside src/baseline (see baseline_int.h).
 */
#include "baseline/baseline_int.h"
#include "util/alloc.h"
#include "util/utf8.h"
#include "util/error.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sci_baseline__read_file(char **out, size_t *len, const char *path)
{
	FILE *f = NULL;
	char *buf = NULL;
	size_t cap = 0, n = 0, got;
	int error = 0;

	*out = NULL;
	*len = 0;
	if (!(f = fopen(path, "rb"))) {
		if (errno == ENOENT)
			return SCI_ENOTFOUND;
		return sci_error_set(SCI_EIO, "cannot read '%s': %s", path,
				     strerror(errno));
	}
	do {
		if (cap - n < 4096) {
			cap = cap ? cap * 2 : 8192;
			buf = sci_realloc(buf, cap);
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0);
	if (ferror(f)) {
		error = sci_error_set(SCI_EIO, "cannot read '%s'", path);
		goto done;
	}
	if (!buf)
		buf = sci_malloc(1);
	buf[n] = '\0';
	*out = buf;
	*len = n;
	buf = NULL;
done:
	free(buf);
	fclose(f);
	return error;
}

int sci_baseline__is_utf8(const char *s)
{
	return sci_utf8_valid(s);
}

json_t *sci_baseline__json_string(const char *s)
{
	char *fixed;
	json_t *j;

	if (sci_utf8_valid(s))
		return json_string(s ? s : "");
	fixed = sci_utf8_fix_dup(s);
	j = json_string(fixed);
	free(fixed);
	return j;
}
