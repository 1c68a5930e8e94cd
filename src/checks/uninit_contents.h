/* SPDX-License-Identifier: MIT */
/*
 * uninit_contents.h - uninitialized, for the contents of buffers: an
 * element of a local array declared without a value, or of a block from
 * malloc() or alloca(), is read where no path has written it.
 *
 *	double *data = alloca(10 * sizeof(double));
 *	for (i = 0; i < 5; i++)
 *		data[i] = i;
 *	for (i = 0; i < 10; i++)
 *		print(data[i]);	// elements 5 to 9: no path wrote them
 *
 * Each buffer keeps the range of elements some path wrote (a hull: what
 * any path wrote, joined, so a read is reported only where no path
 * could have written the element).  An element is written by an
 * assignment to it or to a member of it (`a[i].m = 0` writes a[i]), with
 * the index's range from the value model; an index the model bounds only
 * by its type may have written any element.  The buffer stops being
 * followed, as if all of it were written, when its address goes anywhere
 * (`memset(a, ...)`, `fill(a)`, `p = a + 2`, `&a[i]`, a struct's member)
 * or the pointer gets another value.  A read is an element's scalar
 * value (`x = a[i]`, `use(a[i].m)`); an index whose bound is only its
 * type's is taken at its lowest known value, so `a[i]` with i unknown
 * reports only where no element at all was written.  An array of
 * arrays counts its scalars row by row (uc_flat()).
 *
 * Across calls: a followed buffer passed to a project function reaches
 * the callee's walk as an object of the callers' marked
 * SCI_OBJECT_UNWRITTEN with the bytes some path wrote, or none
 * (sci_carry_unwritten_if(), uc_written_range()); the callee follows it
 * under a key named for it ("callers' arr"), from its first access,
 * which starts it as passed (so does a path that never touched it: the
 * checker's unmatched()), with the same writes, reads and escapes.
 *
 * Known false-positive sources: a buffer written through a pointer the
 * engine does not connect to it (a pointer kept before the buffer's
 * scope, inline assembly), and reads whose index range the value model
 * knows wider than the program allows (a relation between two counters
 * it does not keep: `for (i = 0; i < n; i++) a[i] = ...;` then
 * `for (j = 0; j < m; j++) use(a[j]);` with m <= n known only by the
 * program).  Calloc'd, realloc'd, static and initialized buffers are not
 * followed.
 */
#ifndef SCI_CHECKS_UNINIT_CONTENTS_H
#define SCI_CHECKS_UNINIT_CONTENTS_H

/*
 * Not a module: uninitialized.c includes it, after declaring its
 * checker id `me`, which these states and hooks share (one rule, one
 * table of states: merge() and is_mine() are the rule's merge and
 * its other half's test).  It uses only the checker API.
 */
#include "analyzer/checker.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

SCI_STATE(uc_nothing_written);	/* no element written on any path */
SCI_STATE(uc_all_written);		/* not followed: any element may be written */

/*
 * Hull states: elements lo..hi written on some path, interned.  A soft
 * hull (soft > 0) is one a loop's body was still growing when the loop
 * was walked: lo..hi and maybe more, until the loop at nesting depth
 * soft is left (on_loop_exit()).  Reads against it prove nothing.
 */
static const char uc_hull_name[] = "written";

typedef struct {
	sci_state st;
	long long lo, hi;
	int soft;
} uc_hull;

#define UC_HULL_SLOTS 8192		/* power of two; half full: all_written */
static uc_hull *uc_hulls[UC_HULL_SLOTS];
static size_t uc_nhulls;

static const sci_state *uc_hull_state(long long lo, long long hi, int soft)
{
	uint64_t h = ((uint64_t)lo * 0x9e3779b97f4a7c15ULL ^ (uint64_t)hi) +
		     (uint64_t)soft;
	size_t i = (size_t)(h ^ (h >> 29)) & (UC_HULL_SLOTS - 1);
	uc_hull *x;

	for (; uc_hulls[i]; i = (i + 1) & (UC_HULL_SLOTS - 1))
		if (uc_hulls[i]->lo == lo && uc_hulls[i]->hi == hi &&
		    uc_hulls[i]->soft == soft)
			return &uc_hulls[i]->st;
	if (uc_nhulls >= UC_HULL_SLOTS / 2 || !(x = calloc(1, sizeof(*x))))
		return &uc_all_written;
	x->st.name = uc_hull_name;
	x->st.data = x;
	x->lo = lo;
	x->hi = hi;
	x->soft = soft;
	uc_hulls[i] = x;
	uc_nhulls++;
	return &x->st;
}

static const uc_hull *uc_hull_of(const sci_state *s)
{
	return s && s->name == uc_hull_name ? s->data : NULL;
}

static int uc_is_mine(const sci_state *s)
{
	return s == &uc_nothing_written || s == &uc_all_written || uc_hull_of(s);
}

/* The softer of two: the outer loop's (the smaller depth) goes on. */
static int uc_softer(int a, int b)
{
	if (!a || !b)
		return a ? a : b;
	return a < b ? a : b;
}

static const sci_state *uc_merge(const sci_state *a, const sci_state *b)
{
	const uc_hull *x = uc_hull_of(a), *y = uc_hull_of(b);

	if (a == &uc_nothing_written && (b == &uc_nothing_written || y))
		return b;
	if (b == &uc_nothing_written && x)
		return a;
	if (x && y)
		return uc_hull_state(x->lo < y->lo ? x->lo : y->lo,
				  x->hi > y->hi ? x->hi : y->hi,
				  uc_softer(x->soft, y->soft));
	/* anything else: a path that does not follow the buffer */
	return &uc_all_written;
}

/* The body writes more with each pass: so far, and maybe more. */
static const sci_state *uc_on_loop_change(const sci_key *key,
				       const sci_state *state,
				       const sci_state *back, int depth,
				       void *payload)
{
	const uc_hull *h = uc_hull_of(state);

	(void)key;
	(void)back;
	(void)payload;
	if (!h)
		return NULL;
	return uc_hull_state(h->lo, h->hi, uc_softer(h->soft, depth));
}

/*
 * Leaving the loop that made a hull soft: what the last pass's body
 * wrote, with the index the value model widened over every iteration,
 * is what any iteration wrote.  A path leaving through the loop's test
 * before the last pass's body gets it too.
 */
static const sci_state *uc_on_loop_exit(const sci_key *key,
				     const sci_state *state,
				     const sci_state *back, int depth,
				     void *payload)
{
	const uc_hull *h;

	(void)key;
	(void)payload;
	if (!uc_is_mine(state) || state == &uc_all_written)
		return NULL;
	if (back && uc_is_mine(back))
		state = uc_merge(state, back);
	else if (back)
		state = &uc_all_written;
	h = uc_hull_of(state);
	if (h && h->soft >= depth)
		state = uc_hull_state(h->lo, h->hi, 0);
	return state;
}

/* A buffer still followed: nothing or some elements written. */
static int uc_following(const sci_state *s)
{
	return s == &uc_nothing_written || uc_hull_of(s);
}

/* The state of what @var holds or points to, when followed. */
static const sci_state *uc_followed(sci_sym *var, const sci_key **key)
{
	const sci_state *s;

	*key = var ? sci_key_pointee(var) : NULL;
	s = *key ? sci_state_get(me, *key) : NULL;
	return uc_following(s) ? s : NULL;
}

/* Elements in @base: the array's, or the block's; 0 when unknown. */
static long long uc_element_count(sci_expr *base)
{
	long long n = sci_expr_array_count(base), elem;
	sci_object o;

	if (n > 0)
		return n;
	elem = sci_expr_pointee_size(base);
	if (elem > 0 && sci_value_object(base, &o) && o.size > 0 &&
	    o.kind != SCI_OBJECT_CALLER)
		return o.size / elem;
	return 0;
}

/*
 * The range of elements @index (NULL: element 0) can select, with the
 * bounds the program gave flagged in *known (SCI_VALUE_*_KNOWN).
 */
static void uc_index_range(sci_expr *index, long long *lo, long long *hi,
			   int *known)
{
	if (!index) {
		*lo = *hi = 0;
		*known = SCI_VALUE_MIN_KNOWN | SCI_VALUE_MAX_KNOWN;
	} else if (sci_expr_const(index, lo)) {
		*hi = *lo;
		*known = SCI_VALUE_MIN_KNOWN | SCI_VALUE_MAX_KNOWN;
	} else {
		*known = sci_value_bounds(index, lo, hi);
	}
}

/*
 * Local pointers that were given the address of a followed array (`data
 * = arr;`, Juliet's declared buffers): accesses through them are the
 * array's when the value model knows where they point, and whatever they
 * are handed to may write the array.  For the function walked.
 */
#define UC_MAX_LINKS 32
static struct {
	sci_sym *array, *ptr;
} uc_links[UC_MAX_LINKS];
static int uc_nlinks;
/* Some buffer got followed in this walk: else no state needs a look. */
static int uc_any;

/* May @e's value point into @var's buffer, directly or through a link? */
static int uc_points_to(sci_expr *e, sci_sym *var)
{
	int i;

	if (sci_expr_points_into(e, sci_key_sym(var)))
		return 1;
	for (i = 0; i < uc_nlinks; i++)
		if (uc_links[i].array == var &&
		    sci_expr_points_into(e, sci_key_sym(uc_links[i].ptr)))
			return 1;
	return 0;
}

/*
 * A buffer this function's callers passed with what they wrote of it
 * (the callers' values: SCI_OBJECT_UNWRITTEN, nothing or a range of
 * bytes): followed under a key of its own that every pointer into it
 * here shares (`q = data` is data).  The key, with the object in @o, or
 * NULL when @ptr points to no such buffer.
 */
#define UC_CALLERS "callers' "
static int uc_is_callers_object(const sci_object *o)
{
	return o->kind == SCI_OBJECT_CALLER && (o->flags & SCI_OBJECT_UNWRITTEN);
}

static const sci_key *uc_callers_key_of(const sci_object *o)
{
	char name[128];

	if (!uc_is_callers_object(o))
		return NULL;
	snprintf(name, sizeof(name), UC_CALLERS "%s", o->name);
	return sci_key_named(name);
}

static const sci_key *uc_callers_key(sci_expr *ptr, sci_object *o)
{
	/* only a pointer holds a callers' object: skip the rest cheaply */
	return ptr && sci_expr_is_pointer(ptr) && sci_value_object(ptr, o) ?
	       uc_callers_key_of(o) : NULL;
}

static int uc_is_callers_key(const sci_key *key)
{
	return strncmp(sci_key_name(key), UC_CALLERS, strlen(UC_CALLERS)) == 0;
}

/*
 * What the callers wrote of the buffer @o, in elements of @elem bytes: an
 * element they wrote a part of counts as written.
 */
static const sci_state *uc_callers_initial(const sci_object *o, long long elem)
{
	long long lo, hi;

	if (o->written_lo > o->written_hi)
		return &uc_nothing_written;
	if (elem <= 0)
		return &uc_all_written;
	lo = o->written_lo / elem;
	hi = o->written_hi / elem;
	if (lo <= 0 && hi >= o->size / elem - 1)
		return &uc_all_written;
	return uc_hull_state(lo, hi, 0);
}

/*
 * The callers' buffers met in this walk and the state each started with:
 * a path that never touched one has it as the callers passed it
 * (uninitialized.c's unmatched()).
 */
#define UC_MAX_CALLERS 16
static struct {
	const sci_key *key;
	const sci_state *start;
} uc_callers[UC_MAX_CALLERS];
static int uc_ncallers;

static const sci_state *uc_callers_start(const sci_key *key)
{
	int i;

	for (i = 0; i < uc_ncallers; i++)
		if (uc_callers[i].key == key)
			return uc_callers[i].start;
	return NULL;
}

/*
 * The callers' buffer @key (the object @o, reached through a pointer to
 * @elem-byte elements), followed from its first access, which starts it
 * as the callers passed it (an escape sets all_written).
 */
static const sci_state *uc_callers_state(const sci_key *key,
					 const sci_object *o, long long elem)
{
	const sci_state *s = sci_state_get(me, key);

	if (s)
		return s;
	if (!(s = uc_callers_start(key))) {
		if (uc_ncallers == UC_MAX_CALLERS)
			return &uc_all_written;
		s = uc_callers_initial(o, elem);
		uc_callers[uc_ncallers].key = key;
		uc_callers[uc_ncallers++].start = s;
	}
	sci_state_set(me, key, s);
	uc_any = 1;
	return s;
}

/* Whatever @e points into of the callers' buffers escapes here. */
static void uc_callers_escape(sci_expr *e)
{
	const sci_key *key;
	sci_object o;

	if ((key = uc_callers_key(e, &o)))
		sci_state_set(me, key, &uc_all_written);
}

/* One element access, resolved to the buffer followed and its elements. */
typedef struct {
	const sci_key *key;	/* the buffer's: sci_key_pointee() */
	const sci_state *s;
	sci_sym *var;		/* the array, or the pointer to the block */
	long long lo, hi;	/* the elements it can select */
	int known;		/* SCI_VALUE_*_KNOWN of lo and hi */
	long long n;		/* elements in the buffer, 0: unknown */
} uc_access;

static long long uc_add(long long a, long long b)
{
	if (b > 0 && a > INT64_MAX - b)
		return INT64_MAX;
	if (b < 0 && a < INT64_MIN - b)
		return INT64_MIN;
	return a + b;
}

/*
 * `buf[i][j]` (or deeper) in an array of arrays: the array, with the
 * elements the access can select counted in scalars of the whole, row
 * by row (`int buf[5][6]`: buf[1][2] is 8), in *@lo..*@hi.  A dimension
 * whose index the program does not bound counts as its whole extent,
 * with both bounds unknown then in *@known (a store may have written
 * any of it; a read is taken at the lowest).  NULL for other shapes:
 * a single dimension, a pointer to arrays (`row[1][2]`), an index past
 * the bounds (array-overflow's).
 */
static sci_sym *uc_flat(sci_expr *e, long long *lo, long long *hi,
			int *known)
{
	sci_expr *array, *index;
	long long stride = 1, ilo, ihi, count;
	int k, levels = 0;
	sci_sym *var;

	*lo = *hi = 0;
	*known = SCI_VALUE_MIN_KNOWN | SCI_VALUE_MAX_KNOWN;
	while (sci_expr_index(e, &array, &index)) {
		count = sci_expr_array_count(array);
		if (count <= 0 || stride > (1LL << 40) / count)
			return NULL;
		uc_index_range(index, &ilo, &ihi, &k);
		if (k != (SCI_VALUE_MIN_KNOWN | SCI_VALUE_MAX_KNOWN)) {
			ilo = 0;
			ihi = count - 1;
			*known = 0;
		}
		if (ilo < 0 || ihi >= count || ilo > ihi)
			return NULL;
		*lo += ilo * stride;
		*hi += ihi * stride;
		stride *= count;
		levels++;
		e = array;
	}
	var = sci_expr_symbol(sci_expr_strip(e));
	if (levels < 2 || !var || sci_sym_array_leaves(var) != stride)
		return NULL;
	return var;
}

/*
 * `a[i]`, `p->m`, `data[i]` with data pointing into a followed array,
 * `m[i][j]` in a followed array of arrays: returns 1 and fills @a, or 0
 * (*@via gets the pointer then, if any).
 */
static int uc_resolve(sci_expr *e, uc_access *a, sci_expr **via)
{
	sci_expr *index, *base = sci_expr_element(e, &index);
	sci_sym *var = base ? sci_expr_symbol(base) : NULL;
	long long olo = 0, ohi = 0, elem, count;
	int oknown = SCI_VALUE_MIN_KNOWN | SCI_VALUE_MAX_KNOWN;
	const sci_key *ok;
	sci_object o;

	*via = NULL;
	if (!base && (var = uc_flat(e, &a->lo, &a->hi, &a->known))) {
		if (!(a->s = uc_followed(var, &a->key)))
			return 0;
		a->var = var;
		a->n = sci_sym_array_leaves(var);
		return 1;
	}
	if (!var)
		return 0;
	a->var = var;
	if ((a->s = uc_followed(var, &a->key))) {
		a->n = uc_element_count(base);
	} else if (sci_sym_array_leaves(var) <= 0 &&
		   (ok = uc_callers_key(base, &o))) {
		a->key = ok;
		elem = sci_expr_pointee_size(base);
		a->s = uc_callers_state(ok, &o, elem);
		if (!uc_following(a->s) || elem <= 0)
			return 0;
		a->n = o.size / elem;
		olo = o.off_min / elem;
		ohi = o.off_max / elem;
		oknown = o.known;
		if (o.off_min % elem || o.off_max % elem)
			oknown = 0;
	} else {
		if (sci_sym_array_leaves(var) > 0)
			return 0;
		*via = base;
		ok = sci_value_object_key(base);
		if (!ok || !sci_key_is_var(ok) ||
		    !(a->s = uc_followed(sci_key_base(ok), &a->key)))
			return 0;
		a->var = sci_key_base(ok);
		count = sci_sym_array_leaves(a->var);
		elem = sci_expr_pointee_size(base);
		if (count <= 0 || elem <= 0 || !sci_value_object(base, &o) ||
		    o.size / count != elem)
			return 0;
		olo = o.off_min / elem;
		ohi = o.off_max / elem;
		oknown = o.known;
		if (o.off_min % elem || o.off_max % elem)
			oknown = 0;
		a->n = count;
	}
	uc_index_range(index, &a->lo, &a->hi, &a->known);
	a->lo = uc_add(a->lo, olo);
	a->hi = uc_add(a->hi, ohi);
	a->known &= oknown;
	return 1;
}

/* Does @e name @var, or a pointer linked to it, anywhere? */
static int uc_mentions(sci_expr *e, sci_sym *var)
{
	int i;

	if (sci_expr_mentions(e, var))
		return 1;
	for (i = 0; i < uc_nlinks; i++)
		if (uc_links[i].array == var &&
		    sci_expr_mentions(e, uc_links[i].ptr))
			return 1;
	return 0;
}

/* The followed buffers that @refers says @e reaches are followed no more. */
static void uc_drop(sci_expr *e, int (*refers)(sci_expr *, sci_sym *))
{
	const sci_key *drop[16];
	size_t nd = 0, k;

	if (!uc_any || !e)
		return;
	SCI_FOR_EACH_STATE(me, sm) {
		sci_sym *var = sci_key_base(sci_sm_key(sm));

		if (nd < 16 && var && uc_following(sci_sm_state(sm)) &&
		    refers(e, var))
			drop[nd++] = sci_sm_key(sm);
	} SCI_END_FOR_EACH_STATE(sm);
	for (k = 0; k < nd; k++)
		sci_state_set(me, drop[k], &uc_all_written);
}

/*
 * A store the model cannot place (`*p++ = 0`, through a pointer whose
 * object it lost): the followed buffers its address names escape.
 */
static void uc_unknown_store(sci_expr *target)
{
	uc_drop(sci_expr_address_of_lvalue(target), uc_mentions);
}

static void uc_written(sci_expr *target)
{
	const uc_hull *h;
	uc_access a;
	sci_expr *via;
	long long lo, hi;

	if (!uc_resolve(target, &a, &via)) {
		uc_unknown_store(target);
		return;
	}
	lo = a.lo;
	hi = a.hi;
	if (!(a.known & SCI_VALUE_MIN_KNOWN) || lo < 0)
		lo = 0;
	if (!(a.known & SCI_VALUE_MAX_KNOWN) || (a.n > 0 && hi >= a.n))
		hi = a.n > 0 ? a.n - 1 : INT64_MAX;
	if (lo > hi)
		return;		/* outside the buffer: array-overflow's */
	if ((h = uc_hull_of(a.s))) {
		lo = lo < h->lo ? lo : h->lo;
		hi = hi > h->hi ? hi : h->hi;
	}
	sci_state_set(me, a.key, a.n > 0 && lo == 0 && hi >= a.n - 1 ?
		      &uc_all_written :
		      uc_hull_state(lo, hi, h ? h->soft : 0));
}

static void uc_on_assign_before(sci_expr *left, sci_expr *right, sci_pos pos,
			     void *payload)
{
	(void)right;
	(void)pos;
	(void)payload;
	uc_written(left);
}

/* malloc() and alloca() give memory no one wrote; calloc() zeroes it. */
static int uc_gives_garbage(sci_expr *call)
{
	static const char *const names[] = {
		"malloc", "alloca", "__builtin_alloca", "valloc", "pvalloc",
		"memalign", "aligned_alloc", NULL
	};
	const char *name = sci_call_name(call);
	int i;

	for (i = 0; name && names[i]; i++)
		if (strcmp(name, names[i]) == 0)
			return 1;
	return 0;
}

static void uc_on_assign(sci_expr *left, sci_expr *right, sci_pos pos,
		      void *payload)
{
	sci_sym *var = sci_expr_var(left);
	sci_expr *r = sci_expr_strip(right);

	(void)pos;
	(void)payload;
	if (!var || sci_expr_symbol(sci_expr_strip(left)) != var ||
	    !sci_sym_is_local(var) || !sci_sym_is_pointer(var) ||
	    !r || !sci_expr_is_call(r) || !uc_gives_garbage(r))
		return;
	sci_state_set(me, sci_key_pointee(var), &uc_nothing_written);
	uc_any = 1;
}

static void uc_on_declaration(sci_sym *sym, void *payload)
{
	(void)payload;
	if (!sci_sym_is_local(sym) || sci_sym_has_initializer(sym) ||
	    sci_sym_array_leaves(sym) <= 0)
		return;
	sci_state_set(me, sci_key_pointee(sym), &uc_nothing_written);
	uc_any = 1;
}

/* The pointer itself changes (`p = q`, `get(&p)`): a buffer no more. */
static void uc_on_modify(const sci_key *key, sci_expr *target, sci_pos pos,
		      void *payload)
{
	sci_expr *index;

	(void)pos;
	(void)payload;
	if (uc_is_mine(sci_state_get(me, key)) &&
	    sci_state_get(me, key) != &uc_all_written &&
	    !sci_expr_element(target, &index))
		sci_state_set(me, key, &uc_all_written);
}

/* The buffers @e's value may point into are no longer followed. */
static void uc_escapes(sci_expr *e)
{
	uc_drop(e, uc_points_to);
}

/*
 * `data = arr;` into a local pointer: a link, the array stays followed.
 * Returns 0 when @e points into no followed array or the links are full.
 */
static int uc_link(sci_expr *e, sci_sym *ptr)
{
	int found = 0, i;

	if (!uc_any)
		return 0;
	SCI_FOR_EACH_STATE(me, sm) {
		sci_sym *var = sci_key_base(sci_sm_key(sm));

		if (found >= 0 && var && sci_sym_array_leaves(var) > 0 &&
		    uc_following(sci_sm_state(sm)) && uc_points_to(e, var)) {
			for (i = 0; i < uc_nlinks; i++)
				if (uc_links[i].array == var &&
				    uc_links[i].ptr == ptr)
					break;
			if (i == uc_nlinks && uc_nlinks == UC_MAX_LINKS) {
				found = -1;
			} else {
				if (i == uc_nlinks) {
					uc_links[i].array = var;
					uc_links[i].ptr = ptr;
					uc_nlinks++;
				}
				found = 1;
			}
		}
	} SCI_END_FOR_EACH_STATE(sm);
	return found > 0;
}

static void uc_report(sci_expr *e, sci_sym *var, const sci_key *key,
		      long long a, long long b);

/*
 * `strcpy(dst, buf)`, `strlen(buf)`, `memcpy(dst, buf, n)` with nothing
 * written into buf: a library function that must be given a pointer it
 * reads (its model's deref=, declared pointer-to-const) reads garbage.
 * Only a buffer no path wrote any element of: a partly written string may
 * end inside what was written.
 */
static void uc_library_reads(sci_expr *call)
{
	const sci_nonnull_params *np;
	int i, n = sci_call_nargs(call);

	/* every call comes here: the cheap answers first */
	if (!uc_any || !sci_call_is_library(call) ||
	    !(np = sci_profile_nonnull_params(sci_call_name(call))))
		return;
	for (i = 0; i < n && i < 32; i++) {
		sci_expr *arg = sci_call_arg(call, i);
		const sci_key *found = NULL;
		sci_sym *fvar = NULL;

		if (!(np->args & (1u << i)) ||
		    !sci_call_arg_is_const_pointer(call, i))
			continue;
		SCI_FOR_EACH_STATE(me, sm) {
			sci_sym *var = sci_key_base(sci_sm_key(sm));

			if (!found && var && sci_sm_state(sm) == &uc_nothing_written &&
			    uc_points_to(arg, var)) {
				found = sci_sm_key(sm);
				fvar = var;
			}
		} SCI_END_FOR_EACH_STATE(sm);
		if (found)
			uc_report(arg, fvar, found, -1, -1);
	}
}

static int uc_linked_to(sci_expr *e, sci_sym *var);

/* Callees may write what they get (after the call: callers.c carries). */
static void uc_on_call(sci_expr *call, void *payload)
{
	int i, n = sci_call_nargs(call);

	(void)payload;
	uc_library_reads(call);
	for (i = 0; i < n; i++) {
		sci_expr *arg = sci_call_arg(call, i), *inner;

		uc_escapes(arg);
		uc_callers_escape(arg);
		if (uc_nlinks && sci_expr_is_addr_of(arg, &inner))
			uc_drop(inner, uc_linked_to);
	}
}

/* Elements @a to @b of what @var holds (-1: all of it) read unwritten. */
static void uc_report(sci_expr *e, sci_sym *var, const sci_key *key,
		   long long a, long long b)
{
	const sci_sm *sm = sci_sm_get(me, key);
	const char *text = sci_expr_text(e);
	int array = sci_sym_array_leaves(var) > 0;
	sci_finding *f;
	sci_pos where;

	if (a < 0 && uc_is_callers_key(key))
		f = sci_report(me, sci_expr_pos(e), sci_key_name(key),
			       "'%s' is used uninitialized: its callers pass '%s', which no path writes before this read",
			       text, sci_key_name(key) + strlen(UC_CALLERS));
	else if (a < 0)
		f = sci_report(me, sci_expr_pos(e), sci_key_name(key),
			       "'%s' is used uninitialized: no path writes %s before this read",
			       text, array ? "any element of the array" :
			       "the memory it points to");
	else if (array && sci_sym_array_count(var) <= 0)
		/* an array of arrays: its elements counted flat mean little */
		f = sci_report(me, sci_expr_pos(e), sci_key_name(key),
			       "'%s' is used uninitialized: no path wrote %s",
			       text, a == b ? "that element" :
			       "the elements it can read");
	else if (a == b)
		f = sci_report(me, sci_expr_pos(e), sci_key_name(key),
			       "'%s' is used uninitialized: it can read element %lld, which no path wrote",
			       text, a);
	else
		f = sci_report(me, sci_expr_pos(e), sci_key_name(key),
			       "'%s' is used uninitialized: it can read elements %lld to %lld, which no path wrote",
			       text, a, b);
	/* dropped: a pass that only learns what a loop brings round */
	if (!f)
		return;
	if (uc_is_callers_key(key))
		;	/* the callers' walk-values name no place here */
	else if (array)
		sci_finding_related(f, sci_sym_pos(var),
				    "declared here without a value");
	else if (sm && sci_sm_where(sm, &uc_nothing_written, &where) == 0)
		sci_finding_related(f, where, "allocated here, not initialized");
	/* one finding per buffer and path */
	sci_state_set(me, key, &uc_all_written);
}

static void uc_read_of(sci_expr *e)
{
	const uc_hull *h;
	uc_access x;
	sci_expr *via;
	long long lo, hi, a, b;

	if (!uc_resolve(e, &x, &via))
		return;
	lo = x.lo;
	hi = x.hi;
	if (!(x.known & SCI_VALUE_MIN_KNOWN) || lo < 0)
		lo = 0;
	if (x.n > 0 && lo >= x.n)
		return;		/* past the end: array-overflow's */
	if (!(x.known & SCI_VALUE_MAX_KNOWN))
		hi = lo;
	if (x.n > 0 && hi >= x.n)
		hi = x.n - 1;
	if (x.s == &uc_nothing_written) {
		uc_report(e, x.var, x.key, -1, -1);
		return;
	}
	/* elements above the hull, then below it */
	h = uc_hull_of(x.s);
	if (h->soft)
		return;
	a = h->hi == INT64_MAX ? hi + 1 : lo > h->hi + 1 ? lo : h->hi + 1;
	b = hi;
	if (!(x.known & SCI_VALUE_MAX_KNOWN) || a > b) {
		a = lo;
		b = hi < h->lo - 1 ? hi : h->lo - 1;
		if (!(x.known & SCI_VALUE_MIN_KNOWN) || a > b)
			return;
	}
	uc_report(e, x.var, x.key, a, b);
}

/*
 * `t = *p`, `struct s t = a[1]` of a struct: a copy of an element of a
 * followed block or array that nothing wrote at all.  Copying a struct
 * partly set is common and defined; one no byte of which was written
 * gives the copy nothing but garbage (Juliet's CWE-758 struct cases).
 */
static void uc_struct_copy(sci_expr *e)
{
	uc_access x;
	sci_expr *via;

	if (uc_resolve(e, &x, &via) && x.s == &uc_nothing_written)
		uc_report(e, x.var, x.key, -1, -1);
}

/* Is @var an array that the pointer @e names links to (`p = buf`)? */
static int uc_linked_to(sci_expr *e, sci_sym *var)
{
	sci_sym *p = sci_expr_symbol(sci_expr_strip(e));
	int i;

	for (i = 0; p && i < uc_nlinks; i++)
		if (uc_links[i].array == var && uc_links[i].ptr == p)
			return 1;
	return 0;
}

static void uc_on_expr(sci_expr *e, void *payload)
{
	sci_expr *to, *inner;
	sci_sym *ptr;
	int i;

	(void)payload;
	/*
	 * `pp = &p` with p linked to a buffer: a store through *pp is one
	 * through p that nothing here places.  `f(&p)`: after the call
	 * (uc_on_call()), so that the callee's walk learns what p points to.
	 */
	if (uc_nlinks && sci_expr_is_addr_of(e, &inner) &&
	    !sci_expr_passed_to(e, &i))
		uc_drop(inner, uc_linked_to);
	if ((to = sci_expr_copied_to(e)) && !sci_expr_is_scalar(e) &&
	    !sci_expr_is_pointer(e) && !sci_expr_is_array(e))
		uc_struct_copy(e);
	/* `p = a + 2`, `struct iovec v = { a, n }`: another name for it */
	if ((to = sci_expr_copied_to(e)) &&
	    (sci_expr_is_pointer(e) || !sci_expr_is_scalar(e))) {
		ptr = sci_expr_symbol(sci_expr_strip(to));
		/* a local pointer shares the callers' buffer's key; a
		 * member, a global, an array slot hand it on */
		if (!ptr || sci_expr_var(to) != ptr || !sci_sym_is_local(ptr) ||
		    !sci_expr_is_pointer(to))
			uc_callers_escape(e);
		if (!ptr || !sci_sym_is_local(ptr) ||
		    sci_sym_array_leaves(ptr) > 0 || !sci_expr_is_pointer(to) ||
		    !uc_link(e, ptr))
			uc_escapes(e);
	}
	if (sci_expr_is_scalar(e) && !sci_expr_is_assign_target(e))
		uc_read_of(e);
}

static void uc_on_func_start(sci_sym *fn, void *payload)
{
	(void)fn;
	(void)payload;
	uc_nlinks = 0;
	uc_any = 0;
	uc_ncallers = 0;
}

/*
 * The bytes the followed buffer state @s says some path wrote, in
 * elements of @elem bytes: 1 and *@lo..*@hi (none: *@lo > *@hi), or 0
 * when not followed or not known so (a soft hull, an open one).
 */
static int uc_state_bytes(const sci_state *s, long long elem, long long *lo,
			  long long *hi)
{
	const uc_hull *h = uc_hull_of(s);

	if (s == &uc_nothing_written) {
		*lo = 1;
		*hi = 0;
		return 1;
	}
	if (!h || h->soft || elem <= 0 || h->lo < 0 ||
	    h->hi >= INT64_MAX / elem - 1)
		return 0;
	*lo = h->lo * elem;
	*hi = (h->hi + 1) * elem - 1;
	return 1;
}

/*
 * The caller's side (sci_carry_unwritten_if()): the argument @e, or the
 * pointer the place @key holds, points to a buffer of which some path
 * wrote only bytes *@lo..*@hi, or none - an array or block followed
 * here, or a buffer this function's own callers passed so and it hands
 * on.
 */
static int uc_written_range(sci_expr *e, const sci_key *key,
			    const sci_object *obj, long long *lo, long long *hi)
{
	const sci_key *to, *ck;
	const sci_state *s;
	sci_sym *var = NULL;
	long long n, elem;

	/* nothing followed in this walk: only a callers' buffer can be */
	if (!uc_any && !uc_is_callers_object(obj))
		return 0;
	elem = e ? sci_expr_pointee_size(e) : 0;
	to = e ? sci_value_object_key(e) : sci_value_key_object_key(key);
	if (to && (var = sci_key_base(to)) &&
	    (n = sci_sym_array_leaves(var)) > 0)
		return obj->size % n == 0 &&
		       uc_state_bytes(sci_state_get(me, sci_key_pointee(var)),
				      obj->size / n, lo, hi);
	if (e)
		var = sci_expr_var(e);
	else
		var = sci_key_is_var(key) ? sci_key_base(key) : NULL;
	if (!e && var)
		elem = sci_sym_pointee_size(var);
	if (var && sci_sym_is_pointer(var) &&
	    (s = sci_state_get(me, sci_key_pointee(var))) && uc_following(s))
		return uc_state_bytes(s, elem, lo, hi);
	if (!(ck = uc_callers_key_of(obj)))
		return 0;
	if (!(s = sci_state_get(me, ck))) {
		/* untouched here: as its own callers passed it */
		*lo = obj->written_lo;
		*hi = obj->written_hi;
		return 1;
	}
	return uc_state_bytes(s, elem, lo, hi);
}

static void uc_init(void)
{
	sci_on_func_start(me, uc_on_func_start, NULL);
	sci_on_declaration(me, uc_on_declaration, NULL);
	sci_on_assign_before(me, uc_on_assign_before, NULL);
	sci_on_assign(me, uc_on_assign, NULL);
	sci_on_modify(me, uc_on_modify, NULL);
	sci_on_call(me, NULL, uc_on_call, NULL);
	sci_on_expr(me, uc_on_expr, NULL);
	sci_on_loop_change(me, uc_on_loop_change, NULL);
	sci_on_loop_exit(me, uc_on_loop_exit, NULL);
	sci_carry_unwritten_if(me, uc_written_range);
}

#endif
