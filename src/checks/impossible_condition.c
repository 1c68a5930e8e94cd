// SPDX-License-Identifier: MIT
/*
 * impossible-condition: a comparison that its operand types, the algebra
 * of its two sides, or an earlier test of the same condition decides, so
 * one branch can never run.
 *
 *	size_t n = read_len();
 *	if (n < 0)		// never true: n is unsigned
 *		return -EINVAL;
 *
 *	for (unsigned i = n; i >= 0; i--)	// always true: the loop never ends
 *	if (len > 10 && len < 5)	// 'len < 5' is false wherever it is tested
 *	if (n == n - 1)			// both sides are the same value
 *
 * Decided by types only: an unsigned value against a negative constant or
 * 0 (`< 0`, `>= 0`), a `char` against 300, a `bool` against 2.  Not
 * reported: comparisons written in or fed by a macro expansion (generic
 * macros and configuration constants make such tests on purpose), two
 * constants (`if (sizeof(long) == 8)`, `while (1)`), enums (their
 * underlying type is the compiler's choice), platform limits (`SIZE_MAX`,
 * `LONG_MAX`: only INT_MIN/INT_MAX/UINT_MAX against 32 bits count), and
 * tests that earlier statements decided (redundant checks are defensive,
 * not bugs): a sibling decides a test only on its own, from nothing else
 * the path knows.
 *
 * An if that is the first statement of a branch, on the same variable
 * against a constant, is decided by the branch's test the same way
 * (`if (a < 5) { if (10 < a) ...`, `else if (x < 3)` after `if (x < 5)`).
 *
 * A test in a chain of `&&` (or `||`) that a later one of the same chain
 * implies never changes the outcome (`if (5 < a && 10 < a)`: where '10 <
 * a' is true, so is '5 < a'); reported when both test one variable (not
 * an enum) against constants written out, not macros.
 *
 * An address C makes non-NULL (a function this file defines, an array,
 * `&x` of a variable not declared extern) tested as a condition or against
 * NULL is decided too (address_test()); an extern declaration may be a
 * weak symbol, which sparse does not mark.
 *
 * An unsigned variable holding a call's negative error code is left to
 * unsigned-negative, which names the call (one finding per line).
 *
 * False positives: portable code that compares an unsigned typedef which
 * is signed on another platform (`if (t < 0)` for a time_t-like type).
 */
#include "analyzer/checker.h"

#include <stdio.h>
#include <string.h>

static sci_checker_id me;

/*
 * INT_MIN, INT_MAX and UINT_MAX are no configuration against a value of
 * at most 32 bits: every platform's int has at least 32, so `n < INT_MIN`
 * for an int n is decided everywhere.  LONG_MAX, SIZE_MAX and the like
 * change with the platform (`if (len > SIZE_MAX)` matters on 32-bit).
 */
static int is_portable_limit(sci_expr *limit, sci_expr *other)
{
	const char *m = sci_pos_macro(sci_expr_pos(limit));
	long long v;

	if (!m || (strcmp(m, "INT_MIN") && strcmp(m, "INT_MAX") &&
		   strcmp(m, "UINT_MAX")))
		return 0;
	return sci_expr_const(limit, &v) && !sci_pos_macro(sci_expr_pos(other)) &&
	       sci_expr_bits(other) > 0 && sci_expr_bits(other) <= 32;
}

/*
 * unsigned-negative reports `n < 0` where n holds a call's negative error
 * code, with the call: the same line once, under the rule that says why.
 */
static int left_to_unsigned_negative(sci_expr *e)
{
	sci_expr *l, *r;

	e = sci_expr_strip(e);
	if (sci_expr_assign(e, &l, &r) == '=')
		e = l;
	return sci_state_possible_of("unsigned-negative", sci_key_expr(e),
				     "negative_result");
}

static int from_macro(sci_expr *e)
{
	return sci_pos_macro(sci_expr_pos(e)) != NULL;
}

/*
 * The leaves of the condition being split, each with the leaves before it
 * in the same chain of `&&` (which must be true to reach it) or of `||`
 * (false): `x > 10 && x < 5` is a mistake whatever the path knew, where a
 * test that earlier statements decided is defensive and not reported.
 */
#define MAX_LEAVES 32
static sci_expr *leaves[MAX_LEAVES];
static int chain[MAX_LEAVES];	/* leaves with one chain number share it */
static int truth_needed[MAX_LEAVES];
static int nleaves, nchains;

static void collect(sci_expr *e, int op, int id)
{
	sci_expr *l, *r;
	int o = sci_expr_logical(e, &l, &r);

	if (o && o == op) {
		collect(l, op, id);
		collect(r, op, id);
		return;
	}
	if (o) {
		int mine = ++nchains;

		collect(l, o, mine);
		collect(r, o, mine);
	}
	if (o || nleaves == MAX_LEAVES)
		return;
	leaves[nleaves] = e;
	chain[nleaves] = id;
	truth_needed[nleaves] = op == '&';
	nleaves++;
}

static void on_whole_condition(sci_expr *cond, void *payload)
{
	nleaves = nchains = 0;
	collect(cond, 0, 0);
}

/*
 * @leaf's place among the leaves, or -1 when it is in no chain.  The
 * hook's leaf has lost the parentheses `(a == 0) && ...` keep.
 */
static int leaf_index(sci_expr *leaf)
{
	int i;

	for (i = 0; i < nleaves; i++)
		if (sci_expr_strip(leaves[i]) == sci_expr_strip(leaf))
			return chain[i] ? i : -1;
	return -1;
}

/* -1, or what an earlier leaf of @leaf's chain alone decides of it. */
static int decided_by_siblings(sci_expr *leaf, sci_expr **by, int *by_truth)
{
	int i = leaf_index(leaf), j, known;

	if (i < 0)
		return -1;
	for (j = 0; j < i; j++) {
		if (chain[j] != chain[i])
			continue;
		known = sci_cond_decides(leaves[j], truth_needed[j], leaf);
		if (known >= 0) {
			*by = leaves[j];
			*by_truth = truth_needed[j];
			return known;
		}
	}
	return -1;
}

/*
 * -1, or the index of an earlier leaf of @leaf's chain that @leaf alone
 * implies (`5 < a && 10 < a`: where '10 < a' is true, so is '5 < a'; `a <
 * 5 || a < 10`: where 'a < 10' is false, so is 'a < 5'), which then never
 * changes the outcome.
 */
/* @e or an operand of it, at any depth, comes from a macro expansion. */
static int any_macro(sci_expr *e)
{
	sci_expr *l, *r;

	e = sci_expr_strip(e);
	if (!e || from_macro(e))
		return 1;
	if (sci_expr_binop(e, &l, &r) || sci_expr_compare_operands(e, &l, &r))
		return any_macro(l) || any_macro(r);
	return 0;
}

/*
 * `x < 5`, `10 < s->n`: an integer variable or member (no enum: its type
 * is the compiler's choice) against a constant; the variable in @var.
 */
static int var_against_const(sci_expr *e, sci_expr **var)
{
	sci_expr *l, *r;
	long long v;

	if (!sci_expr_compare_operands(e, &l, &r) ||
	    sci_expr_compare_by_types(e) >= 0)
		return 0;
	if (sci_expr_const(r, &v))
		*var = l;
	else if (sci_expr_const(l, &v))
		*var = r;
	else
		return 0;
	return !sci_expr_const(*var, &v) && sci_expr_is_integer(*var) &&
	       !sci_expr_is_enum(*var) && sci_key_expr(*var);
}

/* Both test the same variable against constants. */
static int same_variable(sci_expr *a, sci_expr *b)
{
	sci_expr *va, *vb;

	return var_against_const(a, &va) && var_against_const(b, &vb) &&
	       sci_key_expr(va) == sci_key_expr(vb);
}

static int implied_sibling(sci_expr *leaf)
{
	int i = leaf_index(leaf), j;

	if (i < 0 || any_macro(leaf))
		return -1;
	for (j = 0; j < i; j++)
		if (chain[j] == chain[i] && !any_macro(leaves[j]) &&
		    same_variable(leaves[j], leaf) &&
		    sci_cond_decides(leaf, truth_needed[i], leaves[j]) ==
		    truth_needed[j])
			return j;
	return -1;
}

/*
 * `if (helper == NULL)` for `if (helper() == NULL)`, `if (buf)` for `if
 * (*buf)`: an address C makes non-NULL (a function this file defines, an
 * array, `&x`) tested against NULL.  1 when @leaf is such a test; reported.
 */
static int address_test(sci_expr *leaf)
{
	sci_expr *l, *r, *addr = NULL;
	const char *what = NULL, *text;
	char amp[128];
	int rels, truth = 1;

	if (from_macro(leaf))
		return 0;
	if (sci_expr_never_null(leaf, &what)) {
		addr = leaf;
	} else if ((rels = sci_expr_compare_rels(leaf, &l, &r)) == SCI_REL_EQ ||
		   rels == (SCI_REL_LT | SCI_REL_GT)) {
		if (sci_expr_is_null(r) && sci_expr_never_null(l, &what))
			addr = l;
		else if (sci_expr_is_null(l) && sci_expr_never_null(r, &what))
			addr = r;
		truth = rels != SCI_REL_EQ;
	}
	if (!addr || from_macro(addr))
		return 0;
	if (sci_expr_is_addr_of(addr, &l)) {
		snprintf(amp, sizeof(amp), "&%s", sci_expr_text(l));
		text = amp;
	} else {
		text = sci_expr_text(addr);
	}
	if (addr == leaf)
		sci_report(me, sci_expr_pos(leaf), text,
			   "'%s' is %s, never NULL: as a condition it is always true",
			   text, what);
	else
		sci_report(me, sci_expr_pos(leaf), text,
			   "'%s' is %s, never NULL: its test against NULL is always %s",
			   text, what, truth ? "true" : "false");
	return 1;
}

static void on_condition(sci_expr *leaf, void *payload)
{
	sci_expr *l, *r, *by;
	long long v;
	int known, by_truth;

	if (address_test(leaf))
		return;
	if (!sci_expr_compare_operands(leaf, &l, &r))
		return;
	if (from_macro(leaf) ||
	    (from_macro(l) && !is_portable_limit(l, r)) ||
	    (from_macro(r) && !is_portable_limit(r, l)))
		return;
	if (sci_expr_const(l, &v) && sci_expr_const(r, &v))
		return;
	known = sci_expr_compare_by_types(leaf);
	if (known >= 0 && (left_to_unsigned_negative(l) ||
			   left_to_unsigned_negative(r)))
		return;
	if (known >= 0) {
		sci_report(me, sci_expr_pos(leaf), sci_expr_text(leaf),
			   "'%s' is always %s: the types of its operands decide it",
			   sci_expr_text(leaf), known ? "true" : "false");
		return;
	}
	known = sci_expr_compare_self(leaf);
	if (known >= 0) {
		sci_report(me, sci_expr_pos(leaf), sci_expr_text(leaf),
			   "'%s' is always %s: both sides are the same value",
			   sci_expr_text(leaf), known ? "true" : "false");
		return;
	}
	known = decided_by_siblings(leaf, &by, &by_truth);
	if (known >= 0) {
		sci_report(me, sci_expr_pos(leaf), sci_expr_text(leaf),
			   "'%s' is always %s where it is tested: '%s' is %s there",
			   sci_expr_text(leaf), known ? "true" : "false",
			   sci_expr_text(by), by_truth ? "true" : "false");
		return;
	}
	if ((known = implied_sibling(leaf)) >= 0) {
		by = leaves[known];
		by_truth = truth_needed[known];
		sci_report(me, sci_expr_pos(by), sci_expr_text(by),
			   "'%s' never changes the outcome: it is %s wherever '%s' is %s",
			   sci_expr_text(by), by_truth ? "true" : "false",
			   sci_expr_text(leaf), by_truth ? "true" : "false");
	}
}

/*
 * `if (a < 5) { if (10 < a) ... }`, `if (x < 5) ... else if (x < 3)`: an
 * if that is the first thing a branch runs, testing the same variable
 * against a constant as the branch's own test - as in a chain of `&&`,
 * the outer test alone decides the inner one (nothing between them can
 * change the variable).
 */
static void nested(sci_expr *outer, int truth, sci_stmt *branch)
{
	sci_stmt *inner = sci_stmt_first(branch), *t, *e;
	sci_expr *cond, *l, *r;
	int known;

	if (!sci_stmt_if(inner, &cond, &t, &e) || !cond ||
	    sci_expr_logical(cond, &l, &r) || any_macro(cond) ||
	    !same_variable(outer, cond))
		return;
	known = sci_cond_decides(outer, truth, cond);
	if (known < 0)
		return;
	sci_report(me, sci_expr_pos(cond), sci_expr_text(cond),
		   "'%s' is always %s where it is tested: '%s' is %s there",
		   sci_expr_text(cond), known ? "true" : "false",
		   sci_expr_text(outer), truth ? "true" : "false");
}

static void on_stmt(sci_stmt *s, void *payload)
{
	sci_expr *cond, *l, *r;
	sci_stmt *then, *els;

	(void)payload;
	if (!sci_stmt_if(s, &cond, &then, &els) || !cond ||
	    sci_expr_logical(cond, &l, &r) || any_macro(cond))
		return;
	nested(cond, 1, then);
	if (els)
		nested(cond, 0, els);
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_stmt(me, on_stmt, NULL);
	sci_on_whole_condition(me, on_whole_condition, NULL);
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
