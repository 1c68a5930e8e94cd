// SPDX-License-Identifier: MIT
/*
 * null-deref: a pointer that is NULL on every path reaching a
 * dereference is dereferenced.
 *
 *	if (!dev)
 *		pr_err("no device %s\n", dev->name);	// dev is NULL here
 *
 * The value model decides: NULL comes from assignments of NULL and from
 * conditions, and implied states carry it across joins (`if (bar) foo = 99;
 * ... if (foo == 1) bar->baz` is reported, `foo == 99` is not).  A pointer
 * that is only *possibly* NULL is not reported, and loops widen values, so
 * first-iteration NULLs are not reported either.  The finding's related
 * location is where the pointer became NULL (assignment or check).
 *
 * False positives: pointers changed behind the engine's back, e.g. through
 * another alias to the same storage; globals are forgotten at every call.
 *
 * Sibling: deref-before-check reports the opposite order (use, then check).
 */
#include "analyzer/checker.h"

static sci_checker_id me;

/*
 * Where the pointer became NULL, for the finding's evidence: the gate
 * blames a change that added the NULL check or assignment even when the
 * dereference itself is an old line.
 */
SCI_STATE(tested_null);
SCI_STATE(assigned_null);
SCI_STATE(reassigned);

static void on_condition(sci_expr *leaf, void *payload)
{
	int null_when_true;
	sci_expr *p = sci_cond_null_test(leaf, &null_when_true);
	const sci_key *key = p ? sci_key_expr(p) : NULL;

	if (!key)
		return;
	sci_state_set_true_false(me, key,
				 null_when_true ? &tested_null : NULL,
				 null_when_true ? NULL : &tested_null);
}

static void on_assign(sci_expr *left, sci_expr *right, sci_pos pos,
		      void *payload)
{
	const sci_key *key = sci_key_expr(left);

	if (!key)
		return;
	if (sci_expr_is_null(right))
		sci_state_set(me, key, &assigned_null);
	else if (sci_state_get(me, key))
		sci_state_set(me, key, &reassigned);
}

static void on_deref(sci_expr *pointer, sci_pos pos, void *payload)
{
	const sci_key *key = sci_key_expr(pointer);
	const sci_sm *sm;
	sci_finding *f;
	sci_pos where;

	if (!key || !sci_value_is_null(pointer))
		return;
	f = sci_report(me, pos, sci_key_name(key),
		       "NULL dereference of '%s'", sci_key_name(key));
	sm = sci_sm_get(me, key);
	if (sm && sci_sm_where(sm, &assigned_null, &where) == 0)
		sci_finding_related(f, where, "set to NULL here");
	else if (sm && sci_sm_where(sm, &tested_null, &where) == 0)
		sci_finding_related(f, where, "NULL on this branch of the check");
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_condition(me, on_condition, NULL);
	sci_on_assign(me, on_assign, NULL);
	sci_on_deref(me, on_deref, NULL);
}

const struct sci_checker sci_checker_null_deref = {
	.rule = "null-deref",
	.summary = "dereference of a pointer that is NULL on this path",
	.description = "A pointer is dereferenced on a path where the value "
		       "analysis knows it is NULL, for example right after a "
		       "failed NULL check.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-476",
	.tags = "null-pointer reliability",
	.enabled_by_default = 1,
	.init = init,
};
