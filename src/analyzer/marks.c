/*
 * marks.c - a one-state mark on a key that copies share and any new value
 * ends: memory freed (freed.c), a stream or descriptor closed (closed.c).
 * Each model owns its owner id and its state; this holds what they do
 * alike.
 */
#include "analyzer/engine_int.h"

#define MAX_COPIES 16

int sci__mark_has(int owner, const sci_state *mark, const sci_key *key)
{
	const sci_sm *sm = key && sci__cur ?
			   sci__stree_get(sci__cur, owner, key) : NULL;

	return sm && sm->state == mark;
}

void sci__mark_set(int owner, const sci_state *mark, const sci_key *key,
		   struct position pos)
{
	const sci_key *copies[MAX_COPIES];
	size_t i, n;

	sci__set_state(owner, key, mark, pos);
	/* the keys the relations know equal to it: `q = p; free(p);` */
	n = sci__relation_equals(key, copies, MAX_COPIES);
	for (i = 0; i < n; i++)
		sci__set_state(owner, copies[i], mark, pos);
}

void sci__mark_forget(int owner, const sci_key *key)
{
	if (key && sci__cur && sci__stree_get(sci__cur, owner, key))
		sci__set_state(owner, key, &sci_undefined,
			       (struct position){ 0 });
}

void sci__mark_copy(int owner, const sci_state *mark, const sci_key *key,
		    struct expression *right)
{
	const sci_key *from = sci_key_expr(right);

	if (!key || !sci__cur || !sci__mark_has(owner, mark, from))
		return;
	sci__set_state(owner, key, mark,
		       sci__stree_get(sci__cur, owner, from)->pos);
}

int sci__mark_of(int owner, const sci_state *mark, struct expression *e,
		 sci_pos *where)
{
	const sci_key *key;
	const sci_sm *sm;

	if (!sci__cur || !e)
		return 0;
	key = sci_key_expr(e);
	if (!sci__mark_has(owner, mark, key))
		return 0;
	sm = sci__stree_get(sci__cur, owner, key);
	if (where && sci_sm_where(sm, mark, where) < 0)
		*where = sci__pos(sm->pos);
	return 1;
}

/*
 * Some path only: a loop head's join does not count, since the values
 * widened there lost the history that would tell its sides apart (the
 * first pass's release against the later passes' new block), unless its
 * back edge has the mark on every path (sci__sm_possible_outside_loops()).
 */
int sci__mark_maybe(int owner, const sci_state *mark, struct expression *e,
		    sci_pos *where)
{
	const sci_key *key;
	const sci_sm *sm;

	if (!sci__cur || !e || !(key = sci_key_expr(e)))
		return 0;
	sm = sci__stree_get(sci__cur, owner, key);
	if (!sm || sm->state == mark ||
	    !sci__sm_possible_outside_loops(sm, mark))
		return 0;
	if (where && sci_sm_where(sm, mark, where) < 0)
		*where = sci__pos(sm->pos);
	return 1;
}
