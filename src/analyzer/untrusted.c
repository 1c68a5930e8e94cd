/*
 * untrusted.c - where a value came from: outside the program (issue
 * "Values", part 3).  A key is "untrusted" when it holds, or points to,
 * data read from input: a value of rand() or getchar(), a variable
 * scanf()/fscanf() wrote, a buffer fgets()/read()/recv() filled, what
 * getenv() returns, main's argv, the project profile's
 * "untrusted_sources", and what atoi()/strtol() make of any of those, and
 * what a project function returns when its summary says some path returns
 * input.  Copies and arithmetic carry it; any other assignment ends it.
 *
 * Untrusted is not a value: checks do not end it, they narrow the value
 * (`if (n < 10)` leaves n untrusted in ..9).  What it changes is how a
 * checker reads the range: for an untrusted value every bound of its type
 * is reachable by whoever writes the input, so array-overflow and
 * divide-by-zero use the soft bounds too.
 *
 * Owner SCI_OWNER_UNTRUSTED: one state; a join keeps it when any side has
 * it (the data may come from input).
 */
#include "analyzer/engine_int.h"

#include <string.h>

static const sci_state untrusted = { "untrusted", NULL };

static const sci_state *merge(const sci_state *a, const sci_state *b)
{
	if (a == &untrusted || b == &untrusted)
		return &untrusted;
	return &sci_merged;
}

void sci__untrusted_register(void)
{
	sci__owners[SCI_OWNER_UNTRUSTED].rule = "untrusted";
	sci__owners[SCI_OWNER_UNTRUSTED].merge = merge;
	sci__owners[SCI_OWNER_UNTRUSTED].enabled = 1;
}

/*
 * A pointer to, or an array of, bytes: `buf + len` steps inside the one
 * buffer.  Not a struct pointer: `(char *)(s + 1)` is the memory after s,
 * and the compiled form of `s->arr` is s plus the member's offset.
 */
static int is_byte_buffer(struct symbol *type)
{
	struct symbol *t = sci__real_type(type), *base;

	if (!t || (t->type != SYM_PTR && t->type != SYM_ARRAY))
		return 0;
	base = sci__real_type(t->ctype.base_type);
	if (!base)
		return 0;
	if (base == &void_ctype)
		return 1;
	examine_symbol_type(base);
	return sci__type_is_int(base) && base->bit_size == 8;
}

/*
 * The key an argument names or points to: `x`, `&x`, `(char *)&x`, `buf`;
 * for `buf + len` (a read appended to what the buffer holds), `buf`.
 */
static const sci_key *target_key(struct expression *arg)
{
	struct expression *inner, *e;

	if (sci_expr_is_addr_of(arg, &inner))
		return sci_key_expr(inner);
	e = sci__strip(arg);
	if (!e || e->type != EXPR_BINOP)
		return sci_key_expr(e);
	while (e && e->type == EXPR_BINOP && (e->op == '+' || e->op == '-') &&
	       is_byte_buffer(sci__expr_type(e->left)))
		e = sci__strip(e->left);
	/*
	 * A local buffer only: a member's (`s->inbuf + total`) is where a
	 * program keeps what it parses, with bounds between members the
	 * value model does not relate (busybox tls.c's buffered_size).
	 */
	if (!e || e->type != EXPR_SYMBOL || !e->symbol ||
	    !sci_sym_is_local(e->symbol))
		return NULL;
	return sci_key_expr(e);
}

static int key_untrusted(const sci_key *key)
{
	const sci_sm *sm;
	int guard;

	/* buf[i], p->m: part of an untrusted object is untrusted */
	for (guard = 0; key && guard < 16; guard++) {
		sm = sci__stree_get(sci__cur, SCI_OWNER_UNTRUSTED, key);
		if (sm && sm->state == &untrusted)
			return 1;
		if (key->is_var || !key->base)
			return 0;
		/*
		 * buf[-1] lies before what was read into buf: busybox keeps
		 * its own count there (read_key.c)
		 */
		if (strstr(key->name, "[-"))
			return 0;
		key = sci_key_sym(key->base);
	}
	return 0;
}

/*
 * x % n, x & m, x / n, x >> s are bounded by their other operand: the
 * value model knows how far, input does not widen it (rand() % count
 * into a table of count entries).
 */
static int bounded_by_other(int op)
{
	return op == '%' || op == '&' || op == '/' || op == SPECIAL_RIGHTSHIFT;
}

int sci__untrusted_key(const sci_key *key)
{
	return key && key_untrusted(key);
}

int sci__untrusted_expr(struct expression *e)
{
	const sci_key *key, *obj;
	const sci_model *model;
	const char *name;

	e = sci__strip(e);
	if (!e || !sci__cur)
		return 0;
	key = sci_key_expr(e);
	if (key && key_untrusted(key))
		return 1;
	/*
	 * A pointer into a buffer read into after the pointer was set (`p =
	 * line; fgets(line, ...)`): the buffer's mark, not the pointer's
	 */
	if (key && sci__type_is_ptr(sci__expr_type(e)) &&
	    (obj = sci__points_array_key(e)) && obj != key &&
	    key_untrusted(obj))
		return 1;
	if (key)
		return 0;
	switch (e->type) {
	case EXPR_CALL:
		name = sci__call_name(e);
		model = sci__model(name);
		if ((model && (model->flags & SCI_MODEL_INPUT)) ||
		    sci__profile_untrusted_source(name) ||
		    (!model && sci__fn_facts_returns_input(name)))
			return 1;
		/* atoi(s) is as untrusted as s */
		if (model && model->input_from >= 0)
			return sci__untrusted_expr(sci_call_arg(e, model->input_from));
		return 0;
	case EXPR_BINOP:
		if (bounded_by_other(e->op))
			return 0;
		/*
		 * p - buf, two pointers: how far p moved, which the program
		 * decided; that p points to input says nothing of it
		 */
		if (e->op == '-' && sci__type_is_ptr(sci__expr_type(sci__strip(e->left))) &&
		    sci__type_is_ptr(sci__expr_type(sci__strip(e->right))))
			return 0;
		return sci__untrusted_expr(e->left) || sci__untrusted_expr(e->right);
	case EXPR_PREOP:
		if (e->op == '-' || e->op == '~' || e->op == '+' || e->op == '(')
			return sci__untrusted_expr(e->unop);
		return 0;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return sci__untrusted_expr(e->cond_true ? e->cond_true : e->conditional) ||
		       sci__untrusted_expr(e->cond_false);
	case EXPR_ASSIGNMENT:
		return sci__untrusted_expr(e->left);
	case EXPR_COMMA:
		return sci__untrusted_expr(e->right);
	default:
		return 0;
	}
}

static void set(const sci_key *key, int on)
{
	if (!key)
		return;
	if (on)
		sci__set_state(SCI_OWNER_UNTRUSTED, key, &untrusted,
			       (struct position){ 0 });
	else if (sci__stree_get(sci__cur, SCI_OWNER_UNTRUSTED, key))
		sci__set_state(SCI_OWNER_UNTRUSTED, key, &sci_undefined,
			       (struct position){ 0 });
}

void sci__untrusted_assign(const sci_key *key, struct expression *right,
			   int op)
{
	if (!sci__cur)
		return;
	/* `n &= 0x1fff` as `n = n & 0x1fff` (sci__untrusted_expr) */
	if (bounded_by_other(op))
		set(key, 0);
	else if (op)
		set(key, key_untrusted(key) || sci__untrusted_expr(right));
	else
		set(key, sci__untrusted_expr(right));
}

/* A project function that fills its parameters with input (summaries). */
static void filled_by_summary(struct expression *call)
{
	const char *name = sci__call_name(call);
	struct expression *arg;
	int n = 0;

	FOR_EACH_PTR(call->args, arg) {
		if (sci__fn_facts_fills_arg(name, n)) {
			set(target_key(arg), 1);
			sci__fn_facts_filled(arg);
		}
		n++;
	} END_FOR_EACH_PTR(arg);
}

void sci__untrusted_call(struct expression *call)
{
	const sci_model *f = sci__model(sci__call_name(call));
	struct expression *arg;
	int rest, n = 0;

	if (!sci__cur)
		return;
	if (!f) {
		filled_by_summary(call);
		return;
	}
	if (f->fills < 0)
		return;
	/* sscanf(s, ...) writes input only when s is */
	if (f->fills_if_input >= 0 &&
	    !sci__untrusted_expr(sci_call_arg(call, f->fills_if_input)))
		return;
	rest = !!(f->flags & SCI_MODEL_FILLS_REST);
	FOR_EACH_PTR(call->args, arg) {
		if (n == f->fills || (rest && n > f->fills)) {
			set(target_key(arg), 1);
			sci__fn_facts_filled(arg);
		}
		n++;
	} END_FOR_EACH_PTR(arg);
}

void sci__untrusted_params(struct symbol *fn)
{
	struct symbol *base = fn ? fn->ctype.base_type : NULL;
	struct symbol *arg;
	int n = 0;

	if (!base || strcmp(sci_sym_name(fn), "main") != 0)
		return;
	FOR_EACH_PTR(base->arguments, arg) {
		if (n++ == 1)	/* argv */
			set(sci_key_sym(arg), 1);
	} END_FOR_EACH_PTR(arg);
}

void sci__untrusted_set(const sci_key *key)
{
	set(key, 1);
}

int sci_key_untrusted(const sci_key *key)
{
	return sci__cur && key && key_untrusted(key);
}

int sci_value_untrusted(sci_expr *e)
{
	return sci__untrusted_expr(e);
}
