/*
 * fingerprint.h - stable identities for findings.
 *
 * A fingerprint is the lowercase hex SHA-256 of this byte string:
 *
 *   field("smatch-ci-fp-v1") field(rule) field(path) field(function)
 *   field(key) field(occurrence as decimal ASCII)
 *
 * where field(s) is the length of s as a 64-bit big-endian number followed
 * by the bytes of s.  The length prefixes make the encoding unambiguous;
 * the version tag lets a future format coexist with this one.
 *
 * Deliberately NOT hashed: line, column, the message and the level.  So a
 * fingerprint survives lines inserted above, re-indentation, moving the
 * function within its file, rewording a message, and (with a rename map)
 * renaming the file.  It changes when the rule, the function or the
 * semantic key change.
 *
 * The occurrence index numbers findings that share (rule, path, function,
 * key) in source order, so two identical findings in one function stay
 * distinct.  Known limit: inserting a third identical finding above two
 * old ones shifts their indexes, so the "new" one is reported at the
 * last position.
 *
 * Paths are hashed as given: callers pass repository-relative paths with
 * '/' separators so the same file always hashes the same.
 */
#ifndef SCI_BASELINE_FINGERPRINT_H
#define SCI_BASELINE_FINGERPRINT_H

#include "util/result.h"

/* The format version tag, the first field of every fingerprint. */
#define SCI_FP_VERSION_TAG "smatch-ci-fp-v1"

/**
 * Computes the fingerprint of one finding into @out (64 hex digits + NUL).
 * NULL strings count as "".
 */
void sci_fp_compute(char out[SCI_FP_HEX], const char *rule, const char *path,
		    const char *function, const char *key, unsigned occurrence);

/**
 * Maps a path to the name the fingerprint should use, e.g. a base-side
 * path to its name in head after a rename.  Returns a string valid until
 * the next call (it is copied at once), or NULL for "unchanged".
 */
typedef const char *(*sci_fp_map_path_fn)(const char *path, void *payload);

/**
 * Sets the fingerprint of every result in @list.  The path of each result
 * goes through @map_path first (NULL: identity); the diagnostic itself is
 * not modified.  Occurrence indexes count from 0 among results with equal
 * (rule, mapped path, function, key), ordered by line, then column, then
 * message, so the outcome does not depend on the order of @list.
 */
void sci_fp_assign(sci_result_list *list, sci_fp_map_path_fn map_path,
		   void *payload);

#endif
