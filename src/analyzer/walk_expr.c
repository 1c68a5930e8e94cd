/*
 * walk_expr.c - the walk of expressions: operands first, then the hooks of
 * the expression itself.  Assignments, dereferences, calls, modifications,
 * noreturn calls and assertion functions are recognised here; `&&`, `||`
 * and `?:` split the path through cond.c even outside conditions.
 */
#include "analyzer/engine_int.h"

#include <string.h>

int sci__is_noreturn_call(struct expression *call)
{
	struct expression *fn;
	const char *name = sci__call_name(call);
	struct symbol *sym;

	if (!name)
		return 0;
	/* the library models, the project profile, the summaries */
	if (sci__model_has(name, SCI_MODEL_NORETURN) ||
	    sci__profile_is_noreturn(name) || sci__fn_facts_noreturn(name))
		return 1;
	fn = sci__strip(sci__strip(call)->fn);
	for (sym = fn->symbol; sym; sym = sym->same_symbol)
		if (sym->ctype.modifiers & MOD_NORETURN)
			return 1;
	return 0;
}

/* Does any owner hold a state for @k on the current path? */
static int has_states(const sci_key *k)
{
	int o;

	for (o = 0; o < sci__nowners; o++)
		if (sci__stree_get(sci__cur, o, k))
			return 1;
	return 0;
}

/* @k, derived from a key that changed, has an unknown value now. */
static void derived_changed(const sci_key *k, struct expression *target,
			    struct position pos)
{
	sci__relation_forget(k);
	if (!has_states(k))
		return;
	if (sci__stree_get(sci__cur, SCI_OWNER_EXTRA, k))
		sci__extra_unknown(k);
	sci__freed_forget(k);
	sci__closed_forget(k);
	sci__strlen_forget(k);
	sci__fire_modify(k, target, pos);
}

/*
 * Every key rooted at @key's variable also changes ("p->x" when p does).
 * @how is the assignment or step that changed @key, NULL if unknown.
 */
static void modified(const sci_key *key, struct expression *target,
		     struct expression *how, struct position pos)
{
	const sci_key *k;

	if (!key)
		return;
	sci__gexits_write(key);
	sci__alias_forget_mentions(key);
	sci__relation_modified(key, how);
	sci__freed_forget(key);
	sci__closed_forget(key);
	/* not for `&s` passed to a call: lock(&s) must not end s's lock */
	if (how)
		sci__locks_forget(key);
	sci__fire_modify(key, target, pos);
	if (!key->is_var || !key->base)
		return;
	for (k = sci__keys_of_base(key->base); k && sci__cur; k = k->next_derived) {
		if (k == key || k->is_var)
			continue;
		derived_changed(k, target, pos);
	}
}

/*
 * `a[i] = v` with an index that is not a constant has no key: it may store
 * to any element, so every key of an element of a (`a[2]`, `a[2].m`)
 * changes, as after `a[2] = v`.  @target is the store's left side.
 */
static void modified_elements(struct expression *target, struct position pos)
{
	struct expression *d = sci__strip(target), *arr;
	const sci_key *owner, *k;
	long long idx;
	size_t n;

	if (!d || d->type != EXPR_PREOP || d->op != '*')
		return;
	d = sci__strip(d->unop);
	if (!d || d->type != EXPR_BINOP || (d->op != '+' && d->op != '-') ||
	    sci__const_value(d->right, &idx))
		return;
	arr = d->left;
	owner = sci_key_expr(arr);
	if (!owner || !owner->base)
		return;
	n = strlen(owner->name);
	for (k = sci__keys_of_base(owner->base); k && sci__cur; k = k->next_derived) {
		if (strncmp(k->name, owner->name, n) != 0 || k->name[n] != '[')
			continue;
		sci__alias_forget_mentions(k);
		derived_changed(k, target, pos);
	}
}

static int is_global(struct symbol *sym)
{
	return sym && (sym->ctype.modifiers & (MOD_TOPLEVEL | MOD_STATIC | MOD_EXTERN));
}

static int may_be_pointed_to(const sci_key *k)
{
	return k->indirect || is_global(k->base) ||
	       sci__sym_pointed_to(k->base);
}

static void forget_value(const sci_key *k);

/*
 * @sym is a parameter of the function walked that its body never
 * assigns: it holds the caller's pointer throughout.
 */
static int steady_param(struct symbol *sym)
{
	struct symbol *base = sci__cur_fn ? sci__cur_fn->ctype.base_type : NULL;
	struct symbol *arg;
	unsigned i = 0;

	if (!base || !sym)
		return 0;
	FOR_EACH_PTR(base->arguments, arg) {
		if (arg == sym)
			return i < 32 &&
			       !(sci__params_written(sci__cur_fn) & (1u << i));
		i++;
	} END_FOR_EACH_PTR(arg);
	return 0;
}

/*
 * `*out` for a steady parameter out that points to an integer: the
 * caller's variable (an out-parameter, `*status = -1`).
 */
static int out_param_pointee(const sci_key *k)
{
	struct symbol *type;

	if (!k->base || !k->name || k->name[0] != '*' ||
	    !sci_sym_name(k->base) || strcmp(k->name + 1, sci_sym_name(k->base)) ||
	    !steady_param(k->base))
		return 0;
	type = sci__real_type(k->base);
	return type && type->type == SYM_PTR &&
	       sci__type_is_int(sci__real_type(type->ctype.base_type));
}

/*
 * The pointer @target is stored through (`p` of `p->m`, `*p`, `p[i]`),
 * or NULL.
 */
static struct expression *store_pointer(struct expression *target)
{
	struct expression *e = sci__strip(target);

	if (e && e->type == EXPR_DEREF)
		e = sci__strip(e->deref);
	if (!e || e->type != EXPR_PREOP || e->op != '*')
		return NULL;
	e = sci__strip(e->unop);
	while (e && e->type == EXPR_BINOP && (e->op == '+' || e->op == '-') &&
	       sci__type_is_ptr(sci__expr_type(e->left)))
		e = sci__strip(e->left);
	return e;
}

/* @target is stored through a pointer into a block allocated here. */
static int store_into_fresh(struct expression *target)
{
	struct expression *pointer = store_pointer(target);
	sci_object o;

	return pointer && sci_value_object(pointer, &o) &&
	       o.kind == SCI_OBJECT_HEAP;
}

/*
 * @target is stored through a steady parameter (`*used_p = n`,
 * `state->line++`): the parameter, else NULL.
 */
static struct symbol *store_through_param(struct expression *target)
{
	struct expression *pointer = store_pointer(target);

	return pointer && pointer->type == EXPR_SYMBOL &&
	       steady_param(pointer->symbol) ? pointer->symbol : NULL;
}

/*
 * A store to @key may also change what other keys name: `p->a = 5`
 * changes q->a when q == p, `*ip = 3` changes g when ip == &g, and
 * `x = 1` changes *p when p == &x.  Without knowing where pointers point,
 * every such key of the same member (or with no member) is forgotten:
 * its value becomes unknown rather than stale.  Two paths that both start
 * at a variable (`a.x`, `b.x`) never overlap, and a local whose address
 * is never taken is never behind a pointer.
 *
 * What a caller's out-parameter points to (`*status_p`) keeps its value
 * through a store into a block allocated here (`h->data = d` after `h =
 * malloc(...)`: the caller's object was there first) and through a store
 * by way of another parameter (`*used_p = n`): parameters are taken to
 * point to different objects, as clang's analyzer takes them.
 */
static void forget_aliases(const sci_key *key, struct expression *target)
{
	const sci_key *lists[2], *k;
	struct symbol *via = NULL;
	int i, fresh = 0;

	if (!key || !key->base || !sci__cur || !may_be_pointed_to(key))
		return;
	if (key->indirect && !(fresh = store_into_fresh(target)))
		via = store_through_param(target);
	lists[0] = sci__keys_global();
	lists[1] = sci__keys_aliasable();
	for (i = 0; i < 2; i++) {
		for (k = lists[i]; k && sci__cur; k = i ? k->next_aliasable : k->next_global) {
			if (k == key || !k->base || (!key->indirect && !k->indirect))
				continue;
			if (key->member && k->member && strcmp(key->member, k->member))
				continue;
			if (!may_be_pointed_to(k))
				continue;
			if ((fresh || (via && via != k->base)) &&
			    out_param_pointee(k))
				continue;
			forget_value(k);
		}
	}
}

/* The operator of a compound assignment (`+=` is '+'), or 0 for `=`. */
static int compound_op(int op)
{
	static const int ops[][2] = {
		{ SPECIAL_ADD_ASSIGN, '+' }, { SPECIAL_SUB_ASSIGN, '-' },
		{ SPECIAL_MUL_ASSIGN, '*' }, { SPECIAL_DIV_ASSIGN, '/' },
		{ SPECIAL_MOD_ASSIGN, '%' }, { SPECIAL_AND_ASSIGN, '&' },
		{ SPECIAL_OR_ASSIGN, '|' }, { SPECIAL_XOR_ASSIGN, '^' },
		{ SPECIAL_SHL_ASSIGN, SPECIAL_LEFTSHIFT },
		{ SPECIAL_SHR_ASSIGN, SPECIAL_RIGHTSHIFT },
	};
	size_t i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (ops[i][0] == op)
			return ops[i][1];
	return 0;
}

/*
 * What assignment hooks see as the new value: `x op= y` gives x the value
 * `x op y` (`p += 4` still points into p's block), built once per node.
 */
static struct expression *assigned_value(struct expression *e)
{
	static struct expression *last_assign, *last_value;
	struct expression *v;
	int op = compound_op(e->op);

	if (!op)
		return e->right;
	if (last_assign == e)
		return last_value;
	v = alloc_expression(e->pos, EXPR_BINOP);
	v->op = op;
	v->left = e->left;
	v->right = e->right;
	v->ctype = e->ctype ? e->ctype : sci__expr_type(e->left);
	last_assign = e;
	last_value = v;
	return v;
}

/*
 * What is being walked as a call's argument or as an assignment's value,
 * innermost last: checkers ask whether an expression is one
 * (sci_expr_passed_to(), sci_expr_copied_to()).
 */
#define MAX_CONTEXTS 32
static struct {
	struct expression *outer;	/* the call, or the assignment */
	struct expression *value;	/* the argument, or the value */
	int index;			/* the argument's, or -1 */
} contexts[MAX_CONTEXTS];
static int ncontexts, lost_contexts;

static void walk_in_context(struct expression *outer,
			    struct expression *value, int index)
{
	if (ncontexts == MAX_CONTEXTS) {
		lost_contexts++;
		sci__walk_expr(value);
		lost_contexts--;
		return;
	}
	contexts[ncontexts].outer = outer;
	contexts[ncontexts].value = value;
	contexts[ncontexts++].index = index;
	sci__walk_expr(value);
	ncontexts--;
}

struct statement *sci__value_block;

void sci__contexts_reset(void)
{
	ncontexts = lost_contexts = 0;
}

/* The innermost context, when @e is its whole value. */
static int context_of(sci_expr *e)
{
	if (!ncontexts || lost_contexts || !e ||
	    sci__strip(contexts[ncontexts - 1].value) != sci__strip(e))
		return -1;
	return ncontexts - 1;
}

sci_expr *sci_expr_passed_to(sci_expr *e, int *index)
{
	int c = context_of(e);

	if (c < 0 || contexts[c].index < 0)
		return NULL;
	if (index)
		*index = contexts[c].index;
	return contexts[c].outer;
}

sci_expr *sci_expr_copied_to(sci_expr *e)
{
	int c = context_of(e);

	return c >= 0 && contexts[c].index < 0 ? contexts[c].outer->left : NULL;
}

/* The left side of the assignment being walked (not local storage). */
static struct expression *assign_target;

int sci_expr_is_assign_target(sci_expr *e)
{
	return e && assign_target && sci__strip(e) == assign_target;
}

/* The operand of the `++`/`--` being walked: read, then written. */
static struct expression *incdec_operand;

int sci_expr_is_incdec_operand(sci_expr *e)
{
	return e && incdec_operand && sci__strip(e) == incdec_operand;
}

/*
 * `p = f(buf)` where f() returns its argument on every path (a project
 * function that fills buf and returns it: its summary's ret_param): as
 * `p = buf`, with buf's value as passed (read before the assignment, so
 * `data = source(data)` keeps what data pointed to).  NULL otherwise.
 */
static struct expression *returned_arg_assign(struct expression *e,
					      struct expression *call)
{
	const char *name;
	struct expression *arg, *as;
	int n;

	/*
	 * Not the models' returns=N: that is "the argument or a pointer
	 * into it" (strchr), and a search may come back NULL.
	 */
	if (!call || call->type != EXPR_CALL || !(name = sci__call_name(call)) ||
	    (sci__model(name) && !sci__fn_facts_known(name)))
		return NULL;
	n = sci__fn_facts_ret_param(name);
	arg = n >= 0 ? sci_call_arg(call, n) : NULL;
	/* a variable, a member, an array or `&x`: no side effect to repeat */
	if (!arg || (!sci_key_expr(sci__strip(arg)) &&
		     !sci_expr_is_addr_of(arg, NULL)) ||
	    !sci__type_is_ptr(sci__expr_type(sci__strip(e->left))))
		return NULL;
	as = alloc_expression(e->pos, EXPR_ASSIGNMENT);
	as->op = '=';
	as->left = e->left;
	as->right = arg;
	as->ctype = e->ctype;
	return as;
}

/* `a[i]` of a local array: a store to it stays in this function. */
static int local_element(struct expression *e)
{
	struct expression *array, *index;

	e = sci__strip(e);
	while (e && e->type == EXPR_DEREF && e->member)
		e = sci__strip(e->deref);	/* `a[i].m` */
	if (!sci_expr_index(e, &array, &index))
		return 0;
	array = sci__strip(array);
	return array && array->type == EXPR_SYMBOL && array->symbol &&
	       sci_sym_is_local(array->symbol);
}

static void walk_assignment(struct expression *e)
{
	struct expression *right = sci__strip(e->right), *as;
	const sci_key *key;

	if (e->op == '=') {
		walk_in_context(e, e->right, -1);
	} else {
		sci__walk_expr(e->right);
		/* `n += 1` reads n, which is not walked below */
		if (sci__cur && sci__strip(e->left) &&
		    sci__strip(e->left)->type == EXPR_SYMBOL)
			sci__fn_facts_read(e->left);
	}
	/*
	 * The left side is not read, but `p->x = ...` dereferences p and
	 * `a[i] = ...` reads i.  A local variable or its member chain
	 * (`s.in.x`) reads nothing: it is not walked, so expression hooks
	 * see only reads of it.
	 */
	if (!sci_expr_is_local_storage(e->left)) {
		struct expression *outer = assign_target;

		assign_target = sci__strip(e->left);
		sci__walk_expr(e->left);
		assign_target = outer;
	} else if (sci__cur) {
		struct expression *l = sci__strip(e->left), *array, *index;

		/*
		 * `a[5] = v` of a local array stores to an element: no read,
		 * but a store all the same, past the end when 5 is (the
		 * dereference hooks check where it lands).
		 */
		if (l && l->type == EXPR_PREOP && l->op == '*' &&
		    sci_expr_index(l, &array, &index))
			sci__fire_deref(l->unop, l->pos);
	}
	if (!sci__cur)
		return;
	key = sci_key_expr(e->left);
	sci__fire_assign(1, e->left, assigned_value(e), e->pos);
	as = e->op == '=' ? returned_arg_assign(e, right) : NULL;
	sci__extra_assign(as ? as : e);
	sci__strlen_assign(e);
	modified(key, e->left, e, e->pos);
	if (!key) {
		if (!local_element(e->left))
			sci__gexits_write(NULL);
		modified_elements(e->left, e->pos);
	}
	forget_aliases(key, e->left);
	if (e->op == '=') {
		/* the callee may have freed or closed what it returns */
		sci__freed_assign(key, e->right);
		sci__closed_assign(key, e->right);
	}
	sci__fire_assign(0, e->left, assigned_value(e), e->pos);
	if (e->op == '=' && right && right->type == EXPR_CALL) {
		sci__fire_call_assign(right, e->left);
		sci__ret_paths_assign(e->left, right);
	}
}

/* `p->arr` for an array member: only an address computed from p. */
static int is_array_member(struct expression *e)
{
	struct symbol *t;

	e = sci__strip(e);
	if (!e || e->type != EXPR_DEREF)
		return 0;
	t = sci__real_type(sci__expr_type(e));
	return t && t->type == SYM_ARRAY;
}

/*
 * The pointer whose memory `*X` really reads when X points into an array
 * member: p for `*(p->arr + i)` (that is `p->arr[i]`), else NULL.
 */
static struct expression *array_member_owner(struct expression *x)
{
	struct expression *d;

	x = sci__strip(x);
	while (x && x->type == EXPR_BINOP && (x->op == '+' || x->op == '-'))
		x = sci__strip(x->left);
	if (!is_array_member(x))
		return NULL;
	d = sci__strip(x->deref);
	if (d && d->type == EXPR_PREOP && d->op == '*')
		return d->unop;
	return array_member_owner(d);
}

/* A pointer or an array (@is_ptr tells which). */
static int is_pointer_like(struct expression *e, int *is_ptr)
{
	struct symbol *t = sci__real_type(sci__expr_type(e));

	*is_ptr = t && t->type == SYM_PTR;
	return t && (t->type == SYM_PTR || t->type == SYM_ARRAY);
}

/*
 * The pointer that `*X` reads through when X is pointer arithmetic: p for
 * `*(p + i)` (that is `p[i]`), `*(p + 1 - j)` and `i[p]`, else NULL.
 * Arrays are left to array_member_owner(): `a[i]` of an array reads no
 * pointer.
 */
static struct expression *index_base(struct expression *x)
{
	struct expression *side, *inner;
	int is_ptr;

	x = sci__strip(x);
	if (!x || x->type != EXPR_BINOP || (x->op != '+' && x->op != '-'))
		return NULL;
	side = sci__strip(x->left);
	if (!is_pointer_like(side, &is_ptr)) {
		side = sci__strip(x->right);
		if (x->op != '+' || !is_pointer_like(side, &is_ptr))
			return NULL;
	}
	inner = index_base(side);
	if (inner)
		return inner;
	return is_ptr ? side : NULL;
}

/* `&x`: x is not read (`&p->m` does not dereference p). */
static void walk_addr_of(struct expression *e)
{
	e = sci__strip(e);
	if (!e)
		return;
	switch (e->type) {
	case EXPR_SYMBOL:
		return;
	case EXPR_DEREF:
		walk_addr_of(e->deref);
		return;
	case EXPR_PREOP:
		if (e->op == '*') {
			sci__walk_expr(e->unop);
			return;
		}
		break;
	default:
		break;
	}
	sci__walk_expr(e);
}

/* Forgets @k's value; a key already unknown stays as it is (no copy). */
static void forget_value(const sci_key *k)
{
	if (sci__extra_has_fact(k))
		sci__extra_unknown(k);
	else
		sci__points_forget(k);
	sci__relation_forget(k);
	sci__freed_forget(k);
	sci__closed_forget(k);
}

/*
 * A callee may change any global and anything reachable from the
 * pointers it gets: forget what the value model knew about them.
 */
static int points_to_const(struct symbol *type)
{
	struct symbol *t = sci__real_type(type), *to;

	if (!t || t->type != SYM_PTR)
		return 0;
	to = t->ctype.base_type;
	return (t->ctype.modifiers & MOD_CONST) ||
	       (to && (to->ctype.modifiers & MOD_CONST));
}

/*
 * How the callee declares argument @n: 1 a pointer to const, 0 another
 * parameter, -1 past the declared ones of a variadic function, -2 not
 * known (no prototype, past the end).
 */
static int declared_as(struct expression *call, int n)
{
	struct symbol *fn = sci__real_type(sci__expr_type(call->fn)), *arg;
	int i = 0;

	if (fn && fn->type == SYM_PTR)
		fn = sci__real_type(fn->ctype.base_type);
	if (!fn || fn->type != SYM_FN)
		return -2;
	FOR_EACH_PTR(fn->arguments, arg) {
		if (i++ == n)
			return points_to_const(arg);
	} END_FOR_EACH_PTR(arg);
	return fn->variadic ? -1 : -2;
}

/*
 * May the callee write through argument @n (a pointer)?  Not when its
 * parameter points to const, nor through the variadic part (printf's
 * arguments; scanf's are `&x`, seen as such).  Unknown callees may.
 */
static int may_write_through(struct expression *call, int n)
{
	int how = declared_as(call, n);

	return how == 0 || how == -2;
}

/*
 * Is argument @n declared a pointer to const?  Not a variadic one
 * (scanf's `&x` are written).
 */
static int declared_const(struct expression *call, int n)
{
	return declared_as(call, n) == 1;
}

int sci_call_arg_is_const_pointer(sci_expr *call, int i)
{
	return call && call->type == EXPR_CALL && declared_const(call, i);
}

/*
 * A function of the C library (a model, defined nowhere in the project)
 * writes none of the program's globals, unless it is handed a function
 * of the program to call (qsort's comparison, pthread_create's start).
 */
static int is_library_call(struct expression *call)
{
	const char *name = sci__call_name(call);
	struct expression *arg;
	struct symbol *t;

	if (!name || !sci__model(name) || sci__fn_facts_known(name))
		return 0;
	FOR_EACH_PTR(call->args, arg) {
		t = sci__real_type(sci__expr_type(sci__strip(arg)));
		if (t && t->type == SYM_PTR)
			t = sci__real_type(t->ctype.base_type);
		if (!t || t->type == SYM_FN)
			return 0;
	} END_FOR_EACH_PTR(arg);
	return 1;
}

/*
 * The library's own state (optind, tzname, environ) is declared in the
 * system's headers: any library call may change it.
 */
static int is_library_global(struct symbol *sym)
{
	const char *name;

	if (sym->pos.stream < 0 || sym->pos.stream >= input_stream_nr)
		return 1;
	name = input_streams[sym->pos.stream].name;
	return !name || strncmp(name, "/usr/", 5) == 0;
}

/*
 * Which globals a library call leaves as they were: the program's own
 * variables, unless a pointer it gets may reach them (@writes: an
 * argument the callee may write through) or they are volatile.  Never
 * what is read through a global pointer: it may point to the library's
 * own memory (busybox's `#define errno (*bb_errno)`).
 */
static int library_keeps(const sci_key *k, int writes)
{
	struct symbol *b = k->base;

	if (!b || k->indirect || (b->ctype.modifiers & MOD_VOLATILE) ||
	    is_library_global(b))
		return 0;
	return !writes || !sci__sym_pointed_to(b);
}

static void forget_after_call(struct expression *call)
{
	struct expression *arg, *inner;
	const sci_key *k, *ak;
	int local_pointer = 0, n = -1, library = is_library_call(call);
	int writes = 0;

	if (library)
		FOR_EACH_PTR(call->args, arg) {
			n++;
			if (!sci_expr_is_addr_of(arg, NULL) &&
			    sci__type_is_ptr(sci__expr_type(sci__strip(arg))) &&
			    !declared_const(call, n))
				writes = 1;
		} END_FOR_EACH_PTR(arg);
	n = -1;
	sci__gexits_call(call, library, writes);
	if (!library && sci__gexits_known(call)) {
		/* a function of the TU whose stores are known (gexits.c) */
		for (k = sci__keys_global(); k; k = k->next_global)
			if (!k->base || k->indirect ||
			    (k->base->ctype.modifiers & MOD_VOLATILE) ||
			    is_library_global(k->base) ||
			    sci__sym_pointed_to(k->base) ||
			    sci__gexits_writes(call, k->base))
				forget_value(k);
		sci__gexits_apply(call);
	} else {
		for (k = sci__keys_global(); k; k = k->next_global)
			if (!library || !library_keeps(k, writes))
				forget_value(k);
	}
	FOR_EACH_PTR(call->args, arg) {
		n++;
		/* `memset(&g, 0, sizeof(g))` when the globals were kept */
		if (library && sci_expr_is_addr_of(arg, &inner) &&
		    (ak = sci_key_expr(inner)) && ak->base &&
		    !sci_sym_is_local(ak->base) && !declared_const(call, n))
			for (k = sci__keys_of_base(ak->base); k;
			     k = k->next_derived)
				forget_value(k);
		ak = sci_key_expr(arg);
		if (!ak || !ak->base)
			continue;
		/* the library does not cast away const */
		if (library && declared_const(call, n))
			continue;
		for (k = sci__keys_of_base(ak->base); k; k = k->next_derived)
			if (!k->is_var)
				forget_value(k);
		/*
		 * `lp` may hold `&local`: a pointer stored in this function's
		 * locals can.  `&x` reaches only x (forgotten by the caller)
		 * and a pointer to const lets nothing be written.
		 */
		if (sci_sym_is_local(ak->base) && !sci_expr_is_addr_of(arg, NULL) &&
		    sci__type_is_ptr(sci__expr_type(sci__strip(arg))) &&
		    may_write_through(call, n))
			local_pointer = 1;
	} END_FOR_EACH_PTR(arg);
	if (!local_pointer)
		return;
	for (k = sci__keys_aliasable(); k; k = k->next_aliasable)
		if (!k->indirect && k->base && sci__sym_pointed_to(k->base) &&
		    sci_sym_is_local(k->base))
			forget_value(k);
}

/* `_assert_true(x, ...)` returns only when x is true: go on from there. */
static void assume_true(struct expression *call)
{
	int n = sci_profile_assert_arg(sci__call_name(call));
	const sci_stree *t, *f;

	if (n < 0 || !sci__cur || !sci_call_arg(call, n))
		return;
	sci__split_condition(sci_call_arg(call, n), &t, &f);
	sci__cur = t;
}

/*
 * `sink(&p)` with p NULL: what p held is forgotten before the call hooks
 * run (the callee may write it), so they learn here what it was.
 */
static struct expression *null_call;
static unsigned null_args;

static void pointees_at_call(struct expression *call)
{
	struct expression *arg, *inner;
	int i = 0;

	null_call = call;
	null_args = 0;
	FOR_EACH_PTR(call->args, arg) {
		if (i < 32 && sci_expr_is_addr_of(arg, &inner) &&
		    sci_value_is_null(inner))
			null_args |= 1u << i;
		i++;
	} END_FOR_EACH_PTR(arg);
}

int sci_call_arg_pointee_was_null(sci_expr *call, int i)
{
	return call && call == null_call && i >= 0 && i < 32 &&
	       (null_args & (1u << i));
}

/*
 * The argument a fills= model writes although it is passed by value: the
 * variable a macro assigns (the kernel's get_user(x, ptr), seen as a
 * call where a header declares it as one), or NULL.
 */
static struct expression *filled_by_value(struct expression *call)
{
	const sci_model *f = sci__model(sci__call_name(call));
	struct expression *arg;

	if (!f || f->fills < 0 || (f->flags & SCI_MODEL_FILLS_REST))
		return NULL;
	arg = sci_call_arg(call, f->fills);
	if (!arg || sci_expr_is_addr_of(arg, NULL) || sci_expr_is_pointer(arg) ||
	    sci_expr_is_array(arg))
		return NULL;
	return sci__strip(arg);
}

/* The call modified() runs for, and the argument (sci_modify_call()). */
static struct expression *modify_call;
static int modify_index;

sci_expr *sci_modify_call(int *index)
{
	if (modify_call && index)
		*index = modify_index;
	return modify_call;
}

static void walk_call(struct expression *e)
{
	struct expression *arg, *inner;
	const sci_key *k;
	int i = 0;

	if (sci__strip(e->fn)->type != EXPR_SYMBOL)
		sci__walk_expr(e->fn);
	FOR_EACH_PTR(e->args, arg) {
		walk_in_context(e, arg, i++);
	} END_FOR_EACH_PTR(arg);
	if (!sci__cur)
		return;
	if (sci__debug_call(e))
		return;
	pointees_at_call(e);
	/* what `&x` passes is x's value before the callee may change it */
	sci__fn_facts_call_args(e);
	sci__callers_call(e);
	sci__ret_paths_at_call(e);
	/* memory whose address is passed may be written by the callee */
	i = 0;
	FOR_EACH_PTR(e->args, arg) {
		if (sci_expr_is_addr_of(arg, &inner)) {
			k = sci_key_expr(inner);
			if (k) {
				sci__fn_facts_address(k);
				sci__extra_unknown(k);
				modify_call = e;
				modify_index = i;
				modified(k, inner, NULL, e->pos);
				modify_call = NULL;
			}
		}
		i++;
	} END_FOR_EACH_PTR(arg);
	if ((inner = filled_by_value(e)) && (k = sci_key_expr(inner))) {
		sci__extra_unknown(k);
		modified(k, inner, NULL, e->pos);
	}
	/* call hooks see the arguments' values as passed */
	sci__fire_call(e);
	null_call = NULL;
	if (sci__cur)
		forget_after_call(e);
	sci__freed_call(e);
	sci__closed_call(e);
	sci__strlen_call(e);
	sci__locks_call(e);
	sci__untrusted_call(e);
	if (sci__is_noreturn_call(e))
		sci__cur = NULL;
	else
		assume_true(e);
}

static void walk_incdec(struct expression *e)
{
	struct expression *outer = incdec_operand;
	const sci_key *key;

	incdec_operand = sci__strip(e->unop);
	sci__walk_expr(e->unop);
	incdec_operand = outer;
	key = sci_key_expr(e->unop);
	if (sci__cur && !key)
		modified_elements(e->unop, e->pos);	/* a[i]++ */
	if (!sci__cur || !key)
		return;
	sci__extra_assign(e);
	modified(key, e->unop, e, e->pos);
	forget_aliases(key, e->unop);
}

/* A truth value: a comparison, `!x`, `a && b`. */
static int is_test(struct expression *e)
{
	e = sci__strip(e);
	return e && (e->type == EXPR_COMPARE || e->type == EXPR_LOGICAL ||
		     (e->type == EXPR_PREOP && e->op == '!'));
}

/* @if_true on the paths where @test holds, @if_false on the others. */
static void walk_split(struct expression *test, struct expression *if_true,
		       struct expression *if_false)
{
	const sci_stree *t, *f, *after_t;

	sci__split_condition(test, &t, &f);
	sci__cur = t;
	sci__walk_expr(if_true);
	after_t = sci__cur;
	sci__cur = f;
	sci__walk_expr(if_false);
	sci__cur = sci__stree_merge(after_t, sci__cur);
}

static void walk_initializer(struct expression *e)
{
	struct expression *el;

	FOR_EACH_PTR(e->expr_list, el) {
		switch (el->type) {
		case EXPR_IDENTIFIER:
			sci__walk_expr(el->ident_expression);
			break;
		case EXPR_INDEX:
			sci__walk_expr(el->idx_expression);
			break;
		case EXPR_POS:
			sci__walk_expr(el->init_expr);
			break;
		default:
			sci__walk_expr(el);
			break;
		}
	} END_FOR_EACH_PTR(el);
}

static void walk_expr(struct expression *e)
{
	const sci_stree *t, *f;

	switch (e->type) {
	case EXPR_ASSIGNMENT:
		walk_assignment(e);
		break;
	case EXPR_PREOP:
		if (e->op == '&') {
			walk_addr_of(e->unop);
		} else if (e->op == SPECIAL_INCREMENT || e->op == SPECIAL_DECREMENT) {
			walk_incdec(e);
		} else {
			struct expression *owner;

			sci__walk_expr(e->unop);
			if (e->op == '*') {
				sci__fire_deref(e->unop, e->pos);
				owner = array_member_owner(e->unop);
				if (!owner)
					owner = index_base(e->unop);
				if (owner && sci__cur)
					sci__fire_deref(owner, e->pos);
			}
		}
		break;
	case EXPR_POSTOP:
		walk_incdec(e);
		break;
	case EXPR_DEREF:
		/* an array member decays to an address: p->arr reads nothing */
		if (is_array_member(e))
			walk_addr_of(e->deref);
		else
			sci__walk_expr(e->deref);
		break;
	case EXPR_BINOP:
		if ((e->op == '&' || e->op == '|') && is_test(e->left)) {
			/*
			 * `(p != NULL) & (p->x == 5)`: `&` and `|` evaluate
			 * both sides, so the right runs on both outcomes of
			 * the test - also where p is NULL.
			 */
			walk_split(e->left, e->right, e->right);
			break;
		}
		sci__walk_expr(e->left);
		sci__walk_expr(e->right);
		break;
	case EXPR_COMPARE:
	case EXPR_COMMA:
		sci__walk_expr(e->left);
		sci__walk_expr(e->right);
		break;
	case EXPR_LOGICAL:
		sci__split_condition(e, &t, &f);
		sci__cur = sci__stree_merge(t, f);
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		sci__fire_whole_condition(e->conditional);
		if (!e->cond_true) {	/* a ?: b */
			sci__split_condition(e->conditional, &t, &f);
			sci__cur = f;
			sci__walk_expr(e->cond_false);
			sci__cur = sci__stree_merge(t, sci__cur);
		} else {
			walk_split(e->conditional, e->cond_true, e->cond_false);
		}
		break;
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		sci__walk_expr(e->cast_expression);
		break;
	case EXPR_CALL:
		walk_call(e);
		break;
	case EXPR_STATEMENT: {
		struct statement *outer = sci__value_block;

		sci__value_block = e->statement;
		sci__walk_stmt(e->statement);
		sci__value_block = outer;
		break;
	}
	case EXPR_INITIALIZER:
		walk_initializer(e);
		break;
	case EXPR_SLICE:
		sci__walk_expr(e->base);
		break;
	default:
		/* values, strings, symbols, labels; sizeof/typeof/_Generic
		 * operands are not evaluated */
		break;
	}
	if (sci__cur && e->type == EXPR_SYMBOL)
		sci__fn_facts_read(e);
	if (sci__cur)
		sci__fire_expr(e);
}

void sci__walk_expr(struct expression *e)
{
	if (!e || !sci__cur || !sci__nest_enter(e->pos))
		return;
	walk_expr(e);
	sci__nest_leave();
}
