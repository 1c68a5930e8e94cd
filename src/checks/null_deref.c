// SPDX-License-Identifier: MIT
/*
 * null-deref: a pointer is dereferenced, or passed to a library function
 * that dereferences it, while it is NULL on this path, or while it may be
 * NULL because the allocator or lookup that produced it was not checked.
 *
 *	if (!dev)
 *		pr_err("no device %s\n", dev->name);	// dev is NULL here
 *	buf = malloc(n);
 *	strcpy(buf, name);			// malloc() is not checked
 *
 * NULL: the value model decides (assignments, conditions, implied states
 * across joins); the finding's related location is where p became NULL.
 * Also "may be NULL" where one side of a join set it to NULL and no path
 * replaced a NULL it held (`if (c) p = NULL; else p = &x; p->a`):
 * chosen_null().
 *
 * Maybe NULL: `p = malloc(n)` (sci_call_may_return_null(): allocators,
 * fopen, getenv, strchr of a string that holds input... but not xmalloc
 * and the profile's "returns_nonnull") gives p an "unchecked" state naming
 * the call site.
 * Copies carry it (`q = p`, `q = p = f()`); another assignment, p++, &p
 * passed to a call, or a call that may change p (a global, memory of an
 * argument) ends it.  Whether a check made p non-NULL is the value
 * model's business (sci_value_is_nonnull(): tests, macros, assert,
 * likely(), condition aliases).  It does not track p == q, so a test of one
 * copy checks every key holding the same call's result on that side.  At
 * a join, a side where p is known non-NULL is settled as checked, so
 * `if (c) { p = malloc(); if (!p) return; } else p = q;` does not blame
 * malloc() for q.  One finding per call site (copies included), at the
 * first dereference; the call is its related location.  Library
 * parameters that must not be NULL come from sci_profile_nonnull_params(),
 * which also knows the project's functions that dereference a parameter
 * on every path (their summaries): `get_len(NULL)` is reported at the call.
 *
 * False positives: pointers changed behind the engine's back (another
 * alias to the same storage); a check done in a callee the engine does
 * not see into; a search of input the program knows succeeds.  Missed on
 * purpose: a search of the program's own string (strchr(s, ':') where a
 * caller put the ':'), taken to succeed - 7 of 9 such findings on
 * busybox were false.  False negatives, on purpose: when the NULL side of a
 * check reaches the dereference too (`if (bad || !p) fatal(...);` with
 * fatal() not known to be noreturn), the unchecked path is not blamed,
 * because the engine is missing how that side ends; loops widen values,
 * so first-iteration NULLs are not reported.
 *
 * A NULL every caller passes is an assumption in the walk with their
 * values (it splits paths; the walk may not rule out what their other
 * values would): reported in the callee only when that walk dereferences
 * it on every path that returns.
 *
 * Sibling: deref-before-check reports the opposite order (use, then check).
 */
#include "analyzer/checker.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sci_checker_id me;

/*
 * Where the pointer became NULL, for the finding's evidence: the gate
 * blames a change that added the NULL check or assignment even when the
 * dereference itself is an old line.
 */
SCI_STATE(tested_null);
SCI_STATE(assigned_null);
SCI_STATE(reassigned);
/* was maybe NULL: checked, reported once, or possibly changed by a call */
SCI_STATE(checked);

/*
 * A maybe-NULL value: the result of @fn() called at @pos, held in @key
 * (the call's target or a copy of it).  Interned per (call site, key) so
 * states compare by pointer; @expr names the key for the value model.
 * Allocated once per TU (one TU per worker process) and never freed; @key
 * is only compared (keys die with their function), @expr and @pos.path
 * are sparse's (TU lifetime).
 */
typedef struct unchecked {
	sci_state state;		/* .data points back here */
	const char *fn;
	sci_pos pos;
	const sci_key *key;
	sci_expr *expr;
	unsigned reported;		/* the walk (walk_id) in which a
					 * finding blamed this call, or 0 */
	struct unchecked *next;		/* hash chain: same line, column */
} unchecked;

static const char unchecked_name[] = "unchecked";
static unchecked *interned[1024];
/*
 * Counts the walks of functions: "reported" holds for the walk that
 * reported, not for a walk of the same function with its callers'
 * values (whose findings replace the first walk's).
 */
static unsigned walk_id;

static const unchecked *as_unchecked(const sci_state *s)
{
	return s && s->name == unchecked_name ? s->data : NULL;
}

static int same_site(const unchecked *a, const unchecked *b)
{
	return a->pos.line == b->pos.line && a->pos.col == b->pos.col &&
	       (a->pos.path == b->pos.path ||
		strcmp(a->pos.path, b->pos.path) == 0) &&
	       strcmp(a->fn, b->fn) == 0;
}

static unchecked **bucket(sci_pos pos)
{
	return &interned[(pos.line * 31u ^ pos.col) %
			 (sizeof(interned) / sizeof(interned[0]))];
}

static const sci_state *unchecked_state(const char *fn, sci_pos pos,
					const sci_key *key, sci_expr *expr)
{
	unchecked **h = bucket(pos);
	unchecked *u, probe = { .fn = fn, .pos = pos };

	for (u = *h; u; u = u->next)
		if (u->key == key && same_site(u, &probe))
			break;
	if (!u) {
		u = calloc(1, sizeof(*u));
		if (!u || !(probe.fn = strdup(fn)))	/* fn is arena */
			abort();
		*u = probe;
		u->state.name = unchecked_name;
		u->state.data = u;
		u->key = key;
		u->next = *h;
		*h = u;
	}
	/* a later walk of a declaration makes a new expression */
	u->expr = expr;
	return &u->state;
}

/* Was a finding already reported for the call @u comes from? */
static int site_reported(const unchecked *u)
{
	const unchecked *v;

	for (v = *bucket(u->pos); v; v = v->next)
		if (v->reported == walk_id && same_site(u, v))
			return 1;
	return 0;
}

static void mark_reported(const unchecked *u)
{
	unchecked *v;

	for (v = *bucket(u->pos); v; v = v->next)
		if (v == u)
			v->reported = walk_id;
}

/* The first call result @sm may still hold unchecked, or NULL. */
static const unchecked *unchecked_in(const sci_sm *sm)
{
	size_t i;

	if (!sm)
		return NULL;
	for (i = 0; i < sci_sm_npossible(sm); i++)
		if (as_unchecked(sci_sm_possible_at(sm, i)))
			return as_unchecked(sci_sm_possible_at(sm, i));
	return NULL;
}

/* Does @sm possibly hold the result of the call @u came from? */
static int holds_site(const sci_sm *sm, const unchecked *u)
{
	size_t i;
	const unchecked *v;

	for (i = 0; i < sci_sm_npossible(sm); i++) {
		v = as_unchecked(sci_sm_possible_at(sm, i));
		if (v && same_site(u, v))
			return 1;
	}
	return 0;
}

/*
 * @u's value was checked (or blamed once): on this path, or on one side
 * of the current condition (@side_true), every key holding it is checked.
 */
static void set_checked(const unchecked *u, int in_cond, int side_true)
{
	SCI_FOR_EACH_STATE(me, sm) {
		if (!holds_site(sm, u))
			continue;
		if (!in_cond)
			sci_state_set(me, sci_sm_key(sm), &checked);
		else
			sci_state_set_true_false(me, sci_sm_key(sm),
						 side_true ? &checked : NULL,
						 side_true ? NULL : &checked);
	} SCI_END_FOR_EACH_STATE(sm);
}

static void report_null(const sci_key *key, sci_pos pos, const char *callee)
{
	const char *name = sci_key_name(key);
	const sci_sm *sm = sci_sm_get(me, key);
	sci_finding *f;
	sci_pos where;

	if (callee)
		f = sci_report(me, pos, name, "'%s' is NULL when passed to %s()",
			       name, callee);
	else
		f = sci_report(me, pos, name, "NULL dereference of '%s'", name);
	if (sm && sci_sm_where(sm, &assigned_null, &where) == 0)
		sci_finding_related(f, where, "set to NULL here");
	else if (sm && sci_sm_where(sm, &tested_null, &where) == 0)
		sci_finding_related(f, where, "NULL on this branch of the check");
}

/*
 * NULL on some of the paths that reach @pos, where a path set it to NULL
 * and none of the others replaced a NULL (`if (c) p = NULL; else p = &x;
 * p->a`: the program chose NULL on one side).  Not reported: a NULL that
 * some path replaced (`p = NULL; if (n) p = alloc(n);`, a vector grown
 * in a loop that may run no time) - which paths keep such a default is
 * tied to other values (n, the loop's count) too often to blame it.
 */
static int chosen_null(const sci_sm *sm, sci_pos pos)
{
	sci_pos where;

	/*
	 * And the NULL comes from above: one assigned further down reaches
	 * here only round a loop or a goto back, whose paths other values
	 * steer (busybox taskset.c: `aff = NULL; goto print_aff;` under
	 * the flag that the dereference's side excludes).
	 */
	return sm && sci_sm_has_possible(sm, &assigned_null) &&
	       !sci_sm_has_possible(sm, &reassigned) &&
	       !sci_sm_has_possible(sm, &tested_null) &&
	       sci_sm_where(sm, &assigned_null, &where) == 0 &&
	       where.path && pos.path && strcmp(where.path, pos.path) == 0 &&
	       where.line < pos.line;
}

static void report_maybe_null(const sci_key *key, const sci_sm *sm,
			      sci_pos pos, const char *callee)
{
	const char *name = sci_key_name(key);
	sci_finding *f;
	sci_pos where;

	if (callee)
		f = sci_report(me, pos, name,
			       "'%s' may be NULL when passed to %s(): a path sets it to NULL",
			       name, callee);
	else
		f = sci_report(me, pos, name,
			       "'%s' may be NULL here: a path that sets it to NULL reaches this dereference",
			       name);
	if (sci_sm_where(sm, &assigned_null, &where) == 0)
		sci_finding_related(f, where, "set to NULL here");
}

/* `*malloc(n)`, `strlen(getenv("X"))`: no variable to name. */
static void report_call(sci_expr *call, sci_pos pos, const char *callee)
{
	const char *fn = sci_call_name(call);

	if (!sci_call_may_return_null(call) || sci_value_is_nonnull(call))
		return;
	if (callee)
		sci_report(me, pos, sci_expr_text(call),
			   "%s() could return NULL: its result is passed to %s() unchecked",
			   fn, callee);
	else
		sci_report(me, pos, sci_expr_text(call),
			   "%s() could return NULL: its result is dereferenced unchecked",
			   fn);
}

/* @callee dereferences @key, a global it reads itself, when @global */
static void report_unchecked(const unchecked *u, const sci_key *key,
			     sci_pos pos, const char *callee, int global)
{
	const char *name = sci_key_name(key);
	char what[128];
	sci_finding *f;

	/* one missing check, one finding (set_checked() covers this path) */
	if (site_reported(u))
		return;
	if (callee && global)
		f = sci_report(me, pos, name,
			       "'%s' could be NULL when %s() dereferences it: the result of %s() is not checked",
			       name, callee, u->fn);
	else if (callee)
		f = sci_report(me, pos, name,
			       "'%s' could be NULL when passed to %s(): the result of %s() is not checked",
			       name, callee, u->fn);
	else
		f = sci_report(me, pos, name,
			       "'%s' could be NULL: the result of %s() is not checked",
			       name, u->fn);
	snprintf(what, sizeof(what), "%s() can return NULL", u->fn);
	sci_finding_related(f, u->pos, what);
	/* NULL: dropped on a quiet loop pass, the final pass reports */
	if (f)
		mark_reported(u);
	set_checked(u, 0, 0);
}

/*
 * @e, holding @key (NULL when @e is a call), is dereferenced at @pos, by
 * @callee when it is not NULL.
 */
static void check_use(sci_expr *e, const sci_key *key, sci_pos pos,
		      const char *callee)
{
	const unchecked *u;
	const sci_sm *sm;

	if (!key) {
		if (sci_expr_is_call(e))
			report_call(e, pos, callee);
		else if (callee && sci_value_is_null(e))
			sci_report(me, pos, callee,
				   "NULL is passed to %s(), which dereferences that argument",
				   callee);
		return;
	}
	if (sci_value_is_null(e)) {
		report_null(key, pos, callee);
		return;
	}
	sm = sci_sm_get(me, key);
	if (chosen_null(sm, pos) && sci_value_possibly(e, 0) &&
	    !sci_value_is_nonnull(e)) {
		/*
		 * One finding per NULL: its later uses follow from it.  Set
		 * on a quiet loop pass too, so a dereference inside a loop
		 * is not reported: the final pass starts from a head where
		 * the loop's calls have forgotten what ties the NULL to the
		 * test around the use (busybox mount.c: storage_path is NULL
		 * exactly when argv[0] is, tested again inside the loop).
		 */
		report_maybe_null(key, sm, pos, callee);
		sci_state_set(me, key, &reassigned);
		return;
	}
	u = unchecked_in(sm);
	/*
	 * A path where the check found NULL and went on reaches here too:
	 * the NULL branch ends in something the engine does not know never
	 * returns (`if (!p || bad) fatal(...);`), so the unchecked path
	 * through the same code is not blamed either.
	 */
	if (u && !sci_sm_has_possible(sm, &tested_null) &&
	    !sci_value_is_nonnull(e))
		report_unchecked(u, key, pos, callee, 0);
}

/*
 * A NULL every caller passes, in a walk with the callers' values, is an
 * assumption that splits paths, not evidence (engine.md, "Callers'
 * values"): the walk may not rule out the paths a caller's other values
 * would.  It counts when this walk dereferences it on every path that
 * returns: then the callee cannot run with it (Juliet's 21: `badStatic =
 * 1; badSink(NULL);` where the sink dereferences under the flag only).
 * A parameter dereferenced on every path of every walk is the callers'
 * finding instead (the summary's nonnull parameters, at the call).
 */
SCI_STATE(assumed_deref);
#define MAX_ASSUMED 8
static struct {
	const sci_key *key;
	sci_pos pos;
	char *text;
	int failed;
} assumed[MAX_ASSUMED];
static int nassumed, nreturns;
static const char *walked;	/* the function's name, for its summary */

static void note_assumed(sci_expr *pointer, sci_pos pos)
{
	const sci_key *key = sci_key_expr(pointer);
	const sci_nonnull_params *np;
	sci_sym *var = sci_key_base(key);
	int i, k;

	if (!key || !sci_key_is_var(key) ||
	    (i = sci_sym_param_index(var)) < 0 || i >= 32 ||
	    ((np = sci_profile_nonnull_params(walked)) &&
	     (np->args & (1u << i))))
		return;
	sci_state_set(me, key, &assumed_deref);
	for (k = 0; k < nassumed && assumed[k].key != key; k++)
		;
	if (k < nassumed || nassumed == MAX_ASSUMED)
		return;
	assumed[k].key = key;
	assumed[k].pos = pos;
	assumed[k].text = strdup(sci_expr_text(pointer));
	/*
	 * A return walked before the first dereference left on a path that
	 * never reached it (`if (plain) return 1; *p ...`): on_return() came
	 * too early to count it against this pointer.
	 */
	assumed[k].failed = !assumed[k].text || nreturns > 0;
	nassumed++;
}

static void on_deref(sci_expr *pointer, sci_pos pos, void *payload)
{
	(void)payload;
	if (sci_value_assumed_null(pointer))
		note_assumed(pointer, pos);
	check_use(pointer, sci_key_expr(pointer), pos, NULL);
}

static void on_return(sci_expr *value, sci_pos pos, void *payload)
{
	int k;

	(void)value;
	(void)pos;
	(void)payload;
	nreturns++;
	for (k = 0; k < nassumed; k++)
		if (sci_state_get(me, assumed[k].key) != &assumed_deref)
			assumed[k].failed = 1;
}

static void forget_assumed(void)
{
	int k;

	for (k = 0; k < nassumed; k++)
		free(assumed[k].text);
	nassumed = 0;
	nreturns = 0;
}

static void on_func_end(sci_sym *fn, void *payload)
{
	int k;

	(void)fn;
	(void)payload;
	for (k = 0; k < nassumed && nreturns; k++)
		if (!assumed[k].failed)
			sci_report(me, assumed[k].pos, assumed[k].text,
				   "'%s' is NULL here: its callers pass NULL, and every path of the function dereferences it",
				   assumed[k].text);
	forget_assumed();
}

static void check_paths(sci_expr *call, const char *name, int addr);

/*
 * `sink(&p)` where sink() dereferences *pp: p itself is used, NULL or an
 * unchecked result.  Seen while the argument is walked, before the call
 * may change p.
 */
static void on_expr(sci_expr *e, void *payload)
{
	const sci_nonnull_params *pp;
	sci_expr *call, *inner;
	const char *name;
	int i;

	(void)payload;
	if (!sci_expr_is_addr_of(e, &inner) || !sci_key_expr(inner) ||
	    !(call = sci_expr_passed_to(e, &i)) || i >= 32 ||
	    !(name = sci_call_name(call)))
		return;
	check_paths(call, name, i);
	if (!(pp = sci_profile_pointee_params(name)) ||
	    !(pp->args & (1u << i)))
		return;
	check_use(inner, sci_key_expr(inner), sci_expr_pos(e), name);
}

/*
 * A place @name() dereferences before any check (a global, a member of
 * the caller's struct): NULL there (@is_null, named @label), or holding
 * an allocation nobody checked (@key's state).
 */
static void check_place(sci_expr *call, const char *name, const char *label,
			const sci_key *key, int is_null)
{
	const unchecked *u;
	const sci_sm *sm;
	long long lo, hi;

	if (is_null) {
		sci_report(me, sci_expr_pos(call), label,
			   "'%s' is NULL when %s() dereferences it", label, name);
		return;
	}
	if (!key)
		return;
	sm = sci_sm_get(me, key);
	u = unchecked_in(sm);
	if (u && !sci_sm_has_possible(sm, &tested_null) &&
	    !(sci_value_key_bounds(key, &lo, &hi) && lo > 0))
		report_unchecked(u, key, sci_expr_pos(call), name, 1);
}

/*
 * `g_data = NULL; sink();` where sink() dereferences g_data, and
 * `g_data = malloc(n); sink();`, the result unchecked.
 */
static void check_globals(sci_expr *call, const char *name)
{
	const char *const *globals;
	size_t i, n = sci_profile_deref_globals(name, &globals);

	for (i = 0; i < n; i++) {
		int is_null = sci_value_global_is_null(globals[i]);

		check_place(call, name, globals[i],
			    is_null ? NULL : sci_key_global(globals[i]),
			    is_null);
	}
}

/*
 * `s.first = NULL; sink(s);` and `arr[2] = malloc(n); sink(arr);` where
 * sink() dereferences s.first / arr[2] before any check of its own.  An
 * argument `&s` is checked while it is walked (@addr: its index), before
 * the call may change s; the call's hook (@addr < 0) checks the others.
 */
static void check_paths(sci_expr *call, const char *name, int addr)
{
	const char *const *paths;
	size_t i, n = sci_profile_deref_paths(name, &paths);

	for (i = 0; i < n; i++) {
		const sci_key *key;
		long long v;
		sci_expr *inner;
		int arg = atoi(paths[i]);

		/* "N*" is the pointee rule's (on_expr(), deref_pointees) */
		if (strchr(paths[i], '*') || !(inner = sci_call_arg(call, arg)) ||
		    (addr >= 0 ? arg != addr : sci_expr_is_addr_of(inner, NULL)))
			continue;
		/*
		 * Only places of the caller's own struct or array: a member
		 * of a block reached through a pointer (`key->value`) has
		 * invariants with its siblings (`if (key->iter)` implies a
		 * value) that a NULL left by an earlier test does not know.
		 */
		if (addr < 0 && !sci_expr_is_local_storage(inner))
			continue;
		if (addr >= 0 && (!sci_expr_is_addr_of(inner, &inner) ||
				  !sci_expr_is_local_storage(inner)))
			continue;
		if ((key = sci_key_arg_path(call, paths[i])))
			check_place(call, name, sci_key_name(key), key,
				    sci_value_key_known(key, &v) && v == 0);
	}
}

static void check_args(sci_expr *call)
{
	const char *name = sci_call_name(call);
	const sci_nonnull_params *np = sci_profile_nonnull_params(name);
	long long size;
	int i;
	sci_expr *arg;

	check_globals(call, name);
	check_paths(call, name, -1);
	if (!np)
		return;
	if (np->size_arg >= 0 &&
	    sci_value_known(sci_call_arg(call, np->size_arg), &size) &&
	    size == 0)
		return;
	for (i = 0; (arg = sci_call_arg(call, i)) != NULL; i++) {
		if (i >= 32 || !(np->args & (1u << i)))
			continue;
		check_use(arg, sci_key_expr(arg), sci_expr_pos(arg), name);
	}
}

/*
 * What the call may change is no longer the unchecked call result: a
 * global, or memory reachable from an argument (the value model forgets
 * them too).  Variables whose address is passed arrive as modifications.
 */
static int may_change(sci_expr *call, const sci_key *key)
{
	sci_sym *base = sci_key_base(key);
	const sci_key *ak;
	int i;

	if (!base || !(sci_sym_is_local(base) || sci_sym_is_param(base)))
		return 1;
	if (sci_key_is_var(key))
		return 0;
	for (i = 0; i < sci_call_nargs(call); i++) {
		ak = sci_key_arg(call, i);
		if (ak && sci_key_base(ak) == base)
			return 1;
	}
	return 0;
}

static void on_call(sci_expr *call, void *payload)
{
	check_args(call);
	SCI_FOR_EACH_STATE(me, sm) {
		if (unchecked_in(sm) && may_change(call, sci_sm_key(sm)))
			sci_state_set(me, sci_sm_key(sm), &reassigned);
	} SCI_END_FOR_EACH_STATE(sm);
}

static void on_call_assign(sci_expr *call, sci_expr *left, void *payload)
{
	const char *name = sci_call_name(call);
	const sci_key *key = sci_key_expr(left);

	if (!key || !sci_expr_is_pointer(left) || !sci_call_may_return_null(call))
		return;
	sci_state_set(me, key,
		      unchecked_state(name, sci_expr_pos(call), key, left));
}

/* @sm's call results are checked on one side of the current condition. */
static void sm_checked(const sci_sm *sm, int side_true)
{
	size_t i;

	for (i = 0; sm && i < sci_sm_npossible(sm); i++)
		if (as_unchecked(sci_sm_possible_at(sm, i)))
			set_checked(as_unchecked(sci_sm_possible_at(sm, i)), 1,
				    side_true);
}

static void on_condition(sci_expr *leaf, void *payload)
{
	int null_when_true;
	sci_expr *p = sci_cond_null_test(leaf, &null_when_true);
	const sci_key *key = p ? sci_key_expr(p) : NULL;

	if (!p)
		return;
	if (!key) {
		/* `(q = p = malloc(n)) == NULL` tests p too */
		SCI_FOR_EACH_STATE(me, sm) {
			if (unchecked_in(sm) &&
			    sci_expr_points_into(p, sci_sm_key(sm)))
				sm_checked(sm, !null_when_true);
		} SCI_END_FOR_EACH_STATE(sm);
		return;
	}
	sm_checked(sci_sm_get(me, key), !null_when_true);
	sci_state_set_true_false(me, key,
				 null_when_true ? &tested_null : NULL,
				 null_when_true ? NULL : &tested_null);
}

/*
 * The target of the latest assignment of the current statement: in
 * `q = p = malloc(n)` the value assigned to q is p.
 */
static const sci_key *last_target;

static void on_func_start(sci_sym *fn, void *payload)
{
	walk_id++;
	last_target = NULL;
	forget_assumed();
	walked = sci_sym_name(fn);
}

static void on_stmt(sci_stmt *stmt, void *payload)
{
	last_target = NULL;
}

/* `q = p`, `q = (T *)p`, `q = p = f()`: q holds p's unchecked result too. */
static const unchecked *copied(sci_expr *right, const sci_key *left)
{
	const sci_key *rkey = sci_key_expr(right);

	if (!rkey && last_target && sci_expr_points_into(right, last_target))
		rkey = last_target;
	if (!rkey || rkey == left || sci_value_is_nonnull(right))
		return NULL;
	return unchecked_in(sci_sm_get(me, rkey));
}

static void on_assign(sci_expr *left, sci_expr *right, sci_pos pos,
		      void *payload)
{
	const sci_key *key = sci_key_expr(left);
	const unchecked *u = key ? copied(right, key) : NULL;

	last_target = key;
	if (!key)
		return;
	if (sci_expr_is_null(right))
		sci_state_set(me, key, &assigned_null);
	else if (u)
		sci_state_set(me, key,
			      unchecked_state(u->fn, u->pos, key, left));
	else if (sci_state_get(me, key))
		sci_state_set(me, key, &reassigned);
}

static void on_modify(const sci_key *key, sci_expr *target, sci_pos pos,
		      void *payload)
{
	const sci_sm *sm = sci_sm_get(me, key);

	/* `f(&p)` may fill p in: a NULL it held was a default too */
	if (unchecked_in(sm) || sci_sm_has_possible(sm, &assigned_null))
		sci_state_set(me, key, &reassigned);
}

/* At a join, a side on which the call result is known non-NULL was checked. */
static const sci_state *pre_merge(const sci_key *key, const sci_state *mine,
				  const sci_state *other)
{
	const unchecked *u = as_unchecked(mine);

	if (u && sci_value_is_nonnull(u->expr))
		return &checked;
	return mine;
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_func_start(me, on_func_start, NULL);
	sci_on_stmt(me, on_stmt, NULL);
	sci_on_condition(me, on_condition, NULL);
	sci_on_assign(me, on_assign, NULL);
	sci_on_call_assign(me, NULL, on_call_assign, NULL);
	sci_on_call(me, NULL, on_call, NULL);
	sci_on_modify(me, on_modify, NULL);
	sci_on_deref(me, on_deref, NULL);
	sci_on_return(me, on_return, NULL);
	sci_on_func_end(me, on_func_end, NULL);
	sci_on_expr(me, on_expr, NULL);
}

const struct sci_checker sci_checker_null_deref = {
	.rule = "null-deref",
	.summary = "dereference of a pointer that is or may be NULL on this path",
	.description = "A pointer is dereferenced, or passed to a library "
		       "function that dereferences it, on a path where the "
		       "value analysis knows it is NULL (for example right "
		       "after a failed NULL check), or where it holds the "
		       "unchecked result of an allocator or lookup that can "
		       "return NULL (malloc, fopen, getenv, strchr...).",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-476",
	.tags = "null-pointer reliability",
	.enabled_by_default = 1,
	.pre_merge = pre_merge,
	.init = init,
};
