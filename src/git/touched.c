/*
 * touched.c - diff of a base commit to the working tree, reduced to
 * changed paths and sets of touched new-side lines.
 *
 * Line sets are kept as sorted ranges: an added file is one range however
 * long it is, and a query is a binary search.
 */
#include "git/touched.h"
#include "git/vcs_int.h"
#include "util/alloc.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
	unsigned first, last;
} line_range;

/*
 * Where lines were deleted, in half-lines of the new side: line L is 2L,
 * the gap after line L is 2L + 1.  A pure deletion after new line L is
 * [2L+1, 2L+1]; lines replaced by new lines S..E are [2S, 2E].  So "did
 * the change delete something inside lines F..L" is one overlap test.
 */
typedef struct {
	unsigned long lo, hi;
} del_range;

/* NOTE: pub must stay first: sci_change pointers are cast back. */
typedef struct {
	sci_change pub;
	char *path, *old_path;
	line_range *ranges;
	size_t nranges, cap;
	del_range *dels;
	size_t ndels, dcap;
} entry;

typedef struct {
	sci_submodule_change pub;
	char *path;
	char old_sha[SCI_VCS_SHA_SIZE];
} sub_entry;

struct sci_changes {
	entry *v;
	size_t n, cap;
	sub_entry *subs;
	size_t nsubs, subcap;
};

/* Submodules inside submodules inside ...: a bound against cycles. */
#define MAX_SUBMODULE_DEPTH 8

static void entry_add_line(entry *e, unsigned line)
{
	line_range *last = e->nranges ? &e->ranges[e->nranges - 1] : NULL;

	e->pub.touched_lines++;
	/* libgit2 reports a patch's additions in increasing order. */
	if (last && last->last + 1 == line) {
		last->last = line;
		return;
	}
	if (e->nranges == e->cap) {
		e->cap = e->cap ? e->cap * 2 : 8;
		e->ranges = sci_realloc(e->ranges, e->cap * sizeof(*e->ranges));
	}
	e->ranges[e->nranges].first = line;
	e->ranges[e->nranges].last = line;
	e->nranges++;
}

static void entry_add_deletion(entry *e, const git_diff_hunk *h)
{
	del_range *d;

	if (h->old_lines <= 0 || h->new_start < 0)
		return;
	if (e->ndels == e->dcap) {
		e->dcap = e->dcap ? e->dcap * 2 : 8;
		e->dels = sci_realloc(e->dels, e->dcap * sizeof(*e->dels));
	}
	d = &e->dels[e->ndels++];
	if (h->new_lines <= 0) {
		d->lo = d->hi = 2ul * (unsigned long)h->new_start + 1;
	} else {
		d->lo = 2ul * (unsigned long)h->new_start;
		d->hi = 2ul * ((unsigned long)h->new_start +
			       (unsigned long)h->new_lines - 1);
	}
}

static void entry_fini(entry *e)
{
	free(e->path);
	free(e->old_path);
	free(e->ranges);
	free(e->dels);
}

static entry *changes_push(sci_changes *c)
{
	entry *e;

	if (c->n == c->cap) {
		c->cap = c->cap ? c->cap * 2 : 16;
		c->v = sci_realloc(c->v, c->cap * sizeof(*c->v));
	}
	e = &c->v[c->n++];
	memset(e, 0, sizeof(*e));
	return e;
}

/* Our status for a libgit2 delta status; -1 for deltas we do not keep. */
static int map_status(git_delta_t s)
{
	switch (s) {
	case GIT_DELTA_ADDED:
	case GIT_DELTA_UNTRACKED:
		return SCI_CHANGE_ADDED;
	case GIT_DELTA_MODIFIED:
	case GIT_DELTA_TYPECHANGE:
	case GIT_DELTA_CONFLICTED:
		return SCI_CHANGE_MODIFIED;
	case GIT_DELTA_RENAMED:
		return SCI_CHANGE_RENAMED;
	case GIT_DELTA_COPIED:
		return SCI_CHANGE_COPIED;
	case GIT_DELTA_DELETED:
		return SCI_CHANGE_DELETED;
	default:
		return -1;
	}
}

static int is_gitlink_or_dir(const git_diff_file *f)
{
	size_t len = f->path ? strlen(f->path) : 0;

	return f->mode == GIT_FILEMODE_COMMIT || f->mode == GIT_FILEMODE_TREE ||
	       (len && f->path[len - 1] == '/');
}

/*
 * Records the lines added by @patch's hunks and where it deleted lines;
 * returns the hunk count.
 */
static size_t add_patch_lines(entry *e, git_patch *patch)
{
	const git_diff_line *line;
	const git_diff_hunk *hunk;
	size_t h, nh = git_patch_num_hunks(patch), hl;
	int i, nl;

	for (h = 0; h < nh; h++) {
		if (git_patch_get_hunk(&hunk, &hl, patch, h) == 0)
			entry_add_deletion(e, hunk);
		nl = git_patch_num_lines_in_hunk(patch, h);
		for (i = 0; i < nl; i++) {
			if (git_patch_get_line_in_hunk(&line, patch, h, i) < 0)
				continue;
			if (line->origin == GIT_DIFF_LINE_ADDITION &&
			    line->new_lineno > 0)
				entry_add_line(e, (unsigned)line->new_lineno);
		}
	}
	return nh;
}

static int diff_repo(sci_changes *c, git_repository *repo, git_tree *tree,
		     const char *prefix, int depth);

static void add_submodule(sci_changes *c, const char *path,
			  sci_submodule_state state, const git_oid *old)
{
	sub_entry *s;

	if (c->nsubs == c->subcap) {
		c->subcap = c->subcap ? c->subcap * 2 : 4;
		c->subs = sci_realloc(c->subs, c->subcap * sizeof(*c->subs));
	}
	s = &c->subs[c->nsubs++];
	memset(s, 0, sizeof(*s));
	s->path = sci_strdup(path);
	if (old)
		git_oid_tostr(s->old_sha, sizeof(s->old_sha), old);
	s->pub.path = s->path;
	s->pub.old_sha = s->old_sha[0] ? s->old_sha : NULL;
	s->pub.state = state;
}

/*
 * A gitlink that changed: a submodule bumped to another commit, with local
 * edits, or new.  When the submodule's clone has the base commit, its own
 * diff joins ours under its path, so a bump that adds a bug is new like
 * any other change; when it does not, the gate cannot compare and says so.
 */
static int add_submodule_delta(sci_changes *c, git_repository *repo,
			       const git_diff_delta *d, const char *prefix,
			       int depth)
{
	git_repository *sub = NULL;
	git_commit *commit = NULL;
	git_tree *tree = NULL;
	char *path, *dir, *subprefix = NULL;
	int error = 0;

	if (d->status == GIT_DELTA_DELETED)
		return 0;		/* nothing of it left to analyze */
	path = sci_printf_dup("%s%s", prefix, d->new_file.path);
	if (d->old_file.mode != GIT_FILEMODE_COMMIT) {
		add_submodule(c, path, SCI_SUBMODULE_ADDED, NULL);
		free(path);
		return 0;
	}
	dir = sci_printf_dup("%s%s", git_repository_workdir(repo),
			     d->new_file.path);
	if (depth >= MAX_SUBMODULE_DEPTH ||
	    git_repository_open(&sub, dir) < 0 ||
	    git_commit_lookup(&commit, sub, &d->old_file.id) < 0 ||
	    git_commit_tree(&tree, commit) < 0) {
		add_submodule(c, path, SCI_SUBMODULE_UNKNOWN, &d->old_file.id);
		goto done;
	}
	add_submodule(c, path, SCI_SUBMODULE_COMPARED, &d->old_file.id);
	subprefix = sci_printf_dup("%s/", path);
	error = diff_repo(c, sub, tree, subprefix, depth + 1);
done:
	git_error_clear();	/* a missing commit is an answer, not an error */
	free(subprefix);
	git_tree_free(tree);
	git_commit_free(commit);
	git_repository_free(sub);
	free(dir);
	free(path);
	return error;
}

static int add_delta(sci_changes *c, git_repository *repo, git_diff *diff,
		     size_t idx, const char *prefix, int depth)
{
	const git_diff_delta *d = git_diff_get_delta(diff, idx);
	git_patch *patch = NULL;
	size_t hunks = 0;
	int status = map_status(d->status);
	entry *e;

	if (status >= 0 && (d->new_file.mode == GIT_FILEMODE_COMMIT ||
			    d->old_file.mode == GIT_FILEMODE_COMMIT))
		return add_submodule_delta(c, repo, d, prefix, depth);
	/* an untracked nested repository shows up as a directory entry */
	if (status < 0 || is_gitlink_or_dir(&d->new_file) ||
	    is_gitlink_or_dir(&d->old_file))
		return 0;
	if (git_patch_from_diff(&patch, diff, idx) < 0)
		return sci_vcs__error(SCI_EVCS, "cannot diff '%s%s'", prefix,
				      d->new_file.path);
	/* Loading the content may have set GIT_DIFF_FLAG_BINARY. */
	if (patch)
		d = git_patch_get_delta(patch);
	e = changes_push(c);
	e->pub.status = (sci_change_status)status;
	e->path = sci_printf_dup("%s%s", prefix,
				 status == SCI_CHANGE_DELETED ? d->old_file.path
							      : d->new_file.path);
	if (status != SCI_CHANGE_ADDED)
		e->old_path = sci_printf_dup("%s%s", prefix, d->old_file.path);
	e->pub.path = e->path;
	e->pub.old_path = e->old_path;
	e->pub.binary = !!(d->flags & GIT_DIFF_FLAG_BINARY);
	if (patch && status != SCI_CHANGE_DELETED)
		hunks = add_patch_lines(e, patch);
	if (status == SCI_CHANGE_ADDED || status == SCI_CHANGE_DELETED)
		e->pub.content_changed = 1;
	else if (e->pub.binary)
		e->pub.content_changed = d->similarity != 100 ||
					 status == SCI_CHANGE_MODIFIED;
	else
		e->pub.content_changed = hunks > 0;
	git_patch_free(patch);
	return 0;
}

static int cmp_entry(const void *a, const void *b)
{
	const entry *x = a, *y = b;
	int r = strcmp(x->path, y->path);

	/* For one path, a deletion sorts after what replaced it. */
	if (r)
		return r;
	return (x->pub.status == SCI_CHANGE_DELETED) -
	       (y->pub.status == SCI_CHANGE_DELETED);
}

/*
 * Without GIT_DIFF_INCLUDE_TYPECHANGE a file that became a symlink (or
 * back) is a deletion plus an addition of one path: keep the addition,
 * since queries are about the new side.
 */
static void sort_and_dedupe(sci_changes *c)
{
	size_t i, n = 0;

	if (!c->n)
		return;
	qsort(c->v, c->n, sizeof(*c->v), cmp_entry);
	for (i = 0; i < c->n; i++) {
		if (n && !strcmp(c->v[n - 1].path, c->v[i].path)) {
			entry_fini(&c->v[i]);
			continue;
		}
		c->v[n++] = c->v[i];
	}
	c->n = n;
}

/* Adds the changes from @tree to @repo's working tree, paths under @prefix. */
static int diff_repo(sci_changes *c, git_repository *repo, git_tree *tree,
		     const char *prefix, int depth)
{
	git_diff_options opts;
	git_diff_find_options find;
	git_diff *diff = NULL;
	size_t i, n;
	int error = 0;

	/* The _init functions, not the INIT macros, which leave fields to
	 * zero-initialization and trip -Wmissing-field-initializers. */
	git_diff_options_init(&opts, GIT_DIFF_OPTIONS_VERSION);
	git_diff_find_options_init(&find, GIT_DIFF_FIND_OPTIONS_VERSION);
	opts.flags = GIT_DIFF_INCLUDE_UNTRACKED |
		     GIT_DIFF_RECURSE_UNTRACKED_DIRS |
		     GIT_DIFF_SHOW_UNTRACKED_CONTENT;
	/* a submodule at another commit, or with local edits, is a change */
	opts.ignore_submodules = GIT_SUBMODULE_IGNORE_NONE;
	/* Only additions matter: no context to compute or merge. */
	opts.context_lines = 0;
	opts.interhunk_lines = 0;
	if (git_diff_tree_to_workdir_with_index(&diff, repo, tree, &opts) < 0) {
		error = sci_vcs__error(SCI_EVCS,
				       "cannot diff %s to the working tree",
				       *prefix ? prefix : "the base");
		goto done;
	}
	find.flags = GIT_DIFF_FIND_RENAMES | GIT_DIFF_FIND_FOR_UNTRACKED;
	if (git_diff_find_similar(diff, &find) < 0) {
		error = sci_vcs__error(SCI_EVCS, "cannot detect renames");
		goto done;
	}
	n = git_diff_num_deltas(diff);
	for (i = 0; i < n && !error; i++)
		error = add_delta(c, repo, diff, i, prefix, depth);
done:
	git_diff_free(diff);
	return error;
}

int sci_vcs_changes(sci_changes **out, sci_vcs *v, const char *base_sha)
{
	git_commit *base = NULL;
	git_tree *tree = NULL;
	sci_changes *c = NULL;
	int error;

	*out = NULL;
	if ((error = sci_vcs__lookup_commit(&base, v, base_sha)) < 0)
		goto done;
	if (git_commit_tree(&tree, base) < 0) {
		error = sci_vcs__error(SCI_EVCS, "cannot read the tree of %s",
				       base_sha);
		goto done;
	}
	c = sci_calloc(1, sizeof(*c));
	if ((error = diff_repo(c, v->repo, tree, "", 0)) < 0)
		goto done;
	sort_and_dedupe(c);
	*out = c;
	c = NULL;
done:
	sci_changes_free(c);
	git_tree_free(tree);
	git_commit_free(base);
	return error;
}

void sci_changes_free(sci_changes *c)
{
	size_t i;

	if (!c)
		return;
	for (i = 0; i < c->n; i++)
		entry_fini(&c->v[i]);
	for (i = 0; i < c->nsubs; i++)
		free(c->subs[i].path);
	free(c->subs);
	free(c->v);
	free(c);
}

size_t sci_changes_count(const sci_changes *c)
{
	return c->n;
}

const sci_change *sci_changes_at(const sci_changes *c, size_t i)
{
	return i < c->n ? &c->v[i].pub : NULL;
}

const sci_change *sci_changes_find(const sci_changes *c, const char *path)
{
	size_t lo = 0, hi = c->n, mid;
	int r;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		r = strcmp(path, c->v[mid].path);
		if (!r)
			return &c->v[mid].pub;
		if (r < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

int sci_change_touched(const sci_change *ch, unsigned line)
{
	const entry *e = (const entry *)ch;
	size_t lo = 0, hi = e->nranges, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (line < e->ranges[mid].first)
			hi = mid;
		else if (line > e->ranges[mid].last)
			lo = mid + 1;
		else
			return 1;
	}
	return 0;
}

/* Under a submodule whose every line counts as changed (new or unknown). */
static int in_opaque_submodule(const sci_changes *c, const char *path)
{
	const sci_submodule_change *s = sci_changes_submodule_of(c, path);

	return s && s->state != SCI_SUBMODULE_COMPARED;
}

int sci_changes_touched(const sci_changes *c, const char *path,
			unsigned line)
{
	const sci_change *ch = sci_changes_find(c, path);

	if (ch)
		return sci_change_touched(ch, line);
	return in_opaque_submodule(c, path);
}

int sci_changes_deleted_within(const sci_changes *c, const char *path,
			       unsigned first, unsigned last)
{
	const entry *e = (const entry *)sci_changes_find(c, path);
	unsigned long lo = 2ul * first, hi = 2ul * last;
	size_t i;

	if (!e || !first || last < first)
		return 0;
	for (i = 0; i < e->ndels; i++)
		if (e->dels[i].lo <= hi && e->dels[i].hi >= lo)
			return 1;
	return 0;
}

int sci_changes_path_changed(const sci_changes *c, const char *path)
{
	const sci_change *ch = sci_changes_find(c, path);

	if (ch)
		return ch->content_changed;
	return in_opaque_submodule(c, path);
}

size_t sci_changes_submodule_count(const sci_changes *c)
{
	return c->nsubs;
}

const sci_submodule_change *sci_changes_submodule_at(const sci_changes *c,
						     size_t i)
{
	return i < c->nsubs ? &c->subs[i].pub : NULL;
}

const sci_submodule_change *sci_changes_submodule_of(const sci_changes *c,
						     const char *path)
{
	const sci_submodule_change *best = NULL;
	size_t i, len, blen = 0;

	for (i = 0; i < c->nsubs; i++) {
		len = strlen(c->subs[i].path);
		if (len > blen && strncmp(path, c->subs[i].path, len) == 0 &&
		    path[len] == '/') {
			best = &c->subs[i].pub;
			blen = len;
		}
	}
	return best;
}

const char *sci_changes_new_path(const sci_changes *c, const char *old_path)
{
	size_t i, n = sci_changes_count(c);

	for (i = 0; i < n; i++) {
		const sci_change *ch = sci_changes_at(c, i);

		if (ch->status == SCI_CHANGE_RENAMED && ch->old_path &&
		    strcmp(ch->old_path, old_path) == 0)
			return ch->path;
	}
	return NULL;
}

const char *sci_changes_old_path(const sci_changes *c, const char *new_path)
{
	const sci_change *ch = sci_changes_find(c, new_path);

	if (!ch || (ch->status != SCI_CHANGE_RENAMED &&
		    ch->status != SCI_CHANGE_COPIED))
		return NULL;
	return ch->old_path;
}
