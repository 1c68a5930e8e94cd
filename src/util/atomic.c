/*
 * atomic.c - output files that are replaced atomically, or written in
 * place when they are not files (contract in atomic.h).
 *
 * The kind of target is decided once, at open time, from lstat()/stat():
 * renaming over a FIFO or a device would replace the node itself (as root,
 * `--sarif /dev/full` used to turn /dev/full into a regular file), and
 * renaming over a symlink would replace the link instead of the file the
 * user pointed it at.
 */
#include "util/atomic.h"
#include "util/alloc.h"
#include "util/error.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Linux's own limit on links followed while resolving one path. */
#define MAX_LINK_HOPS 40
/* A temporary file is written in well under this; older ones whose
 * writer is gone were left by a killed run. */
#define STALE_SECONDS 60

struct sci_atomic_file {
	char *path;	/* as given, for messages */
	char *target;	/* the final target, links resolved */
	char *tmp;	/* the temporary file, or NULL when writing directly */
	FILE *f;
	int is_stdout;
};

static int io_error(const char *path, int e)
{
	return sci_error_set(SCI_EIO, "cannot write '%s': %s", path,
			     strerror(e ? e : EIO));
}

/* The directory part of @path ("." when there is none).  Owned. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir;

	if (!slash)
		return sci_strdup(".");
	if (slash == path)
		return sci_strdup("/");
	dir = sci_malloc((size_t)(slash - path) + 1);
	memcpy(dir, path, (size_t)(slash - path));
	dir[slash - path] = '\0';
	return dir;
}

/* The text of the symlink @path; @hint is its lstat size (0 in /proc). */
static char *read_link_dup(const char *path, size_t hint)
{
	size_t cap = hint + 1 > 64 ? hint + 1 : 64;

	for (;;) {
		char *buf = sci_malloc(cap);
		ssize_t n = readlink(path, buf, cap);

		if (n < 0) {
			free(buf);
			return NULL;
		}
		if ((size_t)n < cap) {
			buf[n] = '\0';
			return buf;
		}
		free(buf);	/* maybe truncated: try a bigger buffer */
		cap *= 2;
	}
}

/*
 * Follows the symlink chain at @path to the name that is not a link.
 * *exists says whether that name exists (a dangling link's target does
 * not); *st is its lstat() when it does.  *out: owned.
 */
static int resolve(char **out, struct stat *st, int *exists, const char *path)
{
	char *cur = sci_strdup(path), *link, *dir;
	int hops;

	*out = NULL;
	for (hops = 0;; hops++) {
		if (lstat(cur, st) < 0) {
			int e = errno;

			if (e == ENOENT) {
				*exists = 0;
				*out = cur;
				return 0;
			}
			free(cur);
			return io_error(path, e);
		}
		if (!S_ISLNK(st->st_mode)) {
			*exists = 1;
			*out = cur;
			return 0;
		}
		if (hops == MAX_LINK_HOPS) {
			free(cur);
			return sci_error_set(SCI_EINVALID,
					     "cannot write '%s': too many levels of symbolic links",
					     path);
		}
		if (!(link = read_link_dup(cur, (size_t)st->st_size))) {
			int e = errno;

			free(cur);
			return io_error(path, e);
		}
		/* A relative link is relative to the directory holding it. */
		if (link[0] != '/' && strchr(cur, '/')) {
			dir = dir_of(cur);
			free(cur);
			cur = sci_printf_dup("%s/%s", dir, link);
			free(dir);
			free(link);
		} else {
			free(cur);
			cur = link;
		}
	}
}

static int open_direct(sci_atomic_file *f)
{
	/* No O_CREAT or O_TRUNC: the node exists and is not ours to
	 * recreate; a FIFO blocks here until it has a reader, as a shell
	 * redirection does. */
	int fd = open(f->target, O_WRONLY | O_NOCTTY | O_CLOEXEC);

	if (fd < 0)
		return io_error(f->path, errno);
	if (!(f->f = fdopen(fd, "w"))) {
		int e = errno;

		close(fd);
		return io_error(f->path, e);
	}
	return 0;
}

/*
 * Is @name "@base.tmp.PID.XXXXXX" of a writer that is gone?  The pid in
 * the name says who wrote it; one of this host that no longer runs, and
 * a file untouched for a minute (a shared file system may hold another
 * host's live writer with a pid that means nothing here), is left over.
 */
static int is_stale(const char *dir, const char *base, const char *name)
{
	size_t n = strlen(base);
	struct stat st;
	char *path;
	long pid;
	char *end;
	int stale;

	if (strncmp(name, base, n) != 0 || strncmp(name + n, ".tmp.", 5) != 0)
		return 0;
	pid = strtol(name + n + 5, &end, 10);
	if (end == name + n + 5 || *end != '.' || strlen(end + 1) != 6 ||
	    pid <= 0 || pid == (long)getpid() ||
	    kill((pid_t)pid, 0) == 0 || errno != ESRCH)
		return 0;
	path = sci_printf_dup("%s/%s", dir, name);
	stale = lstat(path, &st) == 0 && S_ISREG(st.st_mode) &&
		st.st_mtime + STALE_SECONDS < time(NULL);
	free(path);
	return stale;
}

/* Removes what killed runs left next to @target (best effort). */
static void remove_stale(const char *target)
{
	const char *slash = strrchr(target, '/');
	char *dir = slash ? sci_printf_dup("%.*s", (int)(slash - target),
					   target) : sci_strdup(".");
	const char *base = slash ? slash + 1 : target;
	struct dirent *e;
	DIR *d;

	if (!*dir) {
		free(dir);
		dir = sci_strdup("/");
	}
	if ((d = opendir(dir))) {
		while ((e = readdir(d))) {
			if (is_stale(dir, base, e->d_name)) {
				char *path = sci_printf_dup("%s/%s", dir,
							    e->d_name);

				unlink(path);
				free(path);
			}
		}
		closedir(d);
	}
	free(dir);
}

static int open_temporary(sci_atomic_file *f, const struct stat *st,
			  int exists)
{
	mode_t mask, mode;
	int fd;

	remove_stale(f->target);
	f->tmp = sci_printf_dup("%s.tmp.%ld.XXXXXX", f->target,
				(long)getpid());
	fd = mkstemp(f->tmp);
	if (fd < 0) {
		int e = errno;

		free(f->tmp);
		f->tmp = NULL;
		return io_error(f->path, e);
	}
	if (exists) {
		mode = st->st_mode & 07777;
	} else {
		mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	/* mkstemp() makes 0600; a report is as readable as any output. */
	fchmod(fd, mode);
	if (!(f->f = fdopen(fd, "w"))) {
		int e = errno;

		close(fd);
		return io_error(f->path, e);
	}
	return 0;
}

int sci_atomic_open(sci_atomic_file **out, const char *path)
{
	sci_atomic_file *f = sci_calloc(1, sizeof(*f));
	struct stat st;
	int exists = 0, error;

	*out = NULL;
	f->path = sci_strdup(path);
	if (strcmp(path, "-") == 0) {
		f->is_stdout = 1;
		f->f = stdout;
		*out = f;
		return 0;
	}
	if ((error = resolve(&f->target, &st, &exists, path)) < 0)
		goto done;
	if (!exists || S_ISREG(st.st_mode))
		error = open_temporary(f, &st, exists);
	else if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode))
		error = open_direct(f);
	else if (S_ISDIR(st.st_mode))
		error = sci_error_set(SCI_EINVALID,
				      "cannot write '%s': it is a directory",
				      path);
	else
		error = sci_error_set(SCI_EINVALID,
				      "cannot write '%s': not a regular file, FIFO or character device",
				      path);
done:
	if (error < 0) {
		sci_atomic_abort(f);
		return error;
	}
	*out = f;
	return 0;
}

FILE *sci_atomic_stream(sci_atomic_file *f)
{
	return f->f;
}

/* Makes a rename in the directory of @path durable; best effort. */
static int sync_dir(const char *path)
{
	char *dir = dir_of(path);
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), e = 0;

	free(dir);
	/* An unreadable directory cannot be opened for fsync(); the rename
	 * is done, so that only costs durability. */
	if (fd < 0)
		return 0;
	if (fsync(fd) < 0 && errno != EINVAL)
		e = errno;
	close(fd);
	return e;
}

int sci_atomic_commit(sci_atomic_file *f)
{
	int e = 0;

	errno = 0;
	if (fflush(f->f) == EOF)
		e = errno ? errno : EIO;
	else if (ferror(f->f))
		e = EIO;	/* an earlier write failed; its errno is gone */
	if (f->is_stdout) {
		f->f = NULL;
		goto done;
	}
	/* A FIFO or a device has nothing to sync (fsync() would fail with
	 * EINVAL); its data went out with the flush. */
	if (!e && f->tmp && fsync(fileno(f->f)) < 0)
		e = errno;
	if (fclose(f->f) == EOF && !e)
		e = errno ? errno : EIO;
	f->f = NULL;
	if (e || !f->tmp)
		goto done;
	if (rename(f->tmp, f->target) < 0) {
		e = errno;
		goto done;
	}
	free(f->tmp);
	f->tmp = NULL;
	e = sync_dir(f->target);
done:
	if (e)
		io_error(f->path, e);
	sci_atomic_abort(f);
	return e ? SCI_EIO : 0;
}

void sci_atomic_abort(sci_atomic_file *f)
{
	if (!f)
		return;
	if (f->f && !f->is_stdout)
		fclose(f->f);
	if (f->tmp) {
		unlink(f->tmp);
		free(f->tmp);
	}
	free(f->target);
	free(f->path);
	free(f);
}
