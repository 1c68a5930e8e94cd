/*
 * guards.c - a call checked once is not checked again: "validate, then
 * act".
 *
 *	for (j = 2; j < argc; j++)
 *		if ((slot = get_slot(argv[j])) == -1)
 *			return;			// every argument checked
 *	for (j = 2; j < argc; j++) {
 *		slot = get_slot(argv[j]);	// cannot be -1 here
 *		table[slot] = 1;
 *
 * A function that tests a call's result and leaves (return, goto to a
 * label, a noreturn call; not break or continue) on the values it
 * rejects, then makes the same call again (same project function, the
 * same argument expressions, none with side effects), relies on the first
 * test: the later call is taken to return only what passed it.  redis's CLUSTER ADDSLOTS does this for every slot
 * (getSlotOrReply() called twice per argument); without it the second
 * call's -1 reached an index in the callee it was passed to.
 *
 * The rule is a reading of the program's intent, not a proof (the
 * arguments may name other objects by then): it applies only where the
 * program itself does not test the later result again (a call evaluated
 * inside a condition keeps its full range: `while (next(it) >= 0)` after
 * one checked `next(it)` must still be able to end), only to functions
 * with a summary of the project (library calls read input or state:
 * `fgets()` twice is two lines), and the memory is one walk of one
 * function.
 */
#include "analyzer/engine_int.h"

#include <string.h>

typedef struct {
	struct expression *call;	/* the first call checked */
	struct statement *test;		/* the `if` that checked it */
	const sci_rl *rl;		/* what passed its test */
} guard;

enum { GUARDS_MAX = 64 };

static guard guards[GUARDS_MAX];
static size_t nguards;
static unsigned in_condition;

void sci__guards_reset(void)
{
	nguards = 0;
	in_condition = 0;
}

void sci__guards_condition(int enter)
{
	if (enter)
		in_condition++;
	else if (in_condition)
		in_condition--;
}

/* No calls, assignments or steps: the same text gives the same value. */
static int pure(struct expression *e)
{
	e = sci__strip_parens(e);
	return e && (e->type == EXPR_STRING || e->type == EXPR_FVALUE ||
		     sci__expr_plain(e));
}

/* A call of a project function by name, every argument pure. */
static int candidate(struct expression *call)
{
	struct expression *arg;

	if (!call || call->type != EXPR_CALL || !sci__call_name(call) ||
	    !sci__call_summary(call))
		return 0;
	FOR_EACH_PTR(call->args, arg) {
		if (!pure(arg))
			return 0;
	} END_FOR_EACH_PTR(arg);
	return 1;
}

/* Does @s always leave the function (or jump away) at its end? */
static int leaves(struct statement *s)
{
	struct statement *last = NULL, *t;

	if (!s)
		return 0;
	switch (s->type) {
	case STMT_RETURN:
		return 1;
	case STMT_GOTO:
		/* a label of the function's: not `break` or `continue` */
		return s->goto_label && s->goto_label->type == SYM_LABEL;
	case STMT_EXPRESSION:
		return sci__is_noreturn_call(sci__strip(s->expression));
	case STMT_COMPOUND:
		FOR_EACH_PTR(s->stmts, t) {
			last = t;
		} END_FOR_EACH_PTR(t);
		return leaves(last);
	case STMT_IF:
		return leaves(s->if_true) && leaves(s->if_false);
	default:
		return 0;
	}
}

/*
 * The call @cond tests, directly (`f(x) < 0`, `!f(x)`), through an
 * assignment in it (`(v = f(x)) == -1`) or through the variable the
 * statement before it assigned (`v = f(x); if (v < 0)`).  *@held: the
 * variable holding the result, NULL when the test reads the call itself.
 * *@against, *@op: the constant compared with and the comparison as
 * `call op constant` (0: a test of truth).
 */
static struct expression *tested_call(struct expression *cond,
				      struct statement *prev,
				      struct expression **held,
				      struct expression **against, int *op,
				      int *negated)
{
	struct expression *e = sci__test_operand(cond, against, op, negated);
	struct expression *r;

	*held = NULL;
	if (!e)
		return NULL;
	if (e->type == EXPR_CALL)
		return candidate(e) ? e : NULL;
	if (e->type == EXPR_ASSIGNMENT && e->op == '=') {
		r = sci__strip(e->right);
		*held = e->left;
		return candidate(r) ? r : NULL;
	}
	if (e->type != EXPR_SYMBOL || !prev || prev->type != STMT_EXPRESSION)
		return NULL;
	r = sci__strip(prev->expression);
	if (!r || r->type != EXPR_ASSIGNMENT || r->op != '=' ||
	    !sci_expr_same(r->left, e))
		return NULL;
	*held = e;
	r = sci__strip(r->right);
	return candidate(r) ? r : NULL;
}

/* The values of @call for which the test is @truth. */
static const sci_rl *passing(struct expression *call,
			     struct expression *against, int op, int truth)
{
	sci_vtype vt = sci__vtype(sci__expr_type(call)), kt, ct;
	const sci_rl *rl = sci__expr_rl(call), *when_t, *when_f;

	if (!rl)
		return NULL;
	if (!op) {
		const sci_rl *zero = sci_rl_range(0, 0);

		return truth ? sci_rl_minus(rl, zero)
			     : sci_rl_intersect(rl, zero);
	}
	kt = sci__vtype(sci__expr_type(against));
	ct = sci_vt_common(vt, kt);
	sci_rl_compare_sides(op, sci_rl_cast(sci__expr_rl(against), ct), ct,
			     &when_t, &when_f);
	return sci_rl_intersect(rl, sci_rl_preimage(truth ? when_t : when_f,
						    vt, ct));
}

void sci__guards_note_if(struct statement *stmt, struct statement *prev,
			 const sci_stree *t, const sci_stree *f,
			 const sci_stree *after_true,
			 const sci_stree *after_false)
{
	struct expression *call, *held, *against;
	const sci_stree *save = sci__cur, *on;
	const sci_rl *rl;
	int op, negated, true_leaves, false_leaves;
	size_t i;

	if (!t || !f)
		return;
	true_leaves = !after_true && leaves(stmt->if_true);
	false_leaves = !after_false && stmt->if_false &&
		       leaves(stmt->if_false);
	if (true_leaves == false_leaves)
		return;
	call = tested_call(stmt->if_conditional, prev, &held, &against, &op,
			   &negated);
	if (!call)
		return;
	on = true_leaves ? f : t;
	sci__cur = on;
	if (held)
		rl = sci__expr_rl(held);
	else
		rl = passing(call, against, op, true_leaves == negated);
	sci__cur = save;
	if (!rl || sci_rl_is_empty(rl))
		return;
	for (i = 0; i < nguards; i++) {
		const sci_rl *both;

		if (!sci_expr_same(guards[i].call, call))
			continue;
		/*
		 * The same test walked again (a loop's passes) saw more
		 * iterations: what passed it is what passed any walk of it.
		 * Another test of the same call narrows further.
		 */
		if (guards[i].test == stmt) {
			guards[i].rl = sci_rl_union(guards[i].rl, rl);
			return;
		}
		both = sci_rl_intersect(guards[i].rl, rl);
		if (!sci_rl_is_empty(both))
			guards[i].rl = both;
		return;
	}
	if (nguards < GUARDS_MAX) {
		guards[nguards].call = call;
		guards[nguards].test = stmt;
		guards[nguards].rl = rl;
		nguards++;
	}
}

const sci_rl *sci__guards_apply(struct expression *call, const sci_rl *rl)
{
	const char *name;
	const sci_rl *in;
	size_t i;

	if (!nguards || in_condition || !rl || !(name = sci__call_name(call)))
		return rl;
	for (i = 0; i < nguards; i++) {
		if (guards[i].call == call ||
		    strcmp(sci__call_name(guards[i].call), name) != 0 ||
		    !sci_expr_same(guards[i].call, call))
			continue;
		in = sci_rl_intersect(rl, sci_rl_cast(guards[i].rl,
				sci__vtype(sci__expr_type(call))));
		return sci_rl_is_empty(in) ? rl : in;
	}
	return rl;
}
