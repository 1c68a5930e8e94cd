/*
 * extra.c - the value model ("extra", after Smatch's smatch_extra.c):
 * every integer and pointer key has a range list on each path.
 *
 * This first model knows constants, copies of known values, constant
 * folding, ++/--, narrowing by comparisons (==, !=, <, <=, >, >=, truth),
 * switch cases, unions at joins, and widening of loop-carried values to
 * "unknown".  Arithmetic on ranges, equivalences (a = b) and the
 * cross-function database come later and slot in here.  Conditions on a
 * key with merge history also narrow every other key through implied.c.
 *
 * It also tracks, per key, which call produced its value (owner ORIGIN),
 * for the "return implies" hooks.
 */
#include "analyzer/engine_int.h"

#include <limits.h>
#include <string.h>

/* sci_cond_decides() is at work: what a sibling test alone decides */
static int deciding_alone;

#define NBUCKETS 512

typedef struct interned {
	const sci_rl *rl;
	sci_state state;
	struct interned *next;
} interned;

static interned *buckets[NBUCKETS];

void sci__extra_init(void)
{
	memset(buckets, 0, sizeof(buckets));
}

static unsigned hash_rl(const sci_rl *rl)
{
	unsigned long long h = rl->n;
	size_t i;

	for (i = 0; i < rl->n; i++)
		h = h * 1000003ULL ^ (unsigned long long)rl->r[i].min * 31ULL ^
		    (unsigned long long)rl->r[i].max;
	return (unsigned)(h % NBUCKETS);
}

const sci_state *sci__extra_state(const sci_rl *rl)
{
	unsigned b = hash_rl(rl);
	interned *i;

	for (i = buckets[b]; i; i = i->next)
		if (sci_rl_identical(i->rl, rl))
			return &i->state;
	i = sci_arena_alloc(sizeof(*i));
	i->rl = rl;
	i->state.name = sci_rl_text(rl);
	i->state.data = rl;
	i->next = buckets[b];
	buckets[b] = i;
	return &i->state;
}

static const sci_rl *full(void)
{
	return sci_rl_type(sci_vt(0, 0));	/* unknown type: any value */
}

static const sci_rl *state_rl(const sci_state *s)
{
	/* sci_undefined/sci_merged never reach here: extra merges itself */
	return s && s->data ? s->data : full();
}

static const sci_state *extra_merge(const sci_state *a, const sci_state *b)
{
	return sci__extra_state(sci_rl_union(state_rl(a), state_rl(b)));
}

static const sci_state *extra_unmatched(const sci_key *key)
{
	if (key->is_var && key->base)
		return sci__extra_state(sci__type_rl(key->base));
	return sci__extra_state(full());
}

/* Two calls to the same function imply the same things. */
static const sci_state *origin_merge(const sci_state *a, const sci_state *b)
{
	if (a->data && b->data && strcmp(a->name, b->name) == 0)
		return a;
	return &sci_merged;
}

void sci__extra_register(void)
{
	sci__owners[SCI_OWNER_EXTRA].rule = "extra";
	sci__owners[SCI_OWNER_EXTRA].merge = extra_merge;
	sci__owners[SCI_OWNER_EXTRA].unmatched = extra_unmatched;
	sci__owners[SCI_OWNER_EXTRA].enabled = 1;
	sci__owners[SCI_OWNER_ALIAS].rule = "alias";
	sci__owners[SCI_OWNER_ALIAS].enabled = 1;
	sci__owners[SCI_OWNER_ORIGIN].rule = "origin";
	sci__owners[SCI_OWNER_ORIGIN].merge = origin_merge;
	sci__owners[SCI_OWNER_ORIGIN].enabled = 1;
}

sci_vtype sci__vtype(struct symbol *type)
{
	sci_vtype t = sci_vt(0, 0);
	struct symbol *base;

	type = sci__real_type(type);
	if (!type)
		return t;
	if (type->type == SYM_PTR || type->type == SYM_ARRAY ||
	    type->type == SYM_FN)
		return sci_vt(64, 1);
	if (type->type == SYM_ENUM) {
		base = sci__real_type(type->ctype.base_type);
		if (!base || !sci__type_is_int(base))
			return sci_vt(32, 0);
		type = base;
	}
	if (!sci__type_is_int(type))
		return t;
	examine_symbol_type(type);
	if (type->bit_size <= 0 || type->bit_size > 64)
		return t;
	t = sci_vt((unsigned)type->bit_size,
		   (type->ctype.modifiers & MOD_UNSIGNED) != 0);
	if (type == &bool_ctype)
		t.is_bool = 1;
	return t;
}

struct symbol *sci__vtype_symbol(sci_vtype t)
{
	if (t.bits == 32)
		return t.uns ? &uint_ctype : &int_ctype;
	if (t.bits == 64)
		return t.uns ? &ulong_ctype : &long_ctype;
	return NULL;
}

const sci_rl *sci__type_rl(struct symbol *type)
{
	return sci_rl_type(sci__vtype(type));
}

static const sci_rl *key_rl(const sci_stree *t, const sci_key *key,
			    struct symbol *type)
{
	const sci_sm *sm = sci__stree_get(t, SCI_OWNER_EXTRA, key);
	const sci_rl *trl = sci__type_rl(type);

	if (!sm)
		return trl;
	return sci_rl_intersect(state_rl(sm->state), trl);
}

const sci_rl *sci__key_rl(const sci_key *key, struct symbol *type)
{
	return key_rl(sci__cur, key, type);
}

const sci_rl *sci__key_known_rl(const sci_key *key)
{
	const sci_sm *sm = sci__stree_get(sci__cur, SCI_OWNER_EXTRA, key);

	return sm ? state_rl(sm->state) : NULL;
}

static const sci_rl *nonnull(void)
{
	return sci_rl_range(1, SCI_VAL_MAX);
}

/* ------------------------------------------------------- evaluation
 *
 * eval() gives the values an expression can have on the current path, in
 * its own C type, and that type (*vt).  Types are computed bottom-up with
 * the values, so a chain of n operators costs O(n), and every operand is
 * evaluated once.  With @konst set nothing but integer constant
 * expressions count: any read of a variable or call gives NULL.
 */
static const sci_rl *eval(struct expression *e, int konst, sci_vtype *vt);
static const sci_rl *within_args(struct expression *call, const sci_rl *rl,
				 sci_vtype vt);

static int arith_op(int op)
{
	switch (op) {
	case '+': return SCI_OP_ADD;
	case '-': return SCI_OP_SUB;
	case '*': return SCI_OP_MUL;
	case '/': return SCI_OP_DIV;
	case '%': return SCI_OP_MOD;
	case '&': return SCI_OP_AND;
	case '|': return SCI_OP_OR;
	case '^': return SCI_OP_XOR;
	case SPECIAL_LEFTSHIFT: return SCI_OP_SHL;
	case SPECIAL_RIGHTSHIFT: return SCI_OP_SHR;
	}
	return 0;
}

static int cmp_op(int op)
{
	switch (op) {
	case SPECIAL_EQUAL: return SCI_OP_EQ;
	case SPECIAL_NOTEQUAL: return SCI_OP_NE;
	case '<': case SPECIAL_UNSIGNED_LT: return SCI_OP_LT;
	case SPECIAL_LTE: case SPECIAL_UNSIGNED_LTE: return SCI_OP_LE;
	case '>': case SPECIAL_UNSIGNED_GT: return SCI_OP_GT;
	case SPECIAL_GTE: case SPECIAL_UNSIGNED_GTE: return SCI_OP_GE;
	}
	return 0;
}

/* 0 or 1 when every value of @rl is false or true, else -1. */
static int truth(const sci_rl *rl)
{
	const sci_rl *zero = sci_rl_range(0, 0);

	if (sci_rl_is_empty(sci_rl_intersect(rl, zero)))
		return 1;
	if (sci_rl_equal(rl, zero))
		return 0;
	return -1;
}

static const sci_rl *bool_rl(int t)
{
	return t < 0 ? sci_rl_range(0, 1) : sci_rl_range(t, t);
}

static const sci_rl *stmt_expr_rl(struct expression *e, sci_vtype *vt)
{
	struct statement *last;

	if (!e->statement || e->statement->type != STMT_COMPOUND)
		return NULL;
	last = last_ptr_list((struct ptr_list *)e->statement->stmts);
	if (!last || last->type != STMT_EXPRESSION)
		return NULL;
	return eval(last->expression, 0, vt);
}

static const sci_rl *eval_binop(struct expression *e, int konst,
				sci_vtype *vt)
{
	sci_vtype lt, rt, t;
	const sci_rl *l = eval(e->left, konst, &lt);
	const sci_rl *r = l ? eval(e->right, konst, &rt) : NULL;
	int op = arith_op(e->op);

	if (!r)
		return NULL;
	if (sci__type_is_ptr(sci__expr_type(e->left)) ||
	    sci__type_is_ptr(sci__expr_type(e->right))) {
		/* p - q is a distance; p + n stays what p was */
		if (sci__type_is_ptr(sci__expr_type(e->left)) &&
		    sci__type_is_ptr(sci__expr_type(e->right))) {
			*vt = sci_vt(64, 0);
			return konst ? NULL : sci_rl_type(*vt);
		}
		*vt = sci_vt(64, 1);
		if (sci__type_is_ptr(sci__expr_type(e->right)))
			l = r;
		if (truth(l) == 1)
			return nonnull();
		return konst ? NULL : sci_rl_type(*vt);
	}
	if (op == SCI_OP_SHL || op == SCI_OP_SHR) {
		t = sci_vt_promote(lt);
		*vt = t;
		return sci_rl_binop(op, sci_rl_cast(l, t), r, t);
	}
	t = sci_vt_common(lt, rt);
	*vt = t;
	if (!op)
		return konst ? NULL : sci_rl_type(t);
	return sci_rl_binop(op, sci_rl_cast(l, t), sci_rl_cast(r, t), t);
}

static const sci_rl *eval_compare(struct expression *e, int konst)
{
	sci_vtype lt, rt, t;
	const sci_rl *l = eval(e->left, konst, &lt);
	const sci_rl *r = l ? eval(e->right, konst, &rt) : NULL;

	if (!r)
		return NULL;
	t = sci_vt_common(lt, rt);
	return bool_rl(sci_rl_compare_known(cmp_op(e->op), sci_rl_cast(l, t),
					    sci_rl_cast(r, t)));
}

static const sci_rl *eval_logical(struct expression *e, int konst)
{
	sci_vtype vt;
	const sci_rl *l = eval(e->left, konst, &vt), *r;
	int and = e->op == SPECIAL_LOGICAL_AND, tl, tr;

	if (!l)
		return NULL;
	tl = truth(l);
	if (tl == !and)		/* 0 && x, 1 || x: x is not evaluated */
		return bool_rl(tl);
	if (!(r = eval(e->right, konst, &vt)))
		return NULL;
	tr = truth(r);
	if (tr == !and)
		return bool_rl(tr);
	return bool_rl(tl == and && tr == and ? and : -1);
}

static const sci_rl *eval_conditional(struct expression *e, int konst,
				      sci_vtype *vt)
{
	sci_vtype ct, tt, ft;
	const sci_rl *c = eval(e->conditional, konst, &ct), *a, *b;
	struct symbol *type = sci__expr_type(e);
	int tc;

	if (!c)
		return NULL;
	tc = truth(c);
	*vt = sci__vtype(type);
	a = e->cond_true ? (tc == 0 ? NULL : eval(e->cond_true, konst, &tt))
			 : c;
	b = tc == 1 ? NULL : eval(e->cond_false, konst, &ft);
	if (tc == 1)
		return a ? sci_rl_cast(a, *vt) : NULL;
	if (tc == 0)
		return b ? sci_rl_cast(b, *vt) : NULL;
	if (!a || !b)
		return NULL;
	return sci_rl_union(sci_rl_cast(a, *vt), sci_rl_cast(b, *vt));
}

static const sci_rl *eval_preop(struct expression *e, int konst,
				sci_vtype *vt)
{
	const sci_rl *in;
	sci_vtype t;

	switch (e->op) {
	case '(':
		return eval(e->unop, konst, vt);
	case '&':
		*vt = sci_vt(64, 1);
		return konst ? NULL : nonnull();
	case '!':
		*vt = sci_vt(32, 0);
		in = eval(e->unop, konst, &t);
		if (!in)
			return NULL;
		return bool_rl(truth(in) < 0 ? -1 : !truth(in));
	case '-':
	case '~':
	case '+':
		in = eval(e->unop, konst, &t);
		if (!in)
			return NULL;
		*vt = sci_vt_promote(t);
		in = sci_rl_cast(in, *vt);
		if (e->op == '+')
			return in;
		return sci_rl_unop(e->op == '-' ? SCI_OP_NEG : SCI_OP_BNOT,
				   in, *vt);
	case SPECIAL_INCREMENT:
	case SPECIAL_DECREMENT:
		/* whether the walk stored the new value yet depends on who
		 * asks: claim only the type */
		*vt = sci__vtype(sci__expr_type(e->unop));
		return konst ? NULL : sci_rl_type(*vt);
	}
	return NULL;	/* '*': read through the key below */
}

static const sci_rl *eval_sizeof(struct expression *e, sci_vtype *vt)
{
	struct symbol *t;

	struct expression *x = e->cast_type ? NULL : sci__strip_parens(e->cast_expression);

	*vt = sci__vtype(size_t_ctype);
	/* a string literal is an array: "..." is 4 bytes, not a pointer's 8 */
	if (x && x->type == EXPR_STRING && x->string && !x->wide)
		return sci_rl_range(x->string->length, x->string->length);
	t = e->cast_type ? e->cast_type : sci__expr_type(e->cast_expression);
	t = sci__real_type(t);
	if (!t)
		return NULL;
	examine_symbol_type(t);
	if (t->bit_size <= 0)
		return NULL;
	return sci_rl_range(t->bit_size / 8, t->bit_size / 8);
}

/*
 * What a few C library functions return, where the type says less (the
 * models' range=): rand() is 0..RAND_MAX (glibc: INT_MAX), getchar() an
 * unsigned char or EOF.
 */
static const sci_rl *library_return(struct expression *call)
{
	const sci_model *f = sci__model(sci__call_name(call));

	if (!f || !(f->flags & SCI_MODEL_RANGE))
		return NULL;
	return sci_rl_range(f->min, f->max);
}

/* `table[i]` of a const lookup table: what its elements hold. */
static const sci_rl *table_element(struct expression *e)
{
	struct expression *d, *arr;

	if (e->type != EXPR_PREOP || e->op != '*')
		return NULL;
	d = sci__strip(e->unop);
	if (!d || d->type != EXPR_BINOP || (d->op != '+' && d->op != '-'))
		return NULL;
	arr = sci__strip(d->left);
	if (!arr || arr->type != EXPR_SYMBOL)
		return NULL;
	/* `t - 1 + i` and the like: any element */
	return sci__table_value(arr->symbol, d->op == '+' ?
				sci__expr_rl(d->right) : NULL);
}

static const sci_rl *eval_node(struct expression *e, int konst, sci_vtype *vt)
{
	const sci_rl *rl = NULL;
	struct symbol *type;
	const sci_key *key;
	sci_vtype inner;

	*vt = sci_vt(0, 0);
	if (!e)
		return konst ? NULL : full();
	sci__work++;
	switch (e->type) {
	case EXPR_VALUE:
		*vt = sci__vtype(sci__expr_type(e));
		return sci_rl_cast(sci_rl_range((sci_val)e->value, (sci_val)e->value),
				   *vt);
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		rl = eval(e->cast_expression, konst, &inner);
		*vt = sci__vtype(e->cast_type);
		return rl ? sci_rl_cast(rl, *vt) : NULL;
	case EXPR_SIZEOF:
		return eval_sizeof(e, vt);
	case EXPR_PREOP:
		if (e->op != '*')
			return eval_preop(e, konst, vt);
		break;
	case EXPR_BINOP:
		return eval_binop(e, konst, vt);
	case EXPR_COMPARE:
		*vt = sci_vt(32, 0);
		return eval_compare(e, konst);
	case EXPR_LOGICAL:
		*vt = sci_vt(32, 0);
		return eval_logical(e, konst);
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return eval_conditional(e, konst, vt);
	case EXPR_STRING:
	case EXPR_LABEL:
		*vt = sci_vt(64, 1);
		return nonnull();
	case EXPR_COMMA:
		if (konst)
			return NULL;
		return eval(e->right, konst, vt);
	default:
		break;
	}
	if (konst)
		return NULL;
	type = sci__expr_type(e);
	*vt = sci__vtype(type);
	switch (e->type) {
	case EXPR_SYMBOL:
		if (e->symbol && sci__real_type(e->symbol) &&
		    (sci__real_type(e->symbol)->type == SYM_ARRAY ||
		     sci__real_type(e->symbol)->type == SYM_FN))
			return nonnull();
		/*
		 * A file-scope object nothing can change is its initializer;
		 * not for sci_cond_decides(), which knows the sibling alone.
		 */
		if (!deciding_alone && (rl = sci__global_value(e->symbol)))
			return rl;
		break;
	case EXPR_CALL:
		if ((rl = sci__strlen_value(e)) || (rl = sci__call_summary(e)) ||
		    (rl = library_return(e))) {
			const sci_rl *paths = sci__ret_paths_call_rl(e);

			/* the return paths these arguments can take */
			if (paths && !sci_rl_is_empty(sci_rl_intersect(rl, paths)))
				rl = sci_rl_intersect(rl, paths);
			rl = sci_rl_cast(rl, *vt);
			rl = sci__guards_apply(e, rl);
		}
		rl = sci__lowfd_apply(e, rl, *vt);
		if ((rl = within_args(e, rl, *vt)))
			return rl;
		break;
	case EXPR_ASSIGNMENT:
		return eval(e->left, konst, vt);
	case EXPR_POSTOP:
		return sci_rl_type(*vt);	/* as for ++x above */
	case EXPR_STATEMENT:
		rl = stmt_expr_rl(e, &inner);
		if (rl)
			return sci_rl_cast(rl, *vt);
		break;
	default:
		break;
	}
	key = sci_key_expr(e);
	if ((rl = table_element(e)) != NULL) {
		rl = sci_rl_cast(rl, *vt);
		return key ? sci_rl_intersect(key_rl(sci__cur, key, type), rl) : rl;
	}
	if (key)
		return key_rl(sci__cur, key, type);
	return sci_rl_type(*vt);
}

/*
 * A range checker's result lies between the arguments it is given
 * (sci__fn_facts_ret_within(): `month = xatou_range(s, 1, 12)` is 1..12).
 * @rl: what else is known of the result (NULL: nothing), in @vt.
 */
static const sci_rl *within_args(struct expression *call, const sci_rl *rl,
				 sci_vtype vt)
{
	const char *name = sci__call_name(call);
	const sci_rl *all = sci_rl_type(vt), *a;
	sci_val min, max;
	unsigned soft;
	sci_vtype t;
	int lo, hi;

	if (!name || !all->n || !sci__fn_facts_ret_within(name, &lo, &hi))
		return rl;
	min = all->r[0].min;
	max = all->r[all->n - 1].max;
	soft = SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX;
	/* a bound is as firm as the argument's: an unknown one is soft */
	if (lo >= 0 && (a = eval(sci_call_arg(call, lo), 0, &t)) &&
	    !sci_rl_is_empty(a = sci_rl_cast(a, vt))) {
		min = a->r[0].min;
		soft &= ~SCI_RL_SOFT_MIN | (a->soft & SCI_RL_SOFT_MIN);
	}
	if (hi >= 0 && (a = eval(sci_call_arg(call, hi), 0, &t)) &&
	    !sci_rl_is_empty(a = sci_rl_cast(a, vt))) {
		max = a->r[a->n - 1].max;
		soft &= ~SCI_RL_SOFT_MAX | (a->soft & SCI_RL_SOFT_MAX);
	}
	if (min > max)
		return rl;
	return sci_rl_intersect(rl ? rl : all,
				sci_rl_with_soft(sci_rl_range(min, max), soft));
}

static const sci_rl *eval(struct expression *e, int konst, sci_vtype *vt)
{
	const sci_rl *rl = eval_node(e, konst, vt);

	/* a value the parts do not give is the type's, unless constant */
	return rl || konst ? rl : sci_rl_type(*vt);
}

const sci_rl *sci__expr_rl(struct expression *e)
{
	sci_vtype vt;

	return eval(e, 0, &vt);
}

int sci__const_val(struct expression *e, sci_val *out)
{
	sci_vtype vt;
	const sci_rl *rl = eval(e, 1, &vt);

	return rl && sci_rl_single(rl, out);
}

int sci__const_value(struct expression *e, long long *out)
{
	sci_val v;

	if (!sci__const_val(e, &v))
		return 0;
	*out = (long long)v;	/* a value past LLONG_MAX keeps its bits */
	return 1;
}

static void set_rl(const sci_key *key, const sci_rl *rl)
{
	sci__set_state(SCI_OWNER_EXTRA, key, sci__extra_state(rl),
		       (struct position){ 0 });
}

void sci__extra_set_rl(const sci_key *key, const sci_rl *rl)
{
	set_rl(key, rl);
}

/* ------------------------------------------------------ condition aliases
 *
 * `ok = (p != NULL); ... if (!ok) return;` - a variable that holds the
 * outcome of a test stands for the test: a condition on it also narrows
 * what the test was about.  Only tests of plain keys against constants or
 * keys, optionally negated, qualify; the alias dies when the variable or
 * anything the test mentions changes.
 */
static int alias_operand_ok(struct expression *e)
{
	long long v;

	e = sci__strip(e);
	return e && (sci__const_value(e, &v) || sci_key_expr(e));
}

/* `a * b`: non-zero only where both are */
static int is_product(struct expression *e)
{
	return e->type == EXPR_BINOP && e->op == '*' &&
	       sci__type_is_int(sci__expr_type(e));
}

static struct expression *alias_target(struct expression *e)
{
	struct expression *s = sci__strip(e);

	if (s && s->type == EXPR_PREOP && s->op == '!')
		return alias_target(s->unop) ? s : NULL;
	if (s && s->type == EXPR_COMPARE && alias_operand_ok(s->left) &&
	    alias_operand_ok(s->right))
		return s;
	if (s && is_product(s) && alias_operand_ok(s->left) &&
	    alias_operand_ok(s->right))
		return s;
	if (s && s->type != EXPR_COMPARE && sci_key_expr(s))
		return s;	/* only below a '!': `ok = !p` */
	return NULL;
}

static void set_alias(const sci_key *key, struct expression *test)
{
	struct expression *s = sci__strip(test);
	sci_state *st;

	/*
	 * A bare key is a copy, not a test: alias only real tests, and a
	 * product (`len = n * size; if (len)`: n and size are non-zero).
	 */
	if (s && (s->type == EXPR_COMPARE || is_product(s) ||
		  (s->type == EXPR_PREOP && s->op == '!')) &&
	    alias_target(s)) {
		st = sci_arena_alloc(sizeof(*st));
		st->name = "test";
		st->data = s;
		sci__set_state(SCI_OWNER_ALIAS, key, st, s->pos);
	} else if (sci__stree_get(sci__cur, SCI_OWNER_ALIAS, key)) {
		sci__set_state(SCI_OWNER_ALIAS, key, &sci_undefined,
			       (struct position){ 0 });
	}
}

static int mentions(struct expression *e, const sci_key *key)
{
	e = sci__strip(e);
	if (!e)
		return 0;
	if (sci_key_expr(e) == key)
		return 1;
	if (e->type == EXPR_PREOP)
		return mentions(e->unop, key);
	if (e->type == EXPR_COMPARE || e->type == EXPR_BINOP)
		return mentions(e->left, key) || mentions(e->right, key);
	return 0;
}

void sci__alias_forget_mentions(const sci_key *key)
{
	const sci_sm **all;
	size_t n, i;

	all = sci__stree_list(sci__cur, SCI_OWNER_ALIAS, &n);
	for (i = 0; i < n; i++)
		if (all[i]->state->data &&
		    (mentions((struct expression *)all[i]->state->data, key) ||
		     (key->is_var && key->base && all[i]->key->base == key->base &&
		      all[i]->key != key)))
			sci__set_state(SCI_OWNER_ALIAS, all[i]->key, &sci_undefined,
				       (struct position){ 0 });
}

int sci__extra_has_fact(const sci_key *key)
{
	const sci_sm *sm = key ? sci__stree_get(sci__cur, SCI_OWNER_EXTRA, key)
			       : NULL;

	return sm && (sm->left || sm->state != sci__extra_state(full()));
}

void sci__extra_unknown(const sci_key *key)
{
	sci__points_forget(key);
	if (key && sci__cur) {
		set_rl(key, full());
		set_alias(key, NULL);
	}
}

static void set_origin(const sci_key *key, struct expression *right)
{
	struct expression *s = sci__strip(right);
	const char *name;

	if (s && s->type == EXPR_CALL && (name = sci__call_name(s)) &&
	    sci__has_return_implies(name)) {
		sci_state *st = sci_arena_alloc(sizeof(*st));

		st->name = name;
		st->data = s;
		sci__set_state(SCI_OWNER_ORIGIN, key, st, s->pos);
	} else if (sci__stree_get(sci__cur, SCI_OWNER_ORIGIN, key)) {
		sci__set_state(SCI_OWNER_ORIGIN, key, &sci_undefined, s ? s->pos
			       : (struct position){ 0 });
	}
}

static int compound_op(int op)
{
	switch (op) {
	case SPECIAL_ADD_ASSIGN: return '+';
	case SPECIAL_SUB_ASSIGN: return '-';
	case SPECIAL_MUL_ASSIGN: return '*';
	case SPECIAL_DIV_ASSIGN: return '/';
	case SPECIAL_MOD_ASSIGN: return '%';
	case SPECIAL_AND_ASSIGN: return '&';
	case SPECIAL_OR_ASSIGN: return '|';
	case SPECIAL_XOR_ASSIGN: return '^';
	case SPECIAL_SHL_ASSIGN: return SPECIAL_LEFTSHIFT;
	case SPECIAL_SHR_ASSIGN: return SPECIAL_RIGHTSHIFT;
	}
	return 0;
}

/* @target op= @right (op an arith_op()), in @target's type @vt. */
static const sci_rl *compound_rl(int op, struct expression *target,
				 struct expression *right, sci_vtype vt)
{
	sci_vtype lt, rt, t;
	const sci_rl *l = eval(target, 0, &lt);
	const sci_rl *r = eval(right, 0, &rt);

	if (!op || vt.uns != lt.uns || vt.bits != lt.bits)
		return sci_rl_type(vt);
	if (op == SCI_OP_SHL || op == SCI_OP_SHR) {
		t = sci_vt_promote(vt);
		return sci_rl_cast(sci_rl_binop(op, sci_rl_cast(l, t), r, t), vt);
	}
	t = sci_vt_common(vt, rt);
	return sci_rl_cast(sci_rl_binop(op, sci_rl_cast(l, t), sci_rl_cast(r, t),
					t), vt);
}

void sci__extra_assign(struct expression *e)
{
	struct expression *target;
	struct symbol *type;
	const sci_key *key;
	const sci_rl *rl;
	sci_vtype vt;

	target = e->type == EXPR_ASSIGNMENT ? e->left : e->unop;
	key = sci_key_expr(target);
	if (!key || !sci__cur)
		return;
	type = sci__expr_type(sci__strip(target));
	vt = sci__vtype(type);
	if (sci__type_is_ptr(type) && !(e->type == EXPR_ASSIGNMENT && e->op == '=')) {
		/* p++, p += n: a valid pointer stays valid */
		rl = truth(sci__expr_rl(target)) == 1 ? nonnull() : sci_rl_type(vt);
		set_origin(key, NULL);
		set_alias(key, NULL);
	} else if (e->type != EXPR_ASSIGNMENT) {	/* ++ / -- */
		struct expression one = { .type = EXPR_VALUE, .value = 1 };

		rl = compound_rl(e->op == SPECIAL_INCREMENT ? SCI_OP_ADD : SCI_OP_SUB,
				 target, &one, vt);
		set_alias(key, NULL);
	} else if (e->op == '=') {
		/* the assignment converts to the target's type */
		rl = sci_rl_cast(sci__expr_rl(e->right), vt);
		set_origin(key, e->right);
		set_alias(key, e->right);
		sci__untrusted_assign(key, e->right, 0);
	} else {
		rl = compound_rl(arith_op(compound_op(e->op)), target, e->right, vt);
		set_origin(key, NULL);
		set_alias(key, NULL);
		sci__untrusted_assign(key, e->right, compound_op(e->op));
	}
	sci__points_assign(key, e);
	set_rl(key, rl);
}

/* ------------------------------------------------------- conditions */

static int leaf_fits(const sci_sm *leaf, void *payload)
{
	const sci_rl *allowed = payload;

	return !sci_rl_is_empty(sci_rl_intersect(state_rl(leaf->state), allowed));
}

/* `x op y` is `y flip(op) x` */
static int flip_op(int op)
{
	switch (op) {
	case SCI_OP_LT: return SCI_OP_GT;
	case SCI_OP_GT: return SCI_OP_LT;
	case SCI_OP_LE: return SCI_OP_GE;
	case SCI_OP_GE: return SCI_OP_LE;
	}
	return op;
}

int sci__cmp_op(int op)
{
	return cmp_op(op);
}

int sci__flip_op(int op)
{
	return flip_op(op);
}

/* The operand a comparison really tests: `(x = f())` tests x. */
static struct expression *operand(struct expression *e)
{
	e = sci__strip(e);
	while (e && e->type == EXPR_ASSIGNMENT)
		e = sci__strip(e->left);
	return e;
}

static void fire_implies(const sci_stree **side, struct expression *call,
			 const sci_key *key, const sci_rl *rl)
{
	const char *name = sci__call_name(call);
	const sci_stree *save = sci__cur;

	if (!*side || !name || sci_rl_is_empty(rl))
		return;
	sci__cur = *side;
	sci__fire_return_implies(name, call, key, rl->r[0].min,
				 rl->r[rl->n - 1].max);
	*side = sci__cur;
	sci__cur = save;
}

/*
 * @sm's history with every leaf narrowed to @rl, and the leaves it leaves
 * empty dropped; NULL when none is left.  A value
 * narrowed by a test must not keep leaves the test ruled out: `if (!flag)
 * note();` then `if (flag && x) p = malloc(n);` would keep, on the
 * malloc side, the inner test's `flag == 0` leaf, and a later `if
 * (!flag)` could not tell that side apart (redis readSyncBulkPayload()).
 */
static const sci_sm *narrowed_history(const sci_sm *sm, const sci_rl *rl)
{
	const sci_sm *l, *r;
	const sci_rl *now, *in;

	if (!sm->left) {
		now = state_rl(sm->state);
		in = sci_rl_intersect(now, rl);
		if (sci_rl_is_empty(in))
			return NULL;
		if (sci_rl_identical(in, now))
			return sm;
		return sci__sm_leaf(SCI_OWNER_EXTRA, sm->key,
				    sci__extra_state(in), sm->pos);
	}
	l = narrowed_history(sm->left, rl);
	r = narrowed_history(sm->right, rl);
	if (!l || !r)
		return l ? l : r;
	if (l == sm->left && r == sm->right)
		return sm;
	return sci__sm_merged(l, r, sm->join);
}

/* @t narrowed to the paths where @e (an operand) lies in @allowed. */
static const sci_stree *narrow(const sci_stree *t, struct expression *e,
			       const sci_rl *allowed)
{
	const sci_key *key;
	const sci_sm *sm;
	const sci_rl *now, *rl;
	struct symbol *type;
	const sci_stree *save;
	struct sci_sm *copy;

	if (!t)
		return NULL;
	e = operand(e);
	if (e && e->type == EXPR_CALL) {
		save = sci__cur;
		sci__cur = t;
		rl = sci_rl_intersect(sci__expr_rl(e), allowed);
		sci__cur = save;
		if (sci_rl_is_empty(rl))
			return NULL;
		fire_implies(&t, e, NULL, rl);
		return sci__ret_paths_narrow(t, e, rl);
	}
	/* a character of a string whose length is known (strlen.c) */
	if (e && e->type == EXPR_PREOP && e->op == '*') {
		const sci_rl *zero = sci_rl_range(0, 0);

		if (sci_rl_equal(allowed, zero))
			t = sci__strlen_narrow_char(t, e, 1);
		else if (sci_rl_is_empty(sci_rl_intersect(allowed, zero)))
			t = sci__strlen_narrow_char(t, e, 0);
		if (!t)
			return NULL;
	}
	key = e ? sci_key_expr(e) : NULL;
	if (!key) {
		/* not a key, but its value may rule the side out (`switch (3)`) */
		save = sci__cur;
		sci__cur = t;
		rl = sci_rl_intersect(sci__expr_rl(e), allowed);
		sci__cur = save;
		return sci_rl_is_empty(rl) ? NULL : t;
	}
	type = sci__expr_type(e);
	now = key_rl(t, key, type);
	rl = sci_rl_intersect(now, allowed);
	if (sci_rl_is_empty(rl))
		return NULL;
	/*
	 * A test that rules no value out learns nothing: bounds that were
	 * assumed (a type's, a caller's NULL in a walk with callers' values)
	 * stay assumed.
	 */
	if (sci_rl_equal(rl, now))
		rl = now;
	sm = sci__stree_get(t, SCI_OWNER_EXTRA, key);
	if (sm && (state_rl(sm->state)->soft & SCI_RL_STRIDED))
		rl = sci_rl_with_soft(rl, SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX |
				      SCI_RL_STRIDED);
	if (sm && sm->left) {
		t = sci__implied(t, sm, leaf_fits, (void *)allowed);
		if (!t)
			return NULL;
		sm = sci__stree_get(t, SCI_OWNER_EXTRA, key);
	}
	if (!sm || !sci_rl_identical(rl, now) || sm->left) {
		/* keep the history for later conditions, with the new value */
		copy = sci_arena_alloc(sizeof(*copy));
		if (sm) {
			const sci_sm *h = sm->left ? narrowed_history(sm, rl)
						   : NULL;

			*copy = h ? *h : *sm;
		}
		copy->owner = SCI_OWNER_EXTRA;
		copy->key = key;
		copy->state = sci__extra_state(rl);
		copy->pos = e->pos;
		copy->npossible = 1;
		copy->possible = sci_arena_alloc(sizeof(*copy->possible));
		copy->possible[0] = copy->state;
		if (!sm)
			copy->nleaves = 1;
		t = sci__stree_set(t, copy);
	}
	sm = sci__stree_get(t, SCI_OWNER_ORIGIN, key);
	if (sm && sm->state->data)
		fire_implies(&t, (struct expression *)sm->state->data, key, rl);
	return t;
}

/*
 * narrow() for @e as written: @allowed is in @e's own type, and each cast
 * on the way down to the key maps it to the values before the cast
 * (`if ((int)u < 0)` says nothing about u being negative: u is unsigned).
 */
/*
 * `x + k` / `x - k` (k a constant) in a signed type, which does not wrap:
 * its operand x, and in *k what to add to the allowed values of the sum
 * to get x's.  NULL for anything else.
 */
static struct expression *offset_operand(struct expression *e, sci_val *k)
{
	sci_val c;

	if (e->type != EXPR_BINOP || (e->op != '+' && e->op != '-') ||
	    sci__vtype(sci__expr_type(e)).uns ||
	    !sci__type_is_int(sci__expr_type(e)))
		return NULL;
	if (sci__const_val(e->right, &c) && c > -0x10000000 && c < 0x10000000) {
		*k = e->op == '+' ? -c : c;
		return e->left;
	}
	if (e->op == '+' && sci__const_val(e->left, &c) && c > -0x10000000 &&
	    c < 0x10000000) {
		*k = -c;
		return e->right;
	}
	return NULL;
}

static const sci_rl *shifted(const sci_rl *rl, sci_val k)
{
	const sci_rl *out = NULL;
	size_t i;

	for (i = 0; i < rl->n; i++) {
		const sci_rl *r = sci_rl_range(rl->r[i].min + k, rl->r[i].max + k);

		out = out ? sci_rl_union(out, r) : r;
	}
	return out ? sci_rl_with_soft(out, rl->soft) : rl;
}

static const sci_stree *narrow_through(const sci_stree *t,
				       struct expression *e,
				       const sci_rl *allowed)
{
	struct expression *x;
	sci_val k;

	while (e) {
		if ((x = offset_operand(e, &k)) != NULL) {
			/* `c - 'a' <= 25` bounds c: c <= 'a' + 25 */
			allowed = shifted(sci_rl_intersect(allowed,
				sci_rl_type(sci__vtype(sci__expr_type(e)))), k);
			e = x;
			continue;
		}
		if (e->type == EXPR_PREOP && e->op == '(') {
			e = e->unop;
		} else if (e->type == EXPR_CAST || e->type == EXPR_FORCE_CAST ||
			   e->type == EXPR_IMPLIED_CAST) {
			struct expression *in = e->cast_expression;

			allowed = sci_rl_preimage(allowed,
						  sci__vtype(sci__expr_type(in)),
						  sci__vtype(e->cast_type));
			e = in;
		} else if (e->type == EXPR_ASSIGNMENT) {
			e = e->left;	/* `(x = f()) < 0` tests x */
		} else if (e->type == EXPR_PREOP &&
			   (e->op == SPECIAL_INCREMENT ||
			    e->op == SPECIAL_DECREMENT)) {
			e = e->unop;	/* `--n > 0` tests n as stored */
		} else {
			break;
		}
	}
	/* a product that is not 0: neither factor is (wrapped or not) */
	if (e && is_product(e) &&
	    sci_rl_is_empty(sci_rl_intersect(allowed, sci_rl_range(0, 0)))) {
		const sci_rl *nonzero = sci_rl_minus(full(), sci_rl_range(0, 0));

		t = narrow_through(t, sci__strip(e->left), nonzero);
		return narrow_through(t, sci__strip(e->right), nonzero);
	}
	return narrow(t, e, allowed);
}

const sci_stree *sci__extra_narrow(const sci_stree *t, struct expression *e,
				   const sci_rl *allowed)
{
	return narrow_through(t, e, allowed);
}

static int depth;	/* alias chains: `a = !b; b = ...` are short */

static struct expression *alias_of(struct expression *e)
{
	const sci_key *key = sci_key_expr(e);
	const sci_sm *sm = key ? sci__stree_get(sci__cur, SCI_OWNER_ALIAS, key)
			       : NULL;

	return sm ? (struct expression *)sm->state->data : NULL;
}

/* @tree on the paths where @test is @truth (NULL: none). */
static const sci_stree *narrow_by_test(const sci_stree *tree,
				       struct expression *test, int truth)
{
	const sci_stree *save = sci__cur, *t = tree, *f = tree;

	if (!tree)
		return NULL;
	test = sci__strip(test);
	while (test->type == EXPR_PREOP && test->op == '!') {
		truth = !truth;
		test = sci__strip(test->unop);
	}
	sci__cur = tree;
	sci__extra_condition(test, &t, &f);
	sci__cur = save;
	return truth ? t : f;
}

/*
 * `mask & (1 << x)` or `(mask >> x) & 1`, with a constant mask: the bit
 * tested.  Returns x, and the mask in *@mask; NULL for other shapes.
 */
static struct expression *bit_tested(struct expression *e, sci_val *mask)
{
	struct expression *l, *r, *x = NULL;
	sci_val one;

	if (e->type != EXPR_BINOP || e->op != '&')
		return NULL;
	l = sci__strip(e->left);
	r = sci__strip(e->right);
	if (!l || !r)
		return NULL;
	if (sci__const_val(r, mask)) {
		/* (1 << x) & mask */
	} else if (sci__const_val(l, mask)) {
		struct expression *tmp = l;

		l = r;
		r = tmp;
	} else {
		return NULL;
	}
	if (l->type == EXPR_BINOP && l->op == SPECIAL_LEFTSHIFT &&
	    sci__const_val(sci__strip(l->left), &one) && one == 1)
		x = l->right;
	else if (*mask == 1 && l->type == EXPR_BINOP &&
		 l->op == SPECIAL_RIGHTSHIFT &&
		 sci__const_val(sci__strip(l->left), mask))
		x = l->right;	/* (mask >> x) & 1 */
	return x && *mask > 0 ? x : NULL;
}

void sci__extra_condition(struct expression *leaf, const sci_stree **t,
			  const sci_stree **f)
{
	struct expression *e = sci__strip(leaf), *alias;
	const sci_rl *nonzero = sci_rl_minus(full(), sci_rl_range(0, 0));
	sci_vtype vt;
	int known;

	/* a test whose value is known has one side only */
	known = truth(eval(leaf, 0, &vt));
	if (known == 1)
		*f = NULL;
	else if (known == 0)
		*t = NULL;
	e = sci__strip(leaf);
	if (e->type == EXPR_COMPARE && cmp_op(e->op)) {
		sci_vtype lt, rt, ct;
		const sci_rl *lrl = eval(e->left, 0, &lt);
		const sci_rl *rrl = eval(e->right, 0, &rt);
		const sci_rl *lt_t, *lt_f, *rt_t, *rt_f;
		int op = cmp_op(e->op);

		/* compared in the common type, narrowed in each one's own */
		ct = sci_vt_common(lt, rt);
		sci_rl_compare_sides(op, sci_rl_cast(rrl, ct), ct, &lt_t, &lt_f);
		sci_rl_compare_sides(flip_op(op), sci_rl_cast(lrl, ct), ct,
				     &rt_t, &rt_f);
		/*
		 * Against a side nothing is known about, only its type would
		 * bound the other (`i < list->nr` with a 7-bit nr: i < 127).
		 * That bound is not a fact about the program, and checkers
		 * would take it for one: learn nothing from it.
		 */
		if (sci_rl_equal(rrl, sci_rl_type(rt)))
			lt_t = lt_f = sci_rl_type(ct);
		if (sci_rl_equal(lrl, sci_rl_type(lt)))
			rt_t = rt_f = sci_rl_type(ct);
		/*
		 * `n == len` with n in -1..N and len a bound nothing fixes
		 * (`hexsz + 6`): the side taken as equal gets n's values
		 * only as far as its own bounds were known.  -1 from n is no
		 * fact about len (git's pack-write.c `packname[len - 1]`);
		 * a test against one value (`x == 5`) stays one.
		 */
		if (op == SCI_OP_EQ || op == SCI_OP_NE) {
			const sci_rl **lt_eq = op == SCI_OP_EQ ? &lt_t : &lt_f;
			const sci_rl **rt_eq = op == SCI_OP_EQ ? &rt_t : &rt_f;

			if (!sci_rl_single(rrl, NULL) && lrl->soft)
				*lt_eq = sci_rl_with_soft(*lt_eq,
						(*lt_eq)->soft | lrl->soft);
			if (!sci_rl_single(lrl, NULL) && rrl->soft)
				*rt_eq = sci_rl_with_soft(*rt_eq,
						(*rt_eq)->soft | rrl->soft);
		}
		*t = narrow_through(narrow_through(*t, e->left,
					sci_rl_preimage(lt_t, lt, ct)),
				    e->right, sci_rl_preimage(rt_t, rt, ct));
		*f = narrow_through(narrow_through(*f, e->left,
					sci_rl_preimage(lt_f, lt, ct)),
				    e->right, sci_rl_preimage(rt_f, rt, ct));
		return;
	}
	alias = alias_of(e);
	*t = narrow_through(*t, leaf, nonzero);
	*f = narrow_through(*f, leaf, sci_rl_range(0, 0));
	{
		sci_val mask, lo = 0, hi = 0;
		struct expression *x = bit_tested(e, &mask);

		/* the bit is set: x is the position of one of mask's bits */
		if (x) {
			while (!((mask >> lo) & 1))
				lo++;
			for (hi = lo; mask >> (hi + 1); hi++)
				;
			*t = narrow_through(*t, x, sci_rl_range(lo, hi));
		}
	}
	if (alias && depth < 8) {
		depth++;
		*t = narrow_by_test(*t, alias, 1);
		*f = narrow_by_test(*f, alias, 0);
		depth--;
	}
	/*
	 * IS_ERR_OR_NULL(p) false: p is a pointer.  Not the true side: it
	 * may hold an error pointer, which is no NULL, and narrowing a p
	 * known to be non-NULL to NULL would drop that side as impossible.
	 */
	if ((alias = sci__null_tested_arg(e)) != NULL && depth < 8) {
		depth++;
		*f = narrow_by_test(*f, alias, 1);
		depth--;
	}
}

/*
 * Loop widening, in the direction the value moved: a bound that one pass
 * of the body pushed out goes to the type's end, a bound that held stays
 * (`for (i = 0; ...; i++)` keeps i >= 0, and the loop's test then bounds
 * it from above).  The iteration in walk.c repeats this until nothing
 * changes or its pass budget is spent.
 */
static const sci_rl *widened(const sci_rl *a, const sci_rl *b,
			     const sci_rl *type)
{
	const sci_rl *out;
	sci_val lo, hi;

	if (sci_rl_is_empty(a) || sci_rl_is_empty(b) || sci_rl_is_empty(type))
		return type;
	unsigned soft = 0;

	if (b->r[0].min < a->r[0].min) {
		lo = type->r[0].min;
		soft |= SCI_RL_SOFT_MIN;
	} else {
		lo = a->r[0].min;
		soft |= a->soft & SCI_RL_SOFT_MIN;
	}
	if (b->r[b->n - 1].max > a->r[a->n - 1].max) {
		hi = type->r[type->n - 1].max;
		soft |= SCI_RL_SOFT_MAX;
	} else {
		hi = a->r[a->n - 1].max;
		soft |= a->soft & SCI_RL_SOFT_MAX;
	}
	/* the bounds keep where they came from */
	out = sci_rl_intersect(sci_rl_with_soft(sci_rl_range(lo, hi), soft),
			       type);
	if (sci_rl_union(a, b)->n > 1)
		out = sci_rl_with_soft(out, out->soft | SCI_RL_STRIDED);
	return out;
}

const sci_stree *sci__extra_strided(const sci_stree *t, struct expression *e)
{
	const sci_key *key = sci_key_expr(e);
	const sci_sm *sm = key ? sci__stree_get(t, SCI_OWNER_EXTRA, key) : NULL;
	const sci_rl *rl;
	sci_val v;

	/* the entry's one value is reached: only values gone round are not */
	if (!sm || (rl = state_rl(sm->state)) == NULL ||
	    sci_rl_single(rl, &v) || (rl->soft & SCI_RL_STRIDED))
		return t;
	return sci__stree_set(t, sci__sm_leaf(SCI_OWNER_EXTRA, key,
		sci__extra_state(sci_rl_with_soft(rl, rl->soft | SCI_RL_STRIDED)),
		sm->pos));
}

const sci_rl *sci__rl_widened(const sci_rl *a, const sci_rl *b,
			      const sci_rl *type)
{
	return widened(a, b, type);
}

const sci_stree *sci__extra_widen(const sci_stree *merged,
				  const sci_stree *entry,
				  const sci_stree *back)
{
	const sci_sm **all;
	size_t n, i;

	all = sci__stree_list(merged, SCI_OWNER_EXTRA, &n);
	for (i = 0; i < n; i++) {
		const sci_sm *a = sci__stree_get(entry, SCI_OWNER_EXTRA, all[i]->key);
		const sci_sm *b = sci__stree_get(back, SCI_OWNER_EXTRA, all[i]->key);
		const sci_state *type = extra_unmatched(all[i]->key);
		const sci_state *st = type;

		if (a && b && a->state == b->state)
			continue;
		if (a && b)
			st = sci__extra_state(widened(state_rl(a->state),
						      state_rl(b->state),
						      state_rl(type)));
		merged = sci__stree_set(merged,
			sci__sm_leaf(SCI_OWNER_EXTRA, all[i]->key, st,
				     (struct position){ 0 }));
	}
	return sci__points_widen(sci__relation_widen(merged, entry, back),
				 entry, back);
}

/* ---------------------------------------------------- checker API */

int sci_value_known(sci_expr *e, long long *out)
{
	sci_val v;

	if (!sci__cur || !sci_rl_single(sci__expr_rl(e), &v))
		return 0;
	*out = (long long)v;	/* a value past LLONG_MAX keeps its bits */
	return 1;
}

/* `x < 10`, `a >= b`: a comparison of keys and constants, no calls. */
static int simple_compare(struct expression *e)
{
	long long v;

	e = sci__strip(e);
	if (!e || e->type != EXPR_COMPARE || !cmp_op(e->op))
		return 0;
	return (sci_key_expr(e->left) || sci__const_value(e->left, &v)) &&
	       (sci_key_expr(e->right) || sci__const_value(e->right, &v)) &&
	       sci__type_is_int(sci__real_type(sci__expr_type(sci__strip(e->left)))) &&
	       sci__type_is_int(sci__real_type(sci__expr_type(sci__strip(e->right))));
}

int sci_expr_bits(sci_expr *e)
{
	return sci__vtype(sci__expr_type(e)).bits;
}

int sci_expr_is_unsigned(sci_expr *e)
{
	return sci__vtype(sci__expr_type(e)).uns;
}

int sci_cond_decides(sci_expr *earlier, int is_true, sci_expr *leaf)
{
	const sci_stree *save = sci__cur, *t, *f;
	sci_vtype vt;
	int known;

	if (!simple_compare(earlier) || !simple_compare(leaf))
		return -1;
	/* from a path that knows nothing, with @earlier's side taken */
	deciding_alone = 1;
	t = f = SCI_STREE_EMPTY;
	sci__cur = SCI_STREE_EMPTY;
	sci__extra_condition(earlier, &t, &f);
	sci__relation_condition(earlier, &t, &f);
	sci__cur = is_true ? t : f;
	known = -1;
	if (sci__cur) {
		known = truth(eval(leaf, 0, &vt));
		if (known < 0)
			known = sci__relation_decides(leaf);
	}
	sci__cur = save;
	deciding_alone = 0;
	return known;
}

/* @e is exactly 0 here: 1 known, 2 only assumed (soft bounds), else 0. */
static int zero_here(sci_expr *e)
{
	const sci_rl *rl;
	sci_val v;

	if (!sci__cur)
		return 0;
	rl = sci__expr_rl(e);
	if (!sci_rl_single(rl, &v) || v != 0)
		return 0;
	return rl->soft ? 2 : 1;
}

int sci_value_is_null(sci_expr *e)
{
	/* soft: a caller's NULL that a walk with its values assumed */
	return zero_here(e) == 1;
}

int sci_value_assumed_null(sci_expr *e)
{
	return zero_here(e) == 2 && sci__type_is_ptr(sci__expr_type(e));
}

int sci_value_is_nonnull(sci_expr *e)
{
	return sci__cur &&
	       sci_rl_is_empty(sci_rl_intersect(sci__expr_rl(e),
						sci_rl_range(0, 0)));
}

int sci_value_key_known(const sci_key *key, long long *out)
{
	struct symbol *type = key && key->is_var ? key->base : NULL;
	sci_val v;

	if (!key || !sci__cur || !sci_rl_single(key_rl(sci__cur, key, type), &v))
		return 0;
	*out = (long long)v;
	return 1;
}

int sci_value_key_bounds(const sci_key *key, long long *min, long long *max)
{
	struct symbol *type = key && key->is_var ? key->base : NULL;
	const sci_rl *rl;

	if (!key || !sci__cur)
		return 0;
	rl = key_rl(sci__cur, key, type);
	if (sci_rl_is_empty(rl))
		return 0;
	/* a pointer or an unsigned 64-bit value above LLONG_MAX stays positive */
	*min = rl->r[0].min > (sci_val)INT64_MAX ? INT64_MAX
						 : (long long)rl->r[0].min;
	*max = rl->r[rl->n - 1].max > (sci_val)INT64_MAX ?
	       INT64_MAX : (long long)rl->r[rl->n - 1].max;
	return 1;
}

int sci_value_known_if_zero(const sci_key *key, sci_expr *e, long long *out)
{
	const sci_stree *save = sci__cur, *t;
	const sci_sm *sm;
	int known;

	if (!key || !sci__cur)
		return 0;
	/* the paths on which @key can be 0, by the history of its value */
	sm = sci__stree_get(sci__cur, SCI_OWNER_EXTRA, key);
	t = sm && sm->left ? sci__implied(sci__cur, sm, leaf_fits,
					  (void *)sci_rl_range(0, 0))
			   : sci__cur;
	if (!t)
		return 0;
	sci__cur = t;
	known = sci_value_known(e, out);
	sci__cur = save;
	return known;
}

int sci_value_global_is_null(const char *name)
{
	const sci_key *k;
	long long v;

	for (k = sci__keys_global(); name && k; k = k->next_global)
		if (k->is_var && k->base && sci_sym_name(k->base) &&
		    strcmp(sci_sym_name(k->base), name) == 0)
			return sci_value_key_known(k, &v) && v == 0;
	return 0;
}

static long long clamp_ll(sci_val v)
{
	if (v > LLONG_MAX)
		return LLONG_MAX;
	if (v < LLONG_MIN)
		return LLONG_MIN;
	return (long long)v;
}

int sci__rl_bounds(const sci_rl *rl, sci_vtype vt, long long *min,
		   long long *max)
{
	int flags = 0;

	if (sci_rl_is_empty(rl))
		return 0;
	*min = clamp_ll(rl->r[0].min);
	*max = clamp_ll(rl->r[rl->n - 1].max);
	/* a bound a type gave, here or where the value came from, is not
	 * something the program said */
	if (rl->r[0].min > sci_vt_min(vt) && !(rl->soft & SCI_RL_SOFT_MIN))
		flags |= SCI_VALUE_MIN_KNOWN;
	if (rl->r[rl->n - 1].max < sci_vt_max(vt) && !(rl->soft & SCI_RL_SOFT_MAX))
		flags |= SCI_VALUE_MAX_KNOWN;
	return flags;
}

int sci_value_bounds(sci_expr *e, long long *min, long long *max)
{
	sci_vtype vt;
	const sci_rl *rl;

	if (!sci__cur)
		return 0;
	rl = eval(e, 0, &vt);
	return sci__rl_bounds(rl, vt, min, max);
}

int sci_value_possibly(sci_expr *e, long long v)
{
	const sci_rl *rl, *want = sci_rl_range(v, v);
	const sci_key *key;
	const sci_sm *sm;
	size_t i;

	if (!sci__cur)
		return 0;
	rl = sci__expr_rl(e);
	if (sci_rl_is_empty(sci_rl_intersect(rl, want)))
		return 0;
	if (sci_rl_equal(rl, want))
		return 1;
	key = sci_key_expr(sci__strip(e));
	sm = key ? sci__stree_get(sci__cur, SCI_OWNER_EXTRA, key) : NULL;
	if (!sm)
		return 0;
	for (i = 0; i < sm->npossible; i++)
		if (sm->possible[i]->data &&
		    sci_rl_equal(state_rl(sm->possible[i]), want))
			return 1;
	return 0;
}

/* The values @e's type allows, or its value when constant; NULL: unknown. */
static const sci_rl *type_values(struct expression *e, sci_vtype *vt)
{
	struct symbol *t = sci__real_type(sci__expr_type(e));
	const sci_rl *rl = eval(e, 1, vt);

	if (rl)
		return rl;
	if (!t || t->type == SYM_ENUM || !sci__type_is_int(t))
		return NULL;
	*vt = sci__vtype(t);
	return vt->bits ? sci_rl_type(*vt) : NULL;
}

int sci_expr_compare_by_types(sci_expr *e)
{
	const sci_rl *l, *r;
	sci_vtype lt, rt, ct;

	e = sci__strip(e);
	if (!e || e->type != EXPR_COMPARE || !cmp_op(e->op))
		return -1;
	if (!(l = type_values(e->left, &lt)) || !(r = type_values(e->right, &rt)))
		return -1;
	ct = sci_vt_common(lt, rt);
	return sci_rl_compare_known(cmp_op(e->op), sci_rl_cast(l, ct),
				    sci_rl_cast(r, ct));
}
