/*
 * fuzz.h - what the fuzz targets share: libFuzzer's entry points, and a
 * scratch directory of the process's own for targets whose reader takes
 * a path rather than bytes.
 *
 * Every target is built twice: with -DSCI_FUZZ=ON (clang) as a libFuzzer
 * binary, and in every build as a plain program (standalone.c) that runs
 * each file named on its command line through the target once, so ctest
 * replays the seed corpus and the regression inputs under gcc and
 * ASan+UBSan too.
 */
#ifndef SCI_TESTS_FUZZ_H
#define SCI_TESTS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/**
 * Returns: the absolute path of "<scratch dir>/@name" (borrowed until the
 * next call).  The directory is made once per process under $TMPDIR (or
 * /tmp) and removed, with what is left in it, when the process exits
 * normally.
 */
const char *sci_fuzz_path(const char *name);

/** Writes @size bytes to @path (replacing it); aborts on failure. */
void sci_fuzz_write(const char *path, const uint8_t *data, size_t size);

/** Reads the whole file at @path into *out (malloc); -1 if it cannot. */
int sci_fuzz_read(const char *path, uint8_t **out, size_t *size);

/**
 * Whether an SQLite file with these first bytes belongs to the owner of
 * @app_id by util/dbfile.h's rules, which the cache and the database
 * follow: 1 if its header says SQLite with @app_id, or with application
 * id 0 and user_version @legacy_version (a format from before the mark;
 * 0: none), or if it is empty; else 0, and the owner must leave it alone.
 */
int sci_fuzz_may_own(const uint8_t *data, size_t size, unsigned long app_id,
		     unsigned long legacy_version);

/** Removes @path and SQLite's side files (-journal, -wal, -shm). */
void sci_fuzz_remove_db(const char *path);

/** Reports a broken property of the target and aborts (a finding). */
void sci_fuzz_fail(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

#endif
