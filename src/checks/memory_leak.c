// SPDX-License-Identifier: MIT
/*
 * memory-leak: memory from an allocator is neither freed, returned, nor
 * stored anywhere reachable before the variable holding it goes out of
 * scope, on some path.
 *
 *	char *buf = malloc(n);
 *	if (!buf)
 *		return -1;		// fine: nothing was allocated
 *	if (read(fd, buf, n) < 0)
 *		return -1;		// leak: buf is lost here
 *
 * Only local pointer variables assigned straight from an allocator
 * (malloc, calloc, realloc, strdup... and the profile's allocators) are
 * tracked.  The memory "escapes" - and is no longer ours to report - when
 * the pointer (or a pointer into it) is assigned anywhere, returned (also
 * through a function that returns its argument, `return memcpy(p, s, n)`),
 * or passed to a function not known to leave it alone
 * (sci_profile_is_nocapture: an unknown function may keep it), or when the
 * variable's address is taken.  `p = malloc(); if (!p)` is
 * known through a return-implies hook: on the NULL side nothing leaked.
 * Assigning something else to p while it alone holds the memory is a leak
 * too (`p = realloc(p, n)` and `p = p->next` use it and are left alone).
 *
 * False positives: correlations the value model cannot follow (a flag
 * decides both the allocation and the free, tested through bit masks or
 * other variables).  To stay quiet there, a path-merged state is reported
 * only when every merged path is either still allocated, freed, or NULL -
 * never when one of them lost track of the pointer (escaped, undefined).
 *
 * Siblings: double-free/use-after-free (later) track freed memory; this
 * checker only cares about memory that is never released.
 */
#include "analyzer/checker.h"

static sci_checker_id me;

SCI_STATE(allocated);
SCI_STATE(freed);
SCI_STATE(null);
SCI_STATE(escaped);

static int is_tracked_var(const sci_key *key)
{
	sci_sym *sym = sci_key_base(key);

	return sci_key_is_var(key) && sym && sci_sym_is_local(sym) &&
	       sci_sym_is_pointer(sym);
}

/* Could this entry still hold memory we must see freed? */
static int may_hold(const sci_sm *sm)
{
	return sm && sci_sm_has_possible(sm, &allocated);
}

/* What @e's value points into: p for `memcpy(p, s, n)`, `strchr(p, c)`. */
static sci_expr *pointed(sci_expr *e)
{
	int n;

	e = sci_expr_strip(e);
	while (sci_expr_is_call(e) &&
	       (n = sci_profile_returns_arg(sci_call_name(e))) >= 0 &&
	       sci_call_arg(e, n))
		e = sci_expr_strip(sci_call_arg(e, n));
	return e;
}

/* Every tracked pointer that @e may point into escapes. */
static void escape_in(sci_expr *e)
{
	e = pointed(e);
	SCI_FOR_EACH_STATE(me, sm) {
		if (may_hold(sm) && sci_expr_points_into(e, sci_sm_key(sm)))
			sci_state_set(me, sci_sm_key(sm), &escaped);
	} SCI_END_FOR_EACH_STATE(sm);
}

static void on_alloc(sci_expr *call, sci_expr *left, void *payload)
{
	const sci_key *key = sci_key_expr(left);

	if (!key || !is_tracked_var(key) || !sci_profile_is_alloc(sci_call_name(call)))
		return;
	sci_state_set(me, key, &allocated);
}

static void on_alloc_failed(sci_expr *call, const sci_key *result, void *payload)
{
	if (result && sci_state_get(me, result))
		sci_state_set(me, result, &null);
}

/* Does @e use the memory @key holds: `realloc(p, n)`, `p->next`? */
static int uses(sci_expr *e, const sci_key *key)
{
	int i, n;

	if (sci_expr_points_into(e, key))
		return 1;
	e = sci_expr_strip(e);
	if (sci_expr_is_call(e)) {
		n = sci_call_nargs(e);
		for (i = 0; i < n; i++)
			if (uses(sci_call_arg(e, i), key))
				return 1;
	}
	return 0;
}

/* `p = something else` while p alone holds allocated memory. */
static void on_assign_before(sci_expr *left, sci_expr *right, sci_pos pos,
			     void *payload)
{
	const sci_key *key = sci_key_expr(left);
	const sci_sm *sm = key ? sci_sm_get(me, key) : NULL;
	sci_finding *f;
	sci_pos where;

	if (!sm || sci_sm_state(sm) != &allocated || uses(right, key))
		return;
	f = sci_report(me, pos, sci_key_name(key),
		       "memory leak of '%s': overwritten while it holds allocated memory",
		       sci_key_name(key));
	if (sci_sm_where(sm, &allocated, &where) == 0)
		sci_finding_related(f, where, "allocated here");
}

/* `if (!p)`: on the side where p is NULL nothing can leak. */
static void on_condition(sci_expr *leaf, void *payload)
{
	int null_when_true;
	sci_expr *p = sci_cond_null_test(leaf, &null_when_true);
	const sci_key *key = p ? sci_key_expr(p) : NULL;

	if (!key || !sci_state_get(me, key))
		return;
	if (null_when_true)
		sci_state_set_true_false(me, key, &null, NULL);
	else
		sci_state_set_true_false(me, key, NULL, &null);
}

static void on_assign(sci_expr *left, sci_expr *right, sci_pos pos, void *payload)
{
	const sci_key *lkey = sci_key_expr(left);

	SCI_FOR_EACH_STATE(me, sm) {
		if (sci_sm_key(sm) != lkey && may_hold(sm) &&
		    sci_expr_points_into(right, sci_sm_key(sm)))
			sci_state_set(me, sci_sm_key(sm), &escaped);
	} SCI_END_FOR_EACH_STATE(sm);
}

static void on_call(sci_expr *call, void *payload)
{
	const char *name = sci_call_name(call);
	int freed_arg = sci_profile_free_arg(name);
	int i, n = sci_call_nargs(call);

	for (i = 0; i < n; i++) {
		sci_expr *arg = sci_call_arg(call, i);
		const sci_key *key = sci_key_expr(arg);

		if (i == freed_arg) {
			if (key && sci_state_get(me, key))
				sci_state_set(me, key, &freed);
			continue;
		}
		if (!name || !sci_profile_is_nocapture(name))
			escape_in(arg);
	}
}

static void on_return(sci_expr *value, sci_pos pos, void *payload)
{
	if (value)
		escape_in(value);
}

static void on_modify(const sci_key *key, sci_expr *target, sci_pos pos,
		      void *payload)
{
	if (sci_state_get(me, key))
		sci_state_set(me, key, &escaped);
}

/* At a join, an "allocated" side on which the pointer is NULL is "null". */
static const sci_state *pre_merge(const sci_key *key, const sci_state *mine,
				  const sci_state *other)
{
	long long v;

	if (mine == &allocated && sci_value_key_known(key, &v) && v == 0)
		return &null;
	return mine;
}

static int reportable(const sci_sm *sm)
{
	size_t i;

	if (!may_hold(sm))
		return 0;
	for (i = 0; i < sci_sm_npossible(sm); i++) {
		const sci_state *s = sci_sm_possible_at(sm, i);

		if (s != &allocated && s != &freed && s != &null)
			return 0;
	}
	return 1;
}

static void on_scope_end(sci_sym *sym, sci_pos pos, void *payload)
{
	const sci_key *key = sci_key_sym(sym);
	const sci_sm *sm = sci_sm_get(me, key);
	sci_finding *f;
	sci_pos where;

	if (!reportable(sm))
		return;
	f = sci_report(me, pos, sci_key_name(key),
		       "memory leak of '%s': allocated memory is not freed on this path",
		       sci_key_name(key));
	if (sci_sm_where(sm, &allocated, &where) == 0)
		sci_finding_related(f, where, "allocated here");
	sci_state_set(me, key, &escaped);
}

static void init(sci_checker_id id)
{
	const char *const *allocs = sci_profile_allocators();
	int i;

	me = id;
	sci_on_call_assign(me, NULL, on_alloc, NULL);
	for (i = 0; allocs[i]; i++)
		sci_on_return_implies(me, allocs[i], 0, 0, on_alloc_failed, NULL);
	sci_on_condition(me, on_condition, NULL);
	sci_on_assign_before(me, on_assign_before, NULL);
	sci_on_assign(me, on_assign, NULL);
	sci_on_call(me, NULL, on_call, NULL);
	sci_on_return(me, on_return, NULL);
	sci_on_modify(me, on_modify, NULL);
	sci_on_scope_end(me, on_scope_end, NULL);
}

const struct sci_checker sci_checker_memory_leak = {
	.rule = "memory-leak",
	.summary = "allocated memory is not freed on some path",
	.description = "Memory returned by an allocator and held only in a local "
		       "variable is neither freed, returned nor stored anywhere "
		       "before the variable goes out of scope on some path, so it "
		       "can never be freed.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-401",
	.tags = "memory reliability",
	.enabled_by_default = 1,
	.pre_merge = pre_merge,
	.init = init,
};
