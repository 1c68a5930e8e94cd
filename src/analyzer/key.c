/*
 * key.c - interned keys.  A key is the name of something that carries
 * states: a variable, a member path rooted at one ("p->next", "s.a"), a
 * dereference ("*p"), or a free-form name.  Keys live for one function and
 * are unique per (name, root variable), so shadowed variables differ.
 */
#include "analyzer/engine_int.h"

#include <stdint.h>
#include <string.h>

#define NBUCKETS 1024

static sci_key *buckets[NBUCKETS];
static unsigned next_id;

/*
 * Keys by root variable, so "p changed" finds "p->next" without walking
 * every state of the path (that made long functions quadratic).
 */
typedef struct base_entry {
	struct symbol *base;
	sci_key *keys;
	struct base_entry *next;
} base_entry;

static base_entry *bases[NBUCKETS];
static sci_key *globals;
static sci_key *aliasable;

/*
 * The key of a node, kept for the walk: its name is built again on each
 * question otherwise (a printf and a hash lookup, every time a loop pass
 * or a condition reads the same expression).  A key is the same for a
 * node during the walk of one function (the aliases and parameter
 * copies it follows are the TU's fixed facts); keys die with the walk's
 * arena, so a new walk starts a new generation.  Only the named shapes
 * are kept: the engine's stack-built constants are EXPR_VALUE.
 */
#define KEY_MEMO (1u << 14)
static struct key_memo {
	const struct expression *e;
	unsigned gen;
	const sci_key *key;
} key_memo[KEY_MEMO];
static unsigned key_gen = 1;

void sci__keys_reset(void)
{
	if (++key_gen == 0) {
		memset(key_memo, 0, sizeof(key_memo));
		key_gen = 1;
	}
	memset(buckets, 0, sizeof(buckets));
	memset(bases, 0, sizeof(bases));
	globals = NULL;
	aliasable = NULL;
	next_id = 0;
}

static base_entry **base_slot(struct symbol *base)
{
	return &bases[((uintptr_t)base >> 4) % NBUCKETS];
}

static base_entry *find_base(struct symbol *base)
{
	base_entry *b;

	for (b = *base_slot(base); b; b = b->next)
		if (b->base == base)
			return b;
	return NULL;
}

static void index_key(sci_key *k)
{
	base_entry *b;

	if (!k->base)
		return;
	b = find_base(k->base);
	if (!b) {
		b = sci_arena_alloc(sizeof(*b));
		b->base = k->base;
		b->next = *base_slot(k->base);
		*base_slot(k->base) = b;
	}
	k->next_derived = b->keys;
	b->keys = k;
	if (k->base->ctype.modifiers & (MOD_TOPLEVEL | MOD_STATIC | MOD_EXTERN)) {
		k->next_global = globals;
		globals = k;
	} else if (k->indirect || sci__sym_pointed_to(k->base)) {
		k->next_aliasable = aliasable;
		aliasable = k;
	}
}

const sci_key *sci__keys_of_base(struct symbol *base)
{
	base_entry *b = base ? find_base(base) : NULL;

	return b ? b->keys : NULL;
}

const sci_key *sci__keys_global(void)
{
	return globals;
}

const sci_key *sci__keys_aliasable(void)
{
	return aliasable;
}

static unsigned hash_str(const char *s)
{
	unsigned h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

typedef struct {
	const char *member;
	int indirect;
} key_shape;

static const sci_key *intern(const char *name, struct symbol *base, int is_var,
			     const key_shape *shape)
{
	unsigned b = hash_str(name) % NBUCKETS;
	sci_key *k;

	for (k = buckets[b]; k; k = k->hnext) {
		sci__work += SCI_WORK_INTERN_STEP;
		if (k->base == base && strcmp(k->name, name) == 0)
			return k;
	}
	k = sci_arena_alloc(sizeof(*k));
	k->name = sci_arena_strdup(name);
	k->base = base;
	k->is_var = is_var;
	k->id = next_id++;
	if (shape) {
		k->member = shape->member;
		k->indirect = shape->indirect;
	}
	k->hnext = buckets[b];
	buckets[b] = k;
	index_key(k);
	return k;
}

static const char *ident_name(struct ident *id)
{
	return sci__ident_str(id);
}

/* @a @sep @b in the arena: key names are built on every lookup. */
static const char *join3(const char *a, const char *sep, const char *b)
{
	size_t la = strlen(a), ls = strlen(sep), lb = strlen(b);
	char *s = sci_arena_alloc(la + ls + lb + 1);

	memcpy(s, a, la);
	memcpy(s + la, sep, ls);
	memcpy(s + la + ls, b, lb + 1);
	return s;
}

/*
 * Builds the name of @e into a string, setting *base to the root variable.
 * Returns NULL for expressions that do not name storage.
 */
static int is_pointer(struct expression *e)
{
	struct symbol *t = sci__real_type(sci__expr_type(e));

	return t && t->type == SYM_PTR;
}

/*
 * @shape gets the outermost member name and whether any step reads
 * through a pointer (`p->a`, `*p`, `p[2]` for a pointer p; not `s.a` or
 * `arr[2]` for a struct or array variable).
 */
/*
 * The members of a union that have one type are one place: `u.two` is
 * named `u.one`, so what is stored through one is read through the other.
 */
static const char *union_member(struct expression *e, const char *member)
{
	struct expression *d = sci__strip(e->deref);
	struct symbol *u, *m, *t;

	/*
	 * This runs for every member key named: only a union reached from
	 * a variable (`u.two`, `p->two`), whose type costs nothing to find.
	 */
	if (d && d->type == EXPR_PREOP && d->op == '*')
		d = sci__strip(d->unop);
	if (!d || d->type != EXPR_SYMBOL)
		return member;
	u = sci__real_type(sci__expr_type(sci__strip(e->deref)));
	if (!u || u->type != SYM_UNION)
		return member;
	t = sci__expr_type(e);
	if (!t)
		return member;
	FOR_EACH_PTR(u->symbol_list, m) {
		if (m->ident && sci__same_type(m, t))
			return ident_name(m->ident);
	} END_FOR_EACH_PTR(m);
	return member;
}

/* What `*@e` is when @e is a local pointer that only holds `&x`: x. */
static struct expression *alias_of(struct expression *e)
{
	e = sci__strip(e);
	return e && e->type == EXPR_SYMBOL ? sci__local_alias(e->symbol) : NULL;
}

/* Set while sci__key_text() names an expression as the source does. */
static int as_written;

static const char *expr_name(struct expression *e, struct symbol **base,
			     key_shape *shape)
{
	const char *inner, *member;
	struct expression *d, *a;

	e = sci__strip(e);
	if (!e)
		return NULL;
	switch (e->type) {
	case EXPR_SYMBOL: {
		/* `c` for `struct ctx *c = arg;` is arg */
		struct symbol *sym = as_written ? NULL :
				     sci__param_copy(e->symbol);

		if (!sym)
			sym = e->symbol;
		if (!sym || !sym->ident)
			return NULL;
		*base = sym;
		return ident_name(sym->ident);
	}
	case EXPR_DEREF:
		member = ident_name(e->member);
		if (!member)
			return NULL;
		member = union_member(e, member);
		d = sci__strip(e->deref);
		/* `p->m` for `p = &x` is x.m */
		if (d && d->type == EXPR_PREOP && d->op == '*' &&
		    (a = alias_of(d->unop)) &&
		    (inner = expr_name(a, base, shape))) {
			shape->member = member;
			return join3(inner, ".", member);
		}
		if (d && d->type == EXPR_PREOP && d->op == '*') {
			inner = expr_name(d->unop, base, shape);
			shape->indirect = 1;
			shape->member = member;
			return inner ? join3(inner, "->", member) : NULL;
		}
		inner = expr_name(d, base, shape);
		shape->member = member;
		return inner ? join3(inner, ".", member) : NULL;
	case EXPR_PREOP:
		if (e->op != '*')
			return NULL;
		d = sci__strip(e->unop);
		/* a[i] is *(a + i): name constant indexes only */
		if (d && d->type == EXPR_BINOP && d->op == '+') {
			long long idx;

			if (!sci__const_value(d->right, &idx))
				return NULL;
			inner = expr_name(d->left, base, shape);
			shape->member = NULL;
			if (is_pointer(d->left))
				shape->indirect = 1;
			return inner ? sci_arena_printf("%s[%lld]", inner, idx) : NULL;
		}
		/* `*p` for `p = &x` is x */
		if ((a = alias_of(d)) && (inner = expr_name(a, base, shape)))
			return inner;
		inner = expr_name(d, base, shape);
		shape->member = NULL;
		shape->indirect = 1;
		return inner ? join3("*", "", inner) : NULL;
	default:
		return NULL;
	}
}

static const sci_key *key_of(struct expression *s)
{
	struct symbol *base = NULL;
	const char *name;
	key_shape shape = { NULL, 0 };

	name = expr_name(s, &base, &shape);
	if (!name)
		return NULL;
	/* `*p` for `p = &x` names x itself (alias_of()) */
	return intern(name, base, s->type == EXPR_SYMBOL ||
		      (base && base->ident &&
		       strcmp(name, ident_name(base->ident)) == 0), &shape);
}

const sci_key *sci_key_expr(sci_expr *e)
{
	struct expression *s = sci__strip(e);
	struct key_memo *m;

	if (!s || (s->type != EXPR_SYMBOL && s->type != EXPR_DEREF &&
		   s->type != EXPR_PREOP))
		return s ? key_of(s) : NULL;
	m = &key_memo[((uintptr_t)s >> 4) & (KEY_MEMO - 1)];
	if (m->e != s || m->gen != key_gen) {
		m->key = key_of(s);
		m->e = s;
		m->gen = key_gen;
	}
	return m->key;
}

const char *sci__key_text(struct expression *e)
{
	struct symbol *base = NULL;
	key_shape shape = { NULL, 0 };
	const char *name;

	as_written = 1;
	name = expr_name(sci__strip(e), &base, &shape);
	as_written = 0;
	return name;
}

/* The key named @name rooted at @base, if this function made it. */
static const sci_key *find(const char *name, struct symbol *base)
{
	sci_key *k;

	for (k = buckets[hash_str(name) % NBUCKETS]; k; k = k->hnext)
		if (k->base == base && strcmp(k->name, name) == 0)
			return k;
	return NULL;
}

/* Has this function a key rooted at @base other than @base itself? */
static int has_derived(struct symbol *base)
{
	const base_entry *b = base ? find_base(base) : NULL;
	const sci_key *k;

	for (k = b ? b->keys : NULL; k; k = k->next_derived)
		if (!k->is_var)
			return 1;
	return 0;
}

const sci_key *sci__key_arg_path(struct expression *arg, const char *path)
{
	struct symbol *base = NULL;
	key_shape shape = { NULL, 0 };
	struct expression *inner;
	const char *name;

	arg = sci__strip(arg);
	if (!arg)
		return NULL;
	if (arg->type == EXPR_PREOP && arg->op == '&') {
		/* `&x` with "*" is x, with "->m" it is x.m */
		inner = sci__strip(arg->unop);
		name = expr_name(inner, &base, &shape);
		if (!name)
			return NULL;
		if (path[0] == '*' && !path[1])
			return find(name, base);
		if (path[0] == '-' && path[1] == '>')
			return find(join3(name, ".", path + 2), base);
		return NULL;
	}
	name = expr_name(arg, &base, &shape);
	if (!name || !has_derived(base))
		return NULL;
	if (path[0] == '*')
		return find(join3("*", "", name), base);
	return find(join3(name, "", path), base);
}

const sci_key *sci_key_sym(sci_sym *sym)
{
	if (!sym || !sym->ident)
		return NULL;
	return intern(ident_name(sym->ident), sym, 1, NULL);
}

const sci_key *sci_key_arg(sci_expr *call, int n)
{
	sci_expr *arg = sci_call_arg(call, n);

	return arg ? sci_key_expr(arg) : NULL;
}

const sci_key *sci__key_fresh(const char *name)
{
	sci_key *k = sci_arena_alloc(sizeof(*k));

	k->name = name;
	k->id = next_id++;
	return k;
}

const sci_key *sci_key_pointee(sci_sym *sym)
{
	key_shape shape = { NULL, 1 };

	if (!sym || !sym->ident)
		return NULL;
	return intern(join3("*", "", ident_name(sym->ident)), sym, 0, &shape);
}

const sci_key *sci_key_named(const char *name)
{
	return intern(name, NULL, 0, NULL);
}

const sci_key *sci_key_global(const char *name)
{
	const sci_key *k;

	for (k = globals; name && k; k = k->next_global)
		if (k->is_var && sci_sym_name(k->base) &&
		    strcmp(sci_sym_name(k->base), name) == 0)
			return k;
	return NULL;
}

const char *sci_key_name(const sci_key *key)
{
	return key ? key->name : "";
}

sci_sym *sci_key_base(const sci_key *key)
{
	return key ? key->base : NULL;
}

int sci_key_is_var(const sci_key *key)
{
	return key && key->is_var;
}
