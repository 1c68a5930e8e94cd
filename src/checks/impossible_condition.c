// SPDX-License-Identifier: MIT
/*
 * impossible-condition: a comparison that the types of its operands
 * decide, so one branch can never run.
 *
 *	size_t n = read_len();
 *	if (n < 0)		// never true: n is unsigned
 *		return -EINVAL;
 *
 *	for (unsigned i = n; i >= 0; i--)	// always true: the loop never ends
 *
 * Decided by types only: an unsigned value against a negative constant or
 * 0 (`< 0`, `>= 0`), a `char` against 300, a `bool` against 2.  Not
 * reported: comparisons written in or fed by a macro expansion (generic
 * macros and configuration constants make such tests on purpose), two
 * constants (`if (sizeof(long) == 8)`, `while (1)`), enums (their
 * underlying type is the compiler's choice), and tests that earlier
 * conditions decided (redundant checks are defensive, not bugs).
 *
 * False positives: portable code that compares an unsigned typedef which
 * is signed on another platform (`if (t < 0)` for a time_t-like type).
 */
#include "analyzer/checker.h"

static sci_checker_id me;

static int from_macro(sci_expr *e)
{
	return sci_pos_macro(sci_expr_pos(e)) != NULL;
}

static void on_condition(sci_expr *leaf, void *payload)
{
	sci_expr *l, *r;
	long long v;
	int known;

	if (!sci_expr_compare_operands(leaf, &l, &r))
		return;
	if (from_macro(leaf) || from_macro(l) || from_macro(r))
		return;
	if (sci_expr_const(l, &v) && sci_expr_const(r, &v))
		return;
	known = sci_expr_compare_by_types(leaf);
	if (known < 0)
		return;
	sci_report(me, sci_expr_pos(leaf), sci_expr_text(leaf),
		   "'%s' is always %s: the types of its operands decide it",
		   sci_expr_text(leaf), known ? "true" : "false");
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_condition(me, on_condition, NULL);
}

const struct sci_checker sci_checker_impossible_condition = {
	.rule = "impossible-condition",
	.summary = "comparison whose operand types decide it: one branch never runs",
	.description = "A comparison is always true or always false because of "
		       "the types of its operands, for example an unsigned value "
		       "tested for being negative.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-570",
	.tags = "correctness",
	.enabled_by_default = 1,
	.init = init,
};
