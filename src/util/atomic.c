/* atomic.c - temporary file + rename (see atomic.h). */
#include "util/atomic.h"
#include "util/alloc.h"
#include "util/error.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct sci_atomic_file {
	char *path;
	char *tmp;
	FILE *f;
};

int sci_atomic_open(sci_atomic_file **out, const char *path)
{
	sci_atomic_file *f = sci_calloc(1, sizeof(*f));
	int fd;

	*out = NULL;
	f->path = sci_strdup(path);
	f->tmp = sci_printf_dup("%s.tmp.XXXXXX", path);
	fd = mkstemp(f->tmp);
	if (fd < 0) {
		int e = errno;

		free(f->tmp);
		f->tmp = NULL;
		sci_atomic_abort(f);
		return sci_error_set(SCI_EIO, "cannot write '%s': %s", path,
				     strerror(e));
	}
	/* mkstemp makes 0600; reports are ordinary files */
	fchmod(fd, 0644 & ~umask(umask(0)));
	f->f = fdopen(fd, "w");
	if (!f->f) {
		close(fd);
		sci_atomic_abort(f);
		return sci_error_set(SCI_EIO, "cannot write '%s'", path);
	}
	*out = f;
	return 0;
}

FILE *sci_atomic_stream(sci_atomic_file *f)
{
	return f->f;
}

int sci_atomic_commit(sci_atomic_file *f)
{
	int bad;

	bad = fflush(f->f) == EOF || ferror(f->f) || fsync(fileno(f->f)) < 0;
	bad |= fclose(f->f) == EOF;
	f->f = NULL;
	if (bad || rename(f->tmp, f->path) < 0) {
		int e = errno;

		sci_error_set(SCI_EIO, "cannot write '%s': %s", f->path,
			      strerror(e));
		sci_atomic_abort(f);
		return SCI_EIO;
	}
	free(f->tmp);
	f->tmp = NULL;
	sci_atomic_abort(f);
	return 0;
}

void sci_atomic_abort(sci_atomic_file *f)
{
	if (!f)
		return;
	if (f->f)
		fclose(f->f);
	if (f->tmp) {
		unlink(f->tmp);
		free(f->tmp);
	}
	free(f->path);
	free(f);
}
