// SPDX-License-Identifier: MIT
/*
 * divide-by-zero: an integer `/` or `%` whose divisor is 0 on some path
 * reaching it.
 *
 *	int per = 0;
 *	if (n)
 *		per = total / n;
 *	return total / per;	// per is 0 when n was 0
 *
 * "0 on some path" means the value model can name the path: the divisor
 * is exactly 0 here, or 0 is one of the values the paths merged here gave
 * it (an assignment of 0, a check against 0, a case 0) and nothing on
 * this path rules it out.  A divisor merely unknown (a parameter, a
 * call's result) is not reported: its range holds 0 like any value.
 * A divisor read from input (scanf, fgets + atoi, rand...) is reported
 * unless a check rules 0 out.  Floating-point division is not checked
 * (IEEE gives infinities).
 *
 * False positives: a correlation between variables the engine does not
 * follow (`if (n) per = 1; ... if (n) x / per`) is handled by implied
 * states only when the divisor's history goes through the test.
 */
#include "analyzer/checker.h"

static sci_checker_id me;

static void check(sci_expr *e, sci_expr *divisor, sci_pos pos, int mod)
{
	long long v;
	int definite;

	/* (double)a / b divides in floating point, whatever b is */
	if (!sci_expr_is_integer(divisor) || !sci_expr_is_integer(e))
		return;
	definite = sci_value_known(divisor, &v) && v == 0;
	if (!definite && sci_value_untrusted(divisor) &&
	    !sci_value_is_nonnull(divisor)) {
		sci_report(me, sci_expr_pos(divisor), sci_expr_text(divisor),
			   "%s by '%s', which comes from input and is not checked against 0",
			   mod ? "remainder" : "division", sci_expr_text(divisor));
		return;
	}
	if (!definite && !sci_value_possibly(divisor, 0))
		return;
	sci_report(me, pos, sci_expr_text(divisor),
		   definite ? "%s by zero: '%s' is 0" :
			      "%s by zero: '%s' can be 0 on this path",
		   mod ? "remainder" : "division", sci_expr_text(divisor));
}

static void on_expr(sci_expr *e, void *payload)
{
	sci_expr *l, *r;
	int op = sci_expr_binop(e, &l, &r);

	if (op == '/' || op == '%')
		check(e, r, sci_expr_pos(e), op == '%');
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_expr(me, on_expr, NULL);
}

const struct sci_checker sci_checker_divide_by_zero = {
	.rule = "divide-by-zero",
	.summary = "integer division or remainder by a value that is 0 on this path",
	.description = "An integer division or remainder has a divisor that "
		       "is 0 on a path the analysis can name: it was set to 0 "
		       "or checked against 0 on the way here.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-369",
	.tags = "reliability",
	.enabled_by_default = 1,
	.init = init,
};
