// SPDX-License-Identifier: MIT
/*
 * identical-branches: an if statement whose then and else branches are
 * the same code, or a `c ? a : a` whose two results are the same, so the
 * condition decides nothing; usually one branch was copied and not edited.
 *
 *	if (dir == LEFT)
 *		x -= step;
 *	else
 *		x -= step;	// meant x += step
 *
 * "The same code" is sci_expr_same()/sci_stmt_same(): the same tree over
 * the same variables, constants and types, each node coming from the same
 * macro or from none.  So branches that differ only in which macro they
 * use (`x = CFG_A;` / `x = CFG_B;`, configuration macros that expand to the
 * same value on this build) are not reported, nor is code written inside
 * a macro expansion, nor are two empty branches (`if (c) {} else {}`
 * is what #ifdef'd-out bodies leave).  Branches that declare variables
 * never compare the same (each declaration is its own symbol).
 *
 * False positives: branches that differ only in code an #ifdef removed on
 * this build (the preprocessed text is what is compared).
 *
 * Sibling: self-assign compares the two sides of an assignment.
 */
#include "analyzer/checker.h"

#include <string.h>

static sci_checker_id me;

static int from_macro(sci_pos pos)
{
	return sci_pos_macro(pos) != NULL;
}

static void on_stmt(sci_stmt *s, void *payload)
{
	sci_expr *cond;
	sci_stmt *then, *els;
	sci_finding *f;
	const char *text;

	if (!sci_stmt_if(s, &cond, &then, &els) || !els)
		return;
	if (from_macro(sci_stmt_pos(s)) || from_macro(sci_stmt_pos(then)) ||
	    sci_stmt_is_empty(then))
		return;
	if (!sci_stmt_same(then, els))
		return;
	text = sci_expr_text(cond);
	/* a condition too complex to print is still a finding */
	f = strcmp(text, "<expression>") == 0 ?
		sci_report(me, sci_stmt_pos(s), text,
			   "both branches of the if statement are the same code") :
		sci_report(me, sci_stmt_pos(s), text,
			   "both branches of 'if (%s)' are the same code", text);
	sci_finding_related(f, sci_stmt_pos(els), "the else branch");
}

static void on_expr(sci_expr *e, void *payload)
{
	sci_expr *cond, *t, *f;

	if (!sci_expr_conditional(e, &cond, &t, &f) || sci_expr_strip(e) != e)
		return;
	if (from_macro(sci_expr_pos(e)) || from_macro(sci_expr_pos(t)) ||
	    !sci_expr_same(t, f))
		return;
	sci_report(me, sci_expr_pos(e), sci_expr_text(cond),
		   "'%s ? %s : %s' gives the same value either way",
		   sci_expr_text(cond), sci_expr_text(t), sci_expr_text(f));
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_stmt(me, on_stmt, NULL);
	sci_on_expr(me, on_expr, NULL);
}

const struct sci_checker sci_checker_identical_branches = {
	.rule = "identical-branches",
	.summary = "both branches of an if or of '?:' are the same code",
	.description = "The then and else branches of an if statement, or "
		       "the two results of a conditional expression, are the "
		       "same code, so the condition decides nothing; usually "
		       "one branch was copied and not edited.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-1041",
	.tags = "correctness",
	.enabled_by_default = 1,
	.init = init,
};
