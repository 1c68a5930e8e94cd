// SPDX-License-Identifier: MIT
/*
 * tainted-index: a value read from input indexes an array or a block of
 * known size without a check of the bound it can cross.
 *
 *	int slot;
 *	if (fscanf(f, "%d", &slot) != 1 || slot < 0)
 *		return -1;
 *	table[slot] = v;	// no upper bound check: slot can be INT_MAX
 *
 * Input is the value layer's "untrusted" (sci_value_untrusted): what
 * scanf()/fscanf() write, atoi()/strtol() of fgets()/read()/recv() data,
 * rand(), getenv(), main's argv, the profile's untrusted sources.  Checks
 * narrow such a value but only what the program checked counts: every
 * other bound of its type is reachable by whoever writes the input.  A
 * check against another value (`if (i >= t->count) return;`) counts as
 * an upper bound check whatever that value is; an index reduced by `%` or
 * `&` is not input any more.  The array's size comes from its type
 * (`int table[10]`) or, for a pointer, from the value layer (`p =
 * malloc(10 * sizeof(int))`, `p = buf`).
 *
 * Known false-positive sources: a bound checked through a value the
 * engine does not relate to the index (a check in a helper function that
 * returns a verdict, `if (!valid_slot(slot)) return;`).
 */
#include "analyzer/checker.h"

static sci_checker_id me;

/* Reports @index into @what of @count elements where input can cross it. */
static void check(sci_expr *index, const char *what, long long count,
		  sci_pos pos)
{
	long long min, max;

	if (count <= 1 || !sci_value_untrusted(index))
		return;
	sci_value_bounds(index, &min, &max);
	if (max >= count && !sci_value_related(index, SCI_REL_LT | SCI_REL_EQ))
		sci_report(me, pos, what,
			   "untrusted index '%s' can be %lld, past the end of '%s' (%lld elements): no upper bound check",
			   sci_expr_text(index), max, what, count);
	else if (min < 0)
		sci_report(me, pos, what,
			   "untrusted index '%s' can be negative: no lower bound check before '%s'",
			   sci_expr_text(index), what);
}

static void on_deref(sci_expr *pointer, sci_pos pos, void *payload)
{
	sci_expr *array, *index, *l, *r, *ptr;
	sci_object o;

	(void)payload;
	if (sci_expr_index(pointer, &array, &index)) {
		check(index, sci_expr_text(array), sci_expr_array_count(array), pos);
		return;
	}
	/* `p[i]`, `*(p + i)` with p into an object of known size */
	if (sci_expr_binop(pointer, &l, &r) != '+' || !sci_expr_is_pointer(pointer))
		return;
	ptr = sci_expr_is_pointer(l) ? l : r;
	index = ptr == l ? r : l;
	if (!sci_expr_is_integer(index) || !sci_value_object(ptr, &o) ||
	    o.off_min != o.off_max || o.off_min < 0 || o.off_min >= o.size ||
	    o.access <= 0)
		return;
	check(index, o.name, (o.size - o.off_min) / o.access, pos);
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_deref(me, on_deref, NULL);
}

const struct sci_checker sci_checker_tainted_index = {
	.rule = "tainted-index",
	.summary = "an index read from input is not checked against a bound",
	.description = "A value read from input (scanf, atoi of read data, "
		       "recv, rand, getenv...) indexes an array or a block of "
		       "known size where the program checked no upper bound, or "
		       "no lower bound, that input can cross.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-129",
	.tags = "security",
	.enabled_by_default = 1,
	.init = init,
};
