/*
 * vcs.h - the repository under analysis, through libgit2.
 *
 * Discovering the repository, resolving revisions, the merge base with the
 * target branch, checking a base commit out into a scratch directory, and
 * listing tracked files.  What changed between the base and the working
 * tree is touched.h's business.  Nothing here exposes libgit2 types or
 * error codes: failures are SCI_E* codes with a message in
 * sci_error_last() (util/error.h).
 *
 * Commit ids cross this interface as 40-character lowercase hex strings
 * in caller-provided char[SCI_VCS_SHA_SIZE] buffers.
 */
#ifndef SCI_GIT_VCS_H
#define SCI_GIT_VCS_H

#include <stddef.h>

/** Size of a buffer for a hex commit id and its NUL. */
#define SCI_VCS_SHA_SIZE 41

typedef struct sci_vcs sci_vcs;

/**
 * Opens the repository that contains @path (a directory or a file in
 * it), searching upwards as `git` does.  Bare repositories are refused:
 * the gate always works on a checkout.
 *
 * Returns 0; SCI_ENOTFOUND if @path does not exist or is not in a git
 * repository ("'<path>' is not in a git repository"); SCI_EINVALID for a
 * bare repository; SCI_EVCS for other libgit2 failures (for example a
 * repository owned by another user and not listed in safe.directory).
 * *out: owned (sci_vcs_free), NULL on failure.
 */
int sci_vcs_open(sci_vcs **out, const char *path);

/** Closes @v (NULL is fine). */
void sci_vcs_free(sci_vcs *v);

/**
 * The working tree's root: absolute, symlinks resolved, no trailing
 * slash ("/" only for a repository at the file-system root).
 * Returns: borrowed from @v.
 */
const char *sci_vcs_workdir(const sci_vcs *v);

/**
 * Writes the commit HEAD points to into @out.
 *
 * Returns 0; SCI_ENOTFOUND if HEAD has no commits yet; SCI_EVCS otherwise.
 */
int sci_vcs_head(sci_vcs *v, char out[SCI_VCS_SHA_SIZE]);

/**
 * Resolves @rev (branch, remote branch such as "origin/main", tag, full or
 * abbreviated SHA, or any revision expression git_revparse accepts) to a
 * commit and writes its id into @out.  Tags are peeled.  Meant for
 * --base-sha and for checking a --base ref before using it.
 *
 * Returns 0; SCI_ENOTFOUND for an unknown revision, with a fetch hint
 * ("unknown ref 'X': ... (did you fetch it? e.g. git fetch origin X)");
 * SCI_EINVALID if @rev is malformed, ambiguous, or names something that
 * is not a commit (a tree or blob); SCI_EVCS otherwise.
 */
int sci_vcs_resolve(sci_vcs *v, char out[SCI_VCS_SHA_SIZE], const char *rev);

/**
 * Writes into @out the merge base of HEAD and @ref (resolved as by
 * sci_vcs_resolve()): the commit a pull request's changes are measured
 * from.  With several best common ancestors (criss-cross merges) one of
 * them is chosen, as `git merge-base` does.
 *
 * Shallow clones: libgit2 1.5 cannot walk past a shallow boundary, so
 * in a shallow clone the fetched history is walked here with the
 * boundary commits ($GIT_DIR/shallow) treated as roots, giving the
 * answer `git merge-base` gives there.  If the merge base is not in that
 * history, the fix is to fetch more, which this module cannot do.
 *
 * Returns 0; SCI_ENOTFOUND for an unknown @ref (as sci_vcs_resolve()) or
 * when HEAD and @ref have no common ancestor; SCI_EVCS when the
 * repository is shallow and the merge base was not fetched (the message
 * says how to fetch the full history: "fetch-depth: 0", `git fetch
 * --unshallow`), or for other libgit2 failures.
 */
int sci_vcs_merge_base(sci_vcs *v, char out[SCI_VCS_SHA_SIZE],
		       const char *ref);

/**
 * Writes the tree of commit @sha (any revision sci_vcs_resolve() takes)
 * into the existing empty directory @dir: regular files with their
 * executable bit, symbolic links as links, submodules as empty
 * directories.  The repository's checkout filters (.gitattributes eol,
 * core.autocrlf) apply, so files look as in a checkout of that commit.
 * No .git is created in @dir; the repository's index and working tree are
 * not touched.  Used to analyze the merge base in a temporary directory.
 *
 * Returns 0; SCI_ENOTFOUND if @sha is unknown or @dir does not exist;
 * SCI_EINVALID if @dir is not an empty directory or @sha is not a commit;
 * SCI_EIO or SCI_EVCS if writing fails (@dir then holds part of the tree).
 */
int sci_vcs_checkout(sci_vcs *v, const char *sha, const char *dir);

/**
 * Reads the blob at @path (relative to the root, '/'-separated) in commit
 * @sha, without checkout filters.  *out is NUL-terminated for
 * convenience; *len excludes the NUL (the blob may contain NULs itself).
 *
 * Returns 0; SCI_ENOTFOUND if @sha is unknown or has no file at @path;
 * SCI_EINVALID if @path names a directory or submodule; SCI_EVCS
 * otherwise.  *out: owned (free), NULL on failure.
 */
int sci_vcs_file_at(sci_vcs *v, char **out, size_t *len, const char *sha,
		    const char *path);

/**
 * Calls @cb once for each path in the index (the tracked files), relative
 * to the root with '/' separators, in the index's byte order.  A path in
 * conflict is reported once.  Submodules (gitlinks) are skipped.  Files
 * staged for addition count; a tracked file deleted from the working tree
 * but not from the index is still reported (callers open the file).
 * The index is re-read from disk first.  @path is borrowed for the call.
 *
 * Returns 0; the first nonzero value @cb returns, which stops the walk;
 * SCI_EVCS if the index cannot be read.
 */
int sci_vcs_tracked_files(sci_vcs *v,
			  int (*cb)(const char *path, void *payload),
			  void *payload);

#endif
