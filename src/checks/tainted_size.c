// SPDX-License-Identifier: MIT
/*
 * tainted-size: a value read from input sizes an allocation or a copy
 * without an upper bound check, so whoever writes the input chooses how
 * much memory the program asks for or how far a copy goes.
 *
 *	size_t n = strtoul(getenv("COUNT"), NULL, 10);
 *	if (n > 0)
 *		buf = malloc(n);	// no upper bound check on n
 *
 * Sizes: the size arguments of the library's allocators (malloc, calloc,
 * realloc, alloca...), and the length of memcpy, memmove, memset,
 * strncpy, memcmp and snprintf.  Input is the value layer's "untrusted"
 * (see tainted-index).  A size is bounded when each value read from
 * input in it (`n`, in `n * sizeof(int) + 1`) had an upper bound checked:
 * against a constant, or against another value (`if (n > avail) return;`).
 *
 * Sibling: negative-size, a signed size checked from above but not below.
 *
 * Known false-positive sources: a bound checked in a helper function that
 * returns a verdict; a program for which any size is acceptable (a command
 * line tool that allocates what its user asks for): suppress or baseline.
 */
#include "analyzer/checker.h"


static sci_checker_id me;

/* The first value read from input in @e with no upper bound, or NULL. */
static sci_expr *unbounded(sci_expr *e)
{
	sci_expr *l, *r, *found;
	long long min, max;
	int op;

	if (!sci_value_untrusted(e))
		return NULL;
	op = sci_expr_binop(e, &l, &r);
	if (op == '+' || op == '*' || op == '-' || op == '<') {
		if ((found = unbounded(l)) != NULL)
			return found;
		return op == '-' ? NULL : unbounded(r);
	}
	if ((sci_value_bounds(e, &min, &max) & SCI_VALUE_MAX_KNOWN) ||
	    sci_value_related(e, SCI_REL_LT | SCI_REL_EQ))
		return NULL;
	return e;
}

static void check(sci_expr *call, sci_expr *size, const char *what)
{
	sci_expr *input = size ? unbounded(size) : NULL;

	if (input)
		sci_report(me, sci_expr_pos(call), sci_expr_text(input),
			   "untrusted %s '%s' reaches %s() with no upper bound check",
			   what, sci_expr_text(input), sci_call_name(call));
}

static void on_call(sci_expr *call, void *payload)
{
	sci_expr *sizes[2];
	const char *what;
	int i, n = sci_call_size_operands(call, sizes, &what);

	(void)payload;
	for (i = 0; i < n; i++)
		check(call, sizes[i], what);
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_call(me, NULL, on_call, NULL);
}

const struct sci_checker sci_checker_tainted_size = {
	.rule = "tainted-size",
	.summary = "an allocation size or copy length read from input has no upper bound check",
	.description = "A value read from input sizes an allocation (malloc, "
		       "calloc, realloc, alloca...) or a copy (memcpy, memset, "
		       "strncpy...) where the program checked no upper bound: "
		       "the input chooses how much memory is asked for or how "
		       "far the copy goes.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-789",
	.tags = "security",
	.enabled_by_default = 1,
	.init = init,
};
