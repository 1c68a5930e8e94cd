/*
 * state.c - the checker-facing state API over the current path.
 */
#include "analyzer/engine_int.h"

#include <string.h>

static struct position where;

static struct position state_pos(void)
{
	return where;
}

void sci__set_state(int owner, const sci_key *key, const sci_state *s,
		    struct position pos)
{
	const sci_sm *sm;

	if (!key || !s)
		return;
	sm = sci__sm_leaf(owner, key, s, pos);
	if (sci__cond_true) {
		/* inside a condition hook: a plain set applies to both sides */
		*sci__cond_true = sci__stree_set(*sci__cond_true, sm);
		*sci__cond_false = sci__stree_set(*sci__cond_false, sm);
		return;
	}
	sci__cur = sci__stree_set(sci__cur, sm);
}

const sci_state *sci__get_state(int owner, const sci_key *key)
{
	const sci_sm *sm = sci__stree_get(sci__cur, owner, key);

	return sm ? sm->state : NULL;
}

void sci__state_set_where(struct position pos)
{
	where = pos;
}

void sci_state_set(sci_checker_id me, const sci_key *key, const sci_state *s)
{
	sci__set_state(me, key, s, state_pos());
}

const sci_state *sci_state_get(sci_checker_id me, const sci_key *key)
{
	return sci__get_state(me, key);
}

const sci_sm *sci_sm_get(sci_checker_id me, const sci_key *key)
{
	return sci__stree_get(sci__cur, me, key);
}

void sci_state_set_true_false(sci_checker_id me, const sci_key *key,
			      const sci_state *when_true,
			      const sci_state *when_false)
{
	if (!key)
		return;
	if (!sci__cond_true) {
		/* outside a condition hook there is one path: ignore */
		return;
	}
	if (when_true)
		*sci__cond_true = sci__stree_set(*sci__cond_true,
				sci__sm_leaf(me, key, when_true, state_pos()));
	if (when_false)
		*sci__cond_false = sci__stree_set(*sci__cond_false,
				sci__sm_leaf(me, key, when_false, state_pos()));
}

const sci_sm *const *sci_state_snapshot(sci_checker_id me, size_t *n)
{
	return sci__stree_list(sci__cur, me, n);
}

int sci_state_possible_of(const char *rule, const sci_key *key,
			  const char *state)
{
	int owner = rule ? sci__owner_find(rule) : -1;
	const sci_sm *sm;
	unsigned i;

	if (owner < 0 || !key || !sci__cur)
		return 0;
	sm = sci__stree_get(sci__cur, owner, key);
	for (i = 0; sm && i < sm->npossible; i++)
		if (sm->possible[i] && sm->possible[i]->name &&
		    strcmp(sm->possible[i]->name, state) == 0)
			return 1;
	return 0;
}
