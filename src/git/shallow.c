/*
 * shallow.c - merge base in a shallow clone.
 *
 * libgit2 1.5 does not read $GIT_DIR/shallow: its merge-base walk loads
 * the parents recorded in a boundary commit, which were never fetched,
 * and fails.  git treats those boundary commits as roots; this file does
 * the same over the (small, since shallow) fetched history.  It does not
 * fetch or deepen anything: libgit2 1.5 cannot.
 *
 * Algorithm: mark everything reachable from @two; walk from @one and
 * collect the first marked commits on each path (common ancestors none of
 * whose descendants on that path are common); drop candidates reachable
 * from another candidate's parents; of the rest pick the newest commit
 * (ties broken by id) so the result is deterministic.
 */
#include "git/vcs_int.h"
#include "util/alloc.h"
#include "util/error.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	FROM_TWO = 1 << 0,	/* reachable from @two */
	FROM_ONE = 1 << 1,	/* visited from @one */
	BELOW = 1 << 2,		/* reachable from a candidate's parents */
	PARSED = 1 << 3		/* parents/time below are valid */
};

typedef struct {
	git_oid id;
	unsigned flags;
	int used;
	int64_t time;
	git_oid *parents;	/* owned; NULL if none or not present */
	size_t nparents;
} node;

/* Open addressing on the commit id, which is already a good hash. */
typedef struct {
	node *v;
	size_t cap, n;
} graph;

typedef struct {
	git_oid *v;
	size_t n, cap;
} oid_vec;

static void vec_push(oid_vec *s, const git_oid *id)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		s->v = sci_realloc(s->v, s->cap * sizeof(*s->v));
	}
	s->v[s->n++] = *id;
}

static size_t id_hash(const git_oid *id)
{
	size_t h;

	memcpy(&h, id->id, sizeof(h));
	return h;
}

static node *graph_slot(node *v, size_t cap, const git_oid *id)
{
	size_t i = id_hash(id) & (cap - 1);

	while (v[i].used && git_oid_cmp(&v[i].id, id))
		i = (i + 1) & (cap - 1);
	return &v[i];
}

static void graph_grow(graph *g)
{
	size_t i, cap = g->cap ? g->cap * 2 : 256;
	node *v = sci_calloc(cap, sizeof(*v));

	for (i = 0; i < g->cap; i++)
		if (g->v[i].used)
			*graph_slot(v, cap, &g->v[i].id) = g->v[i];
	free(g->v);
	g->v = v;
	g->cap = cap;
}

/*
 * The node for @id, created empty if new.  Nodes move only when one is
 * created, so a pointer stays valid until graph_get() of a new id.
 */
static node *graph_get(graph *g, const git_oid *id)
{
	node *n = g->cap ? graph_slot(g->v, g->cap, id) : NULL;

	if (n && n->used)
		return n;
	if ((g->n + 1) * 2 > g->cap) {
		graph_grow(g);
		n = graph_slot(g->v, g->cap, id);
	}
	n->used = 1;
	n->id = *id;
	g->n++;
	return n;
}

static void graph_free(graph *g)
{
	size_t i;

	for (i = 0; i < g->cap; i++)
		free(g->v[i].parents);
	free(g->v);
}

static int cmp_oid(const void *a, const void *b)
{
	return git_oid_cmp(a, b);
}

/* Reads the sorted list of boundary commits from $GIT_DIR/shallow. */
static int read_shallow(oid_vec *out, git_repository *repo)
{
	char *path, line[128];
	git_oid id;
	FILE *f;

	path = sci_printf_dup("%sshallow", git_repository_commondir(repo));
	f = fopen(path, "r");
	if (!f) {
		int error = errno == ENOENT ? 0 :
			sci_error_set(SCI_EIO, "cannot read '%s': %s", path,
				      strerror(errno));

		free(path);
		return error;
	}
	while (fgets(line, sizeof(line), f))
		if (git_oid_fromstrn(&id, line, GIT_OID_HEXSZ) == 0)
			vec_push(out, &id);
	fclose(f);
	free(path);
	if (out->n)
		qsort(out->v, out->n, sizeof(*out->v), cmp_oid);
	return 0;
}

typedef struct {
	git_repository *repo;
	graph g;
	oid_vec shallow;	/* sorted */
	oid_vec stack;
} walk;

static int is_boundary(const walk *w, const git_oid *id)
{
	return w->shallow.n && bsearch(id, w->shallow.v, w->shallow.n,
				       sizeof(*w->shallow.v), cmp_oid);
}

/*
 * Loads @id's commit time and parents into its node.  A boundary commit
 * gets no parents; so does a commit that is missing altogether (only a
 * boundary commit's parents can be, and they are never asked for).
 * *out: the node, valid until the next graph_get() of a new id.
 */
static int parse_node(node **out, walk *w, const git_oid *id)
{
	git_commit *c = NULL;
	git_oid *parents = NULL;
	unsigned i, count = 0;
	int64_t time = 0;
	node *n;
	int rc;

	n = graph_get(&w->g, id);
	if (!(n->flags & PARSED)) {
		rc = git_commit_lookup(&c, w->repo, id);
		if (rc < 0 && rc != GIT_ENOTFOUND)
			return sci_vcs__error(SCI_EVCS, "cannot read commit %s",
					      git_oid_tostr_s(id));
		if (c) {
			time = git_commit_time(c);
			if (!is_boundary(w, id))
				count = git_commit_parentcount(c);
			if (count)
				parents = sci_malloc(count * sizeof(*parents));
			for (i = 0; i < count; i++)
				parents[i] = *git_commit_parent_id(c, i);
			git_commit_free(c);
		}
		n->flags |= PARSED;
		n->time = time;
		n->parents = parents;
		n->nparents = count;
	}
	*out = n;
	return 0;
}

/*
 * Depth-first from the ids on w->stack: sets @flag on each commit
 * reached; with @stop, a commit that already has @stop is collected into
 * @hits and its ancestors are not entered.
 */
static int paint(walk *w, unsigned flag, unsigned stop, oid_vec *hits)
{
	git_oid id;
	node *n = NULL;
	size_t i;
	int error;

	while (w->stack.n) {
		id = w->stack.v[--w->stack.n];
		if ((error = parse_node(&n, w, &id)) < 0)
			return error;
		if (n->flags & flag)
			continue;
		n->flags |= flag;
		if (stop && (n->flags & stop)) {
			vec_push(hits, &id);
			continue;
		}
		for (i = 0; i < n->nparents; i++)
			vec_push(&w->stack, &n->parents[i]);
	}
	return 0;
}

/* Is @a a better pick than @b: newer, or as new with a smaller id. */
static int is_better(const node *a, const node *b)
{
	if (a->time != b->time)
		return a->time > b->time;
	return git_oid_cmp(&a->id, &b->id) < 0;
}

int sci_vcs__merge_base_shallow(git_oid *out, git_repository *repo,
				const git_oid *one, const git_oid *two)
{
	walk w = { repo, { NULL, 0, 0 }, { NULL, 0, 0 }, { NULL, 0, 0 } };
	oid_vec cand = { NULL, 0, 0 };
	node *n, *best = NULL;
	git_oid best_id;
	size_t i, j;
	int error;

	if ((error = read_shallow(&w.shallow, repo)) < 0)
		goto done;
	vec_push(&w.stack, two);
	if ((error = paint(&w, FROM_TWO, 0, NULL)) < 0)
		goto done;
	vec_push(&w.stack, one);
	if ((error = paint(&w, FROM_ONE, FROM_TWO, &cand)) < 0)
		goto done;
	if (!cand.n) {
		error = sci_error_set(SCI_ENOTFOUND,
				      "the fetched histories have no common commit");
		goto done;
	}
	for (i = 0; i < cand.n; i++) {
		n = graph_get(&w.g, &cand.v[i]);
		for (j = 0; j < n->nparents; j++)
			vec_push(&w.stack, &n->parents[j]);
	}
	if ((error = paint(&w, BELOW, 0, NULL)) < 0)
		goto done;
	for (i = 0; i < cand.n; i++) {
		n = graph_get(&w.g, &cand.v[i]);
		if (n->flags & BELOW)
			continue;
		if (!best || is_better(n, best)) {
			best = n;
			best_id = n->id;
		}
	}
	/* A DAG's candidates cannot all lie below one another. */
	if (!best) {
		error = sci_error_set(SCI_EVCS,
				      "merge base walk found no best common ancestor");
		goto done;
	}
	*out = best_id;
done:
	free(cand.v);
	free(w.stack.v);
	free(w.shallow.v);
	graph_free(&w.g);
	return error;
}
