/*
 * atomic.h - writing an output file (a report, the baseline) without ever
 * leaving half of it behind, and without destroying what the path names.
 *
 * What happens depends on what @path names when it is opened:
 *
 *   absent, or a regular file
 *       The content goes to a temporary file in the same directory
 *       ("<target>.tmp.<pid>.XXXXXX"), which is flushed, fsync()ed and
 *       rename()d over the target; then the directory is fsync()ed so the
 *       rename itself is durable.  Readers (and a crashed run) see the old
 *       file or the new one, never a mix.  A run killed while writing
 *       leaves its temporary file; the next write of the same target
 *       removes it (its pid no longer runs here and it is a minute old).
 *       A replaced file keeps its permission bits; a new one gets
 *       0666 & ~umask, as a shell redirection would.
 *   a symbolic link (or a chain of them)
 *       The chain is resolved and the rules apply to its final target:
 *       the target file is replaced (the temporary file is written next to
 *       it, so rename() stays within one file system) and every link stays
 *       a link.  A dangling link creates its target.
 *   a FIFO or a character device (/dev/stdout, /dev/null, a pipe)
 *       Written directly: opened without O_CREAT or O_TRUNC, never
 *       renamed or removed.  Nothing can be rolled back there.
 *   "-"
 *       Standard output, written directly and never closed.
 *   a directory, a block device, a socket
 *       Refused with SCI_EINVALID.
 *
 * Every write error is reported, including those that only show up when
 * the buffer is flushed (/dev/full, a full disk): sci_atomic_commit()
 * fails with a message naming the path, and the caller must not report
 * success.
 */
#ifndef SCI_UTIL_ATOMIC_H
#define SCI_UTIL_ATOMIC_H

#include <stdio.h>

typedef struct sci_atomic_file sci_atomic_file;

/**
 * Prepares to write @path as described above.
 *
 * Returns 0; SCI_EINVALID if @path names something that cannot hold a
 * report (a directory, block device, socket, or a symlink loop); SCI_EIO
 * if the temporary file or the target cannot be opened (for example the
 * directory does not exist).  Messages name @path.
 * *out: owned (sci_atomic_commit() or sci_atomic_abort()), NULL on
 * failure.
 */
int sci_atomic_open(sci_atomic_file **out, const char *path);

/** The stream to write to.  Borrowed from @f. */
FILE *sci_atomic_stream(sci_atomic_file *f);

/**
 * Finishes the write: flushes and checks the stream, then for a
 * temporary file fsync()s it, renames it over the target and fsync()s the
 * directory.  Frees @f, also on failure (a temporary file is removed
 * then, and the target is left as it was).
 *
 * Returns 0 or SCI_EIO ("cannot write 'path': reason").
 */
int sci_atomic_commit(sci_atomic_file *f);

/**
 * Gives up: a temporary file is removed, so the target is unchanged; a
 * directly written target keeps whatever was already written to it.
 * Frees @f; NULL is fine.
 */
void sci_atomic_abort(sci_atomic_file *f);

#endif
