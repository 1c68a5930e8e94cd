/*
 * syntax.c - questions about how code is written, for the checkers that
 * look at the shape of the source rather than at values: the parts of an
 * if statement and of `?:`, whether an operand was parenthesized, the
 * operand of sizeof, and whether two trees are the same code.
 *
 * sparse keeps a node (EXPR_PREOP '(') for every pair of parentheses the
 * programmer wrote, as long as nothing evaluates the tree; the engine never
 * does (expr_util.c), so "written with parentheses" can be answered here.
 * The mandatory parentheses of `if (...)`/`while (...)` make no node.
 */
#include "analyzer/engine_int.h"

#include <string.h>

int sci_stmt_if(sci_stmt *s, sci_expr **cond, sci_stmt **then,
		sci_stmt **els)
{
	if (!s || s->type != STMT_IF)
		return 0;
	*cond = s->if_conditional;
	*then = s->if_true;
	*els = s->if_false;
	return 1;
}

sci_stmt *sci_stmt_first(sci_stmt *s)
{
	while (s && s->type == STMT_COMPOUND) {
		struct statement *first = first_ptr_list((struct ptr_list *)s->stmts);

		if (!first)
			return NULL;
		s = first;
	}
	return s;
}

sci_expr *sci_stmt_expr(sci_stmt *s)
{
	return s && s->type == STMT_EXPRESSION ? s->expression : NULL;
}

int sci_expr_conditional(sci_expr *e, sci_expr **cond, sci_expr **t,
			 sci_expr **f)
{
	e = sci__strip_parens(e);
	if (!e || (e->type != EXPR_CONDITIONAL && e->type != EXPR_SELECT) ||
	    !e->cond_true)
		return 0;
	*cond = e->conditional;
	*t = e->cond_true;
	*f = e->cond_false;
	return 1;
}

/* The assignment walk.c makes for `int x = v;`: its left is the symbol
 * at the declaration's own position. */
static int is_declaration(struct expression *e)
{
	struct expression *l = e->left;

	return l && l->type == EXPR_SYMBOL && l->symbol &&
	       l->pos.stream == l->symbol->pos.stream &&
	       l->pos.line == l->symbol->pos.line &&
	       l->pos.pos == l->symbol->pos.pos;
}

int sci_expr_assign(sci_expr *e, sci_expr **l, sci_expr **r)
{
	if (!e || e->type != EXPR_ASSIGNMENT || is_declaration(e))
		return 0;
	*l = e->left;
	*r = e->right;
	return e->op == '=' ? '=' : e->op;
}

int sci_expr_is_paren(sci_expr *e)
{
	return e && e->type == EXPR_PREOP && e->op == '(';
}

int sci_expr_not(sci_expr *e, sci_expr **operand)
{
	if (!e || e->type != EXPR_PREOP || e->op != '!')
		return 0;
	*operand = e->unop;
	return 1;
}

int sci_expr_equality(sci_expr *e, sci_expr **l, sci_expr **r)
{
	if (!e || e->type != EXPR_COMPARE)
		return 0;
	if (e->op != SPECIAL_EQUAL && e->op != SPECIAL_NOTEQUAL)
		return 0;
	*l = e->left;
	*r = e->right;
	return e->op == SPECIAL_EQUAL ? '=' : '!';
}

int sci_expr_is_truth(sci_expr *e)
{
	struct symbol *t;

	e = sci__strip_parens(e);
	if (!e)
		return 0;
	if (e->type == EXPR_COMPARE || e->type == EXPR_LOGICAL ||
	    (e->type == EXPR_PREOP && e->op == '!'))
		return 1;
	t = sci__real_type(sci__expr_type(e));
	return t == &bool_ctype;
}

int sci_expr_sizeof(sci_expr *e, sci_expr **operand)
{
	e = sci__strip(e);
	if (!e || e->type != EXPR_SIZEOF)
		return 0;
	*operand = e->cast_type ? NULL : e->cast_expression;
	return 1;
}

static int same_type(struct symbol *a, struct symbol *b);

/* The declared type of the variable or member @e names, or NULL. */
static struct symbol *declared(struct expression *e)
{
	struct symbol *t, *m;

	e = sci__strip_parens(e);
	if (!e)
		return NULL;
	if (e->type == EXPR_SYMBOL)
		return e->symbol;
	if (e->type == EXPR_DEREF) {
		t = sci__real_type(sci__expr_type(e->deref));
		if (!t || (t->type != SYM_STRUCT && t->type != SYM_UNION))
			return NULL;
		FOR_EACH_PTR(t->symbol_list, m) {
			if (m->ident == e->member)
				return m;
		} END_FOR_EACH_PTR(m);
	}
	return NULL;
}

int sci_expr_is_array(sci_expr *e)
{
	struct symbol *t;

	e = sci__strip_parens(e);
	t = sci__real_type(sci__expr_type(e));
	if (!t || t->type != SYM_ARRAY)
		return 0;
	/* `char buf[64]` as a parameter is a pointer */
	return !(e->type == EXPR_SYMBOL && sci_sym_is_param(e->symbol));
}

/*
 * A variable or function whose address exists in every program this file
 * links into: a local or parameter, or one this file defines.  Not an
 * extern declaration: it may be a weak symbol (`if (pthread_create)`),
 * whose address is NULL where nothing defines it.
 */
static int defined_here(struct symbol *sym)
{
	struct symbol *t = sci__real_type(sym);

	if (!t)
		return 0;
	if (t->type == SYM_FN)
		return t->stmt || t->inline_stmt;
	/* a tentative definition (`int a[4];`) is one; `extern` is not */
	return !(sym->ctype.modifiers & MOD_EXTERN);
}

int sci_expr_never_null(sci_expr *e, const char **what)
{
	struct symbol *t, *sym;

	e = sci__strip_parens(e);
	while (e && (e->type == EXPR_CAST || e->type == EXPR_IMPLIED_CAST))
		e = sci__strip_parens(e->cast_expression);
	if (e && e->type == EXPR_PREOP && e->op == '&') {
		e = sci__strip_parens(e->unop);
		if (!e || e->type != EXPR_SYMBOL || !e->symbol ||
		    !defined_here(e->symbol))
			return 0;
		t = sci__real_type(e->symbol);
		*what = t && t->type == SYM_FN ? "a function" : "the address of a variable";
		return 1;
	}
	if (!e || e->type != EXPR_SYMBOL || !(sym = e->symbol) ||
	    !defined_here(sym))
		return 0;
	t = sci__real_type(sym);
	if (t && t->type == SYM_FN) {
		*what = "a function";
		return 1;
	}
	if (t && t->type == SYM_ARRAY && !sci_sym_is_param(sym)) {
		*what = "an array";
		return 1;
	}
	return 0;
}

/* What @e points to, or NULL (not a pointer, or unknown). */
static struct symbol *pointee(struct expression *e)
{
	struct symbol *t = sci__real_type(sci__expr_type(sci__strip_parens(e)));

	if (!t || (t->type != SYM_PTR && t->type != SYM_ARRAY))
		return NULL;
	return sci__real_type(t->ctype.base_type);
}

static long long type_size(struct symbol *t)
{
	if (!t || t == &void_ctype || t->type == SYM_FN)
		return 0;
	examine_symbol_type(t);
	return t->bit_size > 0 ? t->bit_size / 8 : 0;
}

long long sci_expr_pointee_size(sci_expr *e)
{
	return type_size(pointee(e));
}

long long sci_sym_pointee_size(sci_sym *sym)
{
	struct symbol *t = sym ? sci__real_type(sym) : NULL;

	if (!t || (t->type != SYM_PTR && t->type != SYM_ARRAY))
		return 0;
	return type_size(sci__real_type(t->ctype.base_type));
}

int sci_expr_pointee_is_pointer(sci_expr *e)
{
	struct symbol *t = pointee(e);

	return t && (t->type == SYM_PTR || t->type == SYM_ARRAY);
}

int sci_expr_sizeof_type_of(sci_expr *sz, sci_expr *e)
{
	struct symbol *t = sci__real_type(sci__expr_type(sci__strip_parens(e)));

	sz = sci__strip(sz);
	if (!sz || sz->type != EXPR_SIZEOF || !sz->cast_type || !t ||
	    t->type != SYM_PTR)
		return 0;
	return same_type(sz->cast_type, t);
}

sci_expr *sci_expr_prefix_point(sci_expr *e)
{
	e = sci__strip_parens(e);
	while (e) {
		if (e->type == EXPR_SYMBOL)
			return e;
		if (e->type == EXPR_DEREF)
			e = e->deref;
		else if (e->type == EXPR_PREOP && e->op == '*')
			e = e->unop;	/* `*p`, and the one `p->m` makes */
		else
			return NULL;
	}
	return NULL;
}

int sci_expr_is_volatile(sci_expr *e)
{
	struct symbol *d;
	struct symbol *t;

	e = sci__strip_parens(e);
	if (!e)
		return 0;
	if (e->type == EXPR_PREOP && e->op == '*') {
		t = sci__real_type(sci__expr_type(e->unop));
		/* sparse keeps the pointee's qualifiers on the pointer type */
		return t && t->type == SYM_PTR &&
		       ((t->ctype.modifiers & MOD_VOLATILE) ||
			(t->ctype.base_type &&
			 (t->ctype.base_type->ctype.modifiers & MOD_VOLATILE)));
	}
	if (e->type == EXPR_DEREF && sci_expr_is_volatile(e->deref))
		return 1;
	d = declared(e);
	return d && (d->ctype.modifiers & MOD_VOLATILE);
}

/* ------------------------------------------------------ sameness */

static int same_macro(struct position a, struct position b)
{
	const char *ma = sci_pos_macro(sci__pos(a));
	const char *mb = sci_pos_macro(sci__pos(b));

	if (!ma || !mb)
		return ma == mb;
	return strcmp(ma, mb) == 0;
}

static int same_type(struct symbol *a, struct symbol *b)
{
	int guard;

	for (guard = 0; guard < 16; guard++) {
		a = sci__real_type(a);
		b = sci__real_type(b);
		if (a == b)
			return 1;
		if (!a || !b || a->type != SYM_PTR || b->type != SYM_PTR ||
		    (a->ctype.modifiers ^ b->ctype.modifiers))
			return 0;
		a = a->ctype.base_type;
		b = b->ctype.base_type;
	}
	return 0;
}

static int same_list(struct expression_list *a, struct expression_list *b)
{
	struct expression *x, *y;

	if (ptr_list_size((struct ptr_list *)a) != ptr_list_size((struct ptr_list *)b))
		return 0;
	PREPARE_PTR_LIST(a, x);
	PREPARE_PTR_LIST(b, y);
	while (x && y) {
		if (!sci_expr_same(x, y))
			return 0;
		NEXT_PTR_LIST(x);
		NEXT_PTR_LIST(y);
	}
	FINISH_PTR_LIST(y);
	FINISH_PTR_LIST(x);
	return 1;
}

static int same_string(struct string *a, struct string *b)
{
	return a && b && a->length == b->length &&
	       memcmp(a->data, b->data, a->length) == 0;
}

static int is_intrinsic(struct expression *call)
{
	const char *name = sci__call_name(call);

	return name && strncmp(name, "__sci_", 6) == 0;
}

static int same_expr(struct expression *a, struct expression *b)
{
	if (a->type != b->type || !same_macro(a->pos, b->pos))
		return 0;
	switch (a->type) {
	case EXPR_VALUE:
		return a->value == b->value && same_type(a->ctype, b->ctype);
	case EXPR_FVALUE:
		return a->fvalue == b->fvalue;
	case EXPR_STRING:
		return a->wide == b->wide && same_string(a->string, b->string);
	case EXPR_SYMBOL:
		return a->symbol ? a->symbol == b->symbol
				 : a->symbol_name == b->symbol_name;
	case EXPR_DEREF:
		return a->member == b->member && sci_expr_same(a->deref, b->deref);
	case EXPR_PREOP:
	case EXPR_POSTOP:
		return a->op == b->op && sci_expr_same(a->unop, b->unop);
	case EXPR_BINOP:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_COMMA:
	case EXPR_ASSIGNMENT:
		return a->op == b->op && sci_expr_same(a->left, b->left) &&
		       sci_expr_same(a->right, b->right);
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		return same_type(a->cast_type, b->cast_type) &&
		       sci_expr_same(a->cast_expression, b->cast_expression);
	case EXPR_SIZEOF:
	case EXPR_ALIGNOF:
	case EXPR_PTRSIZEOF:
		if (a->cast_type || b->cast_type)
			return same_type(a->cast_type, b->cast_type);
		return sci_expr_same(a->cast_expression, b->cast_expression);
	case EXPR_CALL:
		/* the debug intrinsics (debug.c) report the path they are on */
		if (is_intrinsic(a) || is_intrinsic(b))
			return 0;
		return sci_expr_same(a->fn, b->fn) && same_list(a->args, b->args);
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return sci_expr_same(a->conditional, b->conditional) &&
		       sci_expr_same(a->cond_true, b->cond_true) &&
		       sci_expr_same(a->cond_false, b->cond_false);
	case EXPR_STATEMENT:
		return sci_stmt_same(a->statement, b->statement);
	default:
		/* initializers, labels, _Generic...: not compared */
		return 0;
	}
}

int sci_expr_same(sci_expr *a, sci_expr *b)
{
	a = sci__strip_parens(a);
	b = sci__strip_parens(b);
	if (!a || !b)
		return a == b;
	return same_expr(a, b);
}

static int same_stmts(struct statement_list *a, struct statement_list *b)
{
	struct statement *x, *y;

	if (ptr_list_size((struct ptr_list *)a) != ptr_list_size((struct ptr_list *)b))
		return 0;
	PREPARE_PTR_LIST(a, x);
	PREPARE_PTR_LIST(b, y);
	while (x && y) {
		if (!sci_stmt_same(x, y))
			return 0;
		NEXT_PTR_LIST(x);
		NEXT_PTR_LIST(y);
	}
	FINISH_PTR_LIST(y);
	FINISH_PTR_LIST(x);
	return 1;
}

int sci_stmt_same(sci_stmt *a, sci_stmt *b)
{
	if (!a || !b)
		return a == b;
	if (a->type != b->type || !same_macro(a->pos, b->pos))
		return 0;
	switch (a->type) {
	case STMT_NONE:
		return 1;
	case STMT_EXPRESSION:
		return sci_expr_same(a->expression, b->expression);
	case STMT_COMPOUND:
		/* inline expansions carry symbols of their own */
		return !a->inline_fn && !b->inline_fn && same_stmts(a->stmts, b->stmts);
	case STMT_RETURN:
		return sci_expr_same(a->ret_value, b->ret_value);
	case STMT_IF:
		return sci_expr_same(a->if_conditional, b->if_conditional) &&
		       sci_stmt_same(a->if_true, b->if_true) &&
		       sci_stmt_same(a->if_false, b->if_false);
	case STMT_GOTO:
		return !a->goto_expression && !b->goto_expression &&
		       a->goto_label == b->goto_label;
	case STMT_ITERATOR:
		return sci_stmt_same(a->iterator_pre_statement, b->iterator_pre_statement) &&
		       sci_expr_same(a->iterator_pre_condition, b->iterator_pre_condition) &&
		       sci_stmt_same(a->iterator_statement, b->iterator_statement) &&
		       sci_stmt_same(a->iterator_post_statement, b->iterator_post_statement) &&
		       sci_expr_same(a->iterator_post_condition, b->iterator_post_condition);
	default:
		/* declarations make symbols of their own: never the same */
		return 0;
	}
}

int sci_stmt_is_empty(sci_stmt *s)
{
	struct statement *inner;

	if (!s)
		return 1;
	if (s->type == STMT_NONE)
		return 1;
	/* `do {} while (0)`: what a disabled debug macro expands to */
	if (s->type == STMT_ITERATOR && !s->iterator_pre_condition &&
	    s->iterator_post_condition &&
	    s->iterator_post_condition->type == EXPR_VALUE &&
	    !s->iterator_post_condition->value)
		return sci_stmt_is_empty(s->iterator_statement);
	if (s->type != STMT_COMPOUND || s->inline_fn)
		return 0;
	FOR_EACH_PTR(s->stmts, inner) {
		if (!sci_stmt_is_empty(inner))
			return 0;
	} END_FOR_EACH_PTR(inner);
	return 1;
}
