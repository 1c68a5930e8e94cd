// SPDX-License-Identifier: MIT
/*
 * double-free: memory is released twice - passed to free() (or another
 * deallocator) when every path reaching the call already freed it, or,
 * for a local or a parameter, some path that no test since rules out.
 *
 *	free(buf);
 *	if (err)
 *		goto out;
 *	...
 * out:
 *	free(buf);		// double free on the err path
 *
 * Deallocators are free(), the library models' and the project profile's,
 * and project functions whose summary frees a parameter on every path
 * (a free() wrapper, in this TU or another).  Copies count (`q = p;
 * free(p); free(q);`), and `p = NULL` after the first free ends it.
 *
 * Known false-positive sources: a pointer the value model cannot see
 * reassigned (written through a pointer to it by a function it does not
 * know, e.g. a macro that wraps free() and `*pp = NULL` in a call through
 * a function pointer).  Correlated paths are told apart by the implied
 * states (`if (owned) free(p); ... if (!owned) free(p);`); two tests of
 * one fact through unrelated variables are not, and "some path" then
 * reports.  A path on which the pointer is NULL counts as freed, since
 * free(NULL) does nothing.
 */
#include "analyzer/checker.h"

static sci_checker_id me;

static void on_call(sci_expr *call, void *payload)
{
	const char *name = sci_call_name(call);
	int i = sci_profile_free_arg(name);
	sci_expr *arg = i >= 0 ? sci_call_arg(call, i) : NULL;
	sci_finding *f;
	sci_pos freed;

	(void)payload;
	if (!arg || sci_value_is_null(arg))
		return;
	if (sci_value_freed(arg, &freed))
		f = sci_report(me, sci_expr_pos(call), sci_expr_text(arg),
			       "double free of '%s': it was already freed",
			       sci_expr_text(arg));
	else if (sci_value_maybe_freed(arg, &freed))
		f = sci_report(me, sci_expr_pos(call), sci_expr_text(arg),
			       "double free of '%s': a path reaching here already freed it",
			       sci_expr_text(arg));
	else
		return;
	sci_finding_related(f, freed, "first freed here");
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_call(me, NULL, on_call, NULL);
}

const struct sci_checker sci_checker_double_free = {
	.rule = "double-free",
	.summary = "memory is freed twice",
	.description = "Memory that a path reaching a call of free() (or "
		       "another deallocator, or a function that frees its "
		       "argument) has already freed - every path, or for a "
		       "local variable one that no test since rules out - is "
		       "freed again, which corrupts the allocator's state.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-415",
	.tags = "memory security",
	.enabled_by_default = 1,
	.init = init,
};
