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
 * first-iteration NULLs are not reported either.
 *
 * False positives: pointers changed behind the engine's back, e.g. through
 * another alias to the same storage; globals are forgotten at every call.
 *
 * Sibling: deref-before-check reports the opposite order (use, then check).
 */
#include "analyzer/checker.h"

static sci_checker_id me;

static void on_deref(sci_expr *pointer, sci_pos pos, void *payload)
{
	const sci_key *key = sci_key_expr(pointer);

	if (!key || !sci_value_is_null(pointer))
		return;
	sci_report(me, pos, sci_key_name(key),
		   "NULL dereference of '%s'", sci_key_name(key));
}

static void init(sci_checker_id id)
{
	me = id;
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
