// SPDX-License-Identifier: MIT
/*
 * alloc-overflow: the size given to an allocator is a product that can
 * wrap around its type, so the block is smaller than the program thinks
 * and the writes that fill it run past its end.
 *
 *	unsigned n = read_count(f);		// from input, unchecked
 *	struct item *v = malloc(n * sizeof(*v));   // on 32 bits: wraps
 *	int rows, cols;				// from input
 *	char *grid = malloc(rows * cols);	// int * int: wraps at 2^31
 *
 * A product `a * b` in the size argument of a library allocator (malloc,
 * calloc's two counts are multiplied by calloc itself, which checks)
 * wraps when the largest values of its operands multiply past the
 * product type's maximum: values read from input count with every value
 * their type allows unless an upper bound was checked; other values only
 * with the bounds the program gave them.  An operand nothing is known of
 * (a parameter) is not assumed large.
 *
 * Known false-positive sources: a bound checked through a relation the
 * value model does not keep (`if (n > SIZE_MAX / sizeof(*v))` with a
 * non-constant divisor).
 */
#include "analyzer/checker.h"

static sci_checker_id me;

/* The largest value @e can have that this checker believes in, or -1. */
static long long largest(sci_expr *e)
{
	long long min, max;
	int known = sci_value_bounds(e, &min, &max);

	if (!known)
		return -1;
	if (known & SCI_VALUE_MAX_KNOWN)
		return max;
	if (sci_value_untrusted(e) && !sci_value_related(e, SCI_REL_LT | SCI_REL_EQ))
		return max;
	return -1;
}

static void check(sci_expr *call, sci_expr *size)
{
	sci_expr *l, *r;
	long long a, b, top;
	int bits;

	if (!size || sci_expr_binop(size, &l, &r) != '*')
		return;
	/* the product's own type, not the parameter's it is converted to */
	size = sci_expr_strip(size);
	bits = sci_expr_bits(size);
	if (bits <= 0 || bits > 64 || (a = largest(l)) <= 0 || (b = largest(r)) <= 0)
		return;
	/*
	 * The type's maximum; a 64-bit unsigned one is compared against
	 * LLONG_MAX, as far as long long goes (sizes past it are absurd).
	 */
	if (bits >= 64 || (bits == 63 && sci_expr_is_unsigned(size)))
		top = 0x7fffffffffffffffLL;
	else
		top = sci_expr_is_unsigned(size) ? (1LL << bits) - 1
						 : (1LL << (bits - 1)) - 1;
	if (a <= top / b)
		return;
	sci_report(me, sci_expr_pos(call), sci_expr_text(size),
		   "allocation size '%s' can wrap: %lld * %lld does not fit in %d bits, so %s() returns a smaller block",
		   sci_expr_text(size), a, b, bits, sci_call_name(call));
}

static void on_call(sci_expr *call, void *payload)
{
	const char *name = sci_call_name(call);
	int n, m;

	(void)payload;
	if (!name || !sci_profile_size_args(name, &n, &m))
		return;
	check(call, sci_call_arg(call, n));
	if (m >= 0)
		check(call, sci_call_arg(call, m));
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_call(me, NULL, on_call, NULL);
}

const struct sci_checker sci_checker_alloc_overflow = {
	.rule = "alloc-overflow",
	.summary = "an allocation size that is a product which can wrap",
	.description = "The size passed to an allocator is a multiplication "
		       "whose operands, read from input or bounded only far "
		       "above what fits, can overflow the product's type: the "
		       "block is smaller than the code filling it assumes.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-680",
	.tags = "memory security",
	.enabled_by_default = 1,
	.init = init,
};
