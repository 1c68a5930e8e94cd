/*
 * points.c - what a pointer points into (issue "Values"): for each
 * pointer key (a variable, a member such as `s->cur`), the object it
 * points into and its offset from the object's start, in bytes.
 *
 * Objects are arrays whose type gives their size (locals, globals, struct
 * members; not parameters, whose array type C ignores, and not members of
 * 0 or 1 elements, old-style flexible arrays), string literals, `&x` of a
 * whole variable (not of a parameter: sparse's va_start(ap, last) is
 * `ap = &last`), and blocks from malloc/calloc/realloc/alloca (and the
 * xmalloc/g_malloc wrappers) whose size the value model knows exactly.
 * A block whose size is only a range is left out: it would be compared
 * with indexes bounded by the same variable (`p = malloc(n); ... i < n`),
 * a relation this model does not keep.
 *
 * Offsets are bytes, so casts between pointer types change nothing.  A
 * congruence (every offset is `res` modulo `grid`) keeps what steps of a
 * whole element leave out: an int pointer stepping from `a` and tested
 * with `p < a + 10` is at most 36 bytes in, not 39.
 *
 * `p = buf + k` with k a local variable or a parameter keeps k itself:
 * the offset is k, scaled, read when asked, so a later check of k narrows
 * p too (`p = buf + n; if (n < sizeof buf) *p = 0;`).  Before k changes
 * (an assignment, its address passed to a call), p's offset is fixed to
 * what k was.  A member or a global is read at once: it can change
 * without being assigned by name (`s = s->next`, any call).
 *
 * What moves a pointer: `=`, `+=`, `-=`, `++`, `--`, and comparisons with
 * a pointer into the same object (`p < buf + N` bounds p as `i < N`
 * bounds i).  Anything else forgets it, through sci__points_forget():
 * calls that may change it (its address passed, a global, a member of an
 * argument), asm outputs, and stores through a pointer that another name
 * may share (walk_expr.c: `t->cur = x` forgets `s->cur`, `*pp = x` every
 * pointer reached through a pointer).  A variable whose address is kept
 * (`pp = &p`) is never tracked, so no store through a pointer can change
 * a tracked variable unseen.
 *
 * Joins keep the union of offsets into the same object; different objects
 * or a side that knows nothing give nothing.  NULL joins as nothing (`if
 * (!p) p = buf;`): it points into no object, and a dereference of it is
 * null-deref's business.  Loops widen an offset in the direction it moved,
 * softly, as the value model does; the loop's test then bounds it.
 *
 * Owner SCI_OWNER_POINTS; a state's data is its `pt`.
 */
#include "analyzer/engine_int.h"

#include <ctype.h>
#include <limits.h>
#include <string.h>

#define NBUCKETS 256
#define MAX_DEPTH 32

typedef struct pt_obj {
	const char *name;	/* printable: "buf", "s->name", "malloc(...)" */
	const void *id;		/* the array's key, the call, the string, the variable */
	sci_val size;		/* bytes */
	/*
	 * A block whose size is factor times parameters of the function
	 * walked (args[0] >= 0): unknown here, so no checker sees it; its
	 * return makes the function an allocator of that size for callers.
	 */
	sci_val factor;
	int args[2];
	int kind;		/* SCI_OBJECT_* */
	int origin;		/* sci_object.origin */
	unsigned flags;		/* sci_object.flags */
	sci_val wlo, whi;	/* sci_object.written_lo, _hi */
	const sci_key *key;	/* an array with a key: the key (strlen.c) */
	struct pt_obj *next;
} pt_obj;

typedef struct pt {
	sci_state state;	/* data: this */
	const pt_obj *obj;
	const sci_rl *off;	/* the fixed part of the offset */
	struct expression *dep;	/* plus scale * dep's value now, or NULL */
	const sci_key *dep_key;
	sci_vtype dep_vt;
	sci_val scale;
	sci_val grid, res;	/* every offset is res mod grid; grid 0: exact */
	struct pt *next;
} pt;

static const sci_state pt_null = { "null", NULL };

static pt_obj *objs[NBUCKETS];
static pt *states[NBUCKETS];
static const sci_key **deps;	/* keys some offset reads (arena set) */
static size_t ndeps, capdeps;
static int any_tracked;	/* some key got an object or NULL in this function */

void sci__points_init(void)
{
	memset(objs, 0, sizeof(objs));
	memset(states, 0, sizeof(states));
	deps = NULL;
	ndeps = capdeps = 0;
	any_tracked = 0;
}

static sci_vtype offt(void)
{
	return sci_vt(64, 0);
}

static const sci_rl *full(void)
{
	return sci_rl_type(offt());
}

static sci_val absval(sci_val v)
{
	return v < 0 ? -v : v;
}

static sci_val gcd(sci_val a, sci_val b)
{
	a = absval(a);
	b = absval(b);
	while (b) {
		sci_val t = a % b;

		a = b;
		b = t;
	}
	return a;
}

static sci_val mod(sci_val v, sci_val m)
{
	sci_val r = v % m;

	return r < 0 ? r + m : r;
}

/* ------------------------------------------------------ interning */

static unsigned hash_ptr(const void *p)
{
	return (unsigned)(((uintptr_t)p >> 4) * 2654435761u);
}

static const pt_obj *object_at(const void *id, const char *name,
			       sci_val size, int kind, int origin,
			       unsigned flags, sci_val wlo, sci_val whi,
			       sci_val factor, const int args[2])
{
	unsigned b = hash_ptr(id) % NBUCKETS;
	pt_obj *o;

	for (o = objs[b]; o; o = o->next)
		if (o->id == id && o->size == size && o->factor == factor &&
		    o->args[0] == args[0] && o->args[1] == args[1] &&
		    o->kind == kind && o->origin == origin &&
		    o->flags == flags && o->wlo == wlo && o->whi == whi)
			return o;
	o = sci_arena_alloc(sizeof(*o));
	o->id = id;
	o->name = name;
	o->size = size;
	o->factor = factor;
	o->args[0] = args[0];
	o->args[1] = args[1];
	o->kind = kind;
	o->origin = origin;
	o->flags = flags;
	o->wlo = wlo;
	o->whi = whi;
	o->next = objs[b];
	objs[b] = o;
	return o;
}

static const pt_obj *object_of(const void *id, const char *name,
			       sci_val size, int kind, sci_val factor,
			       const int args[2])
{
	return object_at(id, name, size, kind, kind, 0, 1, 0, factor, args);
}

static const pt_obj *object(const void *id, const char *name, sci_val size,
			    int kind)
{
	static const int none[2] = { -1, -1 };

	return object_of(id, name, size, kind, 0, none);
}

static const char *bound_text(sci_val v)
{
	sci_vtype t = offt();

	if (v == sci_vt_max(t))
		return "max";
	if (v == sci_vt_min(t))
		return "min";
	return sci_arena_printf("%lld", (long long)v);
}

/* "8-9", "16-max"; bounds a type or a loop gave say "(soft ...)". */
static const char *off_text(const sci_rl *off)
{
	const char *s = "";
	unsigned soft = off->soft & (SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX);
	sci_vtype t = offt();
	size_t i;

	if (sci_rl_is_empty(off))
		return "empty";
	for (i = 0; i < off->n; i++) {
		s = sci_arena_printf("%s%s%s", s, i ? "," : "",
				     bound_text(off->r[i].min));
		if (off->r[i].max != off->r[i].min)
			s = sci_arena_printf("%s-%s", s, bound_text(off->r[i].max));
	}
	/* the ends of the offset's type are soft by nature: say nothing */
	if (off->r[0].min == sci_vt_min(t))
		soft &= ~SCI_RL_SOFT_MIN;
	if (off->r[off->n - 1].max == sci_vt_max(t))
		soft &= ~SCI_RL_SOFT_MAX;
	if (soft == (SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX))
		return sci_arena_printf("%s (soft)", s);
	if (soft)
		return sci_arena_printf("%s (soft %s)", s,
					soft == SCI_RL_SOFT_MIN ? "min" : "max");
	return s;
}

/* The interned state for @v (its fields already normalized). */
static const sci_state *intern(const pt *v)
{
	unsigned b = (hash_ptr(v->obj) ^ hash_ptr(v->dep_key) ^
		      (unsigned)v->off->n ^
		      (v->off->n ? (unsigned)v->off->r[0].min * 31u : 0)) % NBUCKETS;
	pt *p;

	for (p = states[b]; p; p = p->next)
		if (p->obj == v->obj && p->dep_key == v->dep_key &&
		    p->scale == v->scale && p->grid == v->grid &&
		    p->res == v->res && p->dep_vt.bits == v->dep_vt.bits &&
		    p->dep_vt.uns == v->dep_vt.uns &&
		    sci_rl_identical(p->off, v->off))
			return &p->state;
	p = sci_arena_alloc(sizeof(*p));
	*p = *v;
	p->state.data = p;
	/* __sci_object() prints the details: no text for every new state */
	p->state.name = "object";
	p->next = states[b];
	states[b] = p;
	return &p->state;
}

static const pt *as_pt(const sci_state *s)
{
	return s && s != &pt_null && s->data ? s->data : NULL;
}

/* ---------------------------------------------------- offsets */

/* The congruence of a value that is exactly @off, or keep @v's. */
static void normalize(pt *v)
{
	sci_val x;

	if (!v->dep && sci_rl_single(v->off, &x)) {
		v->grid = 0;
		v->res = x;
	} else if (v->grid) {
		v->res = mod(v->res, v->grid);
	} else if (v->dep || !sci_rl_single(v->off, NULL)) {
		v->grid = 1;	/* exactness lost without a step to keep */
		v->res = 0;
	}
}

static void add_const(pt *v, sci_val c)
{
	v->off = sci_rl_binop(SCI_OP_ADD, v->off,
			      sci_rl_cast(sci_rl_range(c, c), offt()), offt());
	v->res += c;
	normalize(v);
}

/*
 * @k elements of @step bytes, bound by bound: a bound the program gave
 * stays hard (a product of ranges would soften both for one soft input).
 * A product past the offset's type is anything.
 */
static const sci_rl *scaled(const sci_rl *k, sci_val step)
{
	sci_val lo, hi, t;
	unsigned soft = k->soft & (SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX);

	if (sci_rl_is_empty(k) || !step)
		return full();
	lo = k->r[0].min * step;
	hi = k->r[k->n - 1].max * step;
	if (absval(lo) > LLONG_MAX || absval(hi) > LLONG_MAX)
		return full();
	if (step < 0) {
		t = lo;
		lo = hi;
		hi = t;
		soft = (soft & SCI_RL_SOFT_MIN ? SCI_RL_SOFT_MAX : 0) |
		       (soft & SCI_RL_SOFT_MAX ? SCI_RL_SOFT_MIN : 0);
	}
	return sci_rl_with_soft(sci_rl_range(lo, hi), soft);
}

/* The value of @e on the tree @t, as an offset (long). */
static const sci_rl *value_on(const sci_stree *t, struct expression *e)
{
	const sci_stree *save = sci__cur;
	const sci_rl *rl;

	sci__cur = t;
	rl = sci_rl_cast(sci__expr_rl(e), offt());
	sci__cur = save;
	return rl;
}

/* @v with its variable part read on @t: a fixed offset. */
static pt materialize(const pt *v, const sci_stree *t)
{
	pt out = *v;
	const sci_rl *k;

	if (!v->dep)
		return out;
	k = scaled(value_on(t, v->dep), v->scale);
	out.off = sci_rl_binop(SCI_OP_ADD, v->off, k, offt());
	if (sci_rl_equal(k, full()))
		out.grid = 1;
	out.dep = NULL;
	out.dep_key = NULL;
	out.dep_vt = sci_vt(0, 0);
	out.scale = 0;
	normalize(&out);
	return out;
}

static size_t dep_slot(const sci_key *key)
{
	return (size_t)hash_ptr(key) & (capdeps - 1);
}

/* A set of keys (open addressing, arena): O(1) for every assignment. */
static int has_dep(const sci_key *key)
{
	size_t i;

	if (!capdeps)
		return 0;
	for (i = dep_slot(key); deps[i]; i = (i + 1) & (capdeps - 1))
		if (deps[i] == key)
			return 1;
	return 0;
}

static void add_dep(const sci_key *key)
{
	const sci_key **old = deps;
	size_t oldcap = capdeps, i, j;

	if (has_dep(key))
		return;
	if ((ndeps + 1) * 2 > capdeps) {
		capdeps = capdeps ? capdeps * 2 : 16;
		deps = sci_arena_alloc(capdeps * sizeof(*deps));
		memset(deps, 0, capdeps * sizeof(*deps));
		for (i = 0; i < oldcap; i++) {
			if (!old[i])
				continue;
			for (j = dep_slot(old[i]); deps[j]; j = (j + 1) & (capdeps - 1))
				;
			deps[j] = old[i];
		}
	}
	for (j = dep_slot(key); deps[j]; j = (j + 1) & (capdeps - 1))
		;
	deps[j] = key;
	ndeps++;
}

/*
 * A variable only this function's assignments change, all of which the
 * walk sees (sci__points_assign, sci__points_forget): a local or a
 * parameter whose address is not kept.  A member or a global can change
 * without its own key being assigned (`s = s->next`, a call), and a later
 * check would then narrow an offset taken from the old one.
 */
static int is_own_var(const sci_key *key)
{
	return key && key->is_var && key->base &&
	       (sci_sym_is_local(key->base) || sci_sym_is_param(key->base)) &&
	       !sci__sym_pointed_to(key->base);
}

/*
 * `+ idx` (or `- idx`) elements of @es bytes.  A variable index is kept
 * as such when the offset is one known value; otherwise its value now is
 * added.  A sum of two ranges has soft bounds: its ends need both
 * ends at once, which the two may not allow together.
 */
static void add_index(pt *v, struct expression *idx, sci_val es, int neg)
{
	const sci_rl *k = sci_rl_cast(sci__expr_rl(idx), offt());
	const sci_key *key;
	sci_val c, step = neg ? -es : es;
	pt m;

	if (sci_rl_single(k, &c)) {
		add_const(v, c * step);
		return;
	}
	if (!v->dep && sci_rl_single(v->off, NULL) &&
	    is_own_var(key = sci_key_expr(idx)) &&
	    sci__type_is_int(sci__expr_type(idx))) {
		v->dep = idx;
		v->dep_key = key;
		v->dep_vt = sci__vtype(sci__expr_type(idx));
		v->scale = step;
		v->grid = gcd(v->grid, step);
		add_dep(key);
		normalize(v);
		return;
	}
	m = materialize(v, sci__cur);
	*v = m;
	k = scaled(k, step);
	v->off = sci_rl_binop(SCI_OP_ADD, m.off, k, offt());
	if (!sci_rl_single(m.off, NULL))
		v->off = sci_rl_with_soft(v->off, SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX);
	/* a product past the offset's type wraps: no congruence is left */
	v->grid = sci_rl_equal(k, full()) ? 1 : gcd(m.grid, es);
	v->res = m.res + k->r[0].min;
	normalize(v);
}

/* ---------------------------------------------------- evaluation */

enum { NONE = 0, OBJECT = 1, NULLPTR = 2 };

static int eval(struct expression *e, pt *out, int depth);

/* Bytes of what a pointer or array type points to / holds; 0: unknown. */
static sci_val pointee_size(struct symbol *t)
{
	t = sci__real_type(t);
	if (!t || (t->type != SYM_PTR && t->type != SYM_ARRAY))
		return 0;
	t = sci__real_type(t->ctype.base_type);
	if (!t)
		return 0;
	if (t == &void_ctype)
		return 1;	/* GNU C: void * arithmetic counts bytes */
	if (t->type == SYM_FN)
		return 0;
	examine_symbol_type(t);
	return t->bit_size > 0 && t->bit_size % 8 == 0 ? t->bit_size / 8 : 0;
}

static int start(pt *out, const pt_obj *obj)
{
	memset(out, 0, sizeof(*out));
	out->obj = obj;
	out->off = sci_rl_range(0, 0);
	return OBJECT;
}

/* Where a variable lives: this call's frame, or for the whole run. */
static int var_kind(struct symbol *sym)
{
	if (!sym)
		return SCI_OBJECT_UNKNOWN;
	return sci_sym_is_local(sym) ? SCI_OBJECT_STACK : SCI_OBJECT_STATIC;
}

/* Where an array variable or member lives; a member through a pointer,
 * wherever that points. */
static int array_kind(struct expression *e)
{
	struct expression *d = sci__strip(e);

	while (d && d->type == EXPR_DEREF) {
		d = sci__strip(d->deref);
		if (!d || (d->type == EXPR_PREOP && d->op == '*'))
			return SCI_OBJECT_UNKNOWN;
	}
	if (!d || d->type != EXPR_SYMBOL)
		return SCI_OBJECT_UNKNOWN;
	/* a union's members share the variable's storage: still its kind */
	return var_kind(d->symbol);
}

/*
 * `((struct s *)buf)->tail`: the last member of a struct laid over a
 * buffer by a cast, as gcc's default -fstrict-flex-arrays=0 allows, may
 * run on to the buffer's end (busybox's `G.line`, "_at least_ 256", over
 * bb_common_bufsiz1).  Its declared size is no bound.
 */
static int trailing_over_cast(struct expression *e)
{
	struct expression *base, *ptr;
	struct symbol *st, *m, *last = NULL;

	if (e->type != EXPR_DEREF || !e->member)
		return 0;
	base = sci__strip_parens(e->deref);
	if (!base || base->type != EXPR_PREOP || base->op != '*')
		return 0;
	ptr = sci__strip_parens(base->unop);
	if (!ptr || (ptr->type != EXPR_CAST && ptr->type != EXPR_FORCE_CAST))
		return 0;
	st = sci__real_type(sci__expr_type(base));
	if (!st || st->type != SYM_STRUCT)
		return 0;
	FOR_EACH_PTR(st->symbol_list, m) {
		last = m;
	} END_FOR_EACH_PTR(m);
	return last && last->ident == e->member;
}

/* An array expression (a variable or a member): the array itself. */
static int array_object(struct expression *e, pt *out)
{
	struct symbol *t = sci__real_type(sci__expr_type(e));
	struct symbol *sym = sci_expr_var(e);
	const sci_key *key = sci_key_expr(e);
	const pt_obj *obj;
	sci_val elem;

	if (!t || t->type != SYM_ARRAY || (sym && sci_sym_is_param(sym)))
		return NONE;
	examine_symbol_type(t);
	elem = pointee_size(t);
	if (t->bit_size <= 0 || !elem)
		return NONE;	/* flexible, VLA, unknown element */
	/* [0] and [1] at the end of a struct are old-style flexible arrays */
	if (e->type == EXPR_DEREF && (t->bit_size / 8 / elem <= 1 ||
				      trailing_over_cast(e)))
		return NONE;
	obj = object(key ? (const void *)key : e,
		     key ? key->name : sci_expr_text(e), t->bit_size / 8,
		     array_kind(e));
	if (key)
		((pt_obj *)obj)->key = key;
	return start(out, obj);
}

static int string_object(struct expression *e, pt *out)
{
	const char *name = "a string literal";
	unsigned i, n;

	if (e->wide || !e->string || !e->string->length)
		return NONE;
	n = e->string->length - 1;
	for (i = 0; i < n && n <= 16; i++)
		if (!isprint((unsigned char)e->string->data[i]) ||
		    e->string->data[i] == '"' || e->string->data[i] == '\\')
			break;
	if (n <= 16 && i == n)
		name = sci_arena_printf("\"%.*s\"", (int)n, e->string->data);
	return start(out, object(e, name, e->string->length, SCI_OBJECT_STRING));
}

/* `&x`: the same address as x's object for arrays; a whole variable. */
static int addr_object(struct expression *x, pt *out, int depth)
{
	struct symbol *t;

	x = sci__strip(x);
	if (!x)
		return NONE;
	if (x->type == EXPR_PREOP && x->op == '*')
		return eval(x->unop, out, depth + 1);	/* &a[i], &*p */
	t = sci__real_type(sci__expr_type(x));
	if (t && t->type == SYM_ARRAY)
		return array_object(x, out);
	/* sparse's va_start(ap, last) is `ap = &last`: no object to index */
	if (x->type != EXPR_SYMBOL || !x->symbol || !t || t->type == SYM_FN ||
	    sci_sym_is_param(x->symbol))
		return NONE;
	examine_symbol_type(t);
	if (t->bit_size <= 0 || t->bit_size % 8)
		return NONE;
	return start(out, object(x->symbol, sci_sym_name(x->symbol),
				 t->bit_size / 8, var_kind(x->symbol)));
}

/* An exact size: one value, not a range a type or a loop gave. */
static int exact(struct expression *e, sci_val *out)
{
	const sci_rl *rl = e ? sci__expr_rl(e) : NULL;

	return rl && sci_rl_single(rl, out) && !rl->soft && *out >= 0;
}

/*
 * The size argument @arg of an allocation: exact (multiplied into
 * *@factor), or a parameter of the function walked, not reassigned
 * (added to @args).  0 when it is neither.
 */
static int size_part(struct expression *arg, sci_val *factor, int args[2])
{
	sci_val v;
	int i;

	if (exact(arg, &v)) {
		if (v && *factor > (sci_val)LLONG_MAX / v)
			return 0;
		*factor *= v;
		return 1;
	}
	if ((i = sci__fn_facts_int_param(arg)) < 0)
		return 0;
	if (args[0] < 0)
		args[0] = i;
	else if (args[1] < 0)
		args[1] = i;
	else
		return 0;
	return 1;
}

/*
 * A block of @factor times @args bytes from @call: known when no
 * parameter is in the size; else known only as what @call's function
 * returns (sci__points_ret_obj()).
 */
static int sized_block(struct expression *call, const char *name,
		       sci_val factor, const int args[2], int kind, pt *out)
{
	if (args[0] < 0) {
		const pt_obj *obj = object(call, name, factor, kind);

		/*
		 * A block of known size has a key as an array has, named
		 * by the call that made it: strlen.c follows the string it
		 * holds through every pointer into it.
		 */
		if (kind == SCI_OBJECT_HEAP && !obj->key)
			((pt_obj *)obj)->key = sci_key_named(
				sci_arena_printf("%s@%p", name, (void *)call));
		return start(out, obj);
	}
	if (kind != SCI_OBJECT_HEAP)
		return NONE;
	return start(out, object_of(call, name, 0, kind, factor, args));
}

/*
 * An object a project function returns (its summary's ret_obj): its
 * size from the call's arguments for an allocation wrapper.
 */
static int returned_object(struct expression *call, const char *name, pt *out)
{
	int args[2] = { -1, -1 };
	sci_val factor = 1;
	sci_ret_obj r;
	int i;

	/* or the one a path that the caller's values let run returns */
	if (!sci__fn_facts_ret_obj(name, &r) && !sci__ret_paths_call_obj(call, &r))
		return NONE;
	if (r.args[0] < 0)
		return start(out, object(r.kind == SCI_OBJECT_STATIC && r.name ?
					 (const void *)sci_arena_strdup(r.name) :
					 (const void *)call,
					 r.kind == SCI_OBJECT_STATIC && r.name ?
					 sci_arena_strdup(r.name) :
					 sci_arena_printf("%s(...)", name),
					 r.size, r.kind));
	factor = r.factor;
	for (i = 0; i < 2 && r.args[i] >= 0; i++) {
		struct expression *arg = sci_call_arg(call, r.args[i]);

		if (!arg || !size_part(arg, &factor, args))
			return NONE;
	}
	return sized_block(call, sci_arena_printf("%s(...)", name), factor,
			   args, r.kind, out);
}

/*
 * An object an allocator returns: its size is the models' size=n or n*m,
 * or what a project function's summary says it returns.
 */
static int alloc_object(struct expression *call, pt *out)
{
	const char *name = sci__call_name(call);
	const sci_model *f = sci__model(name);
	int args[2] = { -1, -1 };
	sci_val factor = 1;

	if (!f)
		return name ? returned_object(call, name, out) : NONE;
	if (f->size_n < 0 ||
	    !size_part(sci_call_arg(call, f->size_n), &factor, args) ||
	    (f->size_m >= 0 &&
	     !size_part(sci_call_arg(call, f->size_m), &factor, args)))
		return NONE;
	/* the models' allocators that take no free= are on the stack */
	return sized_block(call, sci_arena_printf("%s(...)", name), factor,
			   args, strstr(name, "alloca") ? SCI_OBJECT_STACK :
			   SCI_OBJECT_HEAP, out);
}

static int key_value(struct expression *e, pt *out)
{
	const sci_key *key;
	const sci_sm *sm;
	const pt *v;

	/* most functions track nothing: no key name to build then */
	if (!any_tracked)
		return NONE;
	key = sci_key_expr(e);
	sm = key ? sci__stree_get(sci__cur, SCI_OWNER_POINTS, key) : NULL;
	if (!sm)
		return NONE;
	if (sm->state == &pt_null)
		return NULLPTR;
	if (!(v = as_pt(sm->state)))
		return NONE;
	*out = *v;
	return OBJECT;
}

/* `p + i`, `i + p`, `p - i`. */
static int eval_arith(struct expression *e, pt *out, int depth)
{
	struct expression *ptr = e->left, *idx = e->right;
	sci_val es;

	if (e->op != '+' && e->op != '-')
		return NONE;
	if (!sci__type_is_ptr(sci__expr_type(ptr))) {
		if (e->op != '+')
			return NONE;
		ptr = e->right;
		idx = e->left;
	}
	if (!sci__type_is_ptr(sci__expr_type(ptr)) ||
	    !sci__type_is_int(sci__expr_type(idx)))
		return NONE;
	es = pointee_size(sci__expr_type(ptr));
	if (!es || eval(ptr, out, depth + 1) != OBJECT)
		return NONE;
	add_index(out, idx, es, e->op == '-');
	return OBJECT;
}

/* `x++` is x before the step: the walk already stored the new value. */
static int eval_postop(struct expression *e, pt *out)
{
	sci_val es = pointee_size(sci__expr_type(e->unop));
	int kind = key_value(e->unop, out);

	if (kind != OBJECT || !es)
		return kind == NULLPTR ? NULLPTR : NONE;
	add_const(out, e->op == SPECIAL_INCREMENT ? -es : es);
	return OBJECT;
}

static int eval_conditional(struct expression *e, pt *out, int depth)
{
	pt a, b;
	int ka = eval(e->cond_true ? e->cond_true : e->conditional, &a, depth + 1);
	int kb = eval(e->cond_false, &b, depth + 1);

	if (ka == NULLPTR && kb == NULLPTR)
		return NULLPTR;
	if (ka == NULLPTR || kb == NULLPTR) {
		*out = ka == NULLPTR ? b : a;
		return ka == NULLPTR ? kb : ka;
	}
	if (ka != OBJECT || kb != OBJECT || a.obj != b.obj)
		return NONE;
	a = materialize(&a, sci__cur);
	b = materialize(&b, sci__cur);
	*out = a;
	out->off = sci_rl_union(a.off, b.off);
	out->grid = gcd(gcd(a.grid, b.grid), a.res - b.res);
	normalize(out);
	return OBJECT;
}

static int eval_node(struct expression *e, pt *out, int depth)
{
	struct symbol *t = sci__real_type(sci__expr_type(e));
	struct statement *last;
	sci_val v;

	switch (e->type) {
	case EXPR_VALUE:
		return sci__const_val(e, &v) && v == 0 ? NULLPTR : NONE;
	case EXPR_SYMBOL:
	case EXPR_DEREF:
		if (t && t->type == SYM_ARRAY)
			return array_object(e, out);
		return key_value(e, out);
	case EXPR_STRING:
		return string_object(e, out);
	case EXPR_PREOP:
		if (e->op == '&')
			return addr_object(e->unop, out, depth);
		/* a row of an array of arrays is a part of the whole */
		if (e->op == '*' && t && t->type == SYM_ARRAY)
			return eval(e->unop, out, depth + 1);
		if (e->op == '*' || e->op == SPECIAL_INCREMENT ||
		    e->op == SPECIAL_DECREMENT)
			return key_value(e->op == '*' ? e : e->unop, out);
		return NONE;
	case EXPR_POSTOP:
		return eval_postop(e, out);
	case EXPR_BINOP:
		return eval_arith(e, out, depth);
	case EXPR_ASSIGNMENT:
		return eval(e->left, out, depth + 1);
	case EXPR_COMMA:
		return eval(e->right, out, depth + 1);
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return eval_conditional(e, out, depth);
	case EXPR_CALL:
		return alloc_object(e, out);
	case EXPR_STATEMENT:
		if (!e->statement || e->statement->type != STMT_COMPOUND)
			return NONE;
		last = last_ptr_list((struct ptr_list *)e->statement->stmts);
		if (!last || last->type != STMT_EXPRESSION)
			return NONE;
		return eval(last->expression, out, depth + 1);
	default:
		return NONE;
	}
}

static int eval(struct expression *e, pt *out, int depth)
{
	e = sci__strip(e);
	if (!e || depth > MAX_DEPTH)
		return NONE;
	return eval_node(e, out, depth);
}

/* ------------------------------------------------------ owner */

static const sci_state *merge(const sci_state *a, const sci_state *b)
{
	const pt *x, *y;
	pt v;

	if (a == &pt_null)
		return b;
	if (b == &pt_null)
		return a;
	x = as_pt(a);
	y = as_pt(b);
	/* pre_merge() fixed variable offsets that differ */
	if (!x || !y || x->obj != y->obj || x->dep_key != y->dep_key ||
	    x->scale != y->scale || x->dep_vt.bits != y->dep_vt.bits ||
	    x->dep_vt.uns != y->dep_vt.uns)
		return &sci_undefined;
	v = *x;
	v.off = sci_rl_union(x->off, y->off);
	v.grid = gcd(gcd(x->grid, y->grid), x->res - y->res);
	normalize(&v);
	return intern(&v);
}

/* A variable offset joins as what its variable is on its own side. */
static const sci_state *pre_merge(const sci_key *key, const sci_state *mine,
				  const sci_state *other)
{
	const pt *m = as_pt(mine), *o = as_pt(other);
	pt v;

	(void)key;
	if (!m || !m->dep || (o && o->dep_key == m->dep_key &&
			      o->scale == m->scale))
		return mine;
	v = materialize(m, sci__cur);
	return intern(&v);
}

void sci__points_register(void)
{
	sci__owners[SCI_OWNER_POINTS].rule = "points";
	sci__owners[SCI_OWNER_POINTS].merge = merge;
	sci__owners[SCI_OWNER_POINTS].pre_merge = pre_merge;
	sci__owners[SCI_OWNER_POINTS].enabled = 1;
}

static void set(const sci_key *key, const sci_state *s)
{
	any_tracked |= s != &sci_undefined;
	sci__set_state(SCI_OWNER_POINTS, key, s, (struct position){ 0 });
}

static void forget(const sci_key *key)
{
	const sci_sm *sm = sci__stree_get(sci__cur, SCI_OWNER_POINTS, key);

	if (sm && sm->state != &sci_undefined)
		set(key, &sci_undefined);
}

/*
 * Offsets in @t that read @key become what it is now, on the current
 * path.  Only the owner's subtrees of the (persistent) tree are visited,
 * and nothing is allocated for the visit: an assignment to a variable
 * some offset read once costs a walk over the tracked pointers.
 */
static void fix_in(const sci_stree *t, const sci_key *key)
{
	const pt *v;
	pt m;

	if (t == SCI_STREE_EMPTY)
		return;
	sci__work++;
	if (SCI_OWNER_POINTS <= t->sm->owner)
		fix_in(t->l, key);
	if (t->sm->owner == SCI_OWNER_POINTS && (v = as_pt(t->sm->state)) &&
	    v->dep_key == key) {
		m = materialize(v, sci__cur);
		set(t->sm->key, intern(&m));
	}
	if (SCI_OWNER_POINTS >= t->sm->owner)
		fix_in(t->r, key);
}

/* @key is about to change: offsets that read it keep what it was. */
static void fix_dependents(const sci_key *key)
{
	if (has_dep(key))
		fix_in(sci__cur, key);
}

void sci__points_forget(const sci_key *key)
{
	if (!sci__cur || !key)
		return;
	fix_dependents(key);
	forget(key);
}

void sci__points_assign(const sci_key *key, struct expression *e)
{
	struct expression *target = e->type == EXPR_ASSIGNMENT ? e->left : e->unop;
	struct symbol *type = sci__real_type(sci__expr_type(sci__strip(target)));
	sci_val es = pointee_size(type);
	const pt *now;
	pt v;
	int kind = NONE;

	if (!sci__cur)
		return;
	fix_dependents(key);
	if (!type || type->type != SYM_PTR ||
	    (key->base && sci__sym_pointed_to(key->base))) {
		forget(key);
		return;
	}
	now = as_pt(sci__get_state(SCI_OWNER_POINTS, key));
	if (e->type == EXPR_ASSIGNMENT && e->op == '=') {
		kind = eval(e->right, &v, 0);
	} else if (now && es) {
		v = *now;
		kind = OBJECT;
		if (e->type != EXPR_ASSIGNMENT)
			add_const(&v, e->op == SPECIAL_INCREMENT ? es : -es);
		else if (e->op == SPECIAL_ADD_ASSIGN || e->op == SPECIAL_SUB_ASSIGN)
			add_index(&v, e->right, es, e->op == SPECIAL_SUB_ASSIGN);
		else
			kind = NONE;
	}
	if (kind == OBJECT)
		set(key, intern(&v));
	else if (kind == NULLPTR)
		set(key, &pt_null);
	else
		forget(key);
}

/* ------------------------------------------------------ conditions */

/*
 * @v's offsets within @allowed, rounded to its congruence; the bounds keep
 * where they came from.  NULL when none is left.
 */
static const sci_state *narrowed(const pt *v, const sci_rl *allowed)
{
	pt out = *v;
	const sci_rl *rl = sci_rl_intersect(v->off, allowed);
	sci_val lo, hi;

	if (sci_rl_is_empty(rl))
		return NULL;
	lo = rl->r[0].min;
	hi = rl->r[rl->n - 1].max;
	/* the ends of the offset's type are no offsets: leave them */
	if (v->grid > 1) {
		if (lo != sci_vt_min(offt()))
			lo += mod(v->res - lo, v->grid);
		if (hi != sci_vt_max(offt()))
			hi -= mod(hi - v->res, v->grid);
		if (lo > hi)
			return NULL;
		rl = sci_rl_with_soft(sci_rl_intersect(rl, sci_rl_range(lo, hi)),
				      rl->soft);
	}
	out.off = rl;
	normalize(&out);
	return intern(&out);
}

/*
 * The pointer key @side is compared by @op with offsets @bound into @obj:
 * `p < end`, also `p + k < end` (p < end - k), `--p >= buf` (the walk
 * stored p already).
 */
static void narrow_side(struct expression *side, int op, const sci_rl *bound,
			const pt_obj *obj, const sci_stree **t,
			const sci_stree **f)
{
	struct expression *x = sci__strip(side);
	const sci_rl *yes, *no;
	const sci_key *key;
	const sci_state *st;
	sci_val es;
	pt v;

	if (x && x->type == EXPR_PREOP && (x->op == SPECIAL_INCREMENT ||
					   x->op == SPECIAL_DECREMENT))
		x = sci__strip(x->unop);
	if (x && x->type == EXPR_BINOP && (x->op == '+' || x->op == '-') &&
	    sci__type_is_ptr(sci__expr_type(x->left)) &&
	    sci__type_is_int(sci__expr_type(x->right)) &&
	    (es = pointee_size(sci__expr_type(x->left)))) {
		bound = sci_rl_binop(SCI_OP_SUB, bound,
				     scaled(sci_rl_cast(sci__expr_rl(x->right), offt()),
					    x->op == '+' ? es : -es), offt());
		x = sci__strip(x->left);
	}
	/* against an end nothing is known about, nothing is learned */
	if (!(key = sci_key_expr(x)) || key_value(x, &v) != OBJECT ||
	    v.obj != obj || sci_rl_equal(bound, full()))
		return;
	v = materialize(&v, sci__cur);
	sci_rl_compare_sides(op, bound, offt(), &yes, &no);
	/* as for values, a side no offset allows is not taken */
	st = narrowed(&v, yes);
	*t = st ? sci__stree_set(*t, sci__sm_leaf(SCI_OWNER_POINTS, key, st,
						  x->pos)) : NULL;
	st = narrowed(&v, no);
	*f = st ? sci__stree_set(*f, sci__sm_leaf(SCI_OWNER_POINTS, key, st,
						  x->pos)) : NULL;
}

/* Two pointers into one object: @a and @b get their values. */
static int same_object(struct expression *l, struct expression *r, pt *a,
		       pt *b)
{
	if (!sci__type_is_ptr(sci__expr_type(sci__strip(l))) ||
	    !sci__type_is_ptr(sci__expr_type(sci__strip(r))) ||
	    eval(l, a, 0) != OBJECT || eval(r, b, 0) != OBJECT || a->obj != b->obj)
		return 0;
	*a = materialize(a, sci__cur);
	*b = materialize(b, sci__cur);
	return 1;
}

/*
 * `end - p op n` (or `n op end - p`): p op' end - n elements.  Only when
 * the distance is known not to be negative, so that an unsigned
 * comparison (`end - p < sizeof(hdr)`) and a division that truncates do
 * not matter; `<=` and `>` count whole elements (`end - p <= 1` leaves a
 * distance below 2 elements).
 */
static void distance_condition(struct expression *e, const sci_stree **t,
			       const sci_stree **f)
{
	struct expression *d = sci__strip_parens(e->left), *n = e->right;
	int op = sci__cmp_op(e->op);
	const sci_rl *nb, *dist;
	sci_val es;
	pt q, p;

	if (!d || d->type != EXPR_BINOP || d->op != '-') {
		d = sci__strip_parens(e->right);
		n = e->left;
		op = sci__flip_op(op);
	}
	if (!d || d->type != EXPR_BINOP || d->op != '-' ||
	    !sci__type_is_int(sci__expr_type(n)) || op == SCI_OP_EQ ||
	    op == SCI_OP_NE || !same_object(d->left, d->right, &q, &p) ||
	    !(es = pointee_size(sci__expr_type(d->left))))
		return;
	dist = sci_rl_binop(SCI_OP_SUB, q.off, p.off, offt());
	if (sci_rl_is_empty(dist) || dist->r[0].min < 0)
		return;
	nb = sci_rl_cast(sci__expr_rl(n), offt());
	if (op == SCI_OP_LE || op == SCI_OP_GT) {
		nb = sci_rl_binop(SCI_OP_ADD, nb, sci_rl_range(1, 1), offt());
		op = op == SCI_OP_LE ? SCI_OP_LT : SCI_OP_GE;
	}
	nb = scaled(nb, es);
	narrow_side(d->right, sci__flip_op(op), sci_rl_binop(SCI_OP_SUB, q.off, nb, offt()),
		    q.obj, t, f);
	narrow_side(d->left, op, sci_rl_binop(SCI_OP_ADD, p.off, nb, offt()),
		    q.obj, t, f);
}

void sci__points_condition(struct expression *leaf, const sci_stree **t,
			   const sci_stree **f)
{
	struct expression *e = sci__strip(leaf);
	pt a, b;
	int op;

	if (!e || e->type != EXPR_COMPARE || !(op = sci__cmp_op(e->op)) || !sci__cur)
		return;
	if (!same_object(e->left, e->right, &a, &b)) {
		distance_condition(e, t, f);
		return;
	}
	narrow_side(e->left, op, b.off, a.obj, t, f);
	narrow_side(e->right, sci__flip_op(op), a.off, a.obj, t, f);
}

/* ------------------------------------------------------------ loops */

const sci_stree *sci__points_widen(const sci_stree *merged,
				   const sci_stree *entry,
				   const sci_stree *back)
{
	const sci_sm **all;
	size_t n, i;

	all = sci__stree_list(merged, SCI_OWNER_POINTS, &n);
	for (i = 0; i < n; i++) {
		const sci_sm *a = sci__stree_get(entry, SCI_OWNER_POINTS, all[i]->key);
		const sci_sm *b = sci__stree_get(back, SCI_OWNER_POINTS, all[i]->key);
		const pt *x = a ? as_pt(a->state) : NULL;
		const pt *y = b ? as_pt(b->state) : NULL;
		const sci_state *st = &sci_undefined;
		pt v, w;

		/* a key one side lacks or NULL on one side: the join decided */
		if (!x || !y || a->state == b->state)
			continue;
		if (x->obj == y->obj) {
			v = materialize(x, entry);
			w = materialize(y, back);
			if (sci_rl_is_empty(v.off) || sci_rl_is_empty(w.off))
				continue;
			/* gaps between offsets are steps: no STRIDED */
			v.off = sci__rl_widened(v.off, w.off, full());
			v.off = sci_rl_with_soft(v.off, v.off->soft & ~SCI_RL_STRIDED);
			v.grid = gcd(gcd(v.grid, w.grid), v.res - w.res);
			normalize(&v);
			st = intern(&v);
		}
		merged = sci__stree_set(merged, sci__sm_leaf(SCI_OWNER_POINTS,
				all[i]->key, st, (struct position){ 0 }));
	}
	return merged;
}

/* ---------------------------------------------------- checker API */

/* Bytes a dereference of @e surely reads: a scalar's size, else 1. */
static long long access_size(struct expression *e)
{
	struct symbol *t = sci__real_type(sci__expr_type(e)), *base;

	if (!t || (t->type != SYM_PTR && t->type != SYM_ARRAY))
		return 1;
	base = sci__real_type(t->ctype.base_type);
	if (!base || !(sci__type_is_int(base) || base->type == SYM_PTR ||
		       (base->type == SYM_BASETYPE && base != &void_ctype)))
		return 1;
	return pointee_size(t) ? (long long)pointee_size(t) : 1;
}

/* @out from @v (materialized), unless its offsets or its size are unknown. */
static int object_out(const pt *v, sci_object *out, long long access)
{
	if (sci_rl_is_empty(v->off) || v->obj->args[0] >= 0)
		return 0;
	out->name = v->obj->name;
	out->size = (long long)v->obj->size;	/* alloc_object() keeps it small */
	out->kind = v->obj->kind;
	out->origin = v->obj->origin;
	out->flags = v->obj->flags;
	out->written_lo = v->obj->wlo;
	out->written_hi = v->obj->whi;
	out->known = sci__rl_bounds(v->off, offt(), &out->off_min, &out->off_max);
	out->access = access;
	return 1;
}

static const char kind_letters[] = {
	[SCI_OBJECT_UNKNOWN] = 'u', [SCI_OBJECT_STACK] = 's',
	[SCI_OBJECT_STATIC] = 'g', [SCI_OBJECT_STRING] = 'l',
	[SCI_OBJECT_HEAP] = 'h', [SCI_OBJECT_CALLER] = 'u',
};

char sci__points_kind_letter(int kind)
{
	return kind >= 0 && kind < (int)sizeof(kind_letters) ?
	       kind_letters[kind] : 'u';
}

int sci__points_kind_of_letter(char c)
{
	int k;

	for (k = SCI_OBJECT_STACK; k <= SCI_OBJECT_HEAP; k++)
		if (kind_letters[k] == c)
			return k;
	return SCI_OBJECT_UNKNOWN;
}

/* What the pointer @ptr holds on this path, materialized: 1, or 0. */
static int key_value_now(const sci_key *ptr, pt *out)
{
	const sci_sm *sm = sci__cur && ptr ?
			   sci__stree_get(sci__cur, SCI_OWNER_POINTS, ptr) : NULL;
	const pt *p = sm ? as_pt(sm->state) : NULL;

	if (!p)
		return 0;
	*out = materialize(p, sci__cur);
	return 1;
}

int sci__points_key_object(const sci_key *key, sci_object *out)
{
	pt v;

	return key_value_now(key, &v) && object_out(&v, out, 1);
}

int sci__points_exact_object(struct expression *e, const sci_key *key,
			      sci_object *out)
{
	/* before the start too (`buf - 8`): a callee's access there is the
	 * caller's underwrite */
	return (e ? sci_value_object(e, out) : sci__points_key_object(key, out)) &&
	       out->known == (SCI_VALUE_MIN_KNOWN | SCI_VALUE_MAX_KNOWN) &&
	       out->off_min == out->off_max && out->off_min >= -out->size &&
	       out->off_min <= out->size && out->size > 0;
}

const sci_key *sci_value_object_key(sci_expr *p)
{
	return sci__points_array_key(p);
}

const sci_key *sci_value_key_object_key(const sci_key *ptr)
{
	pt v;

	return key_value_now(ptr, &v) && v.obj ? v.obj->key : NULL;
}

const sci_key *sci__points_array_key(struct expression *e)
{
	pt v;

	if (!sci__cur || !e || eval(e, &v, 0) != OBJECT)
		return NULL;
	v = materialize(&v, sci__cur);
	return v.obj ? v.obj->key : NULL;
}

int sci_value_object(sci_expr *p, sci_object *out)
{
	pt v;

	if (!sci__cur || eval(p, &v, 0) != OBJECT)
		return 0;
	v = materialize(&v, sci__cur);
	return object_out(&v, out, access_size(p));
}

const sci_key *sci__points_set_object(const sci_key *key, const void *id,
				      const char *name, sci_val size,
				      sci_val off, int origin, unsigned flags,
				      sci_val wlo, sci_val whi)
{
	static const int none[2] = { -1, -1 };
	pt v;

	if (!sci__cur || !key || size <= 0 || off < -size || off > size)
		return NULL;
	memset(&v, 0, sizeof(v));
	v.obj = object_at(id, sci_arena_strdup(name), size, SCI_OBJECT_CALLER,
			  origin, flags, wlo, whi, 0, none);
	/* a key as a block has: strlen.c follows the string it holds */
	if (!v.obj->key)
		((pt_obj *)v.obj)->key = sci_key_named(
			sci_arena_printf("%s@%p", name, id));
	v.off = sci_rl_range(off, off);
	normalize(&v);
	set(key, intern(&v));
	return v.obj->key;
}

const sci_key *sci__points_key_array(const sci_key *ptr, sci_val *off,
				     sci_val *size, int *exact)
{
	pt v;

	if (!key_value_now(ptr, &v) || !v.obj || !v.obj->key || sci_rl_is_empty(v.off) ||
	    v.obj->args[0] >= 0)
		return NULL;
	*exact = sci_rl_single(v.off, off);
	*size = v.obj->size;
	return v.obj->key;
}

const sci_key *sci__points_array(struct expression *p, sci_val *off,
				 sci_val *size, int *exact)
{
	pt v;

	if (!sci__cur || !p || eval(p, &v, 0) != OBJECT)
		return NULL;
	v = materialize(&v, sci__cur);
	if (!v.obj->key || sci_rl_is_empty(v.off) || v.obj->args[0] >= 0)
		return NULL;
	*exact = sci_rl_single(v.off, off);
	*size = v.obj->size;
	return v.obj->key;
}

int sci__points_ret_obj(struct expression *v, sci_ret_obj *out)
{
	sci_val off;
	pt p;

	if (!sci__cur || !v || eval(v, &p, 0) != OBJECT)
		return 0;
	p = materialize(&p, sci__cur);
	if (!sci_rl_single(p.off, &off) || off != 0 ||
	    (p.obj->kind != SCI_OBJECT_HEAP && p.obj->kind != SCI_OBJECT_STATIC))
		return 0;
	memset(out, 0, sizeof(*out));
	out->kind = p.obj->kind;
	out->size = p.obj->size;
	out->factor = p.obj->factor;
	out->args[0] = p.obj->args[0];
	out->args[1] = p.obj->args[1];
	/* a static array is the callers' by its name; a block is the call's */
	out->name = p.obj->kind == SCI_OBJECT_STATIC ? p.obj->name : NULL;
	return out->args[0] >= 0 || out->size > 0;
}

const char *sci__points_text(struct expression *e)
{
	pt v;
	int kind = sci__cur ? eval(e, &v, 0) : NONE;

	if (kind == NULLPTR)
		return "NULL";
	if (kind != OBJECT)
		return "none";
	v = materialize(&v, sci__cur);
	if (v.obj->args[0] >= 0)
		return sci_arena_printf("%s (%lld * parameter %d%s bytes, unknown here) + %s",
					v.obj->name, (long long)v.obj->factor,
					v.obj->args[0] + 1,
					v.obj->args[1] >= 0 ?
					sci_arena_printf(" * parameter %d",
							 v.obj->args[1] + 1) :
					"", off_text(v.off));
	return sci_arena_printf("%s (%lld bytes) + %s", v.obj->name,
				(long long)v.obj->size, off_text(v.off));
}
