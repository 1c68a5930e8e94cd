/*
 * stree.c - sms and strees.
 *
 * An stree is a persistent AVL tree of sms ordered by (owner, key id):
 * copying a path is copying a pointer, and setting a state allocates only
 * the O(log n) nodes on the way to it.  A merged sm remembers the two sms
 * it was made from and the join that made it; implied.c reads that history.
 * History is capped (HISTORY_CAP leaves) so huge functions stay linear.
 */
#include "analyzer/engine_int.h"
#include "util/alloc.h"

#include <string.h>

#define HISTORY_CAP 256
#define SCI_POSSIBLE_CAP 32	/* possible states kept per engine-model sm */

const sci_stree sci__stree_empty = { NULL, NULL, NULL, 0 };

const sci_state sci_undefined = { "undefined", NULL };
const sci_state sci_merged = { "merged", NULL };

static unsigned join_counter;

unsigned sci__new_join(void)
{
	return ++join_counter;
}

/*
 * The joins made at loop heads, one bit per join id (ids only grow in a
 * process: one TU per worker).
 */
static unsigned char *loop_joins;
static unsigned nloop_joins;	/* bits the array holds */

const sci_stree *sci__stree_merge_loop(const sci_stree *entry,
				       const sci_stree *back)
{
	unsigned before = join_counter;
	const sci_stree *head = sci__stree_merge(entry, back);
	unsigned j = join_counter;

	if (j == before)
		return head;	/* one side unreachable: no join */
	if (j >= nloop_joins) {
		unsigned n = nloop_joins ? nloop_joins : 4096;

		while (n <= j)
			n *= 2;
		loop_joins = sci_realloc(loop_joins, n / 8);
		memset(loop_joins + nloop_joins / 8, 0, (n - nloop_joins) / 8);
		nloop_joins = n;
	}
	loop_joins[j / 8] |= (unsigned char)(1u << (j % 8));
	return head;
}

int sci__join_is_loop(unsigned join)
{
	return join < nloop_joins && (loop_joins[join / 8] & (1u << (join % 8)));
}

const sci_sm *sci__sm_leaf(int owner, const sci_key *key,
			   const sci_state *state, struct position pos)
{
	struct sci_sm *sm = sci_arena_alloc(sizeof(*sm));

	sm->owner = owner;
	sm->key = key;
	sm->state = state;
	sm->pos = pos;
	sm->nleaves = 1;
	sm->npossible = 1;
	sm->possible = sci_arena_alloc(sizeof(*sm->possible));
	sm->possible[0] = state;
	return sm;
}

const sci_state *sci__merge_states(int owner, const sci_state *a,
				   const sci_state *b)
{
	if (a == b)
		return a;
	if (sci__owners[owner].merge)
		return sci__owners[owner].merge(a, b);
	return &sci_merged;
}

static int has_state(const sci_state **list, unsigned n, const sci_state *s)
{
	unsigned i;

	/* quadratic in long merge chains: part of the function's budget */
	sci__work += n;
	for (i = 0; i < n; i++)
		if (list[i] == s)
			return 1;
	return 0;
}

/*
 * The engine's own models (values, relations...) have as many states as
 * values: a counter stepped under 4,000 ifs made every merge scan 4,000
 * possible states (19 s).  Their lists keep the first SCI_POSSIBLE_CAP;
 * a value missing from a full list is only a value not offered
 * (sci_value_possibly() says no), never a wrong one.  Checkers' states
 * are few and their lists stay whole.
 */
const sci_sm *sci__sm_merged(const sci_sm *l, const sci_sm *r, unsigned join)
{
	struct sci_sm *sm = sci_arena_alloc(sizeof(*sm));
	unsigned i, cap = l->owner < SCI_OWNER_FIRST_CHECKER ? SCI_POSSIBLE_CAP
							     : ~0u;

	sm->owner = l->owner;
	sm->key = l->key;
	sm->state = sci__merge_states(l->owner, l->state, r->state);
	sm->possible = sci_arena_alloc((l->npossible + r->npossible) *
				       sizeof(*sm->possible));
	for (i = 0; i < l->npossible && sm->npossible < cap; i++)
		sm->possible[sm->npossible++] = l->possible[i];
	for (i = 0; i < r->npossible && sm->npossible < cap; i++)
		if (!has_state(sm->possible, sm->npossible, r->possible[i]))
			sm->possible[sm->npossible++] = r->possible[i];
	sm->nleaves = l->nleaves + r->nleaves;
	if (sm->nleaves <= HISTORY_CAP) {
		sm->left = l;
		sm->right = r;
		sm->join = join;
	} else {
		sm->nleaves = 1;	/* history dropped: acts as a leaf */
	}
	return sm;
}

/* ---------------------------------------------------------------- AVL */

static int cmp(int owner, const sci_key *key, const sci_sm *sm)
{
	if (owner != sm->owner)
		return owner < sm->owner ? -1 : 1;
	if (key->id != sm->key->id)
		return key->id < sm->key->id ? -1 : 1;
	return 0;
}

static int height(const sci_stree *t)
{
	return t->h;
}

static const sci_stree *node(const sci_sm *sm, const sci_stree *l,
			     const sci_stree *r)
{
	sci_stree *t = sci_arena_alloc(sizeof(*t));
	int hl = height(l), hr = height(r);

	t->sm = sm;
	t->l = l;
	t->r = r;
	t->h = (hl > hr ? hl : hr) + 1;
	return t;
}

static const sci_stree *balance(const sci_sm *sm, const sci_stree *l,
				const sci_stree *r)
{
	int hl = height(l), hr = height(r);

	if (hl > hr + 1) {
		if (height(l->l) >= height(l->r))
			return node(l->sm, l->l, node(sm, l->r, r));
		return node(l->r->sm, node(l->sm, l->l, l->r->l),
			    node(sm, l->r->r, r));
	}
	if (hr > hl + 1) {
		if (height(r->r) >= height(r->l))
			return node(r->sm, node(sm, l, r->l), r->r);
		return node(r->l->sm, node(sm, l, r->l->l),
			    node(r->sm, r->l->r, r->r));
	}
	return node(sm, l, r);
}

const sci_stree *sci__stree_set(const sci_stree *t, const sci_sm *sm)
{
	int c;

	if (!t)
		return NULL;	/* unreachable paths stay unreachable */
	if (t == SCI_STREE_EMPTY)
		return node(sm, SCI_STREE_EMPTY, SCI_STREE_EMPTY);
	c = cmp(sm->owner, sm->key, t->sm);
	if (c == 0)
		return t->sm == sm ? t : node(sm, t->l, t->r);
	if (c < 0)
		return balance(t->sm, sci__stree_set(t->l, sm), t->r);
	return balance(t->sm, t->l, sci__stree_set(t->r, sm));
}

const sci_sm *sci__stree_get(const sci_stree *t, int owner, const sci_key *key)
{
	if (!t || !key)
		return NULL;
	while (t != SCI_STREE_EMPTY) {
		int c = cmp(owner, key, t->sm);

		if (c == 0)
			return t->sm;
		t = c < 0 ? t->l : t->r;
	}
	return NULL;
}

static void collect(const sci_stree *t, int owner, const sci_sm **out,
		    size_t *n)
{
	if (t == SCI_STREE_EMPTY)
		return;
	if (owner < 0 || owner <= t->sm->owner)
		collect(t->l, owner, out, n);
	if (owner < 0 || owner == t->sm->owner)
		out[(*n)++] = t->sm;
	if (owner < 0 || owner >= t->sm->owner)
		collect(t->r, owner, out, n);
}

/* Entries of @owner (all when < 0), visiting only subtrees that hold some. */
static size_t count(const sci_stree *t, int owner)
{
	size_t n = 0;

	if (t == SCI_STREE_EMPTY)
		return 0;
	if (owner < 0 || owner <= t->sm->owner)
		n += count(t->l, owner);
	if (owner < 0 || owner == t->sm->owner)
		n++;
	if (owner < 0 || owner >= t->sm->owner)
		n += count(t->r, owner);
	return n;
}

const sci_sm **sci__stree_list(const sci_stree *t, int owner, size_t *n)
{
	const sci_sm **out;

	*n = 0;
	if (!t)
		return NULL;
	out = sci_arena_alloc((count(t, owner) + 1) * sizeof(*out));
	collect(t, owner, out, n);
	return out;
}

static const sci_stree *build(const sci_sm **a, size_t n)
{
	size_t mid;

	if (n == 0)
		return SCI_STREE_EMPTY;
	mid = n / 2;
	return node(a[mid], build(a, mid), build(a + mid + 1, n - mid - 1));
}

static const sci_sm *unmatched_leaf(const sci_sm *other)
{
	const sci_owner *o = &sci__owners[other->owner];
	const sci_state *s = o->unmatched ? o->unmatched(other->key)
					  : &sci_undefined;
	struct position nopos = { 0 };

	return sci__sm_leaf(other->owner, other->key, s, nopos);
}

/* The owner's pre-merge callback may restate @mine, seen from path @side. */
static const sci_sm *pre_merge(const sci_sm *mine, const sci_sm *other,
			       const sci_stree *side)
{
	const sci_owner *o = &sci__owners[mine->owner];
	const sci_stree *save = sci__cur;
	const sci_state *s;

	if (!o->pre_merge || mine->state == other->state)
		return mine;
	sci__cur = side;
	s = o->pre_merge(mine->key, mine->state, other->state);
	sci__cur = save;
	if (!s || s == mine->state)
		return mine;
	return sci__sm_leaf(mine->owner, mine->key, s, mine->pos);
}

static const sci_sm *merge_pair(const sci_sm *l, const sci_sm *r,
				const sci_stree *a, const sci_stree *b,
				unsigned join)
{
	const sci_sm *l2 = pre_merge(l, r, a), *r2 = pre_merge(r, l, b);

	return sci__sm_merged(l2, r2, join);
}

/*
 * The usual join: both paths come from one stree and changed a few keys,
 * so most subtrees are still shared and both trees have the same shape.
 * Merging node by node then skips every shared subtree.  Returns NULL as
 * soon as the shapes differ (a key added on one side, other rotations).
 */
static const sci_stree *merge_same_shape(const sci_stree *a,
					 const sci_stree *b,
					 const sci_stree *ta,
					 const sci_stree *tb, unsigned join)
{
	const sci_stree *l, *r;
	const sci_sm *sm;

	if (a == b)
		return a;
	if (a == SCI_STREE_EMPTY || b == SCI_STREE_EMPTY ||
	    cmp(a->sm->owner, a->sm->key, b->sm) != 0)
		return NULL;
	if (!(l = merge_same_shape(a->l, b->l, ta, tb, join)) ||
	    !(r = merge_same_shape(a->r, b->r, ta, tb, join)))
		return NULL;
	sm = a->sm == b->sm ? a->sm : merge_pair(a->sm, b->sm, ta, tb, join);
	if (l == a->l && r == a->r && sm == a->sm)
		return a;
	return node(sm, l, r);
}

const sci_stree *sci__stree_merge(const sci_stree *a, const sci_stree *b)
{
	const sci_sm **la, **lb, **out;
	const sci_stree *same;
	size_t na, nb, i = 0, j = 0, n = 0;
	unsigned join;

	/* a stopped function (limits.c) must not revive paths saved earlier */
	if (sci__limits_stopped())
		return NULL;
	if (!a)
		return b;
	if (!b || a == b)
		return a;
	join = sci__new_join();
	same = merge_same_shape(a, b, a, b, join);
	if (same)
		return same;
	la = sci__stree_list(a, -1, &na);
	lb = sci__stree_list(b, -1, &nb);
	out = sci_arena_alloc((na + nb + 1) * sizeof(*out));
	while (i < na || j < nb) {
		int c;

		if (i == na)
			c = 1;
		else if (j == nb)
			c = -1;
		else
			c = cmp(la[i]->owner, la[i]->key, lb[j]);
		if (c == 0) {
			out[n++] = la[i] == lb[j] ? la[i]
				 : merge_pair(la[i], lb[j], a, b, join);
			i++;
			j++;
		} else if (c < 0) {
			out[n++] = merge_pair(la[i], unmatched_leaf(la[i]), a, b, join);
			i++;
		} else {
			out[n++] = merge_pair(unmatched_leaf(lb[j]), lb[j], a, b, join);
			j++;
		}
	}
	return build(out, n);
}

/* ------------------------------------------------------- checker API */

const sci_state *sci_sm_state(const sci_sm *sm)
{
	return sm ? sm->state : NULL;
}

const sci_key *sci_sm_key(const sci_sm *sm)
{
	return sm ? sm->key : NULL;
}

size_t sci_sm_npossible(const sci_sm *sm)
{
	return sm ? sm->npossible : 0;
}

const sci_state *sci_sm_possible_at(const sci_sm *sm, size_t i)
{
	return sm && i < sm->npossible ? sm->possible[i] : NULL;
}

int sci_sm_has_possible(const sci_sm *sm, const sci_state *s)
{
	return sm && has_state(sm->possible, sm->npossible, s);
}

/* 1: a leaf with @s by a route through no loop head; -1: too large. */
static int outside_loops(const sci_sm *sm, const sci_state *s,
			 unsigned *budget)
{
	int l;

	if (!*budget)
		return -1;
	(*budget)--;
	if (!sm->left)
		return sm->state == s;
	/*
	 * A loop head counts when its back edge (the right side: entry and
	 * back edge, sci__stree_merge_loop()) has @s on every path: the body
	 * released it on each way round and gave it no other value (`for (i
	 * = 0; i < 2; i++) free(p);`).  The entry's side alone is no
	 * evidence: a counter that tells the first pass apart was widened.
	 */
	if (sci__join_is_loop(sm->join))
		return sm->right->state == s;
	if ((l = outside_loops(sm->left, s, budget)) != 0)
		return l;
	return outside_loops(sm->right, s, budget);
}

const sci_sm *sci_sm_loop_back(const sci_sm *sm)
{
	return sm && sm->left && sci__join_is_loop(sm->join) ? sm->right : NULL;
}

int sci__sm_possible_outside_loops(const sci_sm *sm, const sci_state *s)
{
	unsigned budget = 4096;

	return sm && sci_sm_has_possible(sm, s) &&
	       outside_loops(sm, s, &budget) == 1;
}

static const sci_sm *find_leaf(const sci_sm *sm, const sci_state *s)
{
	const sci_sm *found;

	if (!sm->left)
		return (!s || sm->state == s) && sm->pos.line ? sm : NULL;
	if ((found = find_leaf(sm->left, s)))
		return found;
	return find_leaf(sm->right, s);
}

/* -1: a leaf with @s off @line (or too large); 1: some on it; 0: none. */
static int leaves_on(const sci_sm *sm, const sci_state *s, sci_pos line,
		     unsigned *budget)
{
	sci_pos p;
	int l, r;

	if (!*budget)
		return -1;
	(*budget)--;
	if (sm->left) {
		if ((l = leaves_on(sm->left, s, line, budget)) < 0)
			return -1;
		if ((r = leaves_on(sm->right, s, line, budget)) < 0)
			return -1;
		return l || r;
	}
	if (sm->state != s)
		return 0;
	p = sci__pos(sm->pos);
	return p.line == line.line && p.path == line.path ? 1 : -1;
}

int sci_sm_only_on_line(const sci_sm *sm, const sci_state *s, sci_pos line)
{
	unsigned budget = 4096;

	return sm && sci_sm_has_possible(sm, s) &&
	       leaves_on(sm, s, line, &budget) == 1;
}

int sci_sm_where(const sci_sm *sm, const sci_state *s, sci_pos *out)
{
	const sci_sm *leaf;

	if (!sm)
		return -1;
	leaf = find_leaf(sm, s);
	if (!leaf)
		return -1;
	*out = sci__pos(leaf->pos);
	return 0;
}
