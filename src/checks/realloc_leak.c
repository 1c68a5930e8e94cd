// SPDX-License-Identifier: MIT
/*
 * realloc-leak: `p = realloc(p, n)` loses the block p pointed to when
 * realloc() fails: it returns NULL, p is overwritten with it, and nothing
 * points to the old block any more.
 *
 *	buf = realloc(buf, size * 2);	// on failure the old buf leaks
 *	if (!buf)
 *		return -ENOMEM;
 *
 * The fix keeps the old pointer until the new one is known good:
 *
 *	tmp = realloc(buf, size * 2);
 *	if (!tmp)
 *		return -ENOMEM;		// buf is still ours to free
 *	buf = tmp;
 *
 * Reported at the call when a path where realloc() may have failed goes
 * on to a return: the pointer is not known to be non-NULL there and the
 * size passed is not known to be 0 (realloc(p, 0) frees p).  A failure
 * path that ends the program (`if (!p) die();`, busybox's xrealloc())
 * loses nothing that matters and is not reported; one that returns an
 * error (`if (!buf) return -ENOMEM;`) is.  Not reported either: a pointer
 * known to be NULL there (realloc(NULL, n) is malloc), code written
 * inside a macro expansion, the profile's allocators that never return
 * NULL (xrealloc...), and a pointer another variable holds a copy of
 * (`tmp = p; p = realloc(p, n); if (!p) { free(tmp); ...`): the block is
 * not lost, whether the copy is freed is memory-leak's question.
 *
 * False positives: a failure path that ends in a function the engine
 * does not know never returns; suppress them in the baseline file, or
 * mark the function noreturn.
 */
#include "analyzer/checker.h"

#include <string.h>

static sci_checker_id me;

SCI_STATE(lost);	/* realloc() may have failed here: the old block is gone */
SCI_STATE(gone);	/* and the pointer was set again: lost for sure */
SCI_STATE(kept);	/* it did not, or the pointer was set again while good */

/* The `p = realloc(p, n)` of the function walked, reported once each. */
#define MAX_SITES 32
static struct {
	const sci_key *key;
	sci_expr *call;
	sci_pos pos;
	int reported;
} sites[MAX_SITES];
static int nsites;

/* reallocf() frees the block itself when it fails: not one of these */
static int is_realloc(const char *name)
{
	return name && (strcmp(name, "realloc") == 0 ||
			strcmp(name, "reallocarray") == 0);
}

static void on_func_start(sci_sym *fn, void *payload)
{
	(void)fn;
	(void)payload;
	nsites = 0;
}

static int nonnull_key(const sci_key *key)
{
	long long lo, hi;

	return sci_value_key_bounds(key, &lo, &hi) && lo > 0;
}

static void on_assign_before(sci_expr *left, sci_expr *right, sci_pos pos,
			     void *payload)
{
	const char *name = sci_expr_is_call(right) ? sci_call_name(right) : NULL;
	const sci_key *target = sci_key_expr(left), *arg;
	const sci_sm *sm = target ? sci_sm_get(me, target) : NULL;
	int i;

	(void)payload;
	/* set again: where realloc() had worked nothing was lost */
	if (sm && sci_sm_has_possible(sm, &lost))
		sci_state_set(me, target, nonnull_key(target) ? &kept : &gone);
	if (!is_realloc(name) || sci_pos_macro(pos))
		return;
	arg = sci_key_expr(sci_call_arg(right, 0));
	if (!target || target != arg || sci_value_is_null(sci_call_arg(right, 0)))
		return;
	/* a copy still points to the block (git's `tmp = out`): not lost */
	if (sci_value_related(sci_call_arg(right, 0), SCI_REL_EQ))
		return;
	for (i = 0; i < nsites && sites[i].call != right; i++)
		;
	if (i == nsites && nsites < MAX_SITES) {
		sites[nsites].key = target;
		sites[nsites].call = right;
		sites[nsites].pos = pos;
		sites[nsites++].reported = 0;
	}
	/* the value model's update of target leaves a checker's state be */
	if (i < nsites)
		sci_state_set(me, target, &lost);
}

/*
 * realloc(p, 0), reallocarray(p, 0, n): p is freed, nothing is lost.  On
 * the paths where the result @key is NULL, is a size 0?
 */
static int size_zero(const sci_key *key, sci_expr *call)
{
	long long v;
	int i;

	for (i = 1; i < sci_call_nargs(call); i++)
		if (sci_value_known_if_zero(key, sci_call_arg(call, i), &v) &&
		    v == 0)
			return 1;
	return 0;
}

static void on_return(sci_expr *value, sci_pos pos, void *payload)
{
	const char *name;
	int i;

	(void)value;
	(void)pos;
	(void)payload;
	for (i = 0; i < nsites; i++) {
		const sci_key *key = sites[i].key;
		const sci_sm *sm = sci_sm_get(me, key);

		/* set again while NULL on some path, or NULL here maybe */
		if (sites[i].reported || !sm ||
		    (!sci_sm_has_possible(sm, &gone) &&
		     (!sci_sm_has_possible(sm, &lost) || nonnull_key(key) ||
		      size_zero(key, sites[i].call))))
			continue;
		name = sci_call_name(sites[i].call);
		if (sci_report(me, sites[i].pos, sci_key_name(key),
			       "'%s' = %s('%s', ...): if %s() fails, the block '%s' pointed to is lost",
			       sci_key_name(key), name, sci_key_name(key), name,
			       sci_key_name(key)))
			sites[i].reported = 1;
	}
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_func_start(me, on_func_start, NULL);
	sci_on_assign_before(me, on_assign_before, NULL);
	sci_on_return(me, on_return, NULL);
}

const struct sci_checker sci_checker_realloc_leak = {
	.rule = "realloc-leak",
	.summary = "p = realloc(p, n) loses the old block when realloc fails",
	.description = "The result of realloc() is stored in the pointer that "
		       "was passed to it; when realloc() fails it returns NULL, "
		       "the pointer is overwritten and the old block leaks.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-401",
	.tags = "memory reliability",
	.enabled_by_default = 1,
	.init = init,
};
