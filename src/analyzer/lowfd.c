/*
 * lowfd.c - POSIX gives a new descriptor the lowest number free: right
 * after `close(K)` the next open() returns K or less, or fails.
 *
 *	close(STDIN_FILENO);
 *	fd = device_open(tty, O_RDWR);	// 0, or negative
 *	if (fd)				// the failure test
 *		return 0;
 *
 * busybox init's open_stdio_to_tty(): without it, `if (fd)` looked like
 * a test of an open descriptor and resource-leak reported the branch
 * that returns.  Only where nothing runs in between: the open is the
 * statement right after the `close(K)` of a constant K (its whole
 * expression, the value assigned by it, or the call its `if` tests), so
 * no other call can have taken K first.
 */
#include "analyzer/engine_int.h"

#include <string.h>

/* `close(K)` with a constant K >= 0: K. */
static int closes_constant(struct statement *s, sci_val *k)
{
	struct expression *e;
	const char *name;

	if (!s || s->type != STMT_EXPRESSION)
		return 0;
	e = sci__strip(s->expression);
	if (!e || e->type != EXPR_CALL || !(name = sci__call_name(e)) ||
	    strcmp(name, "close") != 0 || !sci_call_is_library(e) ||
	    sci_call_nargs(e) != 1)
		return 0;
	return sci__const_val(sci_call_arg(e, 0), k) && *k >= 0;
}

/* @e is @call, or assigns it (`fd = open(...)`). */
static int gives(struct expression *e, struct expression *call)
{
	e = sci__strip(e);
	if (e == call)
		return 1;
	return e && e->type == EXPR_ASSIGNMENT && e->op == '=' &&
	       sci__strip(e->right) == call;
}

/* The open @call is @s's whole work, or the value its `if` tests. */
static int statement_of(struct statement *s, struct expression *call)
{
	struct expression *against;
	struct symbol *sym;
	int op, negated;

	switch (s->type) {
	case STMT_EXPRESSION:
		return gives(s->expression, call);
	case STMT_DECLARATION:
		FOR_EACH_PTR(s->declaration, sym) {
			if (sym->initializer && sci__strip(sym->initializer) == call)
				return 1;
		} END_FOR_EACH_PTR(sym);
		return 0;
	case STMT_IF:
		return gives(sci__test_operand(s->if_conditional, &against,
					       &op, &negated), call);
	default:
		return 0;
	}
}

const sci_rl *sci__lowfd_apply(struct expression *call, const sci_rl *rl,
			       sci_vtype vt)
{
	struct statement *stmt, *prev;
	const sci_rl *in;
	sci_val k;

	sci__walk_statements(&stmt, &prev);
	if (!stmt || !closes_constant(prev, &k) || !statement_of(stmt, call) ||
	    sci_call_opens(call) != SCI_OPENS_FD)
		return rl;
	in = sci_rl_intersect(rl ? rl : sci_rl_type(vt),
			      sci_rl_union(sci_rl_range(SCI_VAL_MIN, -1),
					   sci_rl_range(0, k)));
	return sci_rl_is_empty(in) ? rl : in;
}
