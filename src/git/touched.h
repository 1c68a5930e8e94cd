/*
 * touched.h - what a change touched: files and new-side line numbers.
 *
 * The change is the difference from a base commit's tree to the WORKING
 * TREE, so staged edits, unstaged edits and untracked (not ignored) files
 * all count, the way a developer running the gate locally expects; in CI
 * the working tree is the checked-out head commit.  Renames are detected
 * (git's default 50% similarity), including renames into untracked files.
 *
 * A line is "touched" if the diff adds it on the new side: an edited line
 * counts, a line only moved by insertions above it does not, and a
 * deletion touches nothing on the new side.  The gate uses this to fail
 * only on findings the change is responsible for.
 *
 * All paths are relative to the working tree's root with '/' separators.
 */
#ifndef SCI_GIT_TOUCHED_H
#define SCI_GIT_TOUCHED_H

#include <stddef.h>
#include "git/vcs.h"

typedef enum {
	SCI_CHANGE_ADDED,	/* new file (staged or untracked) */
	SCI_CHANGE_MODIFIED,	/* content or mode changed in place */
	SCI_CHANGE_RENAMED,	/* moved from old_path, maybe edited */
	SCI_CHANGE_COPIED,	/* copied from old_path, maybe edited */
	SCI_CHANGE_DELETED	/* gone from the working tree */
} sci_change_status;

/** One changed path.  Read-only; borrowed from its sci_changes. */
typedef struct {
	sci_change_status status;
	/* New-side path; for SCI_CHANGE_DELETED the path that was removed. */
	const char *path;
	/* Base-side path: differs from path only when renamed or copied;
	 * NULL for SCI_CHANGE_ADDED. */
	const char *old_path;
	/* Number of touched new-side lines (all lines of an added file). */
	size_t touched_lines;
	/* 1 if the content differs from the base (added and deleted files
	 * included, binary files too); 0 for a rename without edits or a
	 * mode-only change. */
	int content_changed;
	/* 1 if libgit2 saw binary content: no line information. */
	int binary;
} sci_change;

typedef struct sci_changes sci_changes;

typedef enum {
	/* The submodule's clone has the base commit: its files' changes are
	 * entries like any others, under the submodule's path. */
	SCI_SUBMODULE_COMPARED,
	/* New in the change: every file under it is new, every line touched. */
	SCI_SUBMODULE_ADDED,
	/* The base commit is not in the submodule's clone (a shallow or
	 * uninitialized submodule): nothing can be compared, so every file
	 * under it counts as changed and every line as touched. */
	SCI_SUBMODULE_UNKNOWN
} sci_submodule_state;

/** A submodule the change moved, edited or added.  Borrowed from its sci_changes. */
typedef struct {
	const char *path;	/* relative to the top work tree */
	const char *old_sha;	/* its commit in the base; NULL when added */
	sci_submodule_state state;
} sci_submodule_change;

/**
 * Computes the change from commit @base_sha (any revision
 * sci_vcs_resolve() accepts; normally sci_vcs_merge_base()'s result) to
 * the working tree, including the index and untracked, not ignored files
 * (untracked directories are entered).  A submodule that moved to another
 * commit or has local edits is entered when its clone has the base's
 * commit: its changes are listed under its path; see sci_submodule_state
 * for the other cases.
 *
 * Returns 0; SCI_ENOTFOUND if @base_sha is unknown; SCI_EINVALID if it is
 * not a commit; SCI_EVCS if libgit2 fails to diff.
 * *out: owned (sci_changes_free), NULL on failure.
 */
int sci_vcs_changes(sci_changes **out, sci_vcs *v, const char *base_sha);

/** Frees @c (NULL is fine). */
void sci_changes_free(sci_changes *c);

/** Number of changed paths. */
size_t sci_changes_count(const sci_changes *c);

/**
 * The @i-th changed path (0 <= @i < count), sorted by path (strcmp).
 * Returns: borrowed from @c.
 */
const sci_change *sci_changes_at(const sci_changes *c, size_t i);

/**
 * The entry for new-side @path (or, for a deleted file, the removed
 * path), or NULL if @path did not change.  The base side of a rename is
 * not an entry of its own: look it up through the new path.
 * Returns: borrowed from @c.
 */
const sci_change *sci_changes_find(const sci_changes *c, const char *path);

/** 1 if the change added or edited new-side @line (1-based) of @ch. */
int sci_change_touched(const sci_change *ch, unsigned line);

/**
 * 1 if the change added or edited line @line (1-based) of new-side
 * @path; 0 for an untouched line and for a path that did not change.
 * Every line under an added or unknown submodule counts as touched.
 */
int sci_changes_touched(const sci_changes *c, const char *path,
			unsigned line);

/**
 * 1 if the change deleted or replaced lines of new-side @path strictly
 * inside lines @first..@last (1-based, inclusive): a deletion just before
 * @first or just after @last does not count.  0 for an unchanged path, an
 * added file, or @first == 0.  The gate asks this about the function that
 * holds a finding: deleting a free() makes a leak at the function's end.
 */
int sci_changes_deleted_within(const sci_changes *c, const char *path,
			       unsigned first, unsigned last);

/**
 * 1 if the content at @path differs from the base: added, deleted,
 * modified, or renamed/copied with edits (even if the edits only delete
 * lines).  0 for an unchanged path, a rename without edits and a
 * mode-only change, so analysis results for such a file can be reused.
 */
int sci_changes_path_changed(const sci_changes *c, const char *path);

/**
 * The base path of new-side @new_path if it was renamed or copied, else
 * NULL.  NULL therefore means "same path in the base, if it exists there":
 * for an unchanged or modified file the base path is @new_path itself,
 * while an added file has none (see sci_changes_find()).
 * Returns: borrowed from @c.
 */
const char *sci_changes_old_path(const sci_changes *c, const char *new_path);

/**
 * The head path a base file was renamed to, or NULL when @old_path was not
 * renamed (copies leave the old file in place, so they do not count).
 * Borrowed from @c.
 */
const char *sci_changes_new_path(const sci_changes *c, const char *old_path);

/** Number of submodules the change moved, edited or added. */
size_t sci_changes_submodule_count(const sci_changes *c);
/** The @i-th of them.  Returns: borrowed from @c, NULL past the end. */
const sci_submodule_change *sci_changes_submodule_at(const sci_changes *c,
						     size_t i);
/**
 * The innermost changed submodule whose directory holds new-side @path,
 * or NULL.  Returns: borrowed from @c.
 */
const sci_submodule_change *sci_changes_submodule_of(const sci_changes *c,
						     const char *path);

#endif
