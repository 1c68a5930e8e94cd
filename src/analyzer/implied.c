/*
 * implied.c - implied states from merge history.
 *
 * Every merged sm remembers the join that made it and its two inputs, so a
 * leaf of an sm's history tree carries a route: the (join, side) steps
 * taken to reach it.  When a condition on key K holds, only the leaves of
 * K's sm that agree with it remain possible.  A step (J, side) is excluded
 * when every remaining leaf's route went through J's *other* side; a leaf
 * whose route does not mention J says nothing about J and keeps both sides.
 * Every other sm of the path is then filtered: history nodes made at an
 * excluded step drop that input.  This is what makes
 *
 *	foo = 1;
 *	if (bar) foo = 99; else frob();
 *	if (foo == 99) bar->baz;
 *
 * know that bar is non-NULL inside the last if.
 */
#include "analyzer/engine_int.h"

typedef struct {
	sci_route_step *steps;	/* excluded steps (candidates) */
	size_t n;
	int have;		/* a compatible leaf was seen */
	int incompatible;	/* an incompatible leaf was seen */
	sci_route_step *route;	/* DFS stack */
	size_t depth;
	sci_leaf_pred pred;
	void *payload;
} implied_ctx;

static int route_has(const sci_route_step *r, size_t n, unsigned join, int side)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (r[i].join == join && r[i].side == side)
			return 1;
	return 0;
}

static void on_leaf(implied_ctx *c, const sci_sm *leaf)
{
	size_t i, k;

	if (!c->pred(leaf, c->payload)) {
		c->incompatible = 1;
		return;
	}
	if (!c->have) {
		c->have = 1;
		for (i = 0; i < c->depth; i++) {
			c->steps[i].join = c->route[i].join;
			c->steps[i].side = !c->route[i].side;
		}
		c->n = c->depth;
		return;
	}
	/* keep only candidates this leaf's route also excludes */
	for (i = 0, k = 0; i < c->n; i++) {
		if (route_has(c->route, c->depth, c->steps[i].join,
			      !c->steps[i].side))
			c->steps[k++] = c->steps[i];
	}
	c->n = k;
}

static void walk_leaves(implied_ctx *c, const sci_sm *sm)
{
	if (!sm->left) {
		on_leaf(c, sm);
		return;
	}
	c->route[c->depth].join = sm->join;
	c->route[c->depth].side = 0;
	c->depth++;
	walk_leaves(c, sm->left);
	c->route[c->depth - 1].side = 1;
	walk_leaves(c, sm->right);
	c->depth--;
}

static const sci_sm *filter(const sci_sm *sm, const sci_route_step *ex, size_t n)
{
	const sci_sm *l, *r;

	if (!sm->left)
		return sm;
	if (route_has(ex, n, sm->join, 0))
		return filter(sm->right, ex, n);
	if (route_has(ex, n, sm->join, 1))
		return filter(sm->left, ex, n);
	l = filter(sm->left, ex, n);
	r = filter(sm->right, ex, n);
	if (l == sm->left && r == sm->right)
		return sm;
	return sci__sm_merged(l, r, sm->join);
}

const sci_stree *sci__implied(const sci_stree *t, const sci_sm *sm,
			      sci_leaf_pred pred, void *payload)
{
	implied_ctx c = { 0 };
	const sci_sm **all;
	size_t n, i;

	if (!t || !sm)
		return t;
	if (!sm->left)
		return pred(sm, payload) ? t : NULL;
	c.steps = sci_arena_alloc(sm->nleaves * sizeof(*c.steps) + sizeof(*c.steps));
	c.route = sci_arena_alloc(sm->nleaves * sizeof(*c.route) + sizeof(*c.route));
	c.pred = pred;
	c.payload = payload;
	walk_leaves(&c, sm);
	if (!c.have)
		return NULL;
	if (!c.incompatible || c.n == 0)
		return t;
	all = sci__stree_list(t, -1, &n);
	for (i = 0; i < n; i++) {
		const sci_sm *f;

		if (!all[i]->left)
			continue;
		f = filter(all[i], c.steps, c.n);
		if (f != all[i])
			t = sci__stree_set(t, f);
	}
	return t;
}
