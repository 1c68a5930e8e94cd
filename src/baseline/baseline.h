/*
 * baseline.h - the reviewed baseline file: findings a person has accepted,
 * each with a written justification.  Committed to the repository and
 * reviewed in pull requests, so its bytes are stable and diffable.
 *
 * Format (version 1), default path .smatch-ci/baseline.json:
 *
 *   {
 *     "findings": [
 *       {
 *         "fingerprint": "<64 lowercase hex digits, see fingerprint.h>",
 *         "function": "f",
 *         "justification": "why this finding is acceptable",
 *         "key": "p",
 *         "message": "...",
 *         "path": "src/a.c",
 *         "rule": "memory-leak"
 *       }
 *     ],
 *     "version": 1
 *   }
 *
 * Written with JSON_INDENT(2) | JSON_SORT_KEYS and a trailing newline;
 * findings sorted by (path, rule, function, key, fingerprint).  All seven
 * members are required strings and no others are allowed (a misspelt
 * "justifcation" is an error, not silently ignored); fingerprints are
 * unique.  Only the fingerprint decides whether an entry matches a finding;
 * the other members are there for people reading the file.
 *
 * This module never writes a file it failed to load: the caller only
 * saves an object that loaded (or was created) successfully, and saving
 * is atomic (util/atomic.h).
 */
#ifndef SCI_BASELINE_BASELINE_H
#define SCI_BASELINE_BASELINE_H

#include <stddef.h>
#include "util/result.h"

#define SCI_BASELINE_VERSION 1
#define SCI_BASELINE_DEFAULT_PATH ".smatch-ci/baseline.json"
/* The reason given to new entries; `baseline check` rejects it. */
#define SCI_BASELINE_PLACEHOLDER "TODO: explain why this finding is acceptable"

typedef struct {
	char fingerprint[SCI_FP_HEX];
	char *rule;
	char *path;
	char *function;
	char *key;
	char *message;
	char *justification;
} sci_baseline_entry;

typedef struct sci_baseline sci_baseline;

/* Flags for sci_baseline_load(). */
#define SCI_BASELINE_MISSING_OK 0x1	/* a missing file is an empty baseline */

/**
 * Returns: 0 and an empty baseline in *out (owned, sci_baseline_free()).
 */
int sci_baseline_new(sci_baseline **out);

/**
 * Loads and validates the baseline file at @path.
 *
 * Returns 0, or:
 *   SCI_ENOTFOUND  no such file (unless SCI_BASELINE_MISSING_OK);
 *   SCI_EIO        the file cannot be read;
 *   SCI_EINVALID   the file is not valid JSON ("path:line:col: text"), or
 *                  the version is unknown, a member is missing, not a
 *                  string or unknown, a fingerprint is malformed or
 *                  duplicated ("path: findings[i] (fingerprint ...): ...").
 * Every message names @path.  *out: owned, NULL on failure.
 */
int sci_baseline_load(sci_baseline **out, const char *path, unsigned flags);

/** The path given to sci_baseline_load(), or NULL.  Borrowed. */
const char *sci_baseline_path(const sci_baseline *bl);

/** Number of entries. */
size_t sci_baseline_count(const sci_baseline *bl);

/**
 * Entry @i (0 <= i < count), in the order sci_baseline_save() writes
 * them, whatever the order in the loaded file.  Borrowed from @bl.
 */
const sci_baseline_entry *sci_baseline_at(const sci_baseline *bl, size_t i);

/** The entry with @fingerprint, or NULL.  Borrowed from @bl. */
const sci_baseline_entry *sci_baseline_find(const sci_baseline *bl,
					    const char *fingerprint);

/** True if @justification is empty, blank or the placeholder. */
int sci_baseline_is_unjustified(const char *justification);

typedef struct {
	size_t added;	/* current findings that had no entry */
	size_t kept;	/* entries that still match (justification kept) */
	size_t dropped;	/* entries that matched nothing */
} sci_baseline_counts;

/**
 * Makes @bl hold exactly the current findings of @current: every result
 * whose class is not FIXED and that is a finding (sci_diag_is_finding).
 * An entry whose fingerprint is already in @bl keeps its justification;
 * the others get SCI_BASELINE_PLACEHOLDER.  Rule, path, function, key and
 * message are refreshed from the current finding.  @counts may be NULL.
 *
 * Returns 0, or SCI_EINVALID (and @bl unchanged) if a result has no
 * fingerprint (sci_fp_assign() was not called).
 */
int sci_baseline_update(sci_baseline *bl, const sci_result_list *current,
			sci_baseline_counts *counts);

/**
 * Drops the entries whose fingerprint matches no current finding (same
 * selection as sci_baseline_update()); never adds.  *dropped (may be NULL)
 * gets the number removed.
 *
 * Returns 0, or SCI_EINVALID (and @bl unchanged) for a result without a
 * fingerprint.
 */
int sci_baseline_prune(sci_baseline *bl, const sci_result_list *current,
		       size_t *dropped);

/**
 * Finds what `baseline check` rejects: stale entries (no current finding
 * has the fingerprint; skipped when @current is NULL) and entries whose
 * justification is empty, blank or the placeholder.  An entry can have
 * both problems.
 *
 * Returns the number of problems.  *out (if @out is not NULL) gets one
 * line per problem, in file order, each naming the baseline file and the
 * entry's fingerprint, rule, path, function and key, and saying what to
 * do; "" when there are none.  Owned (free()).
 */
size_t sci_baseline_check(char **out, const sci_baseline *bl,
			  const sci_result_list *current);

/**
 * Writes @bl to @path in the format above, atomically, creating missing
 * parent directories (.smatch-ci/).  Save, load, save gives identical
 * bytes.  Strings that are not valid UTF-8 are written with '?' for the
 * bad bytes.
 *
 * Returns 0, SCI_EIO or SCI_EJSON; on failure the old file is untouched.
 */
int sci_baseline_save(const sci_baseline *bl, const char *path);

/** Frees @bl; NULL is fine. */
void sci_baseline_free(sci_baseline *bl);

#endif
