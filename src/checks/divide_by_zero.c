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
 * unless a check rules 0 out.
 *
 * A floating division (`100.0 / data` with a float or double data) is
 * defined by IEEE for a 0 divisor - an infinity or a NaN, which programs
 * make on purpose (`R_PosInf = 1.0 / R_Zero`, `1.0 / value < 0` for a
 * signed zero) - but converting that quotient to an integer is
 * undefined: `(int)(100.0 / data)` and `int n = x / d;` are checked.
 * The value model keeps no floats, so this checker follows their
 * zero-ness itself: a constant assigned (`data = 0.0F`), a copy, and the
 * checks that rule 0 in or out (`data != 0.0`, `fabs(data) > 0.000001`,
 * `data > 0`); a divisor that is 0 on some path merged here, or read
 * from input and not checked, is reported as an integer one is.
 *
 * False positives: a correlation between variables the engine does not
 * follow (`if (n) per = 1; ... if (n) x / per`) is handled by implied
 * states only when the divisor's history goes through the test.
 */
#include "analyzer/checker.h"

#include <string.h>

static sci_checker_id me;

/* What a floating variable holds, for the zero-ness the model lacks. */
SCI_STATE(fzero);	/* exactly 0: assigned 0.0, or tested == 0 */
SCI_STATE(fnonzero);	/* not 0: assigned another constant, or tested */
SCI_STATE(fother);	/* anything: assigned a value not known */
SCI_STATE(fmaybe);	/* a copy of a value 0 on some path */

static void report_input(sci_expr *divisor, int mod)
{
	sci_report(me, sci_expr_pos(divisor), sci_expr_text(divisor),
		   "%s by '%s', which comes from input and is not checked against 0",
		   mod ? "remainder" : "division", sci_expr_text(divisor));
}

static void report_zero(sci_pos pos, sci_expr *divisor, int definite, int mod)
{
	sci_report(me, pos, sci_expr_text(divisor),
		   definite ? "%s by zero: '%s' is 0" :
			      "%s by zero: '%s' can be 0 on this path",
		   mod ? "remainder" : "division", sci_expr_text(divisor));
}

/* A floating division (C has no floating `%`). */
static void float_check(sci_expr *dividend, sci_expr *divisor, sci_pos pos)
{
	const sci_key *key = sci_key_expr(sci_expr_strip(divisor));
	const sci_sm *sm = key ? sci_sm_get(me, key) : NULL;
	const sci_state *st = sm ? sci_sm_state(sm) : NULL;
	double v;
	int definite, maybe;

	if (sci_expr_float_const(divisor, &v)) {
		/* `1.0 / 0.0`, `0.0 / 0.0`: an infinity or a NaN on purpose */
		if (v != 0.0 || sci_expr_float_const(dividend, &v))
			return;
		report_zero(pos, divisor, 1, 0);
		return;
	}
	if (st == &fnonzero)
		return;
	definite = st == &fzero;
	maybe = st == &fmaybe || (sm && sci_sm_has_possible(sm, &fzero));
	if (!definite && st != &fmaybe && sci_value_untrusted(divisor))
		report_input(divisor, 0);
	else if (definite || maybe)
		report_zero(pos, divisor, definite, 0);
}

static void check(sci_expr *e, sci_expr *divisor, sci_pos pos, int mod)
{
	long long v;
	int definite;

	/* (double)a / b divides in floating point, whatever b is: a
	 * floating division is checked where it becomes an integer */
	if (!sci_expr_is_integer(divisor) || !sci_expr_is_integer(e))
		return;
	definite = sci_value_known(divisor, &v) && v == 0;
	if (!definite && sci_value_untrusted(divisor) &&
	    !sci_value_is_nonnull(divisor))
		report_input(divisor, mod);
	else if (definite || sci_value_possibly(divisor, 0))
		report_zero(pos, divisor, definite, mod);
}

/* @e's value, after casts, is a floating division: check its divisor. */
static void float_division(sci_expr *e)
{
	sci_expr *l, *r;

	if (sci_expr_binop(e, &l, &r) == '/' && sci_expr_is_float(r) &&
	    !sci_expr_is_assign_target(e))
		float_check(l, r, sci_expr_pos(sci_expr_strip(e)));
}

static void on_expr(sci_expr *e, void *payload)
{
	sci_expr *l, *r;
	int op;

	/* the operation itself, not each cast or parenthesis around it */
	if (sci_expr_strip(e) != e) {
		/* `(int)(100.0 / d)`: the quotient converted to an integer */
		if (sci_expr_is_integer_cast(e))
			float_division(e);
		return;
	}
	op = sci_expr_binop(e, &l, &r);
	if (op == '/' || op == '%')
		check(e, r, sci_expr_pos(e), op == '%');
}

/*
 * What a copy of @from holds: its state, or "0 on some path" when the
 * paths merged there disagree and one of them had 0.
 */
static const sci_state *copied_state(const sci_key *from)
{
	const sci_sm *sm = sci_sm_get(me, from);
	const sci_state *st = sm ? sci_sm_state(sm) : NULL;

	if (st == &fzero || st == &fnonzero || st == &fother ||
	    st == &fmaybe)
		return st;
	return sm && sci_sm_has_possible(sm, &fzero) ? &fmaybe : &fother;
}

/* `int n = x / d;`: the quotient converted to the integer stored. */
static void on_assign_before(sci_expr *left, sci_expr *right, sci_pos pos,
			     void *payload)
{
	(void)pos;
	(void)payload;
	/* an explicit cast is on_expr()'s */
	if (sci_expr_is_integer(left) && !sci_expr_is_integer_cast(right))
		float_division(right);
}

/* A floating variable or member assigned: its zero-ness, when known. */
static void on_assign(sci_expr *left, sci_expr *right, sci_pos pos,
		      void *payload)
{
	const sci_key *key, *from;
	double v;

	(void)pos;
	(void)payload;
	if (!sci_expr_is_float(left) || !(key = sci_key_expr(left)))
		return;
	if (sci_expr_float_const(right, &v))
		sci_state_set(me, key, v == 0.0 ? &fzero : &fnonzero);
	else if ((from = sci_key_expr(sci_expr_strip(right))) &&
		 sci_expr_is_float(right) && sci_state_get(me, from))
		sci_state_set(me, key, copied_state(from));
	else if (sci_state_get(me, key))
		sci_state_set(me, key, &fother);
}

static void on_modify(const sci_key *key, sci_expr *target, sci_pos pos,
		      void *payload)
{
	(void)target;
	(void)pos;
	(void)payload;
	/* `&d` passed to scanf(), `d++`: any value; on_assign() runs after */
	if (sci_state_get(me, key) && sci_state_get(me, key) != &fother)
		sci_state_set(me, key, &fother);
}

/* `fabs(x)`, `fabsf(x)`, `fabsl(x)`: x, whose magnitude it is. */
static sci_expr *magnitude_of(sci_expr *e)
{
	const char *name;

	e = sci_expr_strip(e);
	if (!e || !sci_expr_is_call(e) || sci_call_nargs(e) != 1 ||
	    !(name = sci_call_name(e)))
		return NULL;
	if (strcmp(name, "fabs") && strcmp(name, "fabsf") &&
	    strcmp(name, "fabsl") && strcmp(name, "__builtin_fabs") &&
	    strcmp(name, "__builtin_fabsf"))
		return NULL;
	return sci_call_arg(e, 0);
}

/* Does 0 stand in the orderings @rels against the constant @c? */
static int zero_in(int rels, double c)
{
	return ((rels & SCI_REL_LT) && 0.0 < c) ||
	       ((rels & SCI_REL_EQ) && 0.0 == c) ||
	       ((rels & SCI_REL_GT) && 0.0 > c);
}

/*
 * `x != 0.0`, `x > 0`, `fabs(x) > 1e-6`, `0.0 == x`, `x`: on each side of
 * the test, is the floating x 0, not 0, or either?
 */
static void on_condition(sci_expr *leaf, void *payload)
{
	sci_expr *l, *r, *x, *m;
	const sci_key *key;
	int rels, t, f;
	double c = 1.0;

	(void)payload;
	if ((rels = sci_expr_compare_rels(leaf, &l, &r))) {
		if (sci_expr_float_const(l, &c)) {
			/* `c < x` is `x > c` */
			x = r;
			rels = (rels & SCI_REL_EQ) |
			       (rels & SCI_REL_LT ? SCI_REL_GT : 0) |
			       (rels & SCI_REL_GT ? SCI_REL_LT : 0);
		} else if (sci_expr_float_const(r, &c)) {
			x = l;
		} else {
			return;
		}
		if ((m = magnitude_of(x)))
			x = m;	/* |x| is 0 exactly where x is */
		/* on each side: 0 possible there, and nothing else? */
		t = zero_in(rels, c);
		f = zero_in(SCI_REL_ANY & ~rels, c);
	} else {
		x = leaf;	/* `if (x)` */
		t = 0;
		f = 1;
	}
	if (!sci_expr_is_float(x) || !(key = sci_key_expr(sci_expr_strip(x))))
		return;
	sci_state_set_true_false(me, key,
		!t ? &fnonzero : rels == SCI_REL_EQ && c == 0.0 ? &fzero : NULL,
		!f ? &fnonzero :
		rels == (SCI_REL_LT | SCI_REL_GT) && c == 0.0 ? &fzero : NULL);
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_expr(me, on_expr, NULL);
	sci_on_assign_before(me, on_assign_before, NULL);
	sci_on_assign(me, on_assign, NULL);
	sci_on_modify(me, on_modify, NULL);
	sci_on_condition(me, on_condition, NULL);
	/* a zero passed to a function reaches its walk (callers.c) */
	sci_carry_state(me, &fzero);
	sci_carry_state(me, &fmaybe);
}

const struct sci_checker sci_checker_divide_by_zero = {
	.rule = "divide-by-zero",
	.summary = "division or remainder by a value that is 0 on this path",
	.description = "A division or remainder has a divisor that is 0 on a "
		       "path the analysis can name: it was set to 0 or checked "
		       "against 0 on the way here, or it comes from input and "
		       "was not checked.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-369",
	.tags = "reliability",
	.enabled_by_default = 1,
	.init = init,
};
