/*
 * realpath.c - realpath(3) for the files a TU opened, cached per directory.
 *
 * Why: a TU of git opens about 150 files; the frontend resolves each twice
 * (is it the project's? which inputs did the TU read?), and realpath()
 * calls readlink() on every component of every path: about 1 400 failing
 * readlink() calls per analysis, each a trap into the kernel (and on a
 * virtual machine into the hypervisor).  The files of a TU live in a
 * handful of directories: resolve each directory once, then only ask
 * whether the last component is a symbolic link.
 */
#include "analyzer/engine_int.h"
#include "util/alloc.h"
#include "util/strmap.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct {
	char *path;	/* as asked */
	char *real;	/* realpath(), or NULL when it failed */
	int reg;	/* it is a regular file (after links) */
} resolved;

static resolved *dirs, *files;
static size_t ndirs, nfiles;
/* files by path (a TU asks about 400 times) */
static sci_strmap file_index;

static const resolved *find(const resolved *v, size_t n, const char *path)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(v[i].path, path) == 0)
			return &v[i];
	return NULL;
}

static const resolved *add(resolved **v, size_t *n, const char *path,
			   char *real)
{
	if (!(*n & (*n + 1)))
		*v = sci_realloc(*v, (*n * 2 + 1) * sizeof(**v));
	(*v)[*n].path = sci_strdup(path);
	(*v)[*n].real = real;
	(*v)[*n].reg = 0;
	return &(*v)[(*n)++];
}

static const resolved *find_file(const char *path)
{
	size_t k;

	return sci_strmap_get(&file_index, path, &k) ? &files[k] : NULL;
}

static resolved *add_file(const char *path, char *real)
{
	add(&files, &nfiles, path, real);
	sci_strmap_put(&file_index, files[nfiles - 1].path, nfiles - 1);
	return &files[nfiles - 1];
}

/* realpath(), the target's type when it is not @path itself */
static char *resolve_link(const char *path, int *reg)
{
	char *real = realpath(path, NULL);
	struct stat st;

	*reg = real && stat(real, &st) == 0 && S_ISREG(st.st_mode);
	return real;
}

/* realpath(@path); *@reg: whether it names a regular file */
static char *resolve(const char *path, int *reg)
{
	const char *slash = strrchr(path, '/');
	const char *base = slash ? slash + 1 : path;
	const resolved *d;
	struct stat st;
	char *dir;

	*reg = 0;
	if (!*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0)
		return resolve_link(path, reg);
	if (lstat(path, &st) != 0)
		return NULL;
	if (S_ISLNK(st.st_mode))
		return resolve_link(path, reg);
	*reg = S_ISREG(st.st_mode);
	if (!slash) {
		dir = sci_strdup(".");
	} else if (slash == path) {	/* "/name" */
		dir = sci_strdup("/");
	} else {
		dir = sci_strdup(path);
		dir[slash - path] = '\0';
	}
	d = find(dirs, ndirs, dir);
	if (!d)
		d = add(&dirs, &ndirs, dir, realpath(dir, NULL));
	free(dir);
	if (!d->real)
		return NULL;
	if (strcmp(d->real, "/") == 0)
		return sci_printf_dup("/%s", base);
	return sci_printf_dup("%s/%s", d->real, base);
}

static const resolved *lookup_file(const char *path)
{
	const resolved *f = find_file(path);
	resolved *n;
	char *real;
	int reg;

	if (f)
		return f;
	real = resolve(path, &reg);
	n = add_file(path, real);
	n->reg = reg;
	return n;
}

char *sci__realpath(const char *path)
{
	const resolved *f = lookup_file(path);

	return f->real ? sci_strdup(f->real) : NULL;
}

char *sci__realpath_file(const char *path)
{
	const resolved *f = lookup_file(path);

	return f->real && f->reg ? sci_strdup(f->real) : NULL;
}

static void clear(resolved **v, size_t *n)
{
	size_t i;

	for (i = 0; i < *n; i++) {
		free((*v)[i].path);
		free((*v)[i].real);
	}
	free(*v);
	*v = NULL;
	*n = 0;
}

void sci__realpath_reset(void)
{
	clear(&dirs, &ndirs);
	clear(&files, &nfiles);
	sci_strmap_clear(&file_index);
}
