/*
 * callers.c - the values a static function's callers pass it.
 *
 * A static function that the TU never takes the address of is called
 * only from the TU's own call sites, so its integer parameters hold what
 * those calls pass and nothing else.  While the TU's functions are walked,
 * each call of such a function records the ranges of its integer
 * arguments (and whether they carry input) as one tuple per distinct
 * combination.  When every caller has been walked completely, the
 * function is walked again once per tuple with its parameters set to the
 * tuple (frontend.c): what it finds then are findings for values that do
 * reach it (`idx(10)` overflowing `buf[10]` inside idx()), and what it
 * found only for values no caller passes is gone.
 *
 * Tuples keep the correlation between parameters (`f(0, NULL)` and
 * `f(n, buf)` are two calls, not four); past SCI_CALLER_TUPLES distinct
 * ones, each parameter gets the union of what the calls pass (still
 * every value that reaches it, less precise).  Walks run caller first,
 * and a caller walked again with its own callers' values replaces what
 * its first walk recorded: a value passed down a chain of static
 * functions arrives.
 *
 * Not narrowed: functions with external linkage (callers in other TUs
 * are not known here), functions used as a value (callbacks), recursive
 * ones, and functions one of whose callers was not walked completely (a
 * limit stopped it, or it was not analyzed).
 *
 * Memory: the tables are malloc'd and live for one TU; range texts are
 * copied out of the arena of the walk that recorded them.
 */
#include "analyzer/engine_int.h"
#include "util/alloc.h"

#include <stdlib.h>
#include <string.h>

#define SCI_CALLER_TUPLES 4	/* distinct tuples walked, before unions */
#define MAX_STORED 64		/* tuples kept per callee, else no narrowing */
#define MAX_SITES 3		/* call sites named per tuple */
#define MAX_PARAMS 16

typedef struct {
	char *text;		/* sci_rl_text() in the parameter's type */
	unsigned char soft;
	unsigned char input;	/* carries data read from input */
} arg_val;

typedef struct {
	struct symbol *caller;
	int staged;		/* recorded by a second walk of caller */
	arg_val args[MAX_PARAMS];
	struct position sites[MAX_SITES];
	int nsites;
} tuple;

typedef struct {
	struct symbol *sym;
	int kind;		/* 0 unknown, 1 candidate, -1 not */
	int nparams;
	int walked;		/* first walk done: 1 complete, -1 stopped */
	int overflow;		/* more than MAX_STORED tuples */
	tuple *v;
	size_t n;
	/* what frontend.c walks: tuples after collapsing (see prepare()) */
	tuple *walk;
	size_t nwalk;
} rec;

static rec *recs;
static size_t nrecs, caprecs;
static const tuple *active;	/* the tuple of the walk in progress */
static struct symbol *active_fn;

static size_t slot_of(struct symbol *sym)
{
	uintptr_t h = (uintptr_t)sym;

	h ^= h >> 17;
	h *= 0x9e3779b97f4a7c15ULL;
	return (size_t)(h >> 7) & (caprecs - 1);
}

static rec *lookup(struct symbol *sym, int add)
{
	size_t i;

	if (!sym || (!caprecs && !add))
		return NULL;
	if (add && (nrecs + 1) * 2 > caprecs) {
		rec *old = recs;
		size_t oldcap = caprecs, k;

		caprecs = caprecs ? caprecs * 2 : 64;
		recs = sci_calloc(caprecs, sizeof(*recs));
		for (k = 0; k < oldcap; k++)
			if (old[k].sym) {
				i = slot_of(old[k].sym);
				while (recs[i].sym)
					i = (i + 1) & (caprecs - 1);
				recs[i] = old[k];
			}
		free(old);
	}
	for (i = slot_of(sym); recs[i].sym; i = (i + 1) & (caprecs - 1))
		if (recs[i].sym == sym)
			return &recs[i];
	if (!add)
		return NULL;
	recs[i].sym = sym;
	nrecs++;
	return &recs[i];
}

static void tuple_clear(tuple *t)
{
	int i;

	for (i = 0; i < MAX_PARAMS; i++)
		free(t->args[i].text);
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
		rec_clear_walk(&recs[i]);
	}
	free(recs);
	recs = NULL;
	nrecs = caprecs = 0;
	active = NULL;
	active_fn = NULL;
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
 * A function whose callers can all be seen: static, defined here, with an
 * integer parameter, never used as a value.  Decided once per function.
 */
static rec *candidate(struct symbol *fn)
{
	struct symbol *base, *arg;
	rec *r;
	int n = 0, ints = 0;

	fn = definition(fn);
	r = lookup(fn, 1);
	if (r->kind)
		return r->kind > 0 ? r : NULL;
	r->kind = -1;
	base = sci__real_type(fn);
	if (fn->type != SYM_NODE || !(fn->ctype.modifiers & MOD_STATIC) ||
	    !base || base->type != SYM_FN || base->variadic ||
	    !(base->stmt || base->inline_stmt) || sci__fn_used_as_value(fn))
		return NULL;
	FOR_EACH_PTR(base->arguments, arg) {
		if (sci__type_is_int(param_type(arg)))
			ints++;
		n++;
	} END_FOR_EACH_PTR(arg);
	if (!ints || n > MAX_PARAMS)
		return NULL;
	r->kind = 1;
	r->nparams = n;
	return r;
}

int sci__callers_candidate(struct symbol *fn)
{
	return candidate(fn) != NULL;
}

/* No assignment, step or call inside: its value can be read now. */
static int plain(struct expression *e)
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
		       e->op != SPECIAL_DECREMENT && plain(e->unop);
	case EXPR_BINOP:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
		return plain(e->left) && plain(e->right);
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		return plain(e->cast_expression);
	case EXPR_DEREF:
		return plain(e->deref);
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return plain(e->conditional) && plain(e->cond_true) &&
		       plain(e->cond_false);
	default:
		return 0;
	}
}

static int same_args(const tuple *a, const tuple *b, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		const arg_val *x = &a->args[i], *y = &b->args[i];

		if (x->soft != y->soft || x->input != y->input ||
		    (x->text == NULL) != (y->text == NULL) ||
		    (x->text && strcmp(x->text, y->text) != 0))
			return 0;
	}
	return 1;
}

static void add_site(tuple *t, struct position pos)
{
	int i;

	for (i = 0; i < t->nsites; i++)
		if (t->sites[i].stream == pos.stream &&
		    t->sites[i].line == pos.line && t->sites[i].pos == pos.pos)
			return;
	if (t->nsites < MAX_SITES)
		t->sites[t->nsites++] = pos;
}

void sci__callers_call(struct expression *call)
{
	struct expression *fnx, *arg;
	struct symbol *base, *param;
	struct symbol *caller = sci__cur_fn;
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
	memset(&t, 0, sizeof(t));
	t.caller = caller;
	t.staged = active_fn == caller;
	base = sci__real_type(r->sym);
	PREPARE_PTR_LIST(base->arguments, param);
	FOR_EACH_PTR(call->args, arg) {
		struct symbol *type;

		if (!param)
			break;
		type = param_type(param);
		if (sci__type_is_int(type) && plain(arg)) {
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
	for (k = 0; k < r->n; k++) {
		tuple *o = &r->v[k];

		if (o->caller == caller && o->staged == t.staged &&
		    same_args(o, &t, r->nparams)) {
			add_site(o, call->pos);
			tuple_clear(&t);
			return;
		}
	}
	if (r->n == MAX_STORED) {
		tuple_clear(&t);
		r->overflow = 1;
		return;
	}
	add_site(&t, call->pos);
	r->v = sci_realloc(r->v, (r->n + 1) * sizeof(*r->v));
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

/* Appends @t's arguments to @into's, as unions; @t's sites too. */
static void join_args(tuple *into, const tuple *t, struct symbol *fn,
		      int nparams)
{
	struct symbol *base = sci__real_type(fn), *param;
	int i = 0, s;

	FOR_EACH_PTR(base->arguments, param) {
		arg_val *a = &into->args[i];
		const arg_val *b = &t->args[i];

		if (i >= nparams)
			break;
		if (a->text && b->text) {
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
		i++;
	} END_FOR_EACH_PTR(param);
	for (s = 0; s < t->nsites; s++)
		add_site(into, t->sites[s]);
}

static void copy_tuple(tuple *out, const tuple *t, int nparams)
{
	int i;

	*out = *t;
	for (i = 0; i < nparams; i++)
		out->args[i].text = t->args[i].text ?
				    sci_strdup(t->args[i].text) : NULL;
}

/* Does @t say more of some parameter than its type does? */
static int narrows(const tuple *t, struct symbol *fn)
{
	struct symbol *base = sci__real_type(fn), *param;
	int i = 0, yes = 0;

	FOR_EACH_PTR(base->arguments, param) {
		const arg_val *a = &t->args[i++];
		const sci_rl *rl;

		if (!a->text)
			continue;
		rl = sci_rl_parse(a->text);
		if (a->input ||
		    (rl && !sci_rl_equal(rl, sci__type_rl(param_type(param)))))
			yes = 1;
	} END_FOR_EACH_PTR(param);
	return yes;
}

size_t sci__callers_tuples(struct symbol *fn)
{
	struct symbol *callers[64];
	rec *r = lookup(fn, 0), *c;
	size_t i, k, distinct = 0;
	int n, yes = 0;

	if (!r || r->kind <= 0 || r->overflow || !r->n || r->walked != 1)
		return 0;
	n = sci__tu_callers(fn, callers, 64);
	if (n <= 0)
		return 0;
	while (n--) {
		c = lookup(callers[n], 0);
		if (callers[n] == fn || !c || c->walked != 1)
			return 0;
	}
	rec_clear_walk(r);
	/* distinct argument tuples, whoever passed them */
	r->walk = sci_calloc(r->n, sizeof(*r->walk));
	for (i = 0; i < r->n; i++) {
		for (k = 0; k < distinct; k++)
			if (same_args(&r->walk[k], &r->v[i], r->nparams))
				break;
		if (k < distinct) {
			join_args(&r->walk[k], &r->v[i], fn, r->nparams);
			continue;
		}
		copy_tuple(&r->walk[distinct++], &r->v[i], r->nparams);
	}
	r->nwalk = distinct;
	if (distinct > SCI_CALLER_TUPLES) {
		for (k = 1; k < distinct; k++) {
			join_args(&r->walk[0], &r->walk[k], fn, r->nparams);
			tuple_clear(&r->walk[k]);
		}
		r->nwalk = 1;
	}
	for (k = 0; k < r->nwalk; k++)
		yes |= narrows(&r->walk[k], fn);
	if (!yes) {
		rec_clear_walk(r);
		return 0;
	}
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
	struct symbol *base = fn->ctype.base_type, *param;
	int i = 0;

	if (!active || fn != active_fn)
		return;
	FOR_EACH_PTR(base->arguments, param) {
		const arg_val *a = &active->args[i++];
		const sci_key *key = sci_key_sym(param);
		const sci_rl *rl;

		if (!a->text || !key)
			continue;
		rl = sci_rl_parse(a->text);
		if (rl)
			sci__extra_set_rl(key, sci_rl_with_soft(rl, a->soft));
		if (a->input)
			sci__untrusted_set(key);
	} END_FOR_EACH_PTR(param);
}

void sci__callers_annotate(sci_diag *d, struct symbol *fn, size_t k)
{
	rec *r = lookup(fn, 0);
	struct symbol *base = sci__real_type(fn), *param;
	const tuple *t;
	char *what = NULL;
	int i = 0, s;

	if (!r || k >= r->nwalk)
		return;
	t = &r->walk[k];
	FOR_EACH_PTR(base->arguments, param) {
		const arg_val *a = &t->args[i++];
		const sci_rl *rl = a->text ? sci_rl_parse(a->text) : NULL;
		const char *name = sci_sym_name(param);
		char *next;

		if (!rl || !name ||
		    (!a->input &&
		     sci_rl_equal(rl, sci__type_rl(param_type(param)))))
			continue;
		next = sci_printf_dup("%s%s%s = %s%s", what ? what : "",
				      what ? ", " : "", name, a->text,
				      a->input ? " (from input)" : "");
		free(what);
		what = next;
	} END_FOR_EACH_PTR(param);
	for (s = 0; s < t->nsites; s++) {
		struct symbol *caller = NULL;
		size_t c;
		char *msg;

		for (c = 0; c < r->n && !caller; c++) {
			int j;

			for (j = 0; j < r->v[c].nsites; j++)
				if (!memcmp(&r->v[c].sites[j], &t->sites[s],
					    sizeof(t->sites[s])))
					caller = r->v[c].caller;
		}
		msg = sci_printf_dup("called from %s() with %s",
				     caller ? sci_sym_name(caller) : "?",
				     what ? what : "these values");
		sci_diag_add_related(d, sci__pos_path(t->sites[s]),
				     t->sites[s].line, t->sites[s].pos, msg);
		free(msg);
	}
	free(what);
}
