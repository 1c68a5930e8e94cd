/* paths.c - lexical path helpers (see paths.h). */
#include "cli/paths.h"
#include "util/alloc.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct real_entry {
	char *path, *real;
	struct real_entry *next;
} real_entry;

#define REAL_BUCKETS 4096
static real_entry *real_memo[REAL_BUCKETS];

char *sci_path_real_dup(const char *path)
{
	size_t h = 5381;
	const char *c;
	real_entry *e;
	char *real;

	for (c = path; *c; c++)
		h = h * 33 + (unsigned char)*c;
	h %= REAL_BUCKETS;
	for (e = real_memo[h]; e; e = e->next)
		if (strcmp(e->path, path) == 0)
			return sci_strdup(e->real);
	if (!(real = realpath(path, NULL)))
		return NULL;
	e = sci_malloc(sizeof(*e));
	e->path = sci_strdup(path);
	e->real = sci_strdup(real);
	e->next = real_memo[h];
	real_memo[h] = e;
	return real;
}

int sci_path_is_absolute(const char *path)
{
	return path[0] == '/';
}

char *sci_path_normalize_dup(const char *path)
{
	size_t len = strlen(path), ncomp = 0, n = 0, i;
	int abs = sci_path_is_absolute(path);
	const char **comp = sci_malloc((len / 2 + 2) * sizeof(*comp));
	size_t *clen = sci_malloc((len / 2 + 2) * sizeof(*clen));
	char *out = sci_malloc(len + 2);
	const char *p = path;

	/* a stack of components; ".." pops unless nothing can be popped */
	while (*p) {
		const char *start;
		size_t l;

		while (*p == '/')
			p++;
		start = p;
		while (*p && *p != '/')
			p++;
		l = (size_t)(p - start);
		if (l == 0 || (l == 1 && start[0] == '.'))
			continue;
		if (l == 2 && start[0] == '.' && start[1] == '.') {
			if (ncomp > 0 && !(clen[ncomp - 1] == 2 &&
					   comp[ncomp - 1][0] == '.' &&
					   comp[ncomp - 1][1] == '.')) {
				ncomp--;
				continue;
			}
			if (abs)
				continue;	/* "/.." is "/" */
		}
		comp[ncomp] = start;
		clen[ncomp++] = l;
	}
	if (abs)
		out[n++] = '/';
	for (i = 0; i < ncomp; i++) {
		if (i > 0)
			out[n++] = '/';
		memcpy(out + n, comp[i], clen[i]);
		n += clen[i];
	}
	if (n == 0)
		out[n++] = '.';
	out[n] = '\0';
	free(comp);
	free(clen);
	return out;
}

char *sci_path_join_dup(const char *base, const char *path)
{
	char *joined, *norm;

	if (!base || !*base || sci_path_is_absolute(path))
		return sci_path_normalize_dup(path);
	joined = sci_printf_dup("%s/%s", base, path);
	norm = sci_path_normalize_dup(joined);
	free(joined);
	return norm;
}

const char *sci_path_under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	if (strcmp(dir, "/") == 0)
		return path[0] == '/' && path[1] ? path + 1 : NULL;
	if (strncmp(path, dir, n) != 0 || path[n] != '/' || !path[n + 1])
		return NULL;
	return path + n + 1;
}

char *sci_path_display_dup(const char *path, const char *base_dir,
			   const char *cwd)
{
	char *abs = sci_path_join_dup(base_dir, path);
	char *real = NULL;
	const char *rel;
	char *out;

	if (cwd && (rel = sci_path_under(abs, cwd)) != NULL) {
		out = sci_strdup(rel);
	} else if (cwd && (real = sci_path_real_dup(abs)) != NULL &&
		   (rel = sci_path_under(real, cwd)) != NULL) {
		out = sci_strdup(rel);
	} else {
		out = abs;
		abs = NULL;
	}
	free(abs);
	free(real);
	return out;
}

char *sci_path_project_root_dup(const char *cwd)
{
	char *real = realpath(cwd, NULL), *dir, *git, *slash;
	struct stat st;

	if (!real)
		return sci_path_normalize_dup(cwd);
	dir = sci_strdup(real);
	for (;;) {
		git = sci_path_join_dup(dir, ".git");
		if (lstat(git, &st) == 0) {
			free(git);
			free(real);
			return dir;
		}
		free(git);
		slash = strrchr(dir, '/');
		if (!slash || slash == dir)
			break;
		*slash = '\0';
	}
	free(dir);
	return real;
}
