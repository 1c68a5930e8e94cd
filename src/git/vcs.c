/*
 * vcs.c - opening the repository, revisions, merge base, checkout of a
 * base commit, tracked files.  The diff to the working tree lives in
 * touched.c, the shallow-clone merge base walk in shallow.c.
 */
#include "git/vcs_int.h"
#include "util/alloc.h"
#include "util/error.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Copies libgit2's last message before a further libgit2 call replaces it. */
static void last_git_message(char *buf, size_t n)
{
	const git_error *e = git_error_last();

	snprintf(buf, n, "%s", e && e->message ? e->message :
		 "unknown libgit2 error");
}

int sci_vcs__error(int code, const char *fmt, ...)
{
	char what[512], why[512];
	va_list ap;

	last_git_message(why, sizeof(why));
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return sci_error_set(code, "%s: %s", what, why);
}

/*
 * Whether @name is a configured remote.  A direct key lookup, because
 * git_remote_lookup() matches config keys with a regex, and libgit2 1.5
 * leaks PCRE2 match data on every non-matching key (fixed upstream by
 * libgit2 PR #6382, after 1.5).
 */
static int is_remote(git_repository *repo, const char *name)
{
	git_config *cfg = NULL;
	git_config_entry *entry = NULL;
	char *key;
	int found;

	if (git_repository_config_snapshot(&cfg, repo) < 0)
		return 0;
	key = sci_printf_dup("remote.%s.url", name);
	found = git_config_get_entry(&entry, cfg, key) == 0;
	git_config_entry_free(entry);
	free(key);
	git_config_free(cfg);
	return found;
}

/*
 * "git fetch <remote> <branch>" for a remote-tracking name such as
 * origin/main or refs/remotes/origin/main, else "git fetch origin <ref>".
 */
static void fetch_hint(char *buf, size_t n, git_repository *repo,
		       const char *ref)
{
	const char *name = ref, *slash;
	char *rname;

	if (!strncmp(name, "refs/remotes/", 13))
		name += 13;
	slash = strchr(name, '/');
	if (slash && slash > name && slash[1]) {
		rname = sci_strdup(name);
		rname[slash - name] = '\0';
		if (is_remote(repo, rname)) {
			snprintf(buf, n, "git fetch %s %s", rname, slash + 1);
			free(rname);
			return;
		}
		free(rname);
	}
	snprintf(buf, n, "git fetch origin %s", ref);
}

int sci_vcs__lookup_commit(git_commit **out, sci_vcs *v, const char *rev)
{
	git_object *obj = NULL, *peeled = NULL;
	char why[512], hint[512];
	int error = 0, rc;

	*out = NULL;
	rc = git_revparse_single(&obj, v->repo, rev);
	if (rc == GIT_ENOTFOUND) {
		last_git_message(why, sizeof(why));
		fetch_hint(hint, sizeof(hint), v->repo, rev);
		error = sci_error_set(SCI_ENOTFOUND,
				      "unknown ref '%s': %s (did you fetch it? e.g. %s)",
				      rev, why, hint);
		goto done;
	}
	if (rc == GIT_EINVALIDSPEC || rc == GIT_EAMBIGUOUS) {
		error = sci_vcs__error(SCI_EINVALID, "invalid revision '%s'",
				       rev);
		goto done;
	}
	if (rc < 0) {
		error = sci_vcs__error(SCI_EVCS, "cannot resolve '%s'", rev);
		goto done;
	}
	if (git_object_peel(&peeled, obj, GIT_OBJECT_COMMIT) < 0) {
		error = sci_vcs__error(SCI_EINVALID,
				       "'%s' does not name a commit", rev);
		goto done;
	}
	*out = (git_commit *)peeled;
	peeled = NULL;
done:
	git_object_free(peeled);
	git_object_free(obj);
	return error;
}

static int lookup_head(git_commit **out, sci_vcs *v)
{
	int rc;

	*out = NULL;
	rc = git_repository_head_unborn(v->repo);
	if (rc == 1)
		return sci_error_set(SCI_ENOTFOUND,
				     "HEAD has no commits yet in '%s'",
				     v->workdir);
	if (rc < 0)
		return sci_vcs__error(SCI_EVCS, "cannot read HEAD");
	return sci_vcs__lookup_commit(out, v, "HEAD");
}

static void oid_hex(char out[SCI_VCS_SHA_SIZE], const git_oid *id)
{
	git_oid_tostr(out, SCI_VCS_SHA_SIZE, id);
}

/* The directory to start discovery from: @path, or the one holding it. */
static int start_dir(char **out, const char *path)
{
	struct stat st;
	char *dir, *slash;

	*out = NULL;
	if (stat(path, &st) < 0)
		return sci_error_set(errno == ENOENT ? SCI_ENOTFOUND : SCI_EIO,
				     "cannot open '%s': %s", path,
				     strerror(errno));
	dir = sci_strdup(path);
	if (!S_ISDIR(st.st_mode)) {
		slash = strrchr(dir, '/');
		if (!slash)
			strcpy(dir, ".");
		else if (slash == dir)
			dir[1] = '\0';
		else
			*slash = '\0';
	}
	*out = dir;
	return 0;
}

int sci_vcs_open(sci_vcs **out, const char *path)
{
	git_repository *repo = NULL;
	sci_vcs *v = NULL;
	char *dir = NULL, why[512];
	const char *wd;
	size_t len;
	int error, rc;

	*out = NULL;
	if ((error = start_dir(&dir, path)) < 0)
		return error;
	/* Reference-counted in libgit2: one init per open handle, undone in
	 * sci_vcs_free(), keeps nesting and repeated opens balanced. */
	if (git_libgit2_init() < 0) {
		error = sci_vcs__error(SCI_EVCS, "cannot initialize libgit2");
		free(dir);
		return error;
	}
	rc = git_repository_open_ext(&repo, dir, 0, NULL);
	if (rc == GIT_ENOTFOUND) {
		error = sci_error_set(SCI_ENOTFOUND,
				      "'%s' is not in a git repository", path);
		goto done;
	}
	if (rc == GIT_EOWNER) {
		/* libgit2 names the path; it is what safe.directory wants. */
		last_git_message(why, sizeof(why));
		error = sci_error_set(SCI_EVCS,
				      "%s (if you trust it, allow it with git config --global --add safe.directory <that path>)",
				      why);
		goto done;
	}
	if (rc < 0) {
		error = sci_vcs__error(SCI_EVCS,
				       "cannot open the repository containing '%s'",
				       path);
		goto done;
	}
	wd = git_repository_workdir(repo);
	if (!wd) {
		error = sci_error_set(SCI_EINVALID,
				      "'%s' is in a bare repository; a working tree is needed",
				      path);
		goto done;
	}
	v = sci_calloc(1, sizeof(*v));
	v->repo = repo;
	repo = NULL;
	v->workdir = sci_strdup(wd);
	len = strlen(v->workdir);
	if (len > 1 && v->workdir[len - 1] == '/')
		v->workdir[len - 1] = '\0';
	*out = v;
	v = NULL;
done:
	free(dir);
	git_repository_free(repo);
	if (error < 0)
		git_libgit2_shutdown();
	return error;
}

void sci_vcs_free(sci_vcs *v)
{
	if (!v)
		return;
	git_repository_free(v->repo);
	free(v->workdir);
	free(v);
	git_libgit2_shutdown();
}

const char *sci_vcs_workdir(const sci_vcs *v)
{
	return v->workdir;
}

int sci_vcs_head(sci_vcs *v, char out[SCI_VCS_SHA_SIZE])
{
	git_commit *head = NULL;
	int error;

	if ((error = lookup_head(&head, v)) < 0)
		goto done;
	oid_hex(out, git_commit_id(head));
done:
	git_commit_free(head);
	return error;
}

int sci_vcs_resolve(sci_vcs *v, char out[SCI_VCS_SHA_SIZE], const char *rev)
{
	git_commit *commit = NULL;
	int error;

	if ((error = sci_vcs__lookup_commit(&commit, v, rev)) < 0)
		goto done;
	oid_hex(out, git_commit_id(commit));
done:
	git_commit_free(commit);
	return error;
}

int sci_vcs_merge_base(sci_vcs *v, char out[SCI_VCS_SHA_SIZE],
		       const char *ref)
{
	git_commit *head = NULL, *other = NULL;
	git_oid base;
	int error, rc;

	if ((error = lookup_head(&head, v)) < 0)
		goto done;
	if ((error = sci_vcs__lookup_commit(&other, v, ref)) < 0)
		goto done;
	/*
	 * libgit2 1.5 knows nothing of shallow boundaries: its walk loads
	 * the parents a boundary commit records, which were never fetched,
	 * and fails with "object not found" even when the merge base itself
	 * was fetched (it parses the base's parents too); its error path
	 * also leaks.  So a shallow clone is walked by shallow.c, which
	 * treats boundary commits as roots and so answers as git does.
	 */
	if (git_repository_is_shallow(v->repo) == 1) {
		error = sci_vcs__merge_base_shallow(&base, v->repo,
						    git_commit_id(head),
						    git_commit_id(other));
		if (error == SCI_ENOTFOUND)
			error = sci_error_set(SCI_EVCS,
					      "this is a shallow clone and the merge base of HEAD and %s is missing: fetch the full history (actions/checkout with fetch-depth: 0, GitLab CI with GIT_DEPTH: 0, or `git fetch --unshallow`)",
					      ref);
		if (error < 0)
			goto done;
	} else {
		rc = git_merge_base(&base, v->repo, git_commit_id(head),
				    git_commit_id(other));
		if (rc == GIT_ENOTFOUND) {
			error = sci_error_set(SCI_ENOTFOUND,
					      "HEAD and %s have no common ancestor",
					      ref);
			goto done;
		}
		if (rc < 0) {
			error = sci_vcs__error(SCI_EVCS,
					       "cannot compute the merge base of HEAD and %s",
					       ref);
			goto done;
		}
	}
	oid_hex(out, &base);
done:
	git_commit_free(other);
	git_commit_free(head);
	return error;
}

/* 0 if @dir is an existing empty directory. */
static int check_empty_dir(const char *dir)
{
	struct dirent *de;
	DIR *d;
	int error = 0;

	d = opendir(dir);
	if (!d)
		return sci_error_set(errno == ENOENT ? SCI_ENOTFOUND :
				     errno == ENOTDIR ? SCI_EINVALID : SCI_EIO,
				     "cannot check out into '%s': %s", dir,
				     strerror(errno));
	while ((de = readdir(d))) {
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) {
			error = sci_error_set(SCI_EINVALID,
					      "cannot check out into '%s': the directory is not empty",
					      dir);
			break;
		}
	}
	closedir(d);
	return error;
}

int sci_vcs_checkout(sci_vcs *v, const char *sha, const char *dir)
{
	git_checkout_options opts;
	git_commit *commit = NULL;
	git_tree *tree = NULL;
	git_index *none = NULL;
	int error;

	if ((error = check_empty_dir(dir)) < 0)
		goto done;
	if ((error = sci_vcs__lookup_commit(&commit, v, sha)) < 0)
		goto done;
	if (git_commit_tree(&tree, commit) < 0 || git_index_new(&none) < 0) {
		error = sci_vcs__error(SCI_EVCS, "cannot read the tree of %s",
				       sha);
		goto done;
	}
	/*
	 * An empty baseline makes every file of the tree "new", so all of
	 * them are written regardless of what the repository's own index or
	 * working tree hold; DONT_UPDATE_INDEX keeps the user's index as it
	 * is.  Rejected alternative: walking the tree and writing blobs
	 * ourselves, which would skip the eol/ident filters a checkout
	 * applies and so differ from what the developer sees.
	 */
	git_checkout_options_init(&opts, GIT_CHECKOUT_OPTIONS_VERSION);
	opts.checkout_strategy = GIT_CHECKOUT_FORCE |
				 GIT_CHECKOUT_DONT_UPDATE_INDEX;
	opts.target_directory = dir;
	opts.baseline_index = none;
	if (git_checkout_tree(v->repo, (git_object *)tree, &opts) < 0)
		error = sci_vcs__error(SCI_EVCS, "cannot check out %s into '%s'",
				       sha, dir);
done:
	git_index_free(none);
	git_tree_free(tree);
	git_commit_free(commit);
	return error;
}

int sci_vcs_file_at(sci_vcs *v, char **out, size_t *len, const char *sha,
		    const char *path)
{
	git_commit *commit = NULL;
	git_tree *tree = NULL;
	git_tree_entry *entry = NULL;
	git_blob *blob = NULL;
	git_object_size_t size;
	char *buf;
	int error, rc;

	*out = NULL;
	*len = 0;
	if ((error = sci_vcs__lookup_commit(&commit, v, sha)) < 0)
		goto done;
	if (git_commit_tree(&tree, commit) < 0) {
		error = sci_vcs__error(SCI_EVCS, "cannot read the tree of %s",
				       sha);
		goto done;
	}
	rc = git_tree_entry_bypath(&entry, tree, path);
	if (rc == GIT_ENOTFOUND) {
		error = sci_error_set(SCI_ENOTFOUND, "'%s' does not exist in %s",
				      path, sha);
		goto done;
	}
	if (rc < 0) {
		error = sci_vcs__error(SCI_EVCS, "cannot look up '%s' in %s",
				       path, sha);
		goto done;
	}
	if (git_tree_entry_type(entry) != GIT_OBJECT_BLOB) {
		error = sci_error_set(SCI_EINVALID, "'%s' in %s is not a file",
				      path, sha);
		goto done;
	}
	if (git_blob_lookup(&blob, v->repo, git_tree_entry_id(entry)) < 0) {
		error = sci_vcs__error(SCI_EVCS, "cannot read '%s' in %s",
				       path, sha);
		goto done;
	}
	size = git_blob_rawsize(blob);
	buf = sci_malloc((size_t)size + 1);
	memcpy(buf, git_blob_rawcontent(blob), (size_t)size);
	buf[size] = '\0';
	*out = buf;
	*len = (size_t)size;
done:
	git_blob_free(blob);
	git_tree_entry_free(entry);
	git_tree_free(tree);
	git_commit_free(commit);
	return error;
}

int sci_vcs_tracked_files(sci_vcs *v,
			  int (*cb)(const char *path, void *payload),
			  void *payload)
{
	const git_index_entry *e, *prev = NULL;
	git_index *index = NULL;
	size_t i, n;
	int error = 0;

	if (git_repository_index(&index, v->repo) < 0 ||
	    git_index_read(index, 0) < 0) {
		error = sci_vcs__error(SCI_EVCS, "cannot read the index of '%s'",
				       v->workdir);
		goto done;
	}
	n = git_index_entrycount(index);
	for (i = 0; i < n; i++) {
		e = git_index_get_byindex(index, i);
		if (!e || e->mode == GIT_FILEMODE_COMMIT)
			continue;
		/* Conflict stages 1-3 of one path are adjacent. */
		if (prev && !strcmp(prev->path, e->path))
			continue;
		prev = e;
		if ((error = cb(e->path, payload)) != 0)
			goto done;
	}
done:
	git_index_free(index);
	return error;
}
