// SPDX-License-Identifier: MIT
/*
 * self-assign: an assignment whose two sides are the same lvalue, `x = x;`,
 * which does nothing; usually another variable or member was meant.
 *
 *	void set_size(struct buf *b, size_t size)
 *	{
 *		b->size = b->size;	// meant b->size = size
 *	}
 *
 * The two sides must be the same code (sci_expr_same: the same variable
 * or member path of the same object, `s.a.b = s.a.b`, `p->n = p->n`,
 * `*p = *p`) without casts in between (`x = (char)x` truncates).
 *
 * Not reported: a volatile lvalue (the read and the write are accesses
 * the program wants), assignments written in or fed by a macro expansion
 * (`#define UNUSED(x) x = x` silences unused-variable warnings),
 * declarations (`int x = x;` is an old idiom to silence uninitialized
 * warnings), and compound assignments (`x |= x` is not a no-op for all).
 *
 * False positives: a self-assignment used on purpose to silence a
 * compiler warning written out by hand.
 *
 * Sibling: identical-branches compares two branches, not two sides.
 */
#include "analyzer/checker.h"

#include <stdio.h>

static sci_checker_id me;

static int from_macro(sci_expr *e)
{
	return sci_pos_macro(sci_expr_pos(e)) != NULL;
}

static int is_self_assign(sci_expr *e)
{
	sci_expr *l, *r;

	if (sci_expr_assign(e, &l, &r) != '=')
		return 0;
	if (!sci_key_expr(l) || !sci_expr_same(l, r))
		return 0;
	return !from_macro(e) && !from_macro(l) && !from_macro(r) &&
	       !sci_expr_is_volatile(l);
}

static sci_finding *report(sci_expr *e)
{
	sci_expr *l, *r;

	sci_expr_assign(e, &l, &r);
	return sci_report(me, sci_expr_pos(e), sci_expr_text(l),
			  "'%s' is assigned to itself", sci_expr_text(l));
}

/* Inside a larger expression (`a = a, b++`): no statement to remove. */
static void on_expr(sci_expr *e, void *payload)
{
	if (is_self_assign(e))
		report(e);
}

/*
 * A statement `x = x;` also gets a fix that deletes it: that changes
 * nothing the program does, and the finding stays in the history of the
 * change for whoever meant another operand.  Only when the line reads
 * exactly so (sci_finding_fix checks), which leaves an empty line.
 */
static void on_stmt(sci_stmt *s, void *payload)
{
	sci_expr *e = sci_stmt_expr(s), *l, *r;
	sci_finding *f;
	char old[512];

	if (!e || !is_self_assign(e) || !(f = report(e)))
		return;
	sci_expr_assign(e, &l, &r);
	if ((size_t)snprintf(old, sizeof(old), "%s = %s;", sci_expr_text(l),
			     sci_expr_text(r)) < sizeof(old))
		sci_finding_fix(f, sci_stmt_pos(s), old, "");
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_expr(me, on_expr, NULL);
	sci_on_stmt(me, on_stmt, NULL);
}

const struct sci_checker sci_checker_self_assign = {
	.rule = "self-assign",
	.summary = "a variable or member is assigned to itself",
	.description = "An assignment `x = x` has the same lvalue on both "
		       "sides and does nothing; another variable or member "
		       "was usually meant on one side.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-480",
	.tags = "correctness",
	.enabled_by_default = 1,
	.init = init,
};
