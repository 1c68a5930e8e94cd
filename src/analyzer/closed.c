/*
 * closed.c - a stream or a file descriptor was closed (issue "The checker
 * suite": double-close and use-after-close stand on it).
 *
 * A key is "closed" after it was passed to fclose(), pclose(), closedir()
 * or close() of the C library, or to a project function whose summary
 * says it closes that parameter on every path that returns (`closes`).
 * Copies made before the close are closed too (the keys the relations
 * know equal to it), and so is a copy made after it (`g = f` with f
 * closed).  Any change of the key ends it, as for
 * freed memory (freed.c): an assignment, `&f` passed to a call, a call
 * that may write a global or memory reachable from its arguments.
 *
 * Owner SCI_OWNER_CLOSED: one state.  A join keeps it only when every
 * side has it, or holds the value a failed open gives (NULL for a stream,
 * a negative descriptor): nothing was open there to use or close.  So a
 * finding needs every path, as told apart by implied states, to have
 * closed it.
 */
#include "analyzer/engine_int.h"

#include <string.h>

static const sci_state closed = { "closed", NULL };

static const char *const closers[] = {
	"fclose", "pclose", "closedir", "close", NULL
};

/* NULL, or a negative descriptor: what a failed open leaves. */
static int failed_value(const sci_key *key)
{
	long long v;

	if (!sci_value_key_known(key, &v))
		return 0;
	/* descriptor 0 is stdin: only a stream variable's 0 is a failure */
	return v < 0 || (v == 0 && key->is_var && key->base &&
			 sci__type_is_ptr(key->base));
}

static const sci_state *pre_merge(const sci_key *key, const sci_state *mine,
				  const sci_state *other)
{
	if (mine != &closed && other == &closed && failed_value(key))
		return &closed;
	return mine;
}

void sci__closed_register(void)
{
	sci__owners[SCI_OWNER_CLOSED].rule = "closed";
	sci__owners[SCI_OWNER_CLOSED].pre_merge = pre_merge;
	sci__owners[SCI_OWNER_CLOSED].enabled = 1;
}

int sci_call_closes(sci_expr *call)
{
	const char *name = sci__call_name(call);
	size_t i;

	if (!name || !sci_call_is_library(call))
		return 0;
	for (i = 0; closers[i]; i++)
		if (strcmp(closers[i], name) == 0)
			return 1;
	return 0;
}

int sci_call_close_arg(sci_expr *call)
{
	const char *name;

	if (sci_call_closes(call))
		return 0;
	name = sci__call_name(call);
	return name && !sci_call_is_library(call) ?
	       sci__fn_facts_close_arg(name) : -1;
}

void sci__closed_call(struct expression *call)
{
	const sci_key *key;
	struct expression *fn;
	int n;

	if (!sci__cur || (n = sci_call_close_arg(call)) < 0 ||
	    !(key = sci_key_expr(sci_call_arg(call, n))))
		return;
	fn = sci__strip(call)->fn;
	sci__mark_set(SCI_OWNER_CLOSED, &closed, key, fn ? fn->pos : call->pos);
}

void sci__closed_forget(const sci_key *key)
{
	sci__mark_forget(SCI_OWNER_CLOSED, key);
}

void sci__closed_assign(const sci_key *key, struct expression *right)
{
	sci__mark_copy(SCI_OWNER_CLOSED, &closed, key, right);
}

int sci_value_closed(sci_expr *e, sci_pos *where)
{
	return sci__mark_of(SCI_OWNER_CLOSED, &closed, e, where);
}
