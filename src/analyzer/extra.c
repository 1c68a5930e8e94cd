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
		if (sci_rl_equal(i->rl, rl))
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
	return sci_rl_range(LLONG_MIN, LLONG_MAX);
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

const sci_rl *sci__type_rl(struct symbol *type)
{
	int bits;

	type = sci__real_type(type);
	if (!type)
		return full();
	if (type->type == SYM_PTR || type->type == SYM_ARRAY ||
	    type->type == SYM_FN)
		return sci_rl_range(0, LLONG_MAX);
	if (type->type == SYM_ENUM)
		type = sci__real_type(type->ctype.base_type);
	if (!type || !sci__type_is_int(type))
		return full();
	examine_symbol_type(type);
	bits = type->bit_size;
	if (bits <= 0 || bits >= 64)
		return (type->ctype.modifiers & MOD_UNSIGNED) ?
			sci_rl_range(0, LLONG_MAX) : full();
	if (type->ctype.modifiers & MOD_UNSIGNED)
		return sci_rl_range(0, (1LL << bits) - 1);
	if (bits == 1)
		return sci_rl_range(0, 1);	/* _Bool, 1-bit fields */
	return sci_rl_range(-(1LL << (bits - 1)), (1LL << (bits - 1)) - 1);
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

static const sci_rl *nonnull(void)
{
	return sci_rl_range(1, LLONG_MAX);
}

/* Keeps @rl if @type can hold all of it, else the whole type range. */
static const sci_rl *fit(const sci_rl *rl, struct symbol *type)
{
	const sci_rl *trl = sci__type_rl(type);

	if (sci_rl_equal(sci_rl_intersect(rl, trl), rl))
		return rl;
	return trl;
}

/* @rl + @c (or - @c), or NULL when a bound would overflow. */
static const sci_rl *rl_shift(const sci_rl *rl, long long c, int sub)
{
	const sci_rl *out = sci_rl_range(1, 0);
	size_t i;

	if (sub) {
		if (c == LLONG_MIN)
			return NULL;
		c = -c;
	}
	for (i = 0; i < rl->n; i++) {
		long long lo, hi;

		if (__builtin_add_overflow(rl->r[i].min, c, &lo) ||
		    __builtin_add_overflow(rl->r[i].max, c, &hi))
			return NULL;
		out = sci_rl_union(out, sci_rl_range(lo, hi));
	}
	return out;
}

/* Ranges of `l op r` for + and - when one side is a constant. */
static const sci_rl *add_sub_rl(int op, const sci_rl *l, const sci_rl *r,
				struct symbol *type)
{
	const sci_rl *out = NULL;
	long long c;

	if ((op != '+' && op != '-') || sci__type_is_ptr(type))
		return NULL;
	if (sci_rl_single(r, &c))
		out = rl_shift(l, c, op == '-');
	else if (op == '+' && sci_rl_single(l, &c))
		out = rl_shift(r, c, 0);
	return out ? fit(out, type) : NULL;
}

static const sci_rl *binop_rl(struct expression *e)
{
	long long l, r, v;
	const sci_rl *sum;

	if (sci_rl_single(sci__expr_rl(e->left), &l) &&
	    sci_rl_single(sci__expr_rl(e->right), &r)) {
		struct expression tmp = *e;
		struct expression lv = { .type = EXPR_VALUE }, rv = lv;

		lv.value = (unsigned long long)l;
		rv.value = (unsigned long long)r;
		tmp.left = &lv;
		tmp.right = &rv;
		if (sci__const_value(&tmp, &v))
			return sci_rl_range(v, v);
	}
	sum = add_sub_rl(e->op, sci__expr_rl(e->left), sci__expr_rl(e->right),
			 sci__expr_type(e));
	return sum ? sum : sci__type_rl(sci__expr_type(e));
}

static const sci_rl *stmt_expr_rl(struct expression *e)
{
	struct statement *last;

	if (!e->statement || e->statement->type != STMT_COMPOUND)
		return NULL;
	last = last_ptr_list((struct ptr_list *)e->statement->stmts);
	if (!last || last->type != STMT_EXPRESSION)
		return NULL;
	return sci__expr_rl(last->expression);
}

const sci_rl *sci__expr_rl(struct expression *e)
{
	struct expression *s = sci__strip(e);
	const sci_key *key;
	struct symbol *type;
	long long v;

	if (!s)
		return full();
	type = sci__expr_type(s);
	if (sci__const_value(s, &v))
		return sci_rl_range(v, v);
	if (e->type == EXPR_CAST || e->type == EXPR_FORCE_CAST)
		return fit(sci__expr_rl(e->cast_expression), e->cast_type);
	switch (s->type) {
	case EXPR_STRING:
	case EXPR_LABEL:
		return nonnull();
	case EXPR_PREOP:
		if (s->op == '&')
			return nonnull();
		if (s->op == '!') {
			const sci_rl *in = sci__expr_rl(s->unop);

			if (!sci_rl_intersect(in, sci_rl_range(0, 0))->n)
				return sci_rl_range(0, 0);
			if (sci_rl_single(in, &v) && v == 0)
				return sci_rl_range(1, 1);
			return sci_rl_range(0, 1);
		}
		break;
	case EXPR_SYMBOL:
		if (s->symbol && (sci__real_type(s->symbol)) &&
		    (sci__real_type(s->symbol)->type == SYM_ARRAY ||
		     sci__real_type(s->symbol)->type == SYM_FN))
			return nonnull();
		break;
	case EXPR_ASSIGNMENT:
		return sci__expr_rl(s->left);
	case EXPR_BINOP:
		return binop_rl(s);
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
		return sci_rl_range(0, 1);
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return sci_rl_union(sci__expr_rl(s->cond_true ? s->cond_true
							      : s->conditional),
				    sci__expr_rl(s->cond_false));
	case EXPR_COMMA:
		return sci__expr_rl(s->right);
	case EXPR_STATEMENT: {
		const sci_rl *rl = stmt_expr_rl(s);

		if (rl)
			return fit(rl, type);
		break;
	}
	default:
		break;
	}
	key = sci_key_expr(s);
	if (key)
		return key_rl(sci__cur, key, type);
	return sci__type_rl(type);
}

static void set_rl(const sci_key *key, const sci_rl *rl)
{
	sci__set_state(SCI_OWNER_EXTRA, key, sci__extra_state(rl),
		       (struct position){ 0 });
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

static struct expression *alias_target(struct expression *e)
{
	struct expression *s = sci__strip(e);

	if (s && s->type == EXPR_PREOP && s->op == '!')
		return alias_target(s->unop) ? s : NULL;
	if (s && s->type == EXPR_COMPARE && alias_operand_ok(s->left) &&
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

	/* a bare key is a copy, not a test: alias only real tests */
	if (s && (s->type == EXPR_COMPARE || (s->type == EXPR_PREOP && s->op == '!')) &&
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
	if (e->type == EXPR_COMPARE)
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

void sci__extra_unknown(const sci_key *key)
{
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

void sci__extra_assign(struct expression *e)
{
	struct expression *target;
	struct symbol *type;
	const sci_key *key;
	const sci_rl *rl;
	long long v, r;

	target = e->type == EXPR_ASSIGNMENT ? e->left : e->unop;
	key = sci_key_expr(target);
	if (!key || !sci__cur)
		return;
	type = sci__expr_type(sci__strip(target));
	if (e->type != EXPR_ASSIGNMENT) {	/* ++ / -- */
		rl = add_sub_rl(e->op == SPECIAL_INCREMENT ? '+' : '-',
				sci__expr_rl(target), sci_rl_range(1, 1), type);
		set_rl(key, rl ? rl : sci__type_rl(type));
		set_alias(key, NULL);
		return;
	}
	if (e->op == '=') {
		rl = fit(sci__expr_rl(e->right), type);
		set_origin(key, e->right);
		set_alias(key, e->right);
	} else {
		struct expression lv = { .type = EXPR_VALUE }, rv = lv, tmp = lv;

		const sci_rl *sum = add_sub_rl(compound_op(e->op),
					       sci__expr_rl(target),
					       sci__expr_rl(e->right), type);

		rl = sum ? sum : sci__type_rl(type);
		if (sci_rl_single(sci__expr_rl(target), &v) &&
		    sci_rl_single(sci__expr_rl(e->right), &r)) {
			lv.value = (unsigned long long)v;
			rv.value = (unsigned long long)r;
			tmp.type = EXPR_BINOP;
			tmp.op = compound_op(e->op);
			tmp.left = &lv;
			tmp.right = &rv;
			if (tmp.op && sci__const_value(&tmp, &v))
				rl = fit(sci_rl_range(v, v), type);
		}
		set_origin(key, NULL);
		set_alias(key, NULL);
	}
	set_rl(key, rl);
}

/* ------------------------------------------------------- conditions */

static int leaf_fits(const sci_sm *leaf, void *payload)
{
	const sci_rl *allowed = payload;

	return !sci_rl_is_empty(sci_rl_intersect(state_rl(leaf->state), allowed));
}

/* The range an operand may be compared against on the true side. */
static void cmp_sides(int op, const sci_rl *other, const sci_rl **t,
		      const sci_rl **f)
{
	long long lo = other->n ? other->r[0].min : LLONG_MIN;
	long long hi = other->n ? other->r[other->n - 1].max : LLONG_MAX;
	long long v;

	switch (op) {
	case SPECIAL_EQUAL:
		*t = other;
		*f = sci_rl_single(other, &v) ? sci_rl_minus(full(), other) : full();
		return;
	case SPECIAL_NOTEQUAL:
		*f = other;
		*t = sci_rl_single(other, &v) ? sci_rl_minus(full(), other) : full();
		return;
	case '<':
	case SPECIAL_UNSIGNED_LT:
		*t = hi == LLONG_MIN ? sci_rl_range(1, 0) : sci_rl_range(LLONG_MIN, hi - 1);
		*f = sci_rl_range(lo, LLONG_MAX);
		return;
	case SPECIAL_LTE:
	case SPECIAL_UNSIGNED_LTE:
		*t = sci_rl_range(LLONG_MIN, hi);
		*f = lo == LLONG_MAX ? sci_rl_range(1, 0) : sci_rl_range(lo + 1, LLONG_MAX);
		return;
	case '>':
	case SPECIAL_UNSIGNED_GT:
		*t = lo == LLONG_MAX ? sci_rl_range(1, 0) : sci_rl_range(lo + 1, LLONG_MAX);
		*f = sci_rl_range(LLONG_MIN, hi);
		return;
	case SPECIAL_GTE:
	case SPECIAL_UNSIGNED_GTE:
		*t = sci_rl_range(lo, LLONG_MAX);
		*f = hi == LLONG_MIN ? sci_rl_range(1, 0) : sci_rl_range(LLONG_MIN, hi - 1);
		return;
	default:
		*t = *f = full();
	}
}

static int flip_op(int op)
{
	switch (op) {
	case '<': return '>';
	case '>': return '<';
	case SPECIAL_LTE: return SPECIAL_GTE;
	case SPECIAL_GTE: return SPECIAL_LTE;
	case SPECIAL_UNSIGNED_LT: return SPECIAL_UNSIGNED_GT;
	case SPECIAL_UNSIGNED_GT: return SPECIAL_UNSIGNED_LT;
	case SPECIAL_UNSIGNED_LTE: return SPECIAL_UNSIGNED_GTE;
	case SPECIAL_UNSIGNED_GTE: return SPECIAL_UNSIGNED_LTE;
	}
	return op;
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
		return t;
	}
	key = e ? sci_key_expr(e) : NULL;
	if (!key)
		return t;
	type = sci__expr_type(e);
	now = key_rl(t, key, type);
	rl = sci_rl_intersect(now, allowed);
	if (sci_rl_is_empty(rl))
		return NULL;
	sm = sci__stree_get(t, SCI_OWNER_EXTRA, key);
	if (sm && sm->left) {
		t = sci__implied(t, sm, leaf_fits, (void *)allowed);
		if (!t)
			return NULL;
		sm = sci__stree_get(t, SCI_OWNER_EXTRA, key);
	}
	if (!sm || !sci_rl_equal(rl, now) || sm->left) {
		/* keep the history for later conditions, with the new value */
		copy = sci_arena_alloc(sizeof(*copy));
		if (sm)
			*copy = *sm;
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

const sci_stree *sci__extra_narrow(const sci_stree *t, struct expression *e,
				   const sci_rl *allowed)
{
	return narrow(t, e, allowed);
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

void sci__extra_condition(struct expression *leaf, const sci_stree **t,
			  const sci_stree **f)
{
	struct expression *e = sci__strip(leaf), *alias;
	const sci_rl *lt, *lf, *rt, *rf;

	if (e->type == EXPR_COMPARE) {
		const sci_rl *lrl = sci__expr_rl(operand(e->left));
		const sci_rl *rrl = sci__expr_rl(operand(e->right));

		cmp_sides(e->op, rrl, &lt, &lf);
		cmp_sides(flip_op(e->op), lrl, &rt, &rf);
		*t = narrow(narrow(*t, e->left, lt), e->right, rt);
		*f = narrow(narrow(*f, e->left, lf), e->right, rf);
		return;
	}
	alias = alias_of(e);
	*t = narrow(*t, e, sci_rl_minus(full(), sci_rl_range(0, 0)));
	*f = narrow(*f, e, sci_rl_range(0, 0));
	if (alias && depth < 8) {
		depth++;
		*t = narrow_by_test(*t, alias, 1);
		*f = narrow_by_test(*f, alias, 0);
		depth--;
	}
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

		if (a && b && a->state == b->state)
			continue;
		merged = sci__stree_set(merged,
			sci__sm_leaf(SCI_OWNER_EXTRA, all[i]->key,
				     extra_unmatched(all[i]->key),
				     (struct position){ 0 }));
	}
	return merged;
}

/* ---------------------------------------------------- checker API */

int sci_value_known(sci_expr *e, long long *out)
{
	return sci__cur && sci_rl_single(sci__expr_rl(e), out);
}

int sci_value_is_null(sci_expr *e)
{
	long long v;

	return sci_value_known(e, &v) && v == 0;
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

	return key && sci__cur && sci_rl_single(key_rl(sci__cur, key, type), out);
}
