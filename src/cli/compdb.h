/*
 * compdb.h - reading a JSON compilation database (compile_commands.json).
 *
 * Each entry has "directory", "file", and either "arguments" (an array of
 * strings) or "command" (one string, split as a POSIX shell would, without
 * expansions).  This module only reads and normalizes; which flags are
 * kept for sparse is flags.h's business.
 */
#ifndef SCI_CLI_COMPDB_H
#define SCI_CLI_COMPDB_H

#include <stddef.h>
#include "cli/strv.h"

typedef struct {
	char *directory;	/* absolute and normalized */
	char *file;		/* absolute: "file" resolved against directory */
	char **args;		/* NULL-terminated; args[0] is the compiler */
	size_t nargs;
	/*
	 * Why the entry cannot be analyzed although the database is fine,
	 * or NULL.  Today: a string holding a NUL byte (JSON allows
	 * \u0000; no path or argument can hold one).  @file then shows the
	 * NUL as "\0" so the entry can still be named.
	 */
	char *invalid;
} sci_compdb_entry;

typedef struct {
	char *path;		/* the JSON file the entries came from */
	sci_compdb_entry *entries;
	size_t n;
} sci_compdb;

/**
 * Loads @path, a compile_commands.json file or a directory holding one (as
 * clang-tidy's -p does).
 *
 * Returns 0; SCI_ENOTFOUND if it cannot be opened; SCI_EJSON if it is not
 * JSON; SCI_EINVALID if it is not an array of valid entries.  An entry
 * that is well formed but cannot name a real file or argument is kept,
 * with ->invalid set, so that it fails alone.  The message
 * (sci_error_last) names the file and, for bad entries, the entry.
 * *out: owned (sci_compdb_free), NULL on failure.  An empty array is not
 * an error here.
 */
int sci_compdb_load(sci_compdb **out, const char *path);

/**
 * Parses the JSON @text; @source names it in messages; a relative
 * "directory" is taken relative to @base_dir (absolute), the directory that
 * holds the database.  Same results as sci_compdb_load().
 */
int sci_compdb_parse(sci_compdb **out, const char *text, const char *source,
		     const char *base_dir);

void sci_compdb_free(sci_compdb *db);

/**
 * Splits a shell command line into words, honoring single quotes, double
 * quotes (inside which a backslash escapes only $ ` " \ and newline) and
 * backslashes outside quotes; backslash-newline is removed.  No expansions.
 * Appends the words to @out.
 *
 * Returns 0, or SCI_EINVALID for an unterminated quote (@out then holds
 * the words before it).
 */
int sci_compdb_split_command(sci_strv *out, const char *command);

#endif
