// SPDX-License-Identifier: MIT
/*
 * array-overflow: an index into an array of known size can reach or pass
 * its end, or go below 0, on this path.
 *
 *	int a[10];
 *	for (i = 0; i <= 10; i++)
 *		a[i] = 0;	// i is 10 on the last pass: one past the end
 *
 * The array's size comes from its type (`int a[10]`, a struct member
 * `char name[16]`); the index's range from the value model: constants,
 * checks (`if (i < 16)`), loop bounds.  An index the model knows nothing
 * about (its range is its type's) is not reported: that is every index of
 * a parameter.  Taking the address one past the end (`&a[10]`, `a + 10`)
 * is legal C and is not a dereference, so it is not reported.
 *
 * An index read from input (sci_value_untrusted: scanf, fgets + atoi,
 * recv, rand...) can be anything its type allows until checked, so for it
 * the type's bounds count: `if (n >= 0) a[n]` lacks the upper check,
 * while `if (n < 0 || n >= t->count) return;` has one, even though
 * whether t->count fits the array is not known here.
 *
 * False positives: an index bounded by a relation the model does not keep
 * (`i < n` where n <= 10 is known only to the caller), trailing arrays
 * used as flexible members (`char data[1]` at the end of a struct:
 * skipped when the array is the last member and has 0 or 1 elements).
 */
#include "analyzer/checker.h"

static sci_checker_id me;

static void on_deref(sci_expr *pointer, sci_pos pos, void *payload)
{
	sci_expr *array, *index;
	long long count, min, max;
	int known, untrusted;

	if (!sci_expr_index(pointer, &array, &index))
		return;
	count = sci_expr_array_count(array);
	/* [0] and [1] at the end of a struct are old-style flexible arrays */
	if (count <= 1)
		return;
	if (sci_expr_const(index, &min)) {
		if (min >= count || min < 0)
			sci_report(me, pos, sci_expr_text(array),
				   "index %lld is outside '%s' (%lld elements)",
				   min, sci_expr_text(array), count);
		return;
	}
	known = sci_value_bounds(index, &min, &max);
	untrusted = sci_value_untrusted(index);
	if (!known && !untrusted)
		return;
	/*
	 * Input can reach every value its type allows: soft bounds too.
	 * A check against another value (`if (i >= t->n) return;`) is an
	 * upper bound check, whatever that value is.
	 */
	if (untrusted) {
		if (max >= count && !sci_value_related(index, SCI_REL_LT | SCI_REL_EQ))
			sci_report(me, pos, sci_expr_text(array),
				   "untrusted index '%s' can be %lld, past the end of '%s' (%lld elements): no upper bound check",
				   sci_expr_text(index), max, sci_expr_text(array), count);
		else if (min < 0)
			sci_report(me, pos, sci_expr_text(array),
				   "untrusted index '%s' can be negative: no lower bound check before '%s'",
				   sci_expr_text(index), sci_expr_text(array));
		return;
	}
	if ((known & SCI_VALUE_MAX_KNOWN) && max >= count)
		sci_report(me, pos, sci_expr_text(array),
			   "index '%s' can be %lld, past the end of '%s' (%lld elements)",
			   sci_expr_text(index), max, sci_expr_text(array), count);
	else if ((known & SCI_VALUE_MIN_KNOWN) && min < 0)
		sci_report(me, pos, sci_expr_text(array),
			   "index '%s' can be %lld, before the start of '%s'",
			   sci_expr_text(index), min, sci_expr_text(array));
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_deref(me, on_deref, NULL);
}

const struct sci_checker sci_checker_array_overflow = {
	.rule = "array-overflow",
	.summary = "array index that can reach past the end or before the start",
	.description = "An index into an array whose size the type gives can, "
		       "on this path, be at least the number of elements or "
		       "negative: a read or write outside the array.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-787",
	.tags = "memory security",
	.enabled_by_default = 1,
	.init = init,
};
