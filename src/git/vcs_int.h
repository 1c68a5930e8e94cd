/*
 * vcs_int.h - layouts and helpers private to src/git.
 *
 * The only header in this module that includes libgit2; other modules
 * include vcs.h and touched.h, which do not.
 */
#ifndef SCI_GIT_VCS_INT_H
#define SCI_GIT_VCS_INT_H

#include <git2.h>

#include "git/vcs.h"

struct sci_vcs {
	git_repository *repo;
	char *workdir;		/* no trailing slash */
};

/**
 * Records "<fmt...>: <libgit2's last message>" and returns @code: the one
 * place libgit2 errors become ours (style.md §4).
 */
int sci_vcs__error(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/**
 * Resolves @rev to a commit, with the messages sci_vcs_resolve()
 * documents.  *out: owned (git_commit_free).
 */
int sci_vcs__lookup_commit(git_commit **out, sci_vcs *v, const char *rev);

/**
 * Merge base of @one and @two in a shallow repository, walking only the
 * fetched history with the commits listed in $GIT_DIR/shallow as roots.
 *
 * Returns 0 with *out set; SCI_ENOTFOUND if the fetched histories do not
 * meet; SCI_EIO if the shallow file cannot be read; SCI_EVCS if a commit
 * that should be present cannot be read.
 */
int sci_vcs__merge_base_shallow(git_oid *out, git_repository *repo,
				const git_oid *one, const git_oid *two);

#endif
