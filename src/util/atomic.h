/*
 * atomic.h - files written atomically: write to a temporary file in the
 * same directory, then rename() it over the target, so readers (and a
 * crashed run) never see a half-written report or baseline.
 */
#ifndef SCI_UTIL_ATOMIC_H
#define SCI_UTIL_ATOMIC_H

#include <stdio.h>

typedef struct sci_atomic_file sci_atomic_file;

/** Opens a temporary file next to @path.  Returns 0 or SCI_EIO. */
int sci_atomic_open(sci_atomic_file **out, const char *path);
/** The stream to write to.  Borrowed from @f. */
FILE *sci_atomic_stream(sci_atomic_file *f);
/**
 * Flushes, syncs and renames the temporary file over the target, then
 * frees @f (also on failure).  Returns 0 or SCI_EIO.
 */
int sci_atomic_commit(sci_atomic_file *f);
/** Removes the temporary file and frees @f; NULL is fine. */
void sci_atomic_abort(sci_atomic_file *f);

#endif
