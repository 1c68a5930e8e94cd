/*
 * callers.c - the values a function's callers pass it.
 *
 * While the TU's functions are walked, each call of a function defined in
 * the TU records the ranges of its integer arguments (and whether they
 * carry input) as one tuple per distinct combination; the project's
 * summaries add what callers in other TUs pass (their call_args).  Once
 * every function has had its first walk, a function some tuple says more
 * of than the parameters' types is walked again once per tuple with its
 * parameters set to it (frontend.c): what it finds then are findings for
 * values that do reach it (`idx(10)` overflowing `buf[10]` inside idx()).
 * The file-scope integers the function reads are recorded with the
 * arguments: their values at the call are their values on entry
 * (`g_parts = 0; per_part(n);`).
 *
 * Two modes:
 *  - all callers known: a static function the TU never uses as a value
 *    (a variable only called through counts as its calls), every caller
 *    walked completely, no recursion.  The tuple walks' findings replace
 *    the first walk's: what it found only for values no caller passes is
 *    gone.
 *  - some callers known: any other function (external linkage, a
 *    callback).  The tuple walks add the findings the first walk did not
 *    have; the first walk's stand, since unknown callers may pass
 *    anything.
 *
 * Tuples keep the correlation between parameters (`f(0, NULL)` and
 * `f(n, buf)` are two calls, not four); past SCI_CALLER_TUPLES distinct
 * ones, each parameter gets the union of what the calls pass (still
 * every value that reaches it, less precise).  Walks run caller first,
 * and a caller whose callers are all known, walked again with their
 * values, replaces what its first walk recorded: a value passed down a
 * chain of static functions arrives.
 *
 * Memory: the tables are malloc'd and live for one TU; range texts are
 * copied out of the arena of the walk that recorded them.
 */
#include "analyzer/engine_int.h"
#include "analyzer/symtab.h"
#include "util/alloc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#define SCI_CALLER_TUPLES 4	/* distinct tuples walked, before unions */
#define MAX_STORED 64		/* tuples kept per callee, else no narrowing */
#define MAX_SITES 3		/* call sites named per tuple */
#define MAX_PARAMS 16
#define MAX_GLOBALS 8		/* file-scope objects a function reads */
#define MAX_SLOTS (MAX_PARAMS + MAX_GLOBALS + SCI_MAX_PARAM_PATHS)

typedef struct {
	char *text;		/* sci_rl_text() in the parameter's type */
	unsigned char soft;
	unsigned char input;	/* carries data read from input */
	unsigned char freed;	/* a pointer to memory the caller freed */
	unsigned char carry;	/* carried states held there (carried[]) */
	/*
	 * A pointer into an object of a size the caller knows (points.c):
	 * osize bytes (0: none), ooff bytes in, named oname in the caller,
	 * living where okind (sci_object.origin) says.
	 */
	long long osize, ooff;
	char *oname;
	int okind;
	unsigned oflags;	/* sci_object.flags */
	long long wlo, whi;	/* sci_object.written_lo, _hi */
	/* the string it points to: slen - 1 characters of sunit bytes */
	long long slen;
	int sunit;
} arg_val;

/* Where a tuple was passed: a call of this TU, or a caller elsewhere. */
typedef struct {
	struct position pos;	/* this TU's call (file NULL) */
	char *file;		/* another TU's caller: its definition */
	char *caller;
	unsigned line;
} site;

typedef struct {
	struct symbol *caller;	/* NULL: another TU's */
	int staged;		/* recorded by a second walk of caller */
	/*
	 * by slot (rec.slot): its record's nslots of them, allocated (a
	 * fixed MAX_SLOTS array made a tuple 3 KiB, one page for each call
	 * recorded: 12% of a redis run's page faults)
	 */
	arg_val *args;
	int nargs;
	site sites[MAX_SITES];
	int nsites;
} tuple;

typedef struct {
	struct symbol *slot;	/* the parameter, or the global */
	struct expression *read;	/* a global: an expression reading it */
	const sci_param_path *path;	/* a place reached from the parameter */
	struct symbol *type;	/* the slot's type */
} slot_info;

typedef struct {
	struct symbol *sym;
	int kind;		/* 0 unknown, 1 candidate, -1 not */
	int nparams;
	/*
	 * What a tuple holds: the parameters, then the file-scope integers
	 * the body reads (`static int g_data;` set by the
	 * caller right before the call: its value at the call is its value
	 * on entry), each with an expression that reads it at the call.
	 */
	/*
	 * Then the integers and pointers the body reaches in one step from
	 * a parameter (`*p`, `buf[2]`, `s.m`): what the caller's argument
	 * reaches there (sci__key_arg_path()) is their value on entry.
	 * Allocated for candidates only (a record per called function).
	 */
	slot_info *s;
	int nslots;
	int walked;		/* first walk done: 1 complete, -1 stopped */
	int overflow;		/* more than MAX_STORED tuples */
	tuple *v;
	size_t n;
	/* what frontend.c walks: the tuples joined (sci__callers_tuples()) */
	tuple *walk;
	size_t nwalk;
} rec;

/*
 * States checkers carry across calls (sci_carry_state()): bit i of
 * arg_val.carry is carried[i].  Another TU's callee gets them by name
 * ("?RULE.STATE"), so the order of registration need not agree.
 */
#define MAX_CARRIED 8
static struct {
	int owner;
	const sci_state *state;
	int (*holds)(const sci_key *key);	/* NULL: the owner's state */
} carried[MAX_CARRIED];
static int ncarried;

static sci_symtab rec_tab;
/* The table's records, as an array of caprecs, in the order added. */
#define recs ((rec *)rec_tab.recs)
#define caprecs (rec_tab.n)
static const tuple *active;	/* the tuple of the walk in progress */

int sci_carry_state_if(sci_checker_id me, const sci_state *state,
		       int (*holds)(const sci_key *key))
{
	int i;

	for (i = 0; i < ncarried; i++)
		if (carried[i].owner == me && carried[i].state == state)
			return 0;
	if (ncarried == MAX_CARRIED || !state || !state->name)
		return -1;
	carried[ncarried].owner = me;
	carried[ncarried].holds = holds;
	carried[ncarried++].state = state;
	return 0;
}

/* The checker that says what of an object was written, and how. */
static int (*unwritten_holds)(sci_expr *ptr, const sci_key *key,
			      const sci_object *obj, long long *lo,
			      long long *hi);

int sci_carry_unwritten_if(sci_checker_id me,
			   int (*written)(sci_expr *ptr, const sci_key *key,
					  const sci_object *obj,
					  long long *lo, long long *hi))
{
	(void)me;
	if (unwritten_holds && unwritten_holds != written)
		return -1;
	unwritten_holds = written;
	return 0;
}

unsigned sci__callers_object_written(struct expression *e, const sci_key *key,
				     const sci_object *obj, long long *lo,
				     long long *hi)
{
	*lo = 1;
	*hi = 0;
	return unwritten_holds && sci__cur &&
	       unwritten_holds(e, key, obj, lo, hi) ?
	       SCI_OBJECT_UNWRITTEN : 0;
}

int sci_carry_state(sci_checker_id me, const sci_state *state)
{
	return sci_carry_state_if(me, state, NULL);
}

void sci__callers_carry_reset(void)
{
	ncarried = 0;
	unwritten_holds = NULL;
}

unsigned sci__callers_carry_mask(const sci_key *key)
{
	unsigned mask = 0;
	int i;

	for (i = 0; key && sci__cur && i < ncarried; i++)
		if (carried[i].holds ? carried[i].holds(key) :
		    sci__get_state(carried[i].owner, key) == carried[i].state)
			mask |= 1u << i;
	return mask;
}

/* A float or double: no value, but input and carried states ride along. */
static int is_floating(struct symbol *type)
{
	type = sci__real_type(type);
	return type && is_float_type(type);
}

const char *sci__callers_carry_text(const sci_key *key)
{
	unsigned mask = sci__callers_carry_mask(key);
	const char *text = "";
	int i;

	for (i = 0; i < ncarried; i++)
		if (mask & (1u << i))
			text = sci_arena_printf("%s?%s.%s", text,
				sci__owners[carried[i].owner].rule,
				carried[i].state->name);
	return text;
}

/* The bit of the carried state named "RULE.STATE" (@len chars), or 0. */
static unsigned carry_bit(const char *name, size_t len)
{
	int i;

	for (i = 0; i < ncarried; i++) {
		const char *rule = sci__owners[carried[i].owner].rule;
		size_t n = strlen(rule);

		if (n < len && strncmp(name, rule, n) == 0 &&
		    name[n] == '.' &&
		    strlen(carried[i].state->name) == len - n - 1 &&
		    strncmp(name + n + 1, carried[i].state->name,
			    len - n - 1) == 0)
			return 1u << i;
	}
	return 0;
}
static struct symbol *active_fn;
static const sci_summary_set *run_set;	/* other TUs' summaries, or NULL */
static struct symbol **tu_fns;		/* the TU's functions (borrowed) */
static int ntu_fns;

static rec *lookup(struct symbol *sym, int add)
{
	return sci__symtab_get(&rec_tab, sizeof(rec), 64, sym, add);
}

/* @t empty, with room for @nslots arguments. */
static void tuple_start(tuple *t, int nslots)
{
	memset(t, 0, sizeof(*t));
	t->nargs = nslots;
	t->args = sci_calloc(nslots > 0 ? (size_t)nslots : 1, sizeof(*t->args));
}

static void tuple_clear(tuple *t)
{
	int i;

	for (i = 0; i < t->nargs; i++) {
		free(t->args[i].text);
		free(t->args[i].oname);
	}
	free(t->args);
	for (i = 0; i < t->nsites; i++) {
		free(t->sites[i].file);
		free(t->sites[i].caller);
	}
	memset(t, 0, sizeof(*t));
}

static void rec_clear_walk(rec *r)
{
	size_t i;

	for (i = 0; i < r->nwalk; i++)
		tuple_clear(&r->walk[i]);
	free(r->walk);
	r->walk = NULL;
	r->nwalk = 0;
}

void sci__callers_reset(void)
{
	size_t i, k;

	for (i = 0; i < caprecs; i++) {
		for (k = 0; k < recs[i].n; k++)
			tuple_clear(&recs[i].v[k]);
		free(recs[i].v);
		free(recs[i].s);
		rec_clear_walk(&recs[i]);
	}
	sci__symtab_clear(&rec_tab);
	active = NULL;
	active_fn = NULL;
	run_set = NULL;
	tu_fns = NULL;
	ntu_fns = 0;
}

void sci__callers_tu_begin(struct symbol **fns, int n,
			   const sci_summary_set *set)
{
	tu_fns = fns;
	ntu_fns = n;
	run_set = set;
}

/* The definition a call or a declaration names. */
static struct symbol *definition(struct symbol *sym)
{
	return sym && sym->definition ? sym->definition : sym;
}

static struct symbol *param_type(struct symbol *param)
{
	return sci__real_type(param);
}

/*
 * A function whose callers' values may say something: defined here,
 * with an integer parameter, not variadic.  Decided once per function.
 */
static rec *candidate(struct symbol *fn)
{
	struct symbol *base, *arg, *const *globals;
	const sci_param_path *paths;
	slot_info s[MAX_SLOTS];
	rec *r;
	int n = 0, ints = 0;
	size_t k, ng, np;

	fn = definition(fn);
	r = lookup(fn, 1);
	if (r->kind)
		return r->kind > 0 ? r : NULL;
	r->kind = -1;
	memset(s, 0, sizeof(s));
	base = sci__real_type(fn);
	if (fn->type != SYM_NODE || !base || base->type != SYM_FN ||
	    base->variadic || !(base->stmt || base->inline_stmt))
		return NULL;
	FOR_EACH_PTR(base->arguments, arg) {
		if (n == MAX_PARAMS)
			return NULL;
		/*
		 * A pointer may carry freed memory (arg_val.freed); a
		 * floating value, input or a checker's state (the value
		 * model keeps no floats).
		 */
		if (sci__type_is_int(param_type(arg)) ||
		    sci__type_is_ptr(param_type(arg)) ||
		    is_floating(param_type(arg)))
			ints++;
		s[n].type = param_type(arg);
		s[n++].slot = arg;
	} END_FOR_EACH_PTR(arg);
	r->nparams = n;
	ng = sci__fn_globals(fn, &globals);
	for (k = 0; k < ng && n < MAX_SLOTS; k++) {
		struct expression *e;

		/*
		 * Integers, and pointers for the freed memory they may hold
		 * (their NULL is no evidence: pointer_text() only rides
		 * along).
		 */
		if (!sci__type_is_int(param_type(globals[k])) &&
		    !sci__type_is_ptr(param_type(globals[k])) &&
		    !is_floating(param_type(globals[k])))
			continue;
		/*
		 * One whose value the TU or the project fixes (const, never
		 * written) has it in every walk already: it makes no walk of
		 * its own.
		 */
		if (sci__global_value(globals[k]))
			continue;
		e = alloc_expression(fn->pos, EXPR_SYMBOL);
		e->symbol = globals[k];
		e->symbol_name = globals[k]->ident;
		e->ctype = globals[k];
		ints++;
		s[n].read = e;
		s[n].type = param_type(globals[k]);
		s[n++].slot = globals[k];
	}
	np = sci__fn_param_paths(fn, &paths);
	for (k = 0; k < np && n < MAX_SLOTS; k++) {
		ints++;
		s[n].path = &paths[k];
		s[n].type = paths[k].type;
		s[n++].slot = s[paths[k].param].slot;
	}
	if (!ints)
		return NULL;
	r->s = sci_calloc((size_t)n, sizeof(*r->s));
	memcpy(r->s, s, (size_t)n * sizeof(*s));
	r->nslots = n;
	r->kind = 1;
	return r;
}

int sci__callers_candidate(struct symbol *fn)
{
	return candidate(fn) != NULL;
}

/* The same of what the callers wrote of their objects (oflags)? */
static int same_written(const arg_val *x, const arg_val *y)
{
	return x->oflags == y->oflags &&
	       (!x->oflags || (x->wlo == y->wlo && x->whi == y->whi));
}

/* Do @x and @y say the same of one slot? */
static int same_arg(const arg_val *x, const arg_val *y)
{
	return x->soft == y->soft && x->input == y->input &&
	       x->freed == y->freed && x->carry == y->carry &&
	       x->osize == y->osize && x->ooff == y->ooff &&
	       x->okind == y->okind && same_written(x, y) &&
	       x->slen == y->slen && x->sunit == y->sunit &&
	       (x->text == NULL) == (y->text == NULL) &&
	       (!x->text || strcmp(x->text, y->text) == 0);
}

static int same_args(const tuple *a, const tuple *b, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!same_arg(&a->args[i], &b->args[i]))
			return 0;
	return 1;
}

static void drop_object(arg_val *a)
{
	free(a->oname);
	a->oname = NULL;
	a->osize = a->ooff = 0;
	a->okind = SCI_OBJECT_UNKNOWN;
	a->oflags = 0;
	a->wlo = 1;
	a->whi = 0;
	a->slen = 0;
}

/* The object @e or @key points into (points.c), for the callee's walk. */
static void note_object(arg_val *a, struct expression *e, const sci_key *key)
{
	sci_object o;
	sci_val len;
	int unit;

	if (!sci__points_exact_object(e, key, &o))
		return;
	a->osize = o.size;
	a->ooff = o.off_min;
	a->oname = sci_strdup(o.name);
	a->okind = o.origin;
	a->oflags = sci__callers_object_written(e, key, &o, &a->wlo, &a->whi);
	if (sci__strlen_pointed(e, key, &len, &unit)) {
		a->slen = len + 1;
		a->sunit = unit;
	}
}

static int same_site(const site *a, const site *b)
{
	if (a->file || b->file)
		return a->file && b->file && a->line == b->line &&
		       strcmp(a->file, b->file) == 0 &&
		       strcmp(a->caller, b->caller) == 0;
	return a->pos.stream == b->pos.stream && a->pos.line == b->pos.line &&
	       a->pos.pos == b->pos.pos;
}

/* Adds a copy of @s to @t's sites, unless there or full. */
static void add_site(tuple *t, const site *s)
{
	int i;

	for (i = 0; i < t->nsites; i++)
		if (same_site(&t->sites[i], s))
			return;
	if (t->nsites == MAX_SITES)
		return;
	t->sites[t->nsites] = *s;
	t->sites[t->nsites].file = s->file ? sci_strdup(s->file) : NULL;
	t->sites[t->nsites].caller = s->caller ? sci_strdup(s->caller) : NULL;
	t->nsites++;
}

/*
 * A pointer argument as a tuple keeps only whether it is NULL: it rides
 * along for the integers' sake (`f(0, NULL)` and `f(1, buf)` stay apart),
 * it does not make a walk of its own.  NULL when nothing is known.
 */
static char *pointer_text(const sci_rl *rl, struct symbol *type)
{
	sci_val v;
	const sci_rl *all = sci__type_rl(type);

	if (sci_rl_single(rl, &v) && v == 0)
		return sci_strdup("0");
	if (!sci_rl_is_empty(rl) && all->n &&
	    sci_rl_is_empty(sci_rl_intersect(rl, sci_rl_range(0, 0))))
		return sci_strdup(sci_rl_text(sci_rl_range(1, all->r[all->n - 1].max)));
	return NULL;
}

void sci__callers_call(struct expression *call)
{
	struct expression *fnx, *arg;
	struct symbol *base, *param;
	struct symbol *caller = sci__cur_fn;
	site here = { 0 };
	tuple t;
	rec *r;
	size_t k;
	int i = 0;

	if (!sci__cur || sci__quiet || !caller)
		return;
	call = sci__strip(call);
	fnx = call ? sci__strip(call->fn) : NULL;
	if (!fnx || fnx->type != EXPR_SYMBOL || !fnx->symbol)
		return;
	r = candidate(fnx->symbol);
	if (!r || r->overflow)
		return;
	tuple_start(&t, r->nslots);
	here.pos = call->pos;
	here.caller = (char *)sci_sym_name(caller);	/* copied by add_site() */
	t.caller = caller;
	t.staged = active_fn == caller;
	base = sci__real_type(r->sym);
	PREPARE_PTR_LIST(base->arguments, param);
	FOR_EACH_PTR(call->args, arg) {
		struct symbol *type;

		if (!param)
			break;
		type = param_type(param);
		if (sci__type_is_int(type) && sci__expr_plain(arg)) {
			const sci_rl *rl = sci_rl_cast(sci__expr_rl(arg),
						       sci__vtype(type));

			t.args[i].text = sci_strdup(sci_rl_text(rl));
			t.args[i].soft = rl->soft;
			t.args[i].input = !!sci__untrusted_expr(arg);
		} else if (sci__type_is_int(type)) {
			/* its value after the side effect is not the one
			 * passed: any value of the type */
			t.args[i].text = sci_strdup(
				sci_rl_text(sci__type_rl(type)));
			t.args[i].soft = SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX;
			t.args[i].input = !!sci__untrusted_expr(arg);
		} else if (sci__type_is_ptr(type) && sci__expr_plain(arg)) {
			/* not .freed: passing freed memory to a function that
			 * uses or frees it is reported at the call already */
			t.args[i].text = pointer_text(sci__expr_rl(arg), type);
			note_object(&t.args[i], arg, NULL);
		} else if (is_floating(type) && sci__expr_plain(arg)) {
			t.args[i].input = !!sci__untrusted_expr(arg);
			t.args[i].carry = (unsigned char)
				sci__callers_carry_mask(sci_key_expr(arg));
		}
		i++;
		NEXT_PTR_LIST(param);
	} END_FOR_EACH_PTR(arg);
	FINISH_PTR_LIST(param);
	if (i < r->nparams) {
		/* a call without a prototype's arguments: nothing is known */
		tuple_clear(&t);
		r->overflow = 1;
		return;
	}
	for (; i < r->nslots; i++) {
		struct symbol *type = r->s[i].type;
		struct expression *g = r->s[i].read;
		const sci_key *key = NULL;
		const sci_rl *rl;
		arg_val *a = &t.args[i];

		if (r->s[i].path) {
			arg = sci_call_arg(call, r->s[i].path->param);
			key = arg && sci__expr_plain(arg) ?
			      sci__key_arg_path(arg, r->s[i].path->path) : NULL;
			if (!key)
				continue;	/* nothing known: no text */
			rl = sci__key_rl(key, type);
			a->input = !!sci__untrusted_key(key);
			a->freed = sci__type_is_ptr(type) && sci__freed_key(key);
		} else {
			rl = sci__expr_rl(g);
			a->input = !!sci__untrusted_expr(g);
			a->freed = sci__type_is_ptr(type) &&
				   sci_value_freed(g, NULL);
			key = sci_key_expr(g);
		}
		a->carry = (unsigned char)sci__callers_carry_mask(key);
		if (is_floating(type))
			continue;	/* no value: input and carry only */
		if (sci__type_is_ptr(type)) {
			a->input = 0;
			a->text = pointer_text(rl, type);
			note_object(a, r->s[i].path ? NULL : g, key);
			continue;
		}
		rl = sci_rl_cast(rl, sci__vtype(type));
		a->text = sci_strdup(sci_rl_text(rl));
		a->soft = rl->soft;
	}
	for (k = 0; k < r->n; k++) {
		tuple *o = &r->v[k];

		if (o->caller == caller && o->staged == t.staged &&
		    same_args(o, &t, r->nslots)) {
			add_site(o, &here);
			tuple_clear(&t);
			return;
		}
	}
	if (r->n == MAX_STORED) {
		tuple_clear(&t);
		r->overflow = 1;
		return;
	}
	add_site(&t, &here);
	r->v = sci_grow(r->v, r->n, sizeof(*r->v));
	r->v[r->n++] = t;
}

void sci__callers_walked(struct symbol *fn, int complete)
{
	lookup(fn, 1)->walked = complete ? 1 : -1;
}

/* A staged tuple of @caller's second walks becomes its record, or goes. */
void sci__callers_commit(struct symbol *caller, int ok)
{
	size_t i, k, m;

	for (i = 0; i < caprecs; i++) {
		rec *r = &recs[i];

		if (!r->sym || !r->n)
			continue;
		for (k = m = 0; k < r->n; k++) {
			tuple *t = &r->v[k];

			if (t->caller == caller && t->staged != ok) {
				tuple_clear(t);
				continue;
			}
			t->staged = 0;
			r->v[m++] = *t;
		}
		r->n = m;
	}
}

/*
 * Joins @t's arguments into @into's: integers as unions, pointers as
 * unknown unless both say the same; @t's sites too.
 */
static void join_args(tuple *into, const tuple *t, const rec *r)
{
	int i, s;

	for (i = 0; i < r->nslots; i++) {
		arg_val *a = &into->args[i];
		const arg_val *b = &t->args[i];

		if (!a->text || !b->text ||
		    (sci__type_is_ptr(r->s[i].type) &&
		     strcmp(a->text, b->text) != 0)) {
			/* nothing known on one side; a pointer NULL on one
			 * and not on the other says nothing either */
			free(a->text);
			a->text = NULL;
		} else {
			const sci_rl *x = sci_rl_parse(a->text);
			const sci_rl *y = sci_rl_parse(b->text);
			const sci_rl *u;

			if (x && y) {
				u = sci_rl_union(sci_rl_with_soft(x, a->soft),
						 sci_rl_with_soft(y, b->soft));
				free(a->text);
				a->text = sci_strdup(sci_rl_text(u));
				a->soft = u->soft;
			}
		}
		a->input |= b->input;
		a->freed &= b->freed;
		a->carry &= b->carry;
		if (a->osize != b->osize || a->ooff != b->ooff)
			drop_object(a);
		else {
			if (a->okind != b->okind)
				a->okind = SCI_OBJECT_UNKNOWN;
			a->oflags &= b->oflags;
			/* what any of them wrote may have been written */
			if (b->wlo <= b->whi) {
				if (a->wlo > a->whi || b->wlo < a->wlo)
					a->wlo = b->wlo;
				if (a->whi < b->whi)
					a->whi = b->whi;
			}
			if (a->slen != b->slen || a->sunit != b->sunit)
				a->slen = 0;
		}
	}
	for (s = 0; s < t->nsites; s++)
		add_site(into, &t->sites[s]);
}

static void copy_tuple(tuple *out, const tuple *t)
{
	int i;

	*out = *t;
	/* every element is copied over: nothing to clear */
	out->args = sci_malloc((t->nargs > 0 ? (size_t)t->nargs : 1) *
			       sizeof(*out->args));
	memcpy(out->args, t->args, (size_t)t->nargs * sizeof(*t->args));
	for (i = 0; i < t->nargs; i++) {
		out->args[i].text = t->args[i].text ?
				    sci_strdup(t->args[i].text) : NULL;
		out->args[i].oname = t->args[i].oname ?
				     sci_strdup(t->args[i].oname) : NULL;
	}
	out->nsites = 0;
	for (i = 0; i < t->nsites; i++)
		add_site(out, &t->sites[i]);
}

/* Does @a say more of a slot of type @type than the type does? */
static int slot_narrows(const arg_val *a, struct symbol *type)
{
	const sci_rl *rl;

	if (a->freed || a->carry || a->osize)
		return 1;
	if (a->input && is_floating(type))
		return 1;
	if (!a->text || !sci__type_is_int(type))
		return 0;
	rl = sci_rl_parse(a->text);
	return a->input || (rl && !sci_rl_equal(rl, sci__type_rl(type)));
}

/* Does @t say more of some parameter or global than its type does? */
static int narrows(const tuple *t, const rec *r)
{
	int i;

	for (i = 0; i < r->nslots; i++)
		if (slot_narrows(&t->args[i], r->s[i].type))
			return 1;
	return 0;
}

/* Are all of @fn's callers known, and walked completely? */
static int callers_all_known(struct symbol *fn)
{
	struct symbol *callers[64];
	const rec *c;
	int n;

	if (!(fn->ctype.modifiers & MOD_STATIC) || sci__fn_used_as_value(fn))
		return 0;
	n = sci__tu_callers(fn, callers, 64);
	if (n <= 0)
		return 0;
	while (n--) {
		c = lookup(callers[n], 0);
		if (callers[n] == fn || !c || c->walked != 1)
			return 0;
	}
	return 1;
}

/* Is @caller of @file one of this TU's functions (recorded here)? */
static int is_own(const char *file, const char *caller)
{
	int i;

	for (i = 0; i < ntu_fns; i++)
		if (strcmp(sci_sym_name(tu_fns[i]), caller) == 0 &&
		    strcmp(sci__pos_path(tu_fns[i]->pos), file) == 0)
			return 1;
	return 0;
}

typedef struct {
	struct symbol *fn;
	const rec *r;
	tuple *v;
	size_t n;
} ext_ctx;

/*
 * Argument @i of a call_args entry ("0=10;2=0-15~3!;@12"), or the entry
 * tagged @tag ("gNAME" for a global, "pN PATH" for what parameter N
 * reaches: fn_facts.c, global_args() and path_args()): its values (in
 * the argument's type), soft bits and input mark; NULL when not there.
 */
static const sci_rl *entry_value(const char *args, int i, const char *tag,
				 unsigned *soft, int *input, unsigned *carry)
{
	const char *p, *m;
	char *end, *text;
	size_t len, tlen = tag ? strlen(tag) : 0;

	for (p = args; p; p = strchr(p, ';'), p = p ? p + 1 : NULL) {
		if (tag) {
			if (strncmp(p, tag, tlen) != 0 || p[tlen] != '=')
				continue;
			end = (char *)p + tlen;
		} else if (!isdigit((unsigned char)*p) ||
			   strtol(p, &end, 10) != i || *end != '=') {
			continue;
		}
		len = strcspn(end + 1, ";~!#?");
		text = sci_arena_alloc(len + 1);
		memcpy(text, end + 1, len);
		text[len] = '\0';
		m = end + 1 + len;
		if (*m == '~') {
			*soft = (unsigned)(m[1] - '0') & 3;
			m += 2;
		}
		/* '!': input; '#': a pointer to memory the caller freed;
		 * "?RULE.STATE": a carried state */
		*input = 0;
		*carry = 0;
		while (*m == '!' || *m == '#' || *m == '?') {
			if (*m == '?') {
				len = strcspn(m + 1, ";~!#?");
				*carry |= carry_bit(m + 1, len);
				m += 1 + len;
				continue;
			}
			*input |= *m == '!' ? 1 : 2;
			m++;
		}
		return sci_rl_parse(text);
	}
	return NULL;
}

/*
 * The object of the entry tagged @tag ("o0" for argument 0, "o0*" for
 * what it points to: ";TAG=SIZE+OFF/K:NAME", K where it lives, or
 * ";TAG=SIZE+OFF:NAME", fn_facts.c; K may be followed by "0" or "wLO-HI"
 * and by "~LEN.UNIT"), if any.
 */
static void entry_object(arg_val *a, const char *args, const char *tag)
{
	const char *p;
	char *end;
	long long size, off;
	int kind, sunit = 0;
	unsigned flags;
	long long slen = -1, wlo = 1, whi = 0;
	size_t n = strlen(tag);

	for (p = args; p; p = strchr(p, ';'), p = p ? p + 1 : NULL) {
		if (strncmp(p, tag, n) != 0 || p[n] != '=')
			continue;
		end = (char *)p + n;
		size = strtoll(end + 1, &end, 10);
		if (*end != '+')
			return;
		off = strtoll(end + 1, &end, 10);
		kind = SCI_OBJECT_UNKNOWN;
		flags = 0;
		if (*end == '/' && end[1]) {
			kind = sci__points_kind_of_letter(end[1]);
			end += 2;
			/*
			 * '0': a buffer no path of the caller wrote;
			 * "wLO-HI": only those bytes
			 */
			if (*end == '0') {
				flags = SCI_OBJECT_UNWRITTEN;
				end++;
			} else if (*end == 'w') {
				wlo = strtoll(end + 1, &end, 10);
				if (*end != '-')
					return;
				whi = strtoll(end + 1, &end, 10);
				if (wlo < 0 || wlo > whi)
					return;
				flags = SCI_OBJECT_UNWRITTEN;
			}
			/* "~LEN.UNIT": the string it points to */
			if (*end == '~') {
				slen = strtoll(end + 1, &end, 10);
				if (*end != '.')
					return;
				sunit = (int)strtol(end + 1, &end, 10);
			}
		}
		if (*end != ':' || size <= 0 || off < -size || off > size)
			return;
		a->osize = size;
		a->ooff = off;
		a->okind = kind;
		a->oflags = flags;
		a->wlo = wlo;
		a->whi = whi;
		if (slen >= 0 && (sunit == 1 || sunit == 4)) {
			a->slen = slen + 1;
			a->sunit = sunit;
		}
		a->oname = sci_printf_dup("%.*s", (int)strcspn(end + 1, ";"),
					  end + 1);
		return;
	}
}

/*
 * One call_args entry of another TU's caller, "0=10;2=0-15~3!": the
 * values in the argument's type, cast to the parameter's.
 */
static void on_ext_args(const char *file, const char *caller, unsigned line,
			const char *args, void *payload)
{
	ext_ctx *x = payload;
	struct symbol *base = sci__real_type(x->fn), *param;
	const char *p;
	site where = { 0 };
	tuple t;
	int i = 0;

	if (is_own(file, caller) || x->n >= MAX_STORED)
		return;
	tuple_start(&t, x->r->nslots);
	FOR_EACH_PTR(base->arguments, param) {
		struct symbol *type = param_type(param);
		const sci_rl *rl = NULL;
		unsigned soft = 0, carry = 0;
		int input = 0;

		if (is_floating(type)) {
			/* "N=!" or "N=?RULE.STATE": no value, what rides along */
			entry_value(args, i, NULL, &soft, &input, &carry);
			t.args[i].input = (unsigned char)(input & 1);
			t.args[i++].carry = (unsigned char)carry;
			continue;
		}
		if (!sci__type_is_int(type) && !sci__type_is_ptr(type)) {
			i++;
			continue;
		}
		rl = entry_value(args, i, NULL, &soft, &input, &carry);
		if (sci__type_is_ptr(type)) {
			entry_object(&t.args[i], args,
				     sci_arena_printf("o%d", i));
			t.args[i++].text = rl ? pointer_text(rl, type) : NULL;
			continue;
		}
		input &= 1;
		if (rl && !sci_rl_is_empty(rl)) {
			rl = sci_rl_cast(sci_rl_with_soft(rl, soft),
					 sci__vtype(type));
		} else {
			rl = sci__type_rl(type);
			soft = SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX;
			rl = sci_rl_with_soft(rl, soft);
		}
		t.args[i].text = sci_strdup(sci_rl_text(rl));
		t.args[i].soft = rl->soft;
		t.args[i].input = (unsigned char)input;
		i++;
	} END_FOR_EACH_PTR(param);
	for (i = x->r->nparams; i < x->r->nslots; i++) {
		struct symbol *type = x->r->s[i].type;
		const sci_param_path *pp = x->r->s[i].path;
		char *tag = pp ? sci_arena_printf("p%d%s", pp->param, pp->path) :
				 sci_arena_printf("g%s",
						  sci_sym_name(x->r->s[i].slot));
		unsigned soft = 0, carry = 0;
		int input = 0;
		const sci_rl *rl = entry_value(args, i, tag, &soft, &input, &carry);

		t.args[i].carry = (unsigned char)carry;
		if (sci__type_is_ptr(type)) {
			t.args[i].freed = !!(input & 2);
			/* "o0*" for what parameter 0 reaches, "ogNAME" */
			entry_object(&t.args[i], args,
				     sci_arena_printf("o%s", pp ? tag + 1 : tag));
			t.args[i].text = rl ? pointer_text(rl, type) : NULL;
			continue;
		}
		if (is_floating(type)) {
			t.args[i].input = (unsigned char)(input & 1);
			continue;	/* no value: input and carry only */
		}
		if (!rl || sci_rl_is_empty(rl))
			continue;	/* unknown there: as if not passed */
		rl = sci_rl_cast(sci_rl_with_soft(rl, soft), sci__vtype(type));
		t.args[i].text = sci_strdup(sci_rl_text(rl));
		t.args[i].soft = rl->soft;
		t.args[i].input = (unsigned char)(input & 1);
	}
	where.file = (char *)file;
	where.caller = (char *)caller;
	where.line = line;
	p = strstr(args, ";@");
	if (p)
		where.line = (unsigned)strtoul(p + 2, NULL, 10);
	add_site(&t, &where);
	x->v = sci_grow(x->v, x->n, sizeof(*x->v));
	x->v[x->n++] = t;
}

static int cmp_arg(const arg_val *a, const arg_val *b)
{
	int c = strcmp(a->text ? a->text : "", b->text ? b->text : "");

	if (c)
		return c;
	if (a->soft != b->soft)
		return a->soft < b->soft ? -1 : 1;
	if (a->freed != b->freed)
		return (int)a->freed - (int)b->freed;
	if (a->carry != b->carry)
		return (int)a->carry - (int)b->carry;
	return (int)a->input - (int)b->input;
}

/* Other TUs' tuples in a fixed order: the set's is the filing order. */
static int cmp_ext(const void *a, const void *b)
{
	const tuple *x = a, *y = b;
	int c = strcmp(x->sites[0].file, y->sites[0].file), i;

	if (!c)
		c = strcmp(x->sites[0].caller, y->sites[0].caller);
	for (i = 0; !c && i < x->nargs && i < y->nargs; i++)
		c = cmp_arg(&x->args[i], &y->args[i]);
	return c;
}

/* Appends @t (a copy) to @r's walks, joined with an equal one. */
static void add_walk(rec *r, struct symbol *fn, const tuple *t)
{
	size_t k;

	for (k = 0; k < r->nwalk; k++)
		if (same_args(&r->walk[k], t, r->nslots)) {
			join_args(&r->walk[k], t, r);
			return;
		}
	r->walk = sci_grow(r->walk, r->nwalk, sizeof(*r->walk));
	copy_tuple(&r->walk[r->nwalk++], t);
}

/*
 * Does a walk with @a in a slot of type @type take every path one with
 * @b would, and find no less?  Only a pointer unknown in @a and not NULL
 * in @b: that prunes paths, it makes no value definite.  A narrower
 * integer can (`items` 0 in one walk is a division by zero; 0 or 4 in
 * a wider one is only a maybe), so an integer must be the same.
 */
static int covers(const arg_val *a, const arg_val *b, struct symbol *type)
{
	const sci_rl *y;

	if (same_arg(a, b))
		return 1;
	if (a->text || !b->text || !sci__type_is_ptr(type) ||
	    a->input != b->input || a->freed != b->freed ||
	    a->carry != b->carry || a->osize != b->osize ||
	    a->ooff != b->ooff || a->okind != b->okind ||
	    !same_written(a, b) || a->slen != b->slen ||
	    a->sunit != b->sunit)
		return 0;
	y = sci_rl_parse(b->text);
	return y && sci_rl_is_empty(sci_rl_intersect(y, sci_rl_range(0, 0)));
}

static void drop_walk(rec *r, size_t k)
{
	tuple_clear(&r->walk[k]);
	memmove(&r->walk[k], &r->walk[k + 1],
		(r->nwalk - k - 1) * sizeof(*r->walk));
	r->nwalk--;
}

/*
 * Fewer walks, the same findings.  Where some callers are unknown, the
 * walks only add to the first walk's findings, which took any value: a
 * tuple that narrows nothing is not walked.  A tuple whose every slot
 * holds at most what another's holds is not walked either: the other's
 * walk, a caller's own values, takes every path it would (`f(buf, 1)`
 * beside `f(p, 1)` for a p that may be NULL).  Its calls are not named
 * by the other walk's findings.  Tuples joined past SCI_CALLER_TUPLES
 * are one walk already: this runs on what is walked, so the joined
 * values stay what they were.
 */
static void drop_idle_walks(rec *r, int known)
{
	size_t i, k;
	int q;

	for (i = 0; !known && i < r->nwalk; )
		if (!narrows(&r->walk[i], r))
			drop_walk(r, i);
		else
			i++;
	for (i = 0; i < r->nwalk; i++)
		for (k = 0; k < r->nwalk; ) {
			int all = k != i;

			for (q = 0; all && q < r->nslots; q++)
				all = covers(&r->walk[i].args[q],
					     &r->walk[k].args[q], r->s[q].type);
			if (!all) {
				k++;
				continue;
			}
			drop_walk(r, k);
			if (k < i)
				i--;
		}
}

size_t sci__callers_tuples(struct symbol *fn, int *all_known)
{
	rec *r = lookup(fn, 0);
	ext_ctx x = { 0 };
	size_t i, k;
	int yes = 0, known;

	*all_known = 0;
	if (!r || r->kind <= 0 || r->overflow || r->walked != 1)
		return 0;
	known = callers_all_known(fn);
	rec_clear_walk(r);
	for (i = 0; i < r->n; i++)
		if (known || r->v[i].caller != fn)
			add_walk(r, fn, &r->v[i]);
	/* what the other TUs' callers pass (never a static function) */
	if (!(fn->ctype.modifiers & MOD_STATIC) && run_set) {
		x.fn = fn;
		x.r = r;
		sci_summary_set_call_args(run_set, sci_sym_name(fn),
					  on_ext_args, &x);
		if (x.n > 1)
			qsort(x.v, x.n, sizeof(*x.v), cmp_ext);
		for (i = 0; i < x.n; i++) {
			add_walk(r, fn, &x.v[i]);
			tuple_clear(&x.v[i]);
		}
		free(x.v);
	}
	if (r->nwalk > SCI_CALLER_TUPLES) {
		for (k = 1; k < r->nwalk; k++) {
			join_args(&r->walk[0], &r->walk[k], r);
			tuple_clear(&r->walk[k]);
		}
		r->nwalk = 1;
	}
	for (k = 0; k < r->nwalk; k++)
		yes |= narrows(&r->walk[k], r);
	if (yes)
		drop_idle_walks(r, known);
	if (!yes) {
		rec_clear_walk(r);
		return 0;
	}
	*all_known = known;
	return r->nwalk;
}

void sci__callers_use(struct symbol *fn, size_t k)
{
	rec *r = fn ? lookup(fn, 0) : NULL;

	active = r && k < r->nwalk ? &r->walk[k] : NULL;
	active_fn = active ? fn : NULL;
}

void sci__callers_entry(struct symbol *fn)
{
	const rec *r;
	int i, c;

	if (!active || fn != active_fn || !(r = lookup(fn, 0)))
		return;
	for (i = 0; i < r->nslots; i++) {
		const arg_val *a = &active->args[i];
		const sci_key *key = r->s[i].path ?
				     sci_key_expr(r->s[i].path->expr) :
				     sci_key_sym(r->s[i].slot);
		const sci_rl *rl;

		/* every call passes memory it freed: a use here is after
		 * the free (the finding names the calls) */
		if (a->freed && key)
			sci__freed_set_key(key, fn->pos);
		for (c = 0; key && c < ncarried; c++)
			if (a->carry & (1u << c))
				sci__set_state(carried[c].owner, key,
					       carried[c].state, fn->pos);
		/* what every caller's pointer points into, for its size */
		if (a->osize && key) {
			const sci_key *obj = sci__points_set_object(key,
				r->s[i].slot, a->oname, a->osize, a->ooff,
				a->okind, a->oflags, a->wlo, a->whi);

			/* the string it holds, at the pointer's place */
			if (obj && a->slen > 0 && a->ooff >= 0)
				sci__strlen_set(obj, a->slen - 1 +
						a->ooff / a->sunit, a->sunit);
		}
		/* a floating value: its input mark without a value */
		if (a->input && !a->text && key)
			sci__untrusted_set(key);
		if (!a->text || !key)
			continue;
		rl = sci_rl_parse(a->text);
		/*
		 * A value no narrower than the type says nothing, and its
		 * bounds may be hard where the caller had them from a cast
		 * or a call: set, they made git's `i < len` loop run to
		 * INT_MAX - 1 for certain (two false array-overflows).
		 */
		if (rl && sci__type_is_int(r->s[i].type) &&
		    sci_rl_equal(rl, sci__type_rl(r->s[i].type)))
			rl = NULL;
		/* a pointer's NULL from a caller splits paths; it is no
		 * evidence of a NULL dereference (sci_value_is_null()) */
		if (rl && sci__type_is_ptr(r->s[i].type))
			sci__extra_set_rl(key, sci_rl_with_soft(rl,
				SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX));
		else if (rl)
			sci__extra_set_rl(key, sci_rl_with_soft(rl, a->soft));
		if (a->input)
			sci__untrusted_set(key);
	}
}

void sci__callers_annotate(sci_diag *d, struct symbol *fn, size_t k)
{
	rec *r = lookup(fn, 0);
	const tuple *t;
	char *what = NULL;
	int i, s;

	if (!r || k >= r->nwalk)
		return;
	t = &r->walk[k];
	for (i = 0; i < r->nslots; i++) {
		struct symbol *type = r->s[i].type;
		const arg_val *a = &t->args[i];
		const sci_rl *rl = a->text ? sci_rl_parse(a->text) : NULL;
		const char *name = r->s[i].path ?
				   sci_key_name(sci_key_expr(r->s[i].path->expr)) :
				   sci_sym_name(r->s[i].slot);
		char *next;

		if (a->freed && name && *name) {
			next = sci_printf_dup("%s%s%s freed", what ? what : "",
					      what ? ", " : "", name);
			free(what);
			what = next;
			continue;
		}
		if (!rl || !name || !*name || !sci__type_is_int(type) ||
		    (!a->input && sci_rl_equal(rl, sci__type_rl(type))))
			continue;
		if (sci_rl_equal(rl, sci__type_rl(type)))
			next = sci_printf_dup("%s%s%s from input",
					      what ? what : "", what ? ", " : "",
					      name);
		else
			next = sci_printf_dup("%s%s%s = %s%s",
					      what ? what : "", what ? ", " : "",
					      name, a->text,
					      a->input ? " (from input)" : "");
		free(what);
		what = next;
	}
	for (s = 0; s < t->nsites; s++) {
		const site *w = &t->sites[s];
		char *msg;

		if (w->file) {
			msg = sci_printf_dup("called from %s() with %s",
					     w->caller, what ? what : "these values");
			sci_diag_add_related(d, w->file, w->line, 0, msg);
		} else {
			msg = sci_printf_dup("called from %s() with %s",
					     w->caller ? w->caller : "?",
					     what ? what : "these values");
			sci_diag_add_related(d, sci__pos_path(w->pos),
					     w->pos.line, w->pos.pos, msg);
		}
		free(msg);
	}
	free(what);
}
