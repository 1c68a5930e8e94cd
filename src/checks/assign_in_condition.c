// SPDX-License-Identifier: MIT
/*
 * assign-in-condition: a condition that is a plain assignment of a
 * constant or a variable, `if (x = 5)`, where a comparison `==` was
 * almost certainly meant.
 *
 *	if (state = STATE_IDLE)		// always true; state is overwritten
 *		start();
 *	while (n = limit)		// meant n == limit (or n != limit)
 *
 * Modelled on gcc's -Wparentheses, narrowed to the plain mistakes: the
 * whole condition of an if, while, do-while or for is an unparenthesized
 * `=` whose right side is a constant or a variable.  Not reported:
 * `if ((x = y))` (the extra parentheses say "I mean it"), `(p = f()) !=
 * NULL`, `if (p = malloc(n))` and other calls, `while (p = p->next)` and
 * other reads of memory (common idioms), compound assignments, and
 * conditions written in or fed by a macro expansion.
 *
 * False positives: `while (x = y)` on purpose, with y a variable that
 * becomes 0 to end the loop.
 *
 * Sibling: impossible-condition decides comparisons; this one looks at
 * how the condition is written.
 */
#include "analyzer/checker.h"

static sci_checker_id me;

static int from_macro(sci_expr *e)
{
	return sci_pos_macro(sci_expr_pos(e)) != NULL;
}

/* A constant, or a variable read as it is (casts aside). */
static int is_plain_value(sci_expr *e)
{
	long long v;

	if (sci_expr_const(e, &v))
		return 1;
	return sci_expr_var(e) && !sci_expr_is_call(e) && !sci_expr_is_addr_of(e, NULL);
}

static void on_whole_condition(sci_expr *cond, void *payload)
{
	sci_expr *l, *r;

	if (!cond || sci_expr_assign(cond, &l, &r) != '=')
		return;
	if (from_macro(cond) || from_macro(l) || from_macro(r) ||
	    !is_plain_value(r))
		return;
	sci_report(me, sci_expr_pos(cond), sci_expr_text(l),
		   "the condition assigns '%s' to '%s': '==' was probably meant",
		   sci_expr_text(r), sci_expr_text(l));
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_whole_condition(me, on_whole_condition, NULL);
}

const struct sci_checker sci_checker_assign_in_condition = {
	.rule = "assign-in-condition",
	.summary = "a condition assigns a constant or a variable where '==' was meant",
	.description = "The whole condition of an if, while or for is a "
		       "plain assignment of a constant or a variable, "
		       "`if (x = 5)`, without the extra parentheses that "
		       "mark an intended assignment: a comparison was meant.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-481",
	.tags = "correctness",
	.enabled_by_default = 1,
	.init = init,
};
