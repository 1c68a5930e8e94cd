/*
 * expr_util.c - questions about the unevaluated syntax tree: stripping,
 * types, constants, positions, call names.
 *
 * The engine never runs sparse's evaluate_*() on a function: evaluation
 * rewrites the tree in place (`x` becomes `*&x`, `p->m` becomes
 * `*(p + off)`), which destroys the names checkers key on.  The small type
 * computation here covers what the engine needs instead.
 */
#include "analyzer/engine_int.h"

#include "util/alloc.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct expression *sci__strip(struct expression *e)
{
	while (e) {
		if (e->type == EXPR_PREOP && e->op == '(')
			e = e->unop;
		else if (e->type == EXPR_CAST || e->type == EXPR_FORCE_CAST ||
			 e->type == EXPR_IMPLIED_CAST)
			e = e->cast_expression;
		else
			break;
	}
	return e;
}

struct symbol *sci__real_type(struct symbol *type)
{
	int guard = 0;

	while (type && guard++ < 64) {
		if (type->type == SYM_NODE || type->type == SYM_TYPEOF)
			type = examine_symbol_type(type);
		if (!type)
			return NULL;
		if (type->type == SYM_NODE)
			type = type->ctype.base_type;
		else
			break;
	}
	return type;
}

int sci__type_is_ptr(struct symbol *type)
{
	type = sci__real_type(type);
	return type && (type->type == SYM_PTR || type->type == SYM_ARRAY);
}

int sci__type_is_int(struct symbol *type)
{
	type = sci__real_type(type);
	if (!type)
		return 0;
	if (type->type == SYM_ENUM || type->type == SYM_BITFIELD)
		return 1;
	return type->type == SYM_BASETYPE && type->ctype.base_type == &int_type;
}

static struct symbol *find_member(struct symbol *type, struct ident *member)
{
	struct symbol *m, *found;

	type = sci__real_type(type);
	if (!type || (type->type != SYM_STRUCT && type->type != SYM_UNION))
		return NULL;
	FOR_EACH_PTR(type->symbol_list, m) {
		if (m->ident == member)
			return m;
		if (!m->ident) {
			found = find_member(m, member);
			if (found)
				return found;
		}
	} END_FOR_EACH_PTR(m);
	return NULL;
}

static struct symbol *last_expr_type(struct statement *stmt)
{
	struct statement *last;

	if (!stmt || stmt->type != STMT_COMPOUND)
		return NULL;
	last = last_ptr_list((struct ptr_list *)stmt->stmts);
	if (last && last->type == STMT_EXPRESSION)
		return sci__expr_type(last->expression);
	return NULL;
}

static struct symbol *expr_type(struct expression *e)
{
	struct symbol *t;

	if (!e)
		return NULL;
	switch (e->type) {
	case EXPR_VALUE:
		return e->ctype ? e->ctype : &int_ctype;
	case EXPR_STRING:
		return &string_ctype;
	case EXPR_SYMBOL:
		if (!e->symbol)
			return NULL;
		examine_symbol_type(e->symbol);
		return sci__real_type(e->symbol);
	case EXPR_DEREF:
		t = find_member(sci__expr_type(e->deref), e->member);
		return t ? sci__real_type(t) : NULL;
	case EXPR_PREOP:
		switch (e->op) {
		case '(':
		case SPECIAL_INCREMENT:
		case SPECIAL_DECREMENT:
		case '-':
		case '~':
		case '+':
			return sci__expr_type(e->unop);
		case '!':
			return &int_ctype;
		case '&':
			return &ptr_ctype;
		case '*':
			t = sci__real_type(sci__expr_type(e->unop));
			if (t && (t->type == SYM_PTR || t->type == SYM_ARRAY))
				return sci__real_type(t->ctype.base_type);
			return NULL;
		}
		return NULL;
	case EXPR_POSTOP:
		return sci__expr_type(e->unop);
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		return sci__real_type(e->cast_type);
	case EXPR_SIZEOF:
	case EXPR_ALIGNOF:
	case EXPR_PTRSIZEOF:
		return size_t_ctype;
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
		return &int_ctype;
	case EXPR_BINOP: {
		struct symbol *r;

		t = sci__expr_type(e->left);
		if (sci__type_is_ptr(t))
			return e->op == '-' && sci__type_is_ptr(sci__expr_type(e->right)) ?
				&long_ctype : t;
		r = sci__expr_type(e->right);
		if ((e->op == '+' || e->op == '-') && sci__type_is_ptr(r))
			return r;
		if (!sci__type_is_int(t) || !sci__type_is_int(r))
			return t;
		/* shifts promote the left operand; the rest convert both */
		if (e->op == SPECIAL_LEFTSHIFT || e->op == SPECIAL_RIGHTSHIFT)
			r = sci__vtype_symbol(sci_vt_promote(sci__vtype(t)));
		else
			r = sci__vtype_symbol(sci_vt_common(sci__vtype(t),
							    sci__vtype(r)));
		return r ? r : t;
	}
	case EXPR_ASSIGNMENT:
		return sci__expr_type(e->left);
	case EXPR_COMMA:
		return sci__expr_type(e->right);
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		t = sci__expr_type(e->cond_true ? e->cond_true : e->conditional);
		return t ? t : sci__expr_type(e->cond_false);
	case EXPR_STATEMENT:
		return last_expr_type(e->statement);
	case EXPR_CALL:
		t = sci__real_type(sci__expr_type(e->fn));
		if (t && t->type == SYM_PTR)
			t = sci__real_type(t->ctype.base_type);
		if (t && t->type == SYM_FN)
			return sci__real_type(t->ctype.base_type);
		return NULL;
	default:
		return NULL;
	}
}

/*
 * What the engine asks of a node again and again, kept per node for the
 * TU: its type (a member's is a search of its struct's members, redis's
 * `server.x` some 400: a third of a large TU's walk) and a call's name
 * (every hook of every checker asks it: 600,000 times in one redis TU).
 * The tree does not change once tu_facts has resolved calls through
 * constant pointers (frontend.c resets the table after) and its nodes are
 * never freed, so the answers hold; names are the process's ident
 * strings.  A direct-mapped table: a collision just asks again.  The
 * cheap shapes are not kept: the engine builds a few constants on the
 * stack, and those are all EXPR_VALUE.
 */
#define NODE_MEMO (1u << 15)
#define HAS_TYPE 1
#define HAS_NAME 2
static int memo_used;	/* an entry was set since the last reset */
static struct node_memo {
	const struct expression *e;
	struct symbol *type;
	const char *name;
	unsigned has;	/* HAS_TYPE, HAS_NAME */
} *node_memo;	/* NODE_MEMO entries; in .bss, clearing them faulted its
		   256 pages in one by one, 14% of a redis run's faults */

/* @e's entry, emptied when it held another node. */
static struct node_memo *memo_of(const struct expression *e)
{
	struct node_memo *m;

	if (!node_memo)
		node_memo = sci__region_zeroed(NODE_MEMO * sizeof(*node_memo));
	m = &node_memo[((uintptr_t)e >> 4) & (NODE_MEMO - 1)];

	if (m->e != e) {
		m->e = e;
		m->has = 0;
		memo_used = 1;
	}
	return m;
}

struct symbol *sci__expr_type(struct expression *e)
{
	struct node_memo *m;

	if (!e || e->type == EXPR_VALUE || e->type == EXPR_STRING ||
	    e->type == EXPR_SYMBOL)
		return expr_type(e);
	m = memo_of(e);
	if (!(m->has & HAS_TYPE)) {
		m->type = expr_type(e);
		m->has |= HAS_TYPE;
	}
	return m->type;
}

void sci__expr_memo_reset(void)
{
	/*
	 * A worker's first TU finds the table zero: clearing it would fault
	 * in every page of it in each worker for nothing.
	 */
	if (!memo_used)
		return;
	memset(node_memo, 0, NODE_MEMO * sizeof(*node_memo));
	memo_used = 0;
}

const char *sci__pos_path(struct position pos)
{
	const char *name;

	/* positions made by the engine itself may name no stream */
	if ((int)pos.stream >= input_stream_nr)
		return "";
	name = stream_name(pos.stream);
	return name ? name : "";
}

sci_pos sci__pos(struct position pos)
{
	sci_pos p;

	p.path = sci__pos_path(pos);
	p.line = pos.line;
	p.col = pos.pos;
	return p;
}

/*
 * sparse's idents are not NUL-terminated.  Their C strings are made once
 * per ident and kept for the process (idents live as long): building them
 * with printf on every key lookup and call was a quarter of the run time.
 */
const char *sci__ident_str(const struct ident *id)
{
	static struct slot { const struct ident *id; char *s; } *tab;
	static size_t cap, used;
	size_t i;

	if (!id)
		return NULL;
	if ((used + 1) * 2 > cap) {
		struct slot *old = tab;
		size_t oldcap = cap, k;

		cap = cap ? cap * 2 : 4096;
		tab = sci_calloc(cap, sizeof(*tab));
		for (k = 0; k < oldcap; k++) {
			if (!old[k].id)
				continue;
			i = ((uintptr_t)old[k].id >> 4) & (cap - 1);
			while (tab[i].id)
				i = (i + 1) & (cap - 1);
			tab[i] = old[k];
		}
		free(old);
	}
	for (i = ((uintptr_t)id >> 4) & (cap - 1); tab[i].id; i = (i + 1) & (cap - 1))
		if (tab[i].id == id)
			return tab[i].s;
	tab[i].id = id;
	tab[i].s = sci_malloc((size_t)id->len + 1);
	memcpy(tab[i].s, id->name, (size_t)id->len);
	tab[i].s[id->len] = '\0';
	used++;
	return tab[i].s;
}

static const char *call_name(struct expression *call)
{
	struct expression *fn = sci__strip(call->fn);

	/* (*fp)(...) and fp(...) through pointers have no stable name */
	if (!fn || fn->type != EXPR_SYMBOL || !fn->symbol_name)
		return NULL;
	if (fn->symbol && !sci__type_is_ptr(fn->symbol) &&
	    sci__real_type(fn->symbol) &&
	    sci__real_type(fn->symbol)->type != SYM_FN)
		return NULL;
	return sci__ident_str(fn->symbol_name);
}

const char *sci__call_name(struct expression *call)
{
	struct node_memo *m;

	call = sci__strip(call);
	if (!call || call->type != EXPR_CALL)
		return NULL;
	m = memo_of(call);
	if (!(m->has & HAS_NAME)) {
		m->name = call_name(call);
		m->has |= HAS_NAME;
	}
	return m->name;
}

/* ----------------------------------------------------- checker API */

sci_pos sci_expr_pos(sci_expr *e)
{
	return sci__pos(e->pos);
}

sci_pos sci_stmt_pos(sci_stmt *s)
{
	return sci__pos(s->pos);
}

sci_pos sci_sym_pos(sci_sym *sym)
{
	return sci__pos(sym->pos);
}

sci_expr *sci_expr_strip(sci_expr *e)
{
	return sci__strip(e);
}

sci_sym *sci_expr_var(sci_expr *e)
{
	e = sci__strip(e);
	return e && e->type == EXPR_SYMBOL ? e->symbol : NULL;
}

int sci_expr_is_null(sci_expr *e)
{
	long long v;

	return sci__const_value(e, &v) && v == 0;
}

int sci_expr_const(sci_expr *e, long long *out)
{
	return sci__const_value(e, out);
}

int sci_expr_is_pointer(sci_expr *e)
{
	return sci__type_is_ptr(sci__expr_type(sci__strip(e))) ||
	       sci__type_is_ptr(sci__expr_type(e));
}

int sci_expr_compare_operands(sci_expr *e, sci_expr **l, sci_expr **r)
{
	e = sci__strip(e);
	if (!e || e->type != EXPR_COMPARE)
		return 0;
	*l = e->left;
	*r = e->right;
	return 1;
}

int sci_expr_compare_rels(sci_expr *e, sci_expr **l, sci_expr **r)
{
	if (!sci_expr_compare_operands(e, l, r))
		return 0;
	switch (sci__strip(e)->op) {
	case '<':
		return SCI_REL_LT;
	case '>':
		return SCI_REL_GT;
	case SPECIAL_LTE:
	case SPECIAL_UNSIGNED_LTE:
		return SCI_REL_LT | SCI_REL_EQ;
	case SPECIAL_GTE:
	case SPECIAL_UNSIGNED_GTE:
		return SCI_REL_GT | SCI_REL_EQ;
	case SPECIAL_EQUAL:
		return SCI_REL_EQ;
	case SPECIAL_NOTEQUAL:
		return SCI_REL_LT | SCI_REL_GT;
	case SPECIAL_UNSIGNED_LT:
		return SCI_REL_LT;
	case SPECIAL_UNSIGNED_GT:
		return SCI_REL_GT;
	default:
		return 0;
	}
}

int sci_expr_is_float(sci_expr *e)
{
	struct symbol *t = sci__real_type(sci__expr_type(sci__strip(e)));

	return t && is_float_type(t);
}

int sci_expr_is_integer_cast(sci_expr *e)
{
	return e && (e->type == EXPR_CAST || e->type == EXPR_FORCE_CAST ||
		     e->type == EXPR_IMPLIED_CAST) &&
	       sci__type_is_int(sci__expr_type(e));
}

int sci_expr_float_const(sci_expr *e, double *out)
{
	long long v;

	e = sci__strip(e);
	if (!e)
		return 0;
	if (e->type == EXPR_FVALUE) {
		*out = (double)e->fvalue;
		return 1;
	}
	if (e->type == EXPR_PREOP && e->op == '-' &&
	    sci_expr_float_const(e->unop, out)) {
		*out = -*out;
		return 1;
	}
	if (sci__const_value(e, &v)) {
		*out = (double)v;
		return 1;
	}
	return 0;
}

int sci_expr_logical(sci_expr *e, sci_expr **l, sci_expr **r)
{
	e = sci__strip(e);
	if (!e || e->type != EXPR_LOGICAL)
		return 0;
	*l = e->left;
	*r = e->right;
	return e->op == SPECIAL_LOGICAL_AND ? '&' : '|';
}

struct expression *sci__strip_parens(struct expression *e)
{
	while (e && e->type == EXPR_PREOP && e->op == '(')
		e = e->unop;
	return e;
}

/*
 * @e as key plus constant: `x` (0), `x + 3`, `x - 1`; no casts, which
 * may change the value (`a != (unsigned long)a` tests for truncation).
 */
static const sci_key *key_plus(struct expression *e, long long *c)
{
	long long v;

	e = sci__strip_parens(e);
	*c = 0;
	if (e && e->type == EXPR_BINOP && (e->op == '+' || e->op == '-') &&
	    sci__const_value(e->right, &v)) {
		*c = e->op == '+' ? v : -v;
		e = sci__strip_parens(e->left);
	}
	if (!e || e->type == EXPR_VALUE || e->type == EXPR_CAST ||
	    e->type == EXPR_FORCE_CAST || e->type == EXPR_IMPLIED_CAST)
		return NULL;
	return sci_key_expr(e);
}

int sci_expr_compare_self(sci_expr *e)
{
	const sci_key *a, *b;
	long long ca, cb;
	int eq;

	e = sci__strip(e);
	if (!e || e->type != EXPR_COMPARE || !sci_expr_is_integer(e->left) ||
	    !sci_expr_is_integer(e->right))
		return -1;
	a = key_plus(e->left, &ca);
	b = key_plus(e->right, &cb);
	if (!a || a != b)
		return -1;
	eq = e->op == SPECIAL_EQUAL;
	if (ca != cb) {
		/* x == x + c: never, whatever wraps (c is not 0 mod 2^n) */
		if ((eq || e->op == SPECIAL_NOTEQUAL) &&
		    (ca - cb) % 4294967296LL != 0)
			return !eq;
		return -1;
	}
	switch (e->op) {
	case SPECIAL_EQUAL: case SPECIAL_LTE: case SPECIAL_GTE:
	case SPECIAL_UNSIGNED_LTE: case SPECIAL_UNSIGNED_GTE:
		return 1;
	case SPECIAL_NOTEQUAL: case '<': case '>':
	case SPECIAL_UNSIGNED_LT: case SPECIAL_UNSIGNED_GT:
		return 0;
	}
	return -1;
}

/* The argument a null-test= function tests (IS_ERR_OR_NULL(p)), or NULL. */
struct expression *sci__null_tested_arg(struct expression *e)
{
	const sci_model *f;
	struct expression *p;

	e = sci__strip(e);
	if (!e || e->type != EXPR_CALL)
		return NULL;
	f = sci__model(sci__call_name(e));
	if (!f || f->null_test < 0)
		return NULL;
	p = sci__strip(sci_call_arg(e, f->null_test));
	while (p && p->type == EXPR_ASSIGNMENT && p->op == '=')
		p = sci__strip(p->left);
	return p && sci_expr_is_pointer(p) ? p : NULL;
}

sci_expr *sci_cond_null_test(sci_expr *leaf, int *null_when_true)
{
	struct expression *e = sci__strip(leaf), *p = NULL;

	if (!e)
		return NULL;
	if ((p = sci__null_tested_arg(e)) != NULL) {
		*null_when_true = 1;
		return p;
	}
	if (e->type == EXPR_COMPARE &&
	    (e->op == SPECIAL_EQUAL || e->op == SPECIAL_NOTEQUAL)) {
		if (sci_expr_is_null(e->right) && sci_expr_is_pointer(e->left))
			p = e->left;
		else if (sci_expr_is_null(e->left) && sci_expr_is_pointer(e->right))
			p = e->right;
		if (!p)
			return NULL;
		*null_when_true = e->op == SPECIAL_EQUAL;
		p = sci__strip(p);
		/* `(p = f()) == NULL` tests p */
		while (p && p->type == EXPR_ASSIGNMENT && p->op == '=')
			p = sci__strip(p->left);
		return p;
	}
	if (e->type != EXPR_COMPARE && sci_expr_is_pointer(e) && sci_key_expr(e)) {
		*null_when_true = 0;
		return e;
	}
	return NULL;
}

int sci_expr_is_addr_of(sci_expr *e, sci_expr **out)
{
	e = sci__strip(e);
	if (!e || e->type != EXPR_PREOP || e->op != '&')
		return 0;
	if (out)
		*out = e->unop;
	return 1;
}

static int addr_into(struct expression *e, const sci_key *key)
{
	e = sci__strip(e);
	if (!e)
		return 0;
	if (e->type == EXPR_DEREF)
		return addr_into(e->deref, key);
	if (e->type == EXPR_PREOP && e->op == '*')
		return sci_expr_points_into(e->unop, key);
	return 0;
}

int sci_expr_points_into(sci_expr *e, const sci_key *key)
{
	struct expression *el;

	e = sci__strip(e);
	if (!e || !key)
		return 0;
	if (sci_key_expr(e) == key)
		return 1;
	switch (e->type) {
	case EXPR_BINOP:
		if (e->op != '+' && e->op != '-')
			return 0;
		return sci_expr_points_into(e->left, key) ||
		       (e->op == '+' && sci_expr_points_into(e->right, key));
	case EXPR_PREOP:
		return e->op == '&' && addr_into(e->unop, key);
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return sci_expr_points_into(e->cond_true ? e->cond_true
							 : e->conditional, key) ||
		       sci_expr_points_into(e->cond_false, key);
	case EXPR_COMMA:
		return sci_expr_points_into(e->right, key);
	case EXPR_ASSIGNMENT:
		/* the value of `a = b` is a: `q = (p = malloc(n))` */
		return sci_expr_points_into(e->left, key) ||
		       sci_expr_points_into(e->right, key);
	case EXPR_INITIALIZER:
		FOR_EACH_PTR(e->expr_list, el) {
			if (el->type == EXPR_IDENTIFIER)
				el = el->ident_expression;
			else if (el->type == EXPR_INDEX)
				el = el->idx_expression;
			else if (el->type == EXPR_POS)
				el = el->init_expr;
			if (sci_expr_points_into(el, key))
				return 1;
		} END_FOR_EACH_PTR(el);
		return 0;
	case EXPR_STATEMENT:
		if (e->statement && e->statement->type == STMT_COMPOUND) {
			struct statement *last = last_ptr_list(
				(struct ptr_list *)e->statement->stmts);

			if (last && last->type == STMT_EXPRESSION)
				return sci_expr_points_into(last->expression, key);
		}
		return 0;
	default:
		return 0;
	}
}

/*
 * A union whose members all have one type: key.c names them all as the
 * first, so what is stored through one is read through any other.
 */
static int one_place_union(struct symbol *u)
{
	struct symbol *m, *first = NULL;

	if (u->type != SYM_UNION)
		return 0;
	FOR_EACH_PTR(u->symbol_list, m) {
		if (!m->ident)
			return 0;
		if (!first)
			first = m;
		else if (!sci__same_type(first, m))
			return 0;
	} END_FOR_EACH_PTR(m);
	return first != NULL;
}

int sci_expr_is_local_storage(sci_expr *e)
{
	struct expression *d;
	struct symbol *t;
	long long k;

	e = sci__strip(e);
	if (e && e->type == EXPR_PREOP && e->op == '*' &&
	    (d = sci__strip(e->unop)) && d->type == EXPR_SYMBOL &&
	    (d = sci__local_alias(d->symbol)))
		e = sci__strip(d);	/* `*p` for `p = &x` is x (key.c) */
	/* `a[2]` of a local array: an element of its own (key.c names it) */
	if (e && e->type == EXPR_PREOP && e->op == '*' &&
	    (d = sci__strip(e->unop)) && d->type == EXPR_BINOP &&
	    d->op == '+' && sci__const_value(d->right, &k) &&
	    (t = sci__real_type(sci__expr_type(sci__strip(d->left)))) &&
	    t->type == SYM_ARRAY)
		e = sci__strip(d->left);
	while (e && e->type == EXPR_DEREF) {
		d = sci__strip(e->deref);
		if (d && d->type == EXPR_PREOP && d->op == '*' &&
		    sci__strip(d->unop) &&
		    sci__strip(d->unop)->type == EXPR_SYMBOL &&
		    sci__local_alias(sci__strip(d->unop)->symbol))
			d = sci__strip(sci__local_alias(
				sci__strip(d->unop)->symbol));
		if (!d || (d->type == EXPR_PREOP && d->op == '*'))
			return 0;	/* p->m lives wherever p points */
		t = sci__real_type(sci__expr_type(d));
		if (!t || (t->type != SYM_STRUCT && !one_place_union(t)))
			return 0;	/* a union's members overlap */
		e = d;
	}
	return e && e->type == EXPR_SYMBOL && sci_sym_is_local(e->symbol);
}

sci_sym *sci_sym_alias_of(sci_sym *p)
{
	struct expression *x = p ? sci__strip(sci__local_alias(p)) : NULL;

	return x && x->type == EXPR_SYMBOL ? x->symbol : NULL;
}

sci_sym *sci_expr_alias_target(sci_expr *e)
{
	struct expression *d;

	e = sci__strip(e);
	if (!e || e->type != EXPR_PREOP || e->op != '*' ||
	    !(d = sci__strip(e->unop)) || d->type != EXPR_SYMBOL)
		return NULL;
	return sci_sym_alias_of(d->symbol);
}

int sci_expr_contains_key(sci_expr *e, const sci_key *key)
{
	const sci_key *k = key ? sci_key_expr(e) : NULL;
	size_t n;

	if (!k)
		return 0;
	if (k == key)
		return 1;
	if (k->base != key->base)
		return 0;
	n = strlen(k->name);
	/* `s` holds `s.m`; an array `a` its elements `a[2]` */
	return strncmp(key->name, k->name, n) == 0 &&
	       (key->name[n] == '.' || key->name[n] == '[');
}

int sci_expr_mentions(sci_expr *e, sci_sym *var)
{
	e = sci__strip(e);
	if (!e || !var)
		return 0;
	switch (e->type) {
	case EXPR_SYMBOL:
		return e->symbol == var;
	case EXPR_PREOP:
	case EXPR_POSTOP:
		return sci_expr_mentions(e->unop, var);
	case EXPR_DEREF:
		return sci_expr_mentions(e->deref, var);
	case EXPR_BINOP:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_COMMA:
	case EXPR_ASSIGNMENT:
		return sci_expr_mentions(e->left, var) ||
		       sci_expr_mentions(e->right, var);
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return sci_expr_mentions(e->conditional, var) ||
		       sci_expr_mentions(e->cond_true, var) ||
		       sci_expr_mentions(e->cond_false, var);
	default:
		return 0;
	}
}

static const char *op_text(int op)
{
	return op < 256 ? sci_arena_printf("%c", op) : show_special(op);
}

static const char *text(struct expression *e, int depth);

/*
 * An operand's text, in parentheses when it is an operation itself: the
 * parentheses of the source are not in the tree, and `t & 63 + 8` would
 * say the opposite of `(t & 63) + 8`.
 */
static const char *operand(struct expression *e, int depth)
{
	const char *t = text(e, depth);
	struct expression *s = sci__strip(e);
	sci_val v;

	if (!s || sci_key_expr(e) || sci__call_name(e) ||
	    (s->type != EXPR_VALUE && sci__const_val(s, &v)))
		return t;
	switch (s->type) {
	case EXPR_BINOP:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_CONDITIONAL:
		return sci_arena_printf("(%s)", t);
	default:
		return t;
	}
}

/* Source-like text of @e, @depth levels of operators deep at most. */
static const char *text(struct expression *e, int depth)
{
	const sci_key *k = sci_key_expr(e);
	const char *name;
	sci_val v;

	if (k) {
		/* `r->hi`, not the parameter `arg->hi` a copy stands for */
		name = sci__key_text(e);
		return name ? name : k->name;
	}
	name = sci__call_name(e);
	if (name)
		return sci_arena_printf("%s(...)", name);
	e = sci__strip(e);
	if (!e)
		return "<expression>";
	/* a constant expression (`-INT_MAX - 1` from a macro) by its value */
	if (e->type != EXPR_VALUE && sci__const_val(e, &v))
		return v < 0 ? sci_arena_printf("%lld", (long long)v)
			     : sci_arena_printf("%llu", (unsigned long long)v);
	if (depth <= 0)
		return "<expression>";
	switch (e->type) {
	case EXPR_VALUE:
		if (sci__vtype(sci__expr_type(e)).uns)
			return sci_arena_printf("%llu", e->value);
		return sci_arena_printf("%lld", (long long)e->value);
	case EXPR_PREOP:
		if (e->op == '-' || e->op == '!' || e->op == '~')
			return sci_arena_printf("%c%s", e->op, operand(e->unop, depth - 1));
		if (e->op == '*') {
			struct expression *u = sci__strip(e->unop);

			/* `a[i]` is `*(a + i)` */
			if (u && u->type == EXPR_BINOP && u->op == '+' &&
			    sci__type_is_int(sci__expr_type(u->right)))
				return sci_arena_printf("%s[%s]",
					operand(u->left, depth - 1),
					text(u->right, depth - 1));
			return sci_arena_printf("*%s", operand(e->unop, depth - 1));
		}
		break;
	case EXPR_DEREF: {
		struct expression *d = sci__strip(e->deref);
		const char *m = e->member ? sci__ident_str(e->member) : NULL;

		if (!m || !d)
			break;
		if (d->type == EXPR_PREOP && d->op == '*' &&
		    !(sci__strip(d->unop) &&
		      sci__strip(d->unop)->type == EXPR_BINOP))
			return sci_arena_printf("%s->%s",
						operand(d->unop, depth - 1), m);
		return sci_arena_printf("%s.%s", text(d, depth - 1), m);
	}
	case EXPR_BINOP:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
		return sci_arena_printf("%s %s %s", operand(e->left, depth - 1),
					op_text(e->op), operand(e->right, depth - 1));
	case EXPR_CONDITIONAL:
		if (e->cond_true)
			return sci_arena_printf("%s ? %s : %s",
						operand(e->conditional, depth - 1),
						operand(e->cond_true, depth - 1),
						operand(e->cond_false, depth - 1));
		break;
	default:
		break;
	}
	return "<expression>";
}

const char *sci_expr_text(sci_expr *e)
{
	return text(e, 3);
}

int sci_expr_is_call(sci_expr *e)
{
	e = sci__strip(e);
	return e && e->type == EXPR_CALL;
}

const char *sci_call_name(sci_expr *call)
{
	return sci__call_name(call);
}

int sci_call_is_library(sci_expr *call)
{
	static const char *const dirs[] = {
		"/usr/include/", "/usr/local/include/", "/usr/lib/gcc/", "/usr/lib/clang/"
	};
	static struct {
		const char *file;
		int system;
	} seen[64];
	struct expression *fn;
	const char *file;
	unsigned slot;
	size_t i;

	call = sci__strip(call);
	if (!call || call->type != EXPR_CALL)
		return 0;
	fn = sci__strip(call->fn);
	if (!fn || fn->type != EXPR_SYMBOL || !fn->symbol)
		return 0;
	if (sci__model(sci__call_name(call)))
		return 1;
	file = stream_name(fn->symbol->pos.stream);
	if (!file)
		return 0;
	/* asked for every call a hook sees: one answer per header */
	slot = (unsigned)fn->symbol->pos.stream % (sizeof(seen) / sizeof(seen[0]));
	if (seen[slot].file == file)
		return seen[slot].system;
	seen[slot].file = file;
	seen[slot].system = 0;
	for (i = 0; i < sizeof(dirs) / sizeof(dirs[0]); i++)
		if (strncmp(file, dirs[i], strlen(dirs[i])) == 0)
			seen[slot].system = 1;
	return seen[slot].system;
}

int sci_call_nargs(sci_expr *call)
{
	call = sci__strip(call);
	if (!call || call->type != EXPR_CALL)
		return 0;
	return ptr_list_size((struct ptr_list *)call->args);
}

sci_expr *sci_call_arg(sci_expr *call, int n)
{
	call = sci__strip(call);
	if (!call || call->type != EXPR_CALL || n < 0)
		return NULL;
	return ptr_list_nth_entry((struct ptr_list *)call->args, (unsigned)n);
}

const char *sci_sym_name(sci_sym *sym)
{
	if (!sym || !sym->ident)
		return "";
	return sci__ident_str(sym->ident);
}

int sci_sym_param_index(sci_sym *sym)
{
	struct symbol *fn, *arg;
	int i = 0;

	if (!sym || !sci__cur_fn)
		return -1;
	fn = sci__cur_fn->ctype.base_type;
	FOR_EACH_PTR(fn->arguments, arg) {
		if (arg == sym)
			return i;
		i++;
	} END_FOR_EACH_PTR(arg);
	return -1;
}

int sci_sym_is_param(sci_sym *sym)
{
	return sci_sym_param_index(sym) >= 0;
}

int sci_sym_is_local(sci_sym *sym)
{
	if (!sym || sym->type != SYM_NODE)
		return 0;
	if (sym->ctype.modifiers & (MOD_STATIC | MOD_EXTERN | MOD_TOPLEVEL))
		return 0;
	return !sci_sym_is_param(sym) && sym->scope != file_scope &&
	       sym->scope != global_scope;
}

int sci_sym_is_pointer(sci_sym *sym)
{
	return sym && sci__type_is_ptr(sym);
}

const char *sci_func_name(void)
{
	return sci__cur_fn_name ? sci__cur_fn_name : "";
}

int sci_expr_index(sci_expr *e, sci_expr **array, sci_expr **index)
{
	struct symbol *t;

	e = sci__strip(e);
	if (e && e->type == EXPR_PREOP && e->op == '*')
		e = sci__strip(e->unop);
	if (!e || e->type != EXPR_BINOP || e->op != '+')
		return 0;
	t = sci__real_type(sci__expr_type(e->left));
	if (!t || t->type != SYM_ARRAY || !sci__type_is_int(sci__expr_type(e->right)))
		return 0;
	*array = e->left;
	*index = e->right;
	return 1;
}

long long sci_expr_array_count(sci_expr *e)
{
	struct symbol *t = sci__real_type(sci__expr_type(sci__strip(e)));
	struct symbol *elem;

	if (!t || t->type != SYM_ARRAY)
		return 0;
	examine_symbol_type(t);
	elem = sci__real_type(t->ctype.base_type);
	if (!elem)
		return 0;
	examine_symbol_type(elem);
	/* a flexible or VLA member has no size the type can give */
	if (t->bit_size <= 0 || elem->bit_size <= 0)
		return 0;
	return t->bit_size / elem->bit_size;
}

int sci_expr_is_integer(sci_expr *e)
{
	return sci__type_is_int(sci__expr_type(sci__strip(e))) &&
	       sci__type_is_int(sci__expr_type(e));
}

int sci_expr_is_enum(sci_expr *e)
{
	struct symbol *t = sci__real_type(sci__expr_type(sci__strip(e)));

	return t && t->type == SYM_ENUM;
}

int sci_expr_binop(sci_expr *e, sci_expr **l, sci_expr **r)
{
	static const struct { int compound, op; } ops[] = {
		{ SPECIAL_ADD_ASSIGN, '+' }, { SPECIAL_SUB_ASSIGN, '-' },
		{ SPECIAL_MUL_ASSIGN, '*' }, { SPECIAL_DIV_ASSIGN, '/' },
		{ SPECIAL_MOD_ASSIGN, '%' }, { SPECIAL_AND_ASSIGN, '&' },
		{ SPECIAL_OR_ASSIGN, '|' }, { SPECIAL_XOR_ASSIGN, '^' },
		{ SPECIAL_SHL_ASSIGN, '<' }, { SPECIAL_SHR_ASSIGN, '>' },
	};
	size_t i;

	e = sci__strip(e);
	if (!e)
		return 0;
	if (e->type == EXPR_BINOP) {
		*l = e->left;
		*r = e->right;
		if (e->op == SPECIAL_LEFTSHIFT)
			return '<';
		if (e->op == SPECIAL_RIGHTSHIFT)
			return '>';
		return e->op < 128 ? e->op : 0;
	}
	if (e->type != EXPR_ASSIGNMENT)
		return 0;
	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (ops[i].compound == e->op) {
			*l = e->left;
			*r = e->right;
			return ops[i].op;
		}
	return 0;
}

/*
 * The value @cond tests against constants: @cond without its `!`s and one
 * comparison with a constant (`!(f(x) < 0)` tests f(x)).  *@against and
 * *@op: the constant and the comparison as `value op constant` (NULL and
 * 0 for a test of truth); *@negated: an odd number of `!`.  NULL when
 * both sides of the comparison vary.
 */
struct expression *sci__test_operand(struct expression *cond,
				     struct expression **against, int *op,
				     int *negated)
{
	struct expression *e = sci__strip(cond);
	sci_val k;

	*against = NULL;
	*op = 0;
	*negated = 0;
	while (e && e->type == EXPR_PREOP && e->op == '!') {
		*negated = !*negated;
		e = sci__strip(e->unop);
	}
	if (!e || e->type != EXPR_COMPARE || !sci__cmp_op(e->op))
		return e;
	if (sci__const_val(e->right, &k)) {
		*against = e->right;
		*op = sci__cmp_op(e->op);
		return sci__strip(e->left);
	}
	if (sci__const_val(e->left, &k)) {
		*against = e->left;
		*op = sci__flip_op(sci__cmp_op(e->op));
		return sci__strip(e->right);
	}
	return NULL;
}

/* No assignment, step or call inside: its value can be read now. */
int sci__expr_plain(struct expression *e)
{
	if (!e)
		return 1;
	switch (e->type) {
	case EXPR_VALUE:
	case EXPR_SYMBOL:
	case EXPR_SIZEOF:
	case EXPR_ALIGNOF:
	case EXPR_TYPE:
		return 1;
	case EXPR_PREOP:
		return e->op != SPECIAL_INCREMENT &&
		       e->op != SPECIAL_DECREMENT && sci__expr_plain(e->unop);
	case EXPR_BINOP:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
		return sci__expr_plain(e->left) && sci__expr_plain(e->right);
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		return sci__expr_plain(e->cast_expression);
	case EXPR_DEREF:
		return sci__expr_plain(e->deref);
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return sci__expr_plain(e->conditional) &&
		       sci__expr_plain(e->cond_true) &&
		       sci__expr_plain(e->cond_false);
	default:
		return 0;
	}
}

/* An integer, enum, floating point or pointer type (not an aggregate). */
static int holds_scalar(struct symbol *t)
{
	t = sci__real_type(t);
	if (!t)
		return 0;
	switch (t->type) {
	case SYM_PTR:
	case SYM_ENUM:
		return 1;
	case SYM_BASETYPE:
		return t != &void_ctype && t->bit_size > 0;
	default:
		return 0;
	}
}

int sci_sym_is_scalar(sci_sym *sym)
{
	return sym && holds_scalar(sym);
}

int sci_sym_is_struct(sci_sym *sym)
{
	struct symbol *t = sym ? sci__real_type(sym) : NULL;

	return t && t->type == SYM_STRUCT;
}

int sci_sym_has_initializer(sci_sym *sym)
{
	return sym && sym->initializer != NULL;
}

static int array_typed(struct symbol *t)
{
	t = sci__real_type(t);
	return t && t->type == SYM_ARRAY;
}

long long sci_sym_array_count(sci_sym *sym)
{
	struct symbol *t = sym ? sci__real_type(sym) : NULL, *elem;

	if (!t || t->type != SYM_ARRAY)
		return 0;
	examine_symbol_type(t);
	elem = sci__real_type(t->ctype.base_type);
	if (!elem || elem->type == SYM_ARRAY)
		return 0;
	examine_symbol_type(elem);
	if (t->bit_size <= 0 || elem->bit_size <= 0)
		return 0;
	return t->bit_size / elem->bit_size;
}

long long sci_sym_array_leaves(sci_sym *sym)
{
	struct symbol *t = sym ? sci__real_type(sym) : NULL, *elem;

	if (!t || t->type != SYM_ARRAY)
		return 0;
	examine_symbol_type(t);
	for (elem = t; elem && elem->type == SYM_ARRAY;) {
		elem = sci__real_type(elem->ctype.base_type);
		if (elem)
			examine_symbol_type(elem);
	}
	if (!elem || t->bit_size <= 0 || elem->bit_size <= 0)
		return 0;
	return t->bit_size / elem->bit_size;
}

sci_expr *sci_expr_element(sci_expr *e, sci_expr **index)
{
	struct expression *u, *b;

	e = sci__strip(e);
	/* a member of the element is the element */
	while (e && e->type == EXPR_DEREF && e->member) {
		u = sci__strip(e->deref);
		if (u && u->type == EXPR_SYMBOL)
			return NULL;	/* s.m: a variable's own member */
		e = u;
	}
	if (!e || e->type != EXPR_PREOP || e->op != '*' ||
	    array_typed(sci__expr_type(e)))
		return NULL;
	u = sci__strip(e->unop);
	*index = NULL;
	if (u && u->type == EXPR_BINOP && u->op == '+' &&
	    sci__type_is_int(sci__expr_type(u->right))) {
		*index = u->right;
		u = sci__strip(u->left);
	}
	b = u;
	return b && b->type == EXPR_SYMBOL ? b : NULL;
}

sci_expr *sci_expr_address_of_lvalue(sci_expr *e)
{
	e = sci__strip(e);
	while (e && e->type == EXPR_DEREF && e->member)
		e = sci__strip(e->deref);
	return e && e->type == EXPR_PREOP && e->op == '*' ? e->unop : NULL;
}

sci_sym *sci_expr_symbol(sci_expr *e)
{
	return e && e->type == EXPR_SYMBOL ? e->symbol : NULL;
}

int sci_expr_is_member(sci_expr *e)
{
	return e && e->type == EXPR_DEREF && e->member;
}

/*
 * Byte offset of the member chain @e (`x.a.b` of some struct lvalue x)
 * from x, setting @base to x; -1 for a bitfield or a member of an
 * anonymous struct or union (its offset is its container's business).
 */
static long long member_chain_offset(struct expression *e,
				     struct expression **base)
{
	struct symbol *type, *m, *found = NULL;
	long long inner;

	e = sci__strip_parens(e);
	if (!e || e->type != EXPR_DEREF || !e->member) {
		*base = e;
		return 0;
	}
	type = sci__real_type(sci__expr_type(e->deref));
	if (!type || (type->type != SYM_STRUCT && type->type != SYM_UNION))
		return -1;
	FOR_EACH_PTR(type->symbol_list, m) {
		if (m->ident == e->member) {
			found = m;
			break;
		}
	} END_FOR_EACH_PTR(m);
	if (!found || found->bit_offset || !sci__real_type(found) ||
	    sci__real_type(found)->type == SYM_BITFIELD)
		return -1;
	inner = member_chain_offset(e->deref, base);
	return inner < 0 ? -1 : inner + (long long)found->offset;
}

int sci_expr_member_access(sci_expr *e, sci_expr **pointer, long long *offset,
			   long long *size)
{
	struct expression *base = NULL;
	struct symbol *t;
	long long off;

	if (!sci_expr_is_member(e))
		return 0;
	t = sci__real_type(sci__expr_type(e));
	if (!t || t->type == SYM_ARRAY || t->type == SYM_FN || t->bit_size <= 0 ||
	    t->bit_size % 8)
		return 0;
	/* -1 (a bitfield, an anonymous member) leaves base unset */
	off = member_chain_offset(e, &base);
	if (off < 0)
		return 0;
	base = sci__strip_parens(base);
	if (!base || base->type != EXPR_PREOP || base->op != '*')
		return 0;
	*pointer = base->unop;
	*offset = off;
	*size = t->bit_size / 8;
	return 1;
}

int sci_expr_is_scalar(sci_expr *e)
{
	return e && holds_scalar(sci__expr_type(e));
}

int sci_call_result_use(sci_expr *call)
{
	return call && call->type == EXPR_CALL ? sci__call_result_use(call) :
						 SCI_RESULT_USED;
}

int sci_call_is_noreturn(sci_expr *call)
{
	call = sci__strip(call);
	return call && call->type == EXPR_CALL && sci__is_noreturn_call(call);
}
