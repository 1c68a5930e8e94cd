/*
 * complete.c - which functions sparse left with holes after a parse error.
 *
 * sparse reports a parse error and goes on, leaving the tree it could not
 * build incomplete: `i = < 10` is an assignment without a right side,
 * `x + ;` a binary operation without one, `if ()` an if without a
 * condition.  The walk and every checker take the operands C requires as
 * present (the tree of code that parses always has them), so a function
 * with a hole is neither scanned nor walked: its TU already fails as "sparse
 * could not parse the file", and its other functions are still analyzed.
 * Only asked when sparse reported an error, so code that parses pays
 * nothing.
 */
#include "analyzer/engine_int.h"

#include <stdlib.h>

static struct symbol **holey;
static size_t nholey, capholey;

static int expr_whole(struct expression *e);
static int stmt_whole(struct statement *s);

/* an operand C requires */
static int need(struct expression *e)
{
	return e && expr_whole(e);
}

/* an operand that may be absent: `?:`'s middle, `return;` */
static int may(struct expression *e)
{
	return !e || expr_whole(e);
}

static int list_whole(struct expression_list *l)
{
	struct expression *e;

	FOR_EACH_PTR(l, e) {
		if (!need(e))
			return 0;
	} END_FOR_EACH_PTR(e);
	return 1;
}

static int expr_whole(struct expression *e)
{
	switch (e->type) {
	case EXPR_BINOP:
	case EXPR_COMMA:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_ASSIGNMENT:
		return need(e->left) && need(e->right);
	case EXPR_PREOP:
	case EXPR_POSTOP:
		return need(e->unop);
	case EXPR_DEREF:
		return need(e->deref);
	case EXPR_SLICE:
		return need(e->base);
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		return need(e->cast_expression);
	case EXPR_SIZEOF:
	case EXPR_ALIGNOF:
	case EXPR_PTRSIZEOF:
		/* sizeof(type) has a type instead */
		return may(e->cast_expression);
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return need(e->conditional) && may(e->cond_true) &&
		       need(e->cond_false);
	case EXPR_STATEMENT:
		return e->statement && stmt_whole(e->statement);
	case EXPR_CALL:
		return need(e->fn) && list_whole(e->args);
	case EXPR_INITIALIZER:
		return list_whole(e->expr_list);
	case EXPR_IDENTIFIER:
		return may(e->ident_expression);
	case EXPR_INDEX:
		return may(e->idx_expression);
	case EXPR_POS:
		return may(e->init_expr);
	default:
		/* values, strings, symbols, labels, types, offsetof, _Generic */
		return 1;
	}
}

static int decls_whole(struct symbol_list *l)
{
	struct symbol *sym;

	FOR_EACH_PTR(l, sym) {
		if (!may(sym->initializer))
			return 0;
	} END_FOR_EACH_PTR(sym);
	return 1;
}

static int stmt_whole(struct statement *s)
{
	struct statement *t;

	if (!s)
		return 1;
	switch (s->type) {
	case STMT_DECLARATION:
		return decls_whole(s->declaration);
	case STMT_EXPRESSION:
		return may(s->expression);
	case STMT_COMPOUND:
		FOR_EACH_PTR(s->stmts, t) {
			if (!stmt_whole(t))
				return 0;
		} END_FOR_EACH_PTR(t);
		return 1;
	case STMT_IF:
		return need(s->if_conditional) && stmt_whole(s->if_true) &&
		       stmt_whole(s->if_false);
	case STMT_RETURN:
		return may(s->ret_value);
	case STMT_CASE:
		return may(s->case_expression) && may(s->case_to) &&
		       stmt_whole(s->case_statement);
	case STMT_SWITCH:
		return need(s->switch_expression) &&
		       stmt_whole(s->switch_statement);
	case STMT_ITERATOR:
		return stmt_whole(s->iterator_pre_statement) &&
		       may(s->iterator_pre_condition) &&
		       stmt_whole(s->iterator_statement) &&
		       stmt_whole(s->iterator_post_statement) &&
		       may(s->iterator_post_condition);
	case STMT_LABEL:
		return stmt_whole(s->label_statement);
	case STMT_GOTO:
		return may(s->goto_expression);
	default:
		/* empty statements, asm, __context__, __range__ */
		return 1;
	}
}

static void check_symbol(struct symbol *sym)
{
	struct symbol *base = sym ? sym->ctype.base_type : NULL;
	struct statement *body;
	size_t i;

	if (!base || base->type != SYM_FN)
		return;
	body = base->stmt ? base->stmt : base->inline_stmt;
	if (!body || stmt_whole(body))
		return;
	for (i = 0; i < nholey; i++)
		if (holey[i] == sym)
			return;
	if (nholey == capholey) {
		capholey = capholey ? capholey * 2 : 16;
		holey = realloc(holey, capholey * sizeof(*holey));
		if (!holey)
			abort();
	}
	holey[nholey++] = sym;
}

void sci__holes_find(struct symbol_list *list, struct symbol_list *scope)
{
	struct symbol *sym;

	FOR_EACH_PTR(list, sym) {
		check_symbol(sym);
	} END_FOR_EACH_PTR(sym);
	FOR_EACH_PTR(scope, sym) {
		check_symbol(sym);
	} END_FOR_EACH_PTR(sym);
}

int sci__fn_has_holes(struct symbol *fn)
{
	size_t i;

	for (i = 0; i < nholey; i++)
		if (holey[i] == fn)
			return 1;
	return 0;
}

void sci__holes_reset(void)
{
	free(holey);
	holey = NULL;
	nholey = capholey = 0;
}
