/*
 * relation.c - relations between two variables (issue "Values", part 2):
 * `i < n`, `len <= size`, `a == b`, kept until either side changes.
 * Smatch's comparison module is the model.
 *
 * A relation is a set of the orderings still possible between two keys,
 * one bit each for <, == and >: `i < n` is {<}, `i <= n` is {<, ==},
 * `i != n` is {<, >}.  Each pair of keys that was ever compared gets a
 * pair key of its own, so a relation is an ordinary sm: a join unites
 * both sides' sets, and its history gives implied states (a second
 * `if (len < size)` knows which side of the first one it is on).  The
 * set of all three orderings is "nothing known".
 *
 * Relations come from comparisons of two keys (both sides), from copies
 * (`a = b` makes a == b and gives a every relation of b) and survive
 * steps (`i++` turns i < n into i <= n).  Any other change of either key
 * forgets its relations.  Only comparisons whose operands keep their
 * values through the usual conversions are recorded: `i < u` with a
 * signed i and an unsigned u compares (unsigned)i, which says nothing
 * about i itself.
 *
 * A condition the relations decide has one side only, also through one
 * step of transitivity (i < len and len <= size decide i < size).
 */
#include "analyzer/engine_int.h"

#include <stdint.h>
#include <string.h>

enum { LT = 1, EQ = 2, GT = 4, ALL = 7 };

/* The set of orderings of `a ? b`, for a's comparison operator @op. */
static unsigned op_bits(int op)
{
	switch (op) {
	case '<': case SPECIAL_UNSIGNED_LT: return LT;
	case SPECIAL_LTE: case SPECIAL_UNSIGNED_LTE: return LT | EQ;
	case '>': case SPECIAL_UNSIGNED_GT: return GT;
	case SPECIAL_GTE: case SPECIAL_UNSIGNED_GTE: return GT | EQ;
	case SPECIAL_EQUAL: return EQ;
	case SPECIAL_NOTEQUAL: return LT | GT;
	}
	return 0;
}

/* `a ? b` as `b ? a`. */
static unsigned flip(unsigned bits)
{
	return (bits & EQ) | (bits & LT ? GT : 0) | (bits & GT ? LT : 0);
}

static const sci_state states[8] = {
	{ "impossible", NULL }, { "<", NULL }, { "==", NULL }, { "<=", NULL },
	{ ">", NULL }, { "!=", NULL }, { ">=", NULL }, { "unknown", NULL },
};

static unsigned state_bits(const sci_state *s)
{
	if (s >= &states[0] && s < &states[8])
		return (unsigned)(s - states);
	return ALL;	/* sci_undefined, sci_merged */
}

static const sci_state *merge(const sci_state *a, const sci_state *b)
{
	return &states[state_bits(a) | state_bits(b)];
}

static const sci_state *unmatched(const sci_key *key)
{
	(void)key;
	return &states[ALL];
}

void sci__relation_register(void)
{
	sci__owners[SCI_OWNER_RELATION].rule = "relation";
	sci__owners[SCI_OWNER_RELATION].merge = merge;
	sci__owners[SCI_OWNER_RELATION].unmatched = unmatched;
	sci__owners[SCI_OWNER_RELATION].enabled = 1;
}

/* ------------------------------------------------------ pair keys */

/*
 * Pair keys live for one function, like every key.  Each key lists the
 * pairs it is part of, so a change finds them without walking the path.
 */
typedef struct pair {
	const sci_key *lo, *hi;		/* lo->id < hi->id */
	const sci_key *key;
	struct pair *hnext;
} pair;

typedef struct link {
	pair *p;
	struct link *next;
} link;

typedef struct member {
	const sci_key *key;
	link *links;
	struct member *hnext;
} member;

#define NBUCKETS 512
/* A key in more pairs than this is compared with everything: stop there. */
#define MAX_LINKS 64

static pair *pairs[NBUCKETS];
static member *members[NBUCKETS];

void sci__relation_init(void)
{
	memset(pairs, 0, sizeof(pairs));
	memset(members, 0, sizeof(members));
}

static unsigned hash2(const sci_key *a, const sci_key *b)
{
	return (unsigned)((((uintptr_t)a >> 4) * 31 + ((uintptr_t)b >> 4)) % NBUCKETS);
}

static member *find_member(const sci_key *k, int create)
{
	unsigned b = hash2(k, NULL);
	member *m;

	for (m = members[b]; m; m = m->hnext)
		if (m->key == k)
			return m;
	if (!create)
		return NULL;
	m = sci_arena_alloc(sizeof(*m));
	m->key = k;
	m->links = NULL;
	m->hnext = members[b];
	members[b] = m;
	return m;
}

static int nlinks(const member *m)
{
	const link *l;
	int n = 0;

	for (l = m ? m->links : NULL; l; l = l->next)
		n++;
	return n;
}

static void add_link(const sci_key *k, pair *p)
{
	member *m = find_member(k, 1);
	link *l = sci_arena_alloc(sizeof(*l));

	l->p = p;
	l->next = m->links;
	m->links = l;
}

static pair *find_pair(const sci_key *a, const sci_key *b, int create)
{
	const sci_key *lo = a->id < b->id ? a : b, *hi = a->id < b->id ? b : a;
	unsigned h = hash2(lo, hi);
	pair *p;

	for (p = pairs[h]; p; p = p->hnext)
		if (p->lo == lo && p->hi == hi)
			return p;
	if (!create || nlinks(find_member(a, 0)) >= MAX_LINKS ||
	    nlinks(find_member(b, 0)) >= MAX_LINKS)
		return NULL;
	p = sci_arena_alloc(sizeof(*p));
	p->lo = lo;
	p->hi = hi;
	p->key = sci__key_fresh(sci_arena_printf("%s <=> %s", lo->name, hi->name));
	p->hnext = pairs[h];
	pairs[h] = p;
	add_link(lo, p);
	add_link(hi, p);
	return p;
}

static const sci_key *other(const pair *p, const sci_key *k)
{
	return p->lo == k ? p->hi : p->lo;
}

/* The orderings of `a ? b` on @t that the pair's own sm gives. */
static unsigned direct(const sci_stree *t, const sci_key *a, const sci_key *b)
{
	pair *p = find_pair(a, b, 0);
	const sci_sm *sm = p ? sci__stree_get(t, SCI_OWNER_RELATION, p->key) : NULL;
	unsigned bits = sm ? state_bits(sm->state) : ALL;

	return p && p->lo == a ? bits : flip(bits);
}

/* What x ? y and y ? z say of x ? z. */
static unsigned compose(unsigned xy, unsigned yz)
{
	unsigned out = 0;

	if (xy & EQ)
		out |= yz;
	if (yz & EQ)
		out |= xy;
	if ((xy & LT) && (yz & LT))
		out |= LT;
	if ((xy & GT) && (yz & GT))
		out |= GT;
	if (((xy & LT) && (yz & GT)) || ((xy & GT) && (yz & LT)))
		out |= ALL;
	return out;
}

/* The orderings of `a ? b` on @t: direct, and through one other key. */
static unsigned known(const sci_stree *t, const sci_key *a, const sci_key *b)
{
	unsigned bits = direct(t, a, b);
	member *m = find_member(a, 0);
	link *l;

	for (l = m ? m->links : NULL; l && bits; l = l->next) {
		const sci_key *c = other(l->p, a);
		unsigned ac, cb;

		if (c == b)
			continue;
		ac = direct(t, a, c);
		if (ac == ALL)
			continue;
		cb = direct(t, c, b);
		if (cb != ALL)
			bits &= compose(ac, cb);
	}
	return bits;
}

/*
 * A narrowed pair keeps its merge history, so a later test of the same
 * pair can still tell which side of an earlier join it is on.
 */
static const sci_stree *set_keeping_history(const sci_stree *t, pair *p,
					    const sci_sm *sm, unsigned bits,
					    struct position pos)
{
	struct sci_sm *copy;

	if (!sm || !sm->left)
		return sci__stree_set(t, sci__sm_leaf(SCI_OWNER_RELATION, p->key,
						      &states[bits], pos));
	copy = sci_arena_alloc(sizeof(*copy));
	*copy = *sm;
	copy->state = &states[bits];
	copy->pos = pos;
	copy->npossible = 1;
	copy->possible = sci_arena_alloc(sizeof(*copy->possible));
	copy->possible[0] = copy->state;
	return sci__stree_set(t, copy);
}

static const sci_stree *set(const sci_stree *t, const sci_key *a,
			    const sci_key *b, unsigned bits,
			    struct position pos)
{
	pair *p = find_pair(a, b, 1);

	if (!p || !t)
		return t;
	if (p->lo != a)
		bits = flip(bits);
	return sci__stree_set(t, sci__sm_leaf(SCI_OWNER_RELATION, p->key,
					      &states[bits], pos));
}

/* ------------------------------------------------------ operands */

/* Does a conversion from @from to @to keep every value? */
static int keeps_values(sci_vtype from, sci_vtype to)
{
	if (!from.bits || !to.bits)
		return 0;
	if (from.uns == to.uns)
		return to.bits >= from.bits;
	return from.uns && to.bits > from.bits;
}

/*
 * The key an operand of a comparison names, through casts that keep its
 * value; NULL when a cast may change it (then the comparison is not a
 * relation of the keys' own values).
 */
static const sci_key *operand_key(struct expression *e)
{
	sci_vtype vt;

	e = sci__strip_parens(e);
	while (e && (e->type == EXPR_CAST || e->type == EXPR_IMPLIED_CAST ||
		     e->type == EXPR_FORCE_CAST)) {
		struct expression *in = sci__strip_parens(e->cast_expression);

		if (!in || !keeps_values(sci__vtype(sci__expr_type(in)),
					 sci__vtype(e->cast_type)))
			return NULL;
		e = in;
	}
	if (!e || e->type == EXPR_VALUE)
		return NULL;
	vt = sci__vtype(sci__expr_type(e));
	if (!vt.bits)
		return NULL;
	return sci_key_expr(e);
}

/* ------------------------------------------------------ conditions */

static int leaf_fits(const sci_sm *leaf, void *payload)
{
	const unsigned *want = payload;

	return (state_bits(leaf->state) & *want) != 0;
}

/* @t on the paths where `a ? b` is one of @want; NULL if none. */
static const sci_stree *narrow(const sci_stree *t, const sci_key *a,
			       const sci_key *b, unsigned want,
			       struct position pos)
{
	unsigned now, bits;
	pair *p;
	const sci_sm *sm;

	if (!t)
		return NULL;
	now = known(t, a, b);
	bits = now & want;
	if (!bits)
		return NULL;
	p = find_pair(a, b, 1);
	if (!p)
		return t;
	sm = sci__stree_get(t, SCI_OWNER_RELATION, p->key);
	if (sm && sm->left) {
		unsigned w = p->lo == a ? want : flip(want);

		t = sci__implied(t, sm, leaf_fits, &w);
		if (!t)
			return NULL;
	}
	sm = sci__stree_get(t, SCI_OWNER_RELATION, p->key);
	if (bits == direct(t, a, b))
		return t;
	return set_keeping_history(t, p, sm, p->lo == a ? bits : flip(bits), pos);
}

void sci__relation_condition(struct expression *leaf, const sci_stree **t,
			     const sci_stree **f)
{
	struct expression *e = sci__strip(leaf);
	const sci_key *a, *b;
	unsigned bits;

	if (!e || e->type != EXPR_COMPARE)
		return;
	bits = op_bits(e->op);
	if (!bits)
		return;
	a = operand_key(e->left);
	b = operand_key(e->right);
	if (!a || !b || a == b)
		return;
	*t = narrow(*t, a, b, bits, e->pos);
	*f = narrow(*f, a, b, ALL & ~bits, e->pos);
}

int sci__relation_decides(struct expression *leaf)
{
	struct expression *e = sci__strip(leaf);
	const sci_key *a, *b;
	unsigned bits, now;

	if (!e || e->type != EXPR_COMPARE || !(bits = op_bits(e->op)))
		return -1;
	a = operand_key(e->left);
	b = operand_key(e->right);
	if (!a || !b || a == b || !sci__cur)
		return -1;
	now = known(sci__cur, a, b);
	if (!now)
		return -1;	/* an impossible path: say nothing */
	if (!(now & ~bits))
		return 1;
	if (!(now & bits))
		return 0;
	return -1;
}

/* ------------------------------------------------------ changes */

/* @k changed in a way nothing is known about: forget its relations. */
void sci__relation_forget(const sci_key *k)
{
	member *m = k ? find_member(k, 0) : NULL;
	link *l;

	for (l = m ? m->links : NULL; l && sci__cur; l = l->next) {
		const sci_sm *sm = sci__stree_get(sci__cur, SCI_OWNER_RELATION,
						  l->p->key);

		/* a merged "unknown" still has its leaves: drop them too */
		if (sm && (sm->state != &states[ALL] || sm->left))
			sci__cur = sci__stree_set(sci__cur,
				sci__sm_leaf(SCI_OWNER_RELATION, l->p->key,
					     &states[ALL], sm->pos));
	}
}

/*
 * The orderings of `k' ? c` after k' = k + 1, from those of k ? c, when
 * the step cannot wrap: a signed int or long (wrapping would be
 * undefined), or any type when k < c (k is then below its type's end).
 * @exact: the step cannot wrap whatever k is.
 */
static unsigned stepped_up(unsigned bits, int exact)
{
	if (!exact && (bits & (EQ | GT)))
		return ALL;
	return ((bits & LT) ? LT | EQ : 0) | ((bits & (EQ | GT)) ? GT : 0);
}

/* `i++` keeps i < n as i <= n; `i--` keeps i > n as i >= n. */
static void step(const sci_key *k, int up, int exact, struct position pos)
{
	member *m = find_member(k, 0);
	link *l;

	for (l = m ? m->links : NULL; l && sci__cur; l = l->next) {
		const sci_key *c = other(l->p, k);
		unsigned bits = direct(sci__cur, k, c);

		if (bits == ALL)
			continue;
		bits = up ? stepped_up(bits, exact) :
			    flip(stepped_up(flip(bits), exact));
		sci__cur = set(sci__cur, k, c, bits, pos);
	}
}

static int unit_step(struct expression *e, int *up)
{
	long long v;

	switch (e->type) {
	case EXPR_PREOP:
	case EXPR_POSTOP:
		if (e->op != SPECIAL_INCREMENT && e->op != SPECIAL_DECREMENT)
			return 0;
		*up = e->op == SPECIAL_INCREMENT;
		return 1;
	case EXPR_ASSIGNMENT:
		if ((e->op != SPECIAL_ADD_ASSIGN && e->op != SPECIAL_SUB_ASSIGN) ||
		    !sci__const_value(e->right, &v) || v != 1)
			return 0;
		*up = e->op == SPECIAL_ADD_ASSIGN;
		return 1;
	default:
		return 0;
	}
}

void sci__relation_modified(const sci_key *k, struct expression *how)
{
	struct expression *e = sci__strip(how), *target = NULL;
	const sci_key *src;
	member *m;
	link *l;
	int up;
	sci_vtype vt;

	if (!k || !sci__cur)
		return;
	if (e && e->type == EXPR_ASSIGNMENT)
		target = e->left;
	else if (e && (e->type == EXPR_PREOP || e->type == EXPR_POSTOP))
		target = e->unop;
	vt = sci__vtype(target ? sci__expr_type(target) : NULL);
	if (vt.bits && unit_step(e, &up)) {
		/* char and short wrap when stored back after the promotion */
		step(k, up, !vt.uns && vt.bits >= 32, e->pos);
		return;
	}
	sci__relation_forget(k);
	if (!vt.bits || e->type != EXPR_ASSIGNMENT || e->op != '=')
		return;
	src = operand_key(e->right);
	if (!src || src == k ||
	    !keeps_values(sci__vtype(sci__expr_type(e->right)), vt))
		return;
	/* a copy: k == src, and k stands where src stands */
	m = find_member(src, 0);
	for (l = m ? m->links : NULL; l && sci__cur; l = l->next) {
		const sci_key *c = other(l->p, src);
		unsigned bits = direct(sci__cur, src, c);

		if (bits != ALL && c != k)
			sci__cur = set(sci__cur, k, c, bits, e->pos);
	}
	sci__cur = set(sci__cur, k, src, EQ, e->pos);
}

/*
 * Loops: a relation that differs between a loop's entry and its back edge
 * was changed by the body; with a bounded number of passes it is not
 * known to hold after any number of iterations, so it is dropped.
 */
const sci_stree *sci__relation_widen(const sci_stree *merged,
				     const sci_stree *entry,
				     const sci_stree *back)
{
	const sci_sm **all;
	size_t n, i;

	all = sci__stree_list(merged, SCI_OWNER_RELATION, &n);
	for (i = 0; i < n; i++) {
		const sci_sm *a = sci__stree_get(entry, SCI_OWNER_RELATION, all[i]->key);
		const sci_sm *b = sci__stree_get(back, SCI_OWNER_RELATION, all[i]->key);

		if (a && b && a->state == b->state)
			continue;
		if (all[i]->state == &states[ALL] && !all[i]->left)
			continue;
		merged = sci__stree_set(merged,
			sci__sm_leaf(SCI_OWNER_RELATION, all[i]->key,
				     &states[ALL], (struct position){ 0 }));
	}
	return merged;
}

/* ------------------------------------------------------ queries */

const char *sci__relation_text(struct expression *a, struct expression *b)
{
	const sci_key *ka = operand_key(a), *kb = operand_key(b);

	if (!ka || !kb || ka == kb)
		return states[ALL].name;
	return states[known(sci__cur, ka, kb)].name;
}

int sci_value_relation(sci_expr *a, sci_expr *b)
{
	return sci__relation_keys(operand_key(a), operand_key(b));
}

/*
 * Has @k a relation within @want to a value other than @from?  A plain
 * copy (`c = d`, EQ alone) is no bound when an ordering is asked for: c
 * is bounded only if d is, so the copy's own relations are looked at, up
 * to @depth copies away.
 */
static int related_from(const sci_key *k, const sci_key *from, unsigned want,
			int depth)
{
	member *m = k ? find_member(k, 0) : NULL;
	link *l;

	for (l = m ? m->links : NULL; l && sci__cur; l = l->next) {
		const sci_key *o = other(l->p, k);
		unsigned bits;

		if (o == from)
			continue;
		bits = direct(sci__cur, k, o);
		if (bits == ALL || (bits & ~want))
			continue;
		if (bits != EQ || want == EQ)
			return 1;
		if (depth > 0 && related_from(o, k, want, depth - 1))
			return 1;
	}
	return 0;
}

int sci_value_related(sci_expr *e, int rels)
{
	unsigned want = (rels & SCI_REL_LT ? LT : 0) | (rels & SCI_REL_EQ ? EQ : 0) |
			(rels & SCI_REL_GT ? GT : 0);

	return related_from(operand_key(e), NULL, want, 3);
}

int sci__relation_keys(const sci_key *a, const sci_key *b)
{
	unsigned bits;

	if (!a || !b || a == b || !sci__cur)
		return SCI_REL_ANY;
	bits = known(sci__cur, a, b);
	return (bits & LT ? SCI_REL_LT : 0) | (bits & EQ ? SCI_REL_EQ : 0) |
	       (bits & GT ? SCI_REL_GT : 0);
}

size_t sci__relation_equals(const sci_key *k, const sci_key **out, size_t max)
{
	member *m = k ? find_member(k, 0) : NULL;
	link *l;
	size_t n = 0;

	for (l = m ? m->links : NULL; l && sci__cur && n < max; l = l->next)
		if (direct(sci__cur, k, other(l->p, k)) == EQ)
			out[n++] = other(l->p, k);
	return n;
}
