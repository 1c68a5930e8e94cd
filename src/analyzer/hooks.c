/*
 * hooks.c - typed hook registration and dispatch.  One table per event
 * family; callbacks run in registration order, which registry.c makes the
 * dependency order of the checkers.
 */
#include "analyzer/engine_int.h"
#include "util/alloc.h"

#include <stdlib.h>
#include <limits.h>
#include <string.h>

typedef struct {
	int owner;
	const char *name;	/* call hooks: function name or NULL */
	long long min, max;	/* return-implies range */
	void (*fn)(void);	/* cast back to the family's type */
	void *payload;
} hook;

typedef struct {
	hook *v;
	size_t n, cap;
} hook_table;

enum {
	H_EXPR, H_STMT, H_ASSIGN_BEFORE, H_ASSIGN, H_CALL, H_CALL_ASSIGN,
	H_IMPLIES, H_COND, H_WHOLE_COND, H_RETURN, H_DEREF, H_DECL, H_MODIFY,
	H_SCOPE_END, H_FUNC_START, H_FUNC_END, H_FILE_END, H_LOOP_CHANGE, H_LOOP_EXIT,
	H_NR
};

static hook_table tables[H_NR];

void sci__hooks_reset(void)
{
	int i;

	for (i = 0; i < H_NR; i++) {
		free(tables[i].v);
		memset(&tables[i], 0, sizeof(tables[i]));
	}
}

static hook *add(int family, int owner, void (*fn)(void), void *payload)
{
	hook_table *t = &tables[family];
	hook *h;

	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 8;
		t->v = sci_realloc(t->v, t->cap * sizeof(*t->v));
	}
	h = &t->v[t->n++];
	memset(h, 0, sizeof(*h));
	h->owner = owner;
	h->fn = fn;
	h->payload = payload;
	return h;
}

#define FN(f) ((void (*)(void))(f))

void sci_on_expr(sci_checker_id me, sci_expr_fn fn, void *payload)
{
	add(H_EXPR, me, FN(fn), payload);
}

void sci_on_stmt(sci_checker_id me, sci_stmt_fn fn, void *payload)
{
	add(H_STMT, me, FN(fn), payload);
}

void sci_on_assign_before(sci_checker_id me, sci_assign_fn fn, void *payload)
{
	add(H_ASSIGN_BEFORE, me, FN(fn), payload);
}

void sci_on_assign(sci_checker_id me, sci_assign_fn fn, void *payload)
{
	add(H_ASSIGN, me, FN(fn), payload);
}

void sci_on_call(sci_checker_id me, const char *name, sci_call_fn fn,
		 void *payload)
{
	add(H_CALL, me, FN(fn), payload)->name = name;
}

void sci_on_call_assign(sci_checker_id me, const char *name,
			sci_call_assign_fn fn, void *payload)
{
	add(H_CALL_ASSIGN, me, FN(fn), payload)->name = name;
}

void sci_on_return_implies(sci_checker_id me, const char *name, long long min,
			   long long max, sci_implies_fn fn, void *payload)
{
	hook *h = add(H_IMPLIES, me, FN(fn), payload);

	h->name = name;
	h->min = min;
	h->max = max;
}

void sci_on_condition(sci_checker_id me, sci_expr_fn fn, void *payload)
{
	add(H_COND, me, FN(fn), payload);
}

void sci_on_whole_condition(sci_checker_id me, sci_expr_fn fn, void *payload)
{
	add(H_WHOLE_COND, me, FN(fn), payload);
}

void sci_on_return(sci_checker_id me, sci_return_fn fn, void *payload)
{
	add(H_RETURN, me, FN(fn), payload);
}

void sci_on_deref(sci_checker_id me, sci_deref_fn fn, void *payload)
{
	add(H_DEREF, me, FN(fn), payload);
}

void sci_on_declaration(sci_checker_id me, sci_sym_fn fn, void *payload)
{
	add(H_DECL, me, FN(fn), payload);
}

void sci_on_modify(sci_checker_id me, sci_modify_fn fn, void *payload)
{
	add(H_MODIFY, me, FN(fn), payload);
}

void sci_on_loop_change(sci_checker_id me, sci_loop_fn fn, void *payload)
{
	add(H_LOOP_CHANGE, me, FN(fn), payload);
}

void sci_on_loop_exit(sci_checker_id me, sci_loop_fn fn, void *payload)
{
	add(H_LOOP_EXIT, me, FN(fn), payload);
}

void sci_on_scope_end(sci_checker_id me, sci_scope_fn fn, void *payload)
{
	add(H_SCOPE_END, me, FN(fn), payload);
}

void sci_on_func_start(sci_checker_id me, sci_func_fn fn, void *payload)
{
	add(H_FUNC_START, me, FN(fn), payload);
}

void sci_on_func_end(sci_checker_id me, sci_func_fn fn, void *payload)
{
	add(H_FUNC_END, me, FN(fn), payload);
}

void sci_on_file_end(sci_checker_id me, sci_void_fn fn, void *payload)
{
	add(H_FILE_END, me, FN(fn), payload);
}

/*
 * Dispatch: hooks only run on reachable paths.  A family nobody hooked
 * has no table at all, and NULL + 0 is undefined behaviour, so the end is
 * computed from a table that exists.
 */
#define EACH(family, h)							\
	for (hook *h = tables[family].v,				\
		  *h##_end = h ? h + tables[family].n : h; h != h##_end; h++)

void sci__fire_expr(struct expression *e)
{
	if (!sci__cur)
		return;
	sci__state_set_where(e->pos);
	EACH(H_EXPR, h)
		((sci_expr_fn)h->fn)(e, h->payload);
}

void sci__fire_stmt(struct statement *s)
{
	if (!sci__cur)
		return;
	EACH(H_STMT, h)
		((sci_stmt_fn)h->fn)(s, h->payload);
}

void sci__fire_assign(int before, struct expression *left,
		      struct expression *right, struct position pos)
{
	if (!sci__cur)
		return;
	sci__state_set_where(pos);
	if (!before)
		sci__fn_facts_assign(left, right);
	EACH(before ? H_ASSIGN_BEFORE : H_ASSIGN, h)
		((sci_assign_fn)h->fn)(left, right, sci__pos(pos), h->payload);
}

/* A call's own position is its '(': name the callee's instead. */
static struct position call_pos(struct expression *call)
{
	struct expression *fn = sci__strip(call)->fn;

	return fn ? fn->pos : call->pos;
}

static int name_matches(const hook *h, const char *name)
{
	return !h->name || (name && strcmp(h->name, name) == 0);
}

void sci__fire_call(struct expression *call)
{
	const char *name = sci__call_name(call);

	if (!sci__cur)
		return;
	sci__state_set_where(call_pos(call));
	sci__fn_facts_call(call);
	EACH(H_CALL, h)
		if (name_matches(h, name))
			((sci_call_fn)h->fn)(call, h->payload);
}

void sci__fire_call_assign(struct expression *call, struct expression *left)
{
	const char *name = sci__call_name(call);

	if (!sci__cur)
		return;
	sci__state_set_where(call_pos(call));
	EACH(H_CALL_ASSIGN, h)
		if (name_matches(h, name))
			((sci_call_assign_fn)h->fn)(call, left, h->payload);
}

int sci__has_return_implies(const char *fname)
{
	if (!fname)
		return 0;
	EACH(H_IMPLIES, h)
		if (strcmp(h->name, fname) == 0)
			return 1;
	return 0;
}

void sci__fire_return_implies(const char *fname, struct expression *call,
			      const sci_key *result, sci_val min, sci_val max)
{
	EACH(H_IMPLIES, h) {
		/* LLONG_MIN/LLONG_MAX stand for "no bound" (pointers and
		 * unsigned 64-bit values go past LLONG_MAX) */
		sci_val lo = h->min == LLONG_MIN ? SCI_VAL_MIN : h->min;
		sci_val hi = h->max == LLONG_MAX ? SCI_VAL_MAX : h->max;

		if (strcmp(h->name, fname) != 0)
			continue;
		/* the side's values must all lie in the hook's range */
		if (min < lo || max > hi)
			continue;
		((sci_implies_fn)h->fn)(call, result, h->payload);
	}
}

void sci__fire_condition(struct expression *leaf)
{
	sci__state_set_where(leaf->pos);
	EACH(H_COND, h)
		((sci_expr_fn)h->fn)(leaf, h->payload);
}

void sci__fire_whole_condition(struct expression *cond)
{
	if (!sci__cur)
		return;
	EACH(H_WHOLE_COND, h)
		((sci_expr_fn)h->fn)(cond, h->payload);
}

void sci__fire_return(struct expression *value, struct position pos)
{
	if (!sci__cur)
		return;
	sci__state_set_where(pos);
	sci__fn_facts_return(value);
	sci__locks_return(value, pos);
	EACH(H_RETURN, h)
		((sci_return_fn)h->fn)(value, sci__pos(pos), h->payload);
}

/*
 * The loop hooks of @family over the checkers' states in @t: for each
 * key, its state in @t and in @back; with @entry, only the keys whose
 * state differs between @entry and @back.
 */
static const sci_stree *fire_loop(int family, const sci_stree *t,
				  const sci_stree *entry,
				  const sci_stree *back, int depth)
{
	EACH(family, h) {
		const sci_sm **all;
		size_t n, i;

		all = sci__stree_list(t, h->owner, &n);
		for (i = 0; i < n; i++) {
			const sci_sm *b = back ? sci__stree_get(back, h->owner,
							all[i]->key) : NULL;
			const sci_state *was = b ? b->state : NULL, *st;

			if (entry) {
				const sci_sm *a = sci__stree_get(entry, h->owner,
								 all[i]->key);

				if ((a ? a->state : NULL) == was)
					continue;
			}
			st = ((sci_loop_fn)h->fn)(all[i]->key, all[i]->state,
						  was, depth, h->payload);
			if (st && st != all[i]->state)
				t = sci__stree_set(t, sci__sm_leaf(h->owner,
						   all[i]->key, st,
						   (struct position){ 0 }));
		}
	}
	return t;
}

const sci_stree *sci__fire_loop_change(const sci_stree *merged,
					const sci_stree *entry,
					const sci_stree *back, int depth)
{
	return merged && entry ?
	       fire_loop(H_LOOP_CHANGE, merged, entry, back, depth) : merged;
}

const sci_stree *sci__fire_loop_exit(const sci_stree *exits,
				     const sci_stree *back, int depth)
{
	return exits ? fire_loop(H_LOOP_EXIT, exits, NULL, back, depth) : exits;
}

void sci__fire_deref(struct expression *ptr, struct position pos)
{
	if (!sci__cur)
		return;
	sci__state_set_where(pos);
	sci__fn_facts_deref(ptr);
	EACH(H_DEREF, h)
		((sci_deref_fn)h->fn)(ptr, sci__pos(pos), h->payload);
}

void sci__fire_declaration(struct symbol *sym)
{
	if (!sci__cur)
		return;
	sci__state_set_where(sym->pos);
	EACH(H_DECL, h)
		((sci_sym_fn)h->fn)(sym, h->payload);
}

void sci__fire_modify(const sci_key *key, struct expression *target,
		      struct position pos)
{
	if (!sci__cur || !key)
		return;
	sci__state_set_where(pos);
	EACH(H_MODIFY, h)
		((sci_modify_fn)h->fn)(key, target, sci__pos(pos), h->payload);
}

void sci__fire_scope_end(struct symbol *sym, struct position pos)
{
	if (!sci__cur)
		return;
	sci__state_set_where(pos);
	EACH(H_SCOPE_END, h)
		((sci_scope_fn)h->fn)(sym, sci__pos(pos), h->payload);
}

void sci__fire_func(int end, struct symbol *fn)
{
	if (end && !sci__cur)
		return;
	EACH(end ? H_FUNC_END : H_FUNC_START, h)
		((sci_func_fn)h->fn)(fn, h->payload);
}

void sci__fire_file_end(void)
{
	EACH(H_FILE_END, h)
		((sci_void_fn)h->fn)(h->payload);
}
