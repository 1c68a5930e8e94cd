// SPDX-License-Identifier: MIT
/*
 * constant-logical-operand: `&&` or `||` with an integer constant other
 * than 0 and 1 as an operand, where the bitwise `&` or `|` was meant.
 *
 *	if (flags && 0x10)	// true whenever flags is non-zero
 *	mode = mode || 4;	// always 1
 *
 * A constant other than 0 or 1 is no truth value anyone writes on
 * purpose: `x && 0x10` is `x != 0`, `x || 4` is always 1.  Smatch's
 * logical_instead_of_bitwise, clang's -Wconstant-logical-operand.
 *
 * Not reported: 0 and 1 (`while (1 && more)`), a constant that a macro
 * or an enum names (`if (x && FEATURE_LEVEL)`: configuration), an
 * operator a macro expansion wrote, and two constants (the preprocessor
 * and sizeof tests of portable code).
 *
 * False positives: none known; a constant written as a number on purpose
 * as a truth value other than 1 (`if (enabled && 2)`) reads as a mistake
 * and is one to any reader.
 *
 * Sibling: logic-precedence is about how operators group, this one about
 * which operator was written.
 */
#include "analyzer/checker.h"

static sci_checker_id me;

static int from_macro(sci_expr *e)
{
	return e && sci_pos_macro(sci_expr_pos(e)) != NULL;
}

/* A number written out, not 0 or 1, not an enum's or a macro's name. */
static int odd_constant(sci_expr *e, long long *v)
{
	return sci_expr_const(e, v) && *v != 0 && *v != 1 &&
	       !sci_expr_is_enum(e) && !from_macro(e) &&
	       sci_pos_is_number(sci_expr_pos(sci_expr_strip(e)));
}

static void check(sci_expr *e, int deep)
{
	sci_expr *l, *r, *other;
	long long v, w;
	int op;

	if (!(op = sci_expr_logical(e, &l, &r)) || from_macro(e))
		return;
	/* a condition's chain: its inner operators are no expressions walked */
	if (deep) {
		check(sci_expr_strip(l), 1);
		check(sci_expr_strip(r), 1);
	}
	if (odd_constant(r, &v))
		other = l;
	else if (odd_constant(l, &v))
		other = r;
	else
		return;
	if (sci_expr_const(other, &w))
		return;
	if (op == '&')
		sci_report(me, sci_expr_pos(e), sci_expr_text(other),
			   "'&&' with the constant %lld is true whenever '%s' is: '&' was probably meant",
			   v, sci_expr_text(other));
	else
		sci_report(me, sci_expr_pos(e), sci_expr_text(other),
			   "'||' with the constant %lld is always true: '|' was probably meant",
			   v);
}

/* `&&` and `||` as values (`r = a && 4;`) */
static void on_expr(sci_expr *e, void *payload)
{
	(void)payload;
	if (sci_expr_strip(e) == e)
		check(e, 0);
}

/* and as the conditions of if, while, for and ?: */
static void on_whole_condition(sci_expr *cond, void *payload)
{
	(void)payload;
	check(sci_expr_strip(cond), 1);
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_expr(me, on_expr, NULL);
	sci_on_whole_condition(me, on_whole_condition, NULL);
}

const struct sci_checker sci_checker_constant_logical_operand = {
	.rule = "constant-logical-operand",
	.summary = "`x && 0x10`, `x || 4`: a logical operator with a constant operand where the bitwise one was meant",
	.description = "A logical `&&` or `||` has an integer constant other "
		       "than 0 or 1 as an operand: `x && 0x10` is true "
		       "whenever x is non-zero and `x || 4` is always true; "
		       "the bitwise `&` or `|` was meant.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-480",
	.tags = "correctness",
	.enabled_by_default = 1,
	.init = init,
};
