// SPDX-License-Identifier: MIT
/*
 * negative-size: a signed value that can be negative on this path sizes
 * an allocation or a copy; the size parameter is a size_t, so -1 becomes
 * SIZE_MAX: the allocation fails or is huge, the copy runs off the end.
 *
 *	int n = atoi(line);
 *	if (n < 100)			// an upper bound, no lower one
 *		buf = malloc(n);	// n may be -1: malloc(SIZE_MAX)
 *
 *	int len = -1;
 *	...				// a path that does not set it
 *	memcpy(dst, src, len);
 *
 * "Can be negative" needs a reason the program gives: a value read from
 * input (the value layer's untrusted, tainted-index) whose range still
 * reaches below zero after the checks on the path, or a small negative
 * lower bound the value model learned from the program (a constant, an
 * error result it knows; not a type's bottom moved by arithmetic or a
 * conversion, busybox tftp.c's `blksize + 4`).  A signed value of unknown range (a parameter, the
 * result of an unmodelled call) is not reported: its type's bottom is no
 * statement of the program.  Input with no upper bound check at all is
 * tainted-size's finding, not repeated here.
 *
 * Sizes: those of tainted-size (the allocators' size arguments; the
 * length of memcpy, memmove, memset, strncpy, memcmp, snprintf).
 *
 * False positives: a lower bound checked in a helper that returns a
 * verdict; two variables whose values are tied (a flag that says the
 * length was set) where the engine keeps them apart.
 */
#include "analyzer/checker.h"

static sci_checker_id me;

#define SMALL_NEGATIVE (-65536)

static void check(sci_expr *call, sci_expr *size)
{
	long long min, max;
	int known, input;

	if (!size || sci_expr_is_unsigned(size) || sci_expr_is_pointer(size) ||
	    sci_expr_const(size, &min))
		return;
	/* left as they are when there is no value: a path that cannot run */
	min = 1;
	max = 0;
	known = sci_value_bounds(size, &min, &max);
	if (min > max || min >= 0)
		return;
	input = sci_value_untrusted(size);
	if (input) {
		/* unbounded above: tainted-size's */
		if (!(known & SCI_VALUE_MAX_KNOWN) &&
		    !sci_value_related(size, SCI_REL_LT | SCI_REL_EQ))
			return;
	} else if (!(known & SCI_VALUE_MIN_KNOWN) || min < SMALL_NEGATIVE) {
		/*
		 * A program's own negative sizes are -1 and error codes; a
		 * bound near a type's bottom is an unknown value moved by
		 * arithmetic or a conversion (`(int)u + 4`), no statement.
		 */
		return;
	}
	sci_report(me, sci_expr_pos(call), sci_expr_text(size),
		   "%s '%s' may be negative (down to %lld) where it sizes %s(): "
		   "as a size_t it is huge",
		   input ? "untrusted" : "signed", sci_expr_text(size), min,
		   sci_call_name(call));
}

static void on_call(sci_expr *call, void *payload)
{
	sci_expr *sizes[2];
	const char *what;
	int i, n = sci_call_size_operands(call, sizes, &what);

	(void)payload;
	for (i = 0; i < n; i++)
		check(call, sizes[i]);
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_call(me, NULL, on_call, NULL);
}

const struct sci_checker sci_checker_negative_size = {
	.rule = "negative-size",
	.summary = "a signed size that can be negative reaches an allocation or a copy",
	.description = "A signed value that can be negative on this path (read "
		       "from input and checked only from above, or given a "
		       "negative value by the program) sizes an allocation "
		       "(malloc, calloc, realloc...) or a copy (memcpy, memset, "
		       "strncpy...): converted to size_t, -1 is SIZE_MAX.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-195",
	.tags = "security",
	.enabled_by_default = 1,
	.init = init,
};
