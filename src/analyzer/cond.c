/*
 * cond.c - splitting a condition into the path where it holds and the path
 * where it does not.  `!`, `&&`, `||`, `?:`, comma, statement expressions
 * and __builtin_expect() (likely/unlikely) are taken apart down to leaves;
 * each leaf is walked as an expression, then split by the value model
 * (which also applies implied states) and by the checkers' condition hooks.
 */
#include "analyzer/engine_int.h"

#include <string.h>

const sci_stree **sci__cond_true;
const sci_stree **sci__cond_false;

static void split(struct expression *e, const sci_stree **t,
		  const sci_stree **f);

static void split_leaf(struct expression *e, const sci_stree **t,
		       const sci_stree **f)
{
	const sci_stree **save_t = sci__cond_true, **save_f = sci__cond_false;
	long long v;

	sci__walk_expr(e);
	*t = *f = sci__cur;
	if (!sci__cur)
		return;
	if (sci__const_value(e, &v)) {
		if (v)
			*f = NULL;
		else
			*t = NULL;
		return;
	}
	sci__extra_condition(e, t, f);
	sci__relation_condition(e, t, f);
	sci__points_condition(e, t, f);
	sci__cond_true = t;
	sci__cond_false = f;
	sci__fire_condition(e);
	sci__cond_true = save_t;
	sci__cond_false = save_f;
}

/* The last expression statement of ({ ... }) is the value. */
static void split_stmt_expr(struct expression *e, const sci_stree **t,
			    const sci_stree **f)
{
	struct statement *body = e->statement, *s, *last;

	if (!body || body->type != STMT_COMPOUND) {
		split_leaf(e, t, f);
		return;
	}
	last = last_ptr_list((struct ptr_list *)body->stmts);
	if (!last || last->type != STMT_EXPRESSION) {
		split_leaf(e, t, f);
		return;
	}
	FOR_EACH_PTR(body->stmts, s) {
		if (s != last)
			sci__walk_stmt(s);
	} END_FOR_EACH_PTR(s);
	split(last->expression, t, f);
}

static int is_expect_hint(struct expression *call)
{
	const char *name = sci__call_name(call);

	return name && (strcmp(name, "__builtin_expect") == 0 ||
			strcmp(name, "__builtin_expect_with_probability") == 0) &&
	       ptr_list_size((struct ptr_list *)call->args) >= 2;
}

static void split_node(struct expression *s, const sci_stree **t,
		       const sci_stree **f)
{
	const sci_stree *t1, *f1, *t2, *f2;

	switch (s->type) {
	case EXPR_PREOP:
		if (s->op == '!') {
			split(s->unop, f, t);
			return;
		}
		break;
	case EXPR_LOGICAL:
		split(s->left, &t1, &f1);
		if (s->op == SPECIAL_LOGICAL_AND) {
			sci__cur = t1;
			split(s->right, &t2, &f2);
			*t = t2;
			*f = sci__stree_merge(f1, f2);
		} else {
			sci__cur = f1;
			split(s->right, &t2, &f2);
			*t = sci__stree_merge(t1, t2);
			*f = f2;
		}
		sci__cur = sci__stree_merge(*t, *f);
		return;
	case EXPR_COMMA:
		sci__walk_expr(s->left);
		split(s->right, t, f);
		return;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		split(s->conditional, &t1, &f1);
		if (s->cond_true) {
			sci__cur = t1;
			split(s->cond_true, &t1, &t2);
		} else {
			t2 = NULL;	/* a ?: b is true whenever a is */
		}
		sci__cur = f1;
		split(s->cond_false, &f1, &f2);
		*t = sci__stree_merge(t1, f1);
		*f = sci__stree_merge(t2, f2);
		sci__cur = sci__stree_merge(*t, *f);
		return;
	case EXPR_STATEMENT:
		split_stmt_expr(s, t, f);
		return;
	case EXPR_ASSIGNMENT:
		/* if ((p = malloc(n))): assign, then test p */
		sci__walk_expr(s);
		split(s->left, t, f);
		return;
	case EXPR_CALL:
		/* likely()/unlikely(): the hint's value is its first argument */
		if (is_expect_hint(s)) {
			split(first_ptr_list((struct ptr_list *)s->args), t, f);
			return;
		}
		break;
	default:
		break;
	}
	split_leaf(s, t, f);
}

/* `!!!!x` and long `&&` chains nest without brackets: limits.c bounds them. */
static void split(struct expression *e, const sci_stree **t,
		  const sci_stree **f)
{
	struct expression *s = sci__strip(e);

	if (!sci__cur || !s) {
		*t = *f = sci__cur;
		return;
	}
	if (!sci__nest_enter(s->pos)) {
		*t = *f = NULL;
		return;
	}
	split_node(s, t, f);
	sci__nest_leave();
}

void sci__split_condition(struct expression *expr, const sci_stree **t,
			  const sci_stree **f)
{
	if (!expr) {	/* for (;;) */
		*t = sci__cur;
		*f = NULL;
		return;
	}
	sci__guards_condition(1);
	split(expr, t, f);
	sci__guards_condition(0);
	sci__cur = NULL;	/* callers continue from *t or *f */
}
