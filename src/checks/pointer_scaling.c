// SPDX-License-Identifier: MIT
/*
 * pointer-scaling: pointer arithmetic that multiplies by the size of the
 * element the pointer points to, which C's pointer arithmetic already
 * does: the offset is scaled twice and lands sizeof(element) times too far.
 *
 *	int *p = table;
 *	x = *(p + 2 * sizeof(int));	// table[8], not table[2]
 *	q = p + sizeof(*p);		// p + 4 elements, not one
 *
 * Reported: `p + e`, `p - e`, `p += e`, `p -= e` and `p[e]` where p is a
 * pointer or an array whose element has more than one byte and e is
 * `sizeof` of something that size, or such a sizeof times a factor
 * (`n * sizeof(*p)`).  Not reported: byte pointers (`char *`, `void *`,
 * where counting bytes is the point), a sizeof of another size (a header
 * of a different type skipped by count of its own, `p + sizeof(hdr) / 4`
 * divides), and anything written in or fed by a macro expansion.
 *
 * False positives: an offset that means elements on purpose and only
 * happens to equal a sizeof (`p + sizeof(uint32_t)` to skip four uint32_t
 * elements, a count that the code ties to that size).
 *
 * Sibling: sizeof-pointer is sizeof of the pointer where the pointee was
 * meant; this is sizeof of the pointee where nothing was.
 */
#include "analyzer/checker.h"

static sci_checker_id me;

static int from_macro(sci_expr *e)
{
	return sci_pos_macro(sci_expr_pos(e)) != NULL;
}

/* `sizeof X` in @e itself or as a factor of a product; its value in @size. */
static sci_expr *sizeof_factor(sci_expr *e, long long *size)
{
	sci_expr *operand, *l, *r, *found;

	e = sci_expr_strip(e);
	if (!e || from_macro(e))
		return NULL;
	if (sci_expr_sizeof(e, &operand))
		return sci_expr_const(e, size) ? e : NULL;
	if (sci_expr_binop(e, &l, &r) != '*' ||
	    sci_expr_assign(e, &l, &r))
		return NULL;
	found = sizeof_factor(l, size);
	return found ? found : sizeof_factor(r, size);
}

static void check(sci_expr *whole, sci_expr *pointer, sci_expr *offset)
{
	long long elem, size;

	if (!sci_expr_is_pointer(pointer) || from_macro(pointer) ||
	    from_macro(offset) || !sci_expr_is_integer(offset))
		return;
	elem = sci_expr_pointee_size(pointer);
	if (elem <= 1 || !sizeof_factor(offset, &size) || size != elem)
		return;
	sci_report(me, sci_expr_pos(whole), sci_expr_text(pointer),
		   "the offset applied to '%s' is multiplied by sizeof of its element (%lld bytes), which pointer arithmetic already counts in: it lands %lld times too far",
		   sci_expr_text(pointer), elem, elem);
}

static void on_expr(sci_expr *e, void *payload)
{
	sci_expr *l, *r, *al, *ar;
	int op;

	(void)payload;
	/* the operation itself, not each cast or parenthesis around it */
	op = sci_expr_binop(e, &l, &r);
	if ((op != '+' && op != '-') || sci_expr_strip(e) != e ||
	    from_macro(e))
		return;
	if (op == '+') {
		check(e, l, r);
		if (!sci_expr_assign(e, &al, &ar))
			check(e, r, l);
	} else if (op == '-') {
		check(e, l, r);
	}
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_expr(me, on_expr, NULL);
}

const struct sci_checker sci_checker_pointer_scaling = {
	.rule = "pointer-scaling",
	.summary = "pointer arithmetic multiplied by the element size it already counts in",
	.description = "An offset added to or subtracted from a pointer is "
		       "multiplied by sizeof of the pointer's element, which "
		       "pointer arithmetic already does: the result is that "
		       "many times too far, usually past the object.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-468",
	.tags = "memory correctness",
	.enabled_by_default = 1,
	.init = init,
};
