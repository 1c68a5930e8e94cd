/*
 * fs.c - small file-system helpers (fs.h).
 */
#include "util/fs.h"
#include "util/alloc.h"
#include "util/error.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int sci_fs_mkdirs(const char *path)
{
	char *dir = sci_strdup(path);
	char *slash = strrchr(dir, '/');
	char *p;
	int error = 0;

	if (!slash || slash == dir)
		goto done;	/* current directory or "/" */
	*slash = '\0';
	/* Walk forward so each level exists before its child is made;
	 * EEXIST is fine at every level (another run may race us). */
	for (p = dir + 1;; p++) {
		char c = *p;

		if (c != '/' && c != '\0')
			continue;
		*p = '\0';
		if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
			error = sci_error_set(SCI_EIO,
					      "cannot create directory '%s': %s",
					      dir, strerror(errno));
			goto done;
		}
		*p = c;
		if (c == '\0')
			break;
	}
done:
	free(dir);
	return error;
}

char *sci_fs_line_dup(const char *path, unsigned line)
{
	FILE *f = path && *path ? fopen(path, "r") : NULL;
	char *buf = NULL;
	size_t cap = 0;
	unsigned n = 0;
	ssize_t len = -1;

	if (!f)
		return NULL;
	while (n < line && (len = getline(&buf, &cap, f)) >= 0)
		n++;
	fclose(f);
	if (n < line || len < 0) {
		free(buf);
		return NULL;
	}
	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\r'))
		buf[--len] = '\0';
	return buf;
}
