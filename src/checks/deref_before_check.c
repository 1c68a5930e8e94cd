// SPDX-License-Identifier: MIT
/*
 * deref-before-check: a pointer is dereferenced, then tested for NULL
 * later on the same path.  Either the test is dead code or the earlier
 * dereference can crash.
 *
 *	len = dev->len;		// dereference
 *	if (!dev)		// warning: checked after the dereference
 *		return -EINVAL;
 *
 * Warns only when every path reaching the test dereferenced the pointer
 * and nothing assigned it (or took its address) since.  A pointer already
 * known to be non-NULL (an earlier check) is not reported: the late test
 * is merely redundant.  Tests written
 * inside macro expansions are skipped: defensive macros check everything.
 *
 * False positives: pointers re-derived through aliases the engine does not
 * see (another variable pointing to the same object being reassigned).
 *
 * Sibling: null-deref reports a dereference of a pointer known to be NULL;
 * this one reports the check that comes too late.
 */
#include "analyzer/checker.h"

static sci_checker_id me;

SCI_STATE(derefed);
SCI_STATE(unknown);

static void on_deref(sci_expr *pointer, sci_pos pos, void *payload)
{
	const sci_key *key = sci_key_expr(pointer);

	if (key && sci_state_get(me, key) != &derefed)
		sci_state_set(me, key, &derefed);
}

static void on_modify(const sci_key *key, sci_expr *target, sci_pos pos,
		      void *payload)
{
	if (sci_state_get(me, key))
		sci_state_set(me, key, &unknown);
}

static void on_condition(sci_expr *leaf, void *payload)
{
	int null_when_true;
	sci_expr *p = sci_cond_null_test(leaf, &null_when_true);
	const sci_key *key = p ? sci_key_expr(p) : NULL;
	const sci_sm *sm = key ? sci_sm_get(me, key) : NULL;
	sci_finding *f;
	sci_pos where;

	if (!sm || sci_sm_state(sm) != &derefed)
		return;
	if (sci_pos_macro(sci_expr_pos(leaf)))
		return;
	/* checked non-NULL before the dereference: the late test is only
	 * redundant, the dereference could not crash */
	if (sci_value_is_nonnull(p))
		return;
	f = sci_report(me, sci_expr_pos(leaf), sci_key_name(key),
		       "variable dereferenced before check '%s'", sci_key_name(key));
	if (sci_sm_where(sm, &derefed, &where) == 0)
		sci_finding_related(f, where, "dereferenced here");
	sci_state_set(me, key, &unknown);
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_deref(me, on_deref, NULL);
	sci_on_modify(me, on_modify, NULL);
	sci_on_condition(me, on_condition, NULL);
}

const struct sci_checker sci_checker_deref_before_check = {
	.rule = "deref-before-check",
	.summary = "pointer dereferenced before it is checked for NULL",
	.description = "A pointer is dereferenced and later, on the same path and "
		       "without being reassigned, compared with NULL. Either the "
		       "check is dead code or the dereference can crash.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-476",
	.tags = "null-pointer reliability",
	.enabled_by_default = 1,
	.init = init,
};
