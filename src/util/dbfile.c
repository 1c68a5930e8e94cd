/*
 * dbfile.c - telling our SQLite files from everything else (dbfile.h).
 */
#include "util/dbfile.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/fs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The SQLite file header (https://sqlite.org/fileformat.html). */
#define HDR_SIZE 100
#define HDR_MAGIC "SQLite format 3"		/* and a NUL: 16 bytes */
#define HDR_WRITE_VERSION 18			/* 1: rollback journal */
#define HDR_READ_VERSION 19
#define HDR_USER_VERSION 60
#define HDR_APPLICATION_ID 68

static unsigned long be32(const unsigned char *p)
{
	return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 |
	       (unsigned long)p[2] << 8 | (unsigned long)p[3];
}

/*
 * Reads the first HDR_SIZE bytes of @file into @hdr; *n gets how many
 * there were.  Returns 0 or SCI_EIO (errno kept).
 */
static int read_header(const char *file, unsigned char hdr[HDR_SIZE],
		       size_t *n)
{
	int fd = open(file, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	ssize_t got = 0;

	*n = 0;
	if (fd < 0)
		return SCI_EIO;
	while (*n < HDR_SIZE) {
		got = read(fd, hdr + *n, HDR_SIZE - *n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		*n += (size_t)got;
	}
	close(fd);
	return got < 0 ? SCI_EIO : 0;
}

static int is_sqlite(const unsigned char *hdr, size_t n)
{
	return n == HDR_SIZE && memcmp(hdr, HDR_MAGIC, sizeof(HDR_MAGIC)) == 0;
}

int sci_dbfile_is_ours(const char *file, unsigned long app_id)
{
	unsigned char hdr[HDR_SIZE];
	size_t n;

	return read_header(file, hdr, &n) == 0 && is_sqlite(hdr, n) &&
	       be32(hdr + HDR_APPLICATION_ID) == app_id;
}

static int foreign(sci_dbfile *out, const char *what)
{
	free(out->file);
	out->file = NULL;
	out->why = sci_strdup(what);
	return out->kind = SCI_DBFILE_FOREIGN;
}

/* After a failed system call: says what failed and why (errno). */
static int unusable(sci_dbfile *out, const char *what)
{
	out->why = sci_printf_dup("%s: %s", what, strerror(errno));
	free(out->file);
	out->file = NULL;
	return out->kind = SCI_DBFILE_UNUSABLE;
}

/* classify(): nothing is there yet. */
#define ABSENT (-1)

/* Says what @path holds now (SCI_DBFILE_* or ABSENT). */
static int classify(sci_dbfile *out, const char *path, unsigned long app_id)
{
	unsigned char hdr[HDR_SIZE];
	unsigned long app;
	struct stat st;
	size_t n;

	if (lstat(path, &st) < 0) {
		if (errno != ENOENT)
			return unusable(out, "cannot read");
		out->file = sci_strdup(path);
		return out->kind = ABSENT;
	}
	if (!(out->file = realpath(path, NULL))) {
		if (S_ISLNK(st.st_mode) && errno == ENOENT)
			return foreign(out, "a dangling symbolic link");
		return unusable(out, "cannot read");
	}
	if (stat(out->file, &st) < 0)
		return unusable(out, "cannot read");
	if (S_ISDIR(st.st_mode))
		return foreign(out, "a directory");
	if (!S_ISREG(st.st_mode))
		return foreign(out, "not a regular file");
	if (st.st_size == 0)
		return out->kind = SCI_DBFILE_NEW;
	if (read_header(out->file, hdr, &n) < 0)
		return unusable(out, "cannot read");
	if (!is_sqlite(hdr, n))
		return foreign(out, "not an SQLite database");
	out->user_version = be32(hdr + HDR_USER_VERSION);
	out->rollback = hdr[HDR_WRITE_VERSION] == 1 &&
			hdr[HDR_READ_VERSION] == 1;
	app = be32(hdr + HDR_APPLICATION_ID);
	if (app == app_id)
		return out->kind = SCI_DBFILE_OURS;
	if (app == 0)
		return out->kind = SCI_DBFILE_UNMARKED;
	out->why = sci_printf_dup("an SQLite database of another application, application_id 0x%08lx",
				  app);
	free(out->file);
	out->file = NULL;
	return out->kind = SCI_DBFILE_FOREIGN;
}

/*
 * Creates @file, empty, failing if anything appeared there meanwhile.
 * Returns 0, SCI_ENOTFOUND if it now exists (look again), or SCI_EIO.
 */
static int create_file(const char *file)
{
	int fd = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);

	if (fd < 0)
		return errno == EEXIST ? SCI_ENOTFOUND : SCI_EIO;
	close(fd);
	return 0;
}

int sci_dbfile_claim(sci_dbfile *out, const char *path, unsigned long app_id)
{
	int tries, error = 0;

	memset(out, 0, sizeof(*out));
	if (sci_fs_mkdirs(path) < 0) {
		out->why = sci_strdup(sci_error_last());
		return out->kind = SCI_DBFILE_UNUSABLE;
	}
	/* A second look only if another run created the file between our
	 * look and our exclusive create. */
	for (tries = 0; tries < 2; tries++) {
		sci_dbfile_clear(out);
		if (classify(out, path, app_id) != ABSENT)
			return out->kind;
		if ((error = create_file(out->file)) != SCI_ENOTFOUND)
			break;
	}
	if (error < 0)
		return unusable(out, "cannot create");
	return out->kind = SCI_DBFILE_NEW;
}

void sci_dbfile_clear(sci_dbfile *f)
{
	free(f->file);
	free(f->why);
	memset(f, 0, sizeof(*f));
}

int sci_dbfile_renew(const char *file)
{
	static const char *const suffix[] = { "-journal", "-wal", "-shm", "" };
	size_t i;

	for (i = 0; i < sizeof(suffix) / sizeof(suffix[0]); i++) {
		char *p = sci_printf_dup("%s%s", file, suffix[i]);

		unlink(p);
		free(p);
	}
	if (create_file(file) < 0)
		return sci_error_set(SCI_EIO, "cannot create '%s': %s", file,
				     strerror(errno));
	return 0;
}
