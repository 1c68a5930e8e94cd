// SPDX-License-Identifier: MIT
/*
 * shift-overflow: a shift by an amount that is at least the width of the
 * shifted type, or negative, on some path - undefined behaviour in C (x86
 * shifts by the amount modulo the width, other machines give 0).
 *
 *	uint32_t mask = 1u << bits;	// bits can be 32 here
 *
 * The amount's range comes from the value model: a constant, a bound the
 * program checked, a value some path gave it; an amount read from input
 * with no upper bound check is reported too.  The width is that of the
 * shift's result, the promoted left operand (`(uint8_t)x << 8` shifts an
 * int).  An amount nothing is known of (a parameter) is not reported.
 *
 * Known false-positive sources: an amount bounded by a relation the value
 * model does not keep (`if (bits >= width) return;` where width is a
 * variable whose value the model does not know).
 */
#include "analyzer/checker.h"

static sci_checker_id me;

static void on_expr(sci_expr *e, void *payload)
{
	sci_expr *l, *r;
	int op = sci_expr_binop(e, &l, &r), known, bits;
	long long min, max;
	const char *dir;

	(void)payload;
	/* a cast of a shift, `(uint8_t)(x >> 8)`: the shift itself comes too */
	if ((op != '<' && op != '>') || sci_expr_strip(e) != e ||
	    !sci_expr_is_integer(e))
		return;
	bits = sci_expr_bits(e);
	if (bits <= 0 || !(known = sci_value_bounds(r, &min, &max)))
		return;
	dir = op == '<' ? "left" : "right";
	if ((known & SCI_VALUE_MIN_KNOWN) && min < 0) {
		sci_report(me, sci_expr_pos(e), sci_expr_text(r),
			   "%s shift by '%s', which can be %lld: a negative amount is undefined",
			   dir, sci_expr_text(r), min);
		return;
	}
	if (!(known & SCI_VALUE_MAX_KNOWN)) {
		if (sci_value_untrusted(r) && max >= bits &&
		    !sci_value_related(r, SCI_REL_LT | SCI_REL_EQ))
			sci_report(me, sci_expr_pos(e), sci_expr_text(r),
				   "%s shift by '%s', which comes from input with no upper bound check: %d or more is undefined for a %d-bit value",
				   dir, sci_expr_text(r), bits, bits);
		return;
	}
	if (max < bits)
		return;
	if (min == max)
		sci_report(me, sci_expr_pos(e), sci_expr_text(r),
			   "%s shift by %lld of a %d-bit value: at least its width is undefined",
			   dir, max, bits);
	else
		sci_report(me, sci_expr_pos(e), sci_expr_text(r),
			   "%s shift by '%s', which can be %lld, of a %d-bit value: at least its width is undefined",
			   dir, sci_expr_text(r), max, bits);
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_expr(me, on_expr, NULL);
}

const struct sci_checker sci_checker_shift_overflow = {
	.rule = "shift-overflow",
	.summary = "a shift by at least the width of its type, or by a negative amount",
	.description = "A shift's amount can be at least the width in bits of "
		       "the shifted (promoted) type, or negative, on some path: "
		       "the result is undefined.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-1335",
	.tags = "reliability",
	.enabled_by_default = 1,
	.init = init,
};
