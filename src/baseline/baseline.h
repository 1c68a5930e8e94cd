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
 * unique.  The fingerprint decides whether an entry matches a finding;
 * the other members are there for people reading the file, and for
 * following a renamed file (sci_baseline_scope).
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

/*
 * What a run speaks for, and how entries follow renamed files.
 *
 * A run that analyzed only some files or ran only some rules cannot tell
 * whether an entry outside that subset still matches anything, so update,
 * prune and check leave such entries alone (update and prune keep them
 * byte for byte; check does not call them stale).
 *
 * An entry is in the scope when @covers says so for its rule and path, or
 * for its rule and the path its file was renamed to, or when it matches a
 * current finding.  @covers NULL: every entry is in the scope.
 *
 * Matching an entry to a current finding, in this order:
 *
 *   1. the fingerprint is a current finding's;
 *   2. the file was renamed (@renamed gives its new path): the entry's
 *      occurrence index is recovered from its fingerprint, and the
 *      fingerprint it would have under the new path is a current
 *      finding's;
 *   3. the file was renamed, or is gone (@is_gone): a current finding not
 *      matched otherwise has the same rule, function and key, in the new
 *      path if there is one.  Without a known new path the candidates
 *      must all be in one file that no baseline entry names (otherwise
 *      the guess is ambiguous and the entry stays unmatched).  Entries of
 *      one (rule, path, function, key) take candidates in line order.
 *
 * Matches of kinds 2 and 3 are "moved": the entry follows its file and
 * keeps its justification.  This survives a rename with heavy edits as
 * long as the function and the semantic key of the finding survive.
 */
typedef struct {
	/*
	 * 1 if this run looked for findings of @rule in @path.  @path is
	 * the entry's path (repository-relative, as in the file).
	 */
	int (*covers)(const char *rule, const char *path, void *payload);
	/*
	 * The path @path was renamed to, or NULL; the result needs to live
	 * only until the next call.  NULL: no renames known.
	 */
	const char *(*renamed)(const char *path, void *payload);
	/* 1 if no file exists at @path any more.  NULL: never. */
	int (*is_gone)(const char *path, void *payload);
	void *payload;
} sci_baseline_scope;

typedef struct {
	size_t added;	/* current findings that had no entry */
	size_t kept;	/* entries that still match (justification kept) */
	size_t moved;	/* entries that followed a renamed file */
	size_t dropped;	/* entries in the scope that matched nothing */
} sci_baseline_counts;

/**
 * Makes the entries in @scope hold exactly the current findings of
 * @current: every result whose class is not FIXED and that is a finding
 * (sci_diag_is_finding).  A finding matched by an entry (see
 * sci_baseline_scope: exactly, or moved with its file) keeps that entry's
 * justification; the others get SCI_BASELINE_PLACEHOLDER.  Fingerprint,
 * rule, path, function, key and message come from the current finding.
 * Entries outside @scope are kept unchanged.  @scope NULL: everything is
 * in scope, no renames.  @counts may be NULL.
 *
 * Returns 0, or SCI_EINVALID (and @bl unchanged) if a result has no
 * fingerprint (sci_fp_assign() was not called).
 */
int sci_baseline_update(sci_baseline *bl, const sci_result_list *current,
			const sci_baseline_scope *scope,
			sci_baseline_counts *counts);

/**
 * Drops the entries in @scope that match no current finding (same
 * selection as sci_baseline_update()); never adds.  Entries that moved
 * with a renamed file get the finding's path and fingerprint and keep
 * everything else.  @counts (may be NULL) gets dropped and moved; its
 * other members are 0.
 *
 * Returns 0, or SCI_EINVALID (and @bl unchanged) for a result without a
 * fingerprint.
 */
int sci_baseline_prune(sci_baseline *bl, const sci_result_list *current,
		       const sci_baseline_scope *scope,
		       sci_baseline_counts *counts);

/**
 * Rewrites, in memory, the entries that moved with a renamed file to the
 * path and fingerprint of the finding they match, so that matching by
 * fingerprint (sci_baseline_find(), sci_compare()) sees them.  Nothing
 * else changes.  *moved (may be NULL) gets their number.
 *
 * Returns 0, or SCI_EINVALID (and @bl unchanged) for a result without a
 * fingerprint.
 */
int sci_baseline_follow(sci_baseline *bl, const sci_result_list *current,
			const sci_baseline_scope *scope, size_t *moved);

/**
 * Finds what `baseline check` rejects: stale entries (in @scope, and no
 * current finding matches them, not even as moved; skipped when @current
 * is NULL) and entries whose justification is empty, blank or the
 * placeholder (every entry, whatever the scope).  An entry can have both
 * problems.
 *
 * Returns the number of problems.  *out (if @out is not NULL) gets one
 * line per problem, in file order, each naming the baseline file and the
 * entry's fingerprint, rule, path, function and key, and saying what to
 * do; "" when there are none.  Owned (free()).
 */
size_t sci_baseline_check(char **out, const sci_baseline *bl,
			  const sci_result_list *current,
			  const sci_baseline_scope *scope);

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
