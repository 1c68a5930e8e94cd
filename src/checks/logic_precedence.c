// SPDX-License-Identifier: MIT
/*
 * logic-precedence: an operator applied to less (or more) than the writer
 * meant, because C's precedence binds it differently: `!` binds tighter
 * than `&` and `==`, and `==` binds tighter than `&` and `|`.
 *
 *	if (!flags & F_SYNC)	// (!flags) & F_SYNC: meant !(flags & F_SYNC)
 *	if (!len == expected)	// (!len) == expected: compares 0/1
 *	if (mode & MASK == VAL)	// mode & (MASK == VAL): meant (mode & MASK) == VAL
 *
 * Reported: `!x & y` / `!x | y` where y is no truth value; `!x == y` /
 * `!x != y` where x is no truth value and y is neither a truth value nor
 * the constant 0 or 1 (`!a == !b` and `!x == 0` are idioms); `x & y == z`
 * and `x | y == z` where one operand is an unparenthesized comparison and
 * the other is no truth value (`a == b | c == d` computes what it says).
 *
 * Not reported: anything written with parentheses around the operand
 * (`(a & MASK) == VAL`, `!(x) == y`), and an operator, a `!` or a
 * comparison that a macro expansion wrote (the macro's text, not the
 * code, has the parentheses or their absence; `#define F 4` as the
 * other operand of `!flags & F` is still reported).
 *
 * False positives: an int variable used as a boolean on the right of
 * `!x == flag` (its type does not say it holds only 0 and 1).
 *
 * Sibling: impossible-condition decides comparisons by value; this one
 * looks only at how the expression is written.
 */
#include "analyzer/checker.h"

static sci_checker_id me;

static int from_macro(sci_expr *e)
{
	return e && sci_pos_macro(sci_expr_pos(e)) != NULL;
}

/* A truth value, or a one-bit bitfield (which holds only 0 and 1). */
static int is_truth(sci_expr *e)
{
	return sci_expr_is_truth(e) || sci_expr_bits(e) == 1;
}

static int is_zero_or_one(sci_expr *e)
{
	long long v;

	return sci_expr_const(e, &v) && (v == 0 || v == 1);
}

/* An unparenthesized `!x` whose operand is no truth value itself. */
static int is_bare_not(sci_expr *e, sci_expr **x)
{
	return sci_expr_not(e, x) && !from_macro(e) && !sci_expr_is_paren(*x) &&
	       !is_truth(*x);
}

static int is_bare_compare(sci_expr *e)
{
	sci_expr *l, *r;

	return !sci_expr_is_paren(e) && !from_macro(e) &&
	       sci_expr_compare_operands(e, &l, &r);
}

/*
 * The fix groups the operands as the spacing suggests, as clang's fix-its
 * do: `!x & y` -> `!(x & y)`, `!x == y` -> `!(x == y)`, `x & y == z` ->
 * `(x & y) == z`.  The engine checks that the source reads so: the
 * parentheses close before an operator that binds less (@stops) - so
 * they wrap the whole operand - and never inside a macro's text.
 */
static void check_not_compare(sci_expr *e)
{
	sci_expr *l, *r, *x;
	int op = sci_expr_equality(e, &l, &r);
	const char *ops = op == '=' ? "==" : "!=";
	sci_finding *f;

	if (!op || !is_bare_not(l, &x) || is_truth(r) ||
	    is_zero_or_one(r))
		return;
	f = sci_report(me, sci_expr_pos(e), sci_expr_text(x),
		       "'!%s %s %s' compares the negation of '%s': '!' binds tighter than '%s'",
		       sci_expr_text(x), ops, sci_expr_text(r),
		       sci_expr_text(x), ops);
	sci_finding_fix_wrap(f, x, sci_expr_pos(r), ")];,?:&|^",
			     "(", ")");
}

static void check_bitwise(sci_expr *e, int op, sci_expr *l, sci_expr *r)
{
	sci_expr *x, *cl, *cr;
	sci_finding *f;

	if (is_bare_not(l, &x) && !is_truth(r) && !is_zero_or_one(r)) {
		f = sci_report(me, sci_expr_pos(e), sci_expr_text(x),
			       "'!%s %c %s' applies '!' to '%s' alone: '!' binds tighter than '%c'",
			       sci_expr_text(x), op, sci_expr_text(r),
			       sci_expr_text(x), op);
		/* not before another '&': `!x & y & z` is (!x & y) & z */
		sci_finding_fix_wrap(f, x, sci_expr_pos(r),
				     ")];,?:|^", "(", ")");
		return;
	}
	if (is_bare_compare(r) && !is_truth(l))
		x = l;
	else if (is_bare_compare(l) && !is_truth(r))
		x = r;
	else
		return;
	f = sci_report(me, sci_expr_pos(e), sci_expr_text(x),
		       "'%c' takes '%s' and the result of a comparison: comparisons bind tighter than '%c'",
		       op, sci_expr_text(x), op);
	/* `x & y == z`: x joins the comparison's left operand y */
	if (x == l && sci_expr_compare_operands(r, &cl, &cr))
		sci_finding_fix_wrap(f, l, sci_expr_pos(cl),
				     "=!<>", "(", ")");
}

static void on_expr(sci_expr *e, void *payload)
{
	sci_expr *l, *r;
	int op;

	/* casts and parentheses are nodes of their own; see the operator once */
	if (from_macro(e) || sci_expr_strip(e) != e)
		return;
	op = sci_expr_binop(e, &l, &r);
	if ((op == '&' || op == '|') && !sci_expr_assign(e, &l, &r)) {
		check_bitwise(e, op, l, r);
		return;
	}
	if (sci_expr_equality(e, &l, &r))
		check_not_compare(e);
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_expr(me, on_expr, NULL);
}

const struct sci_checker sci_checker_logic_precedence = {
	.rule = "logic-precedence",
	.summary = "operator precedence makes '!', '&', '|' or '==' apply to other operands than meant",
	.description = "An expression such as `!x & y`, `!x == y` or "
		       "`x & y == z` groups its operands differently from what "
		       "its spacing suggests: `!` binds tighter than `&` and "
		       "`==`, and `==` binds tighter than `&` and `|`.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-783",
	.tags = "correctness",
	.enabled_by_default = 1,
	.init = init,
};
