/*
 * freed.c - memory a pointer points to was released (issue "The checker
 * suite": double-free and use-after-free stand on it).
 *
 * A key is "freed" after it was passed to a deallocator: free(), a
 * deallocator of the library models or the project profile, or a project
 * function whose summary frees that parameter on every path.  Copies made
 * before the release are freed too: the keys the relations know equal to
 * the argument (`q = p; free(p);` frees q), and a copy made after it
 * (`q = p` with p freed).  Any change of the key ends it, and so does
 * anything that makes the value model forget the key (a call that may
 * write it: a global, or memory reachable from an argument).
 *
 * realloc() and the models' other allocators that take a block are not
 * releases here: they free their argument only when they succeed, and
 * `q = realloc(p, n); if (!q) free(p);` is the right way to use them.
 *
 * Owner SCI_OWNER_FREED: one state.  A join keeps it only when every side
 * has it, or has the pointer NULL (free(NULL) releases nothing, and a NULL
 * pointer is the null-deref checker's business): a path on which the
 * block was not freed makes the merged state unknown, so a finding needs
 * every path, as sorted out by implied states, to have freed the memory.
 */
#include "analyzer/engine_int.h"

static const sci_state freed = { "freed", NULL };

/* A side whose pointer is NULL counts as freed: it holds nothing to use. */
static const sci_state *pre_merge(const sci_key *key, const sci_state *mine,
				  const sci_state *other)
{
	long long v;

	if (mine != &freed && other == &freed &&
	    sci_value_key_known(key, &v) && v == 0)
		return &freed;
	return mine;
}

void sci__freed_register(void)
{
	sci__owners[SCI_OWNER_FREED].rule = "freed";
	sci__owners[SCI_OWNER_FREED].pre_merge = pre_merge;
	sci__owners[SCI_OWNER_FREED].enabled = 1;
}

void sci__freed_call(struct expression *call)
{
	const char *name = sci__call_name(call);
	const sci_key *key;
	struct expression *fn;
	int arg;

	if (!sci__cur || !name || sci_profile_is_alloc(name))
		return;
	arg = sci_profile_free_arg(name);
	/* only a pointer holds memory: a deallocator's other arguments do not */
	if (arg < 0 || !sci_expr_is_pointer(sci_call_arg(call, arg)) ||
	    !(key = sci_key_expr(sci_call_arg(call, arg))))
		return;
	fn = sci__strip(call)->fn;
	sci__mark_set(SCI_OWNER_FREED, &freed, key, fn ? fn->pos : call->pos);
}

void sci__freed_forget(const sci_key *key)
{
	sci__mark_forget(SCI_OWNER_FREED, key);
}

void sci__freed_assign(const sci_key *key, struct expression *right)
{
	sci__mark_copy(SCI_OWNER_FREED, &freed, key, right);
}

int sci__freed_key(const sci_key *key)
{
	return sci__mark_has(SCI_OWNER_FREED, &freed, key);
}

void sci__freed_set_key(const sci_key *key, struct position pos)
{
	sci__set_state(SCI_OWNER_FREED, key, &freed, pos);
}

int sci_value_freed(sci_expr *e, sci_pos *where)
{
	return sci__mark_of(SCI_OWNER_FREED, &freed, e, where);
}
