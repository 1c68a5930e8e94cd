/*
 * tu_facts.c - what the whole translation unit says about values, before
 * and while its functions are analyzed:
 *
 *   - the order to analyze functions in: callees first (a depth-first walk
 *     of the TU's call graph; a call back into a function still on the
 *     stack is a cycle and gets no summary, which bounds recursion);
 *   - file-scope objects whose value is their initializer: `const` ones,
 *     and `static` ones (a function's own too) the TU never writes and
 *     never takes the address of (nothing else can reach them);
 *   - return summaries: the values each function of the TU returns, taken
 *     from its own analysis on every path that returns, so a caller
 *     analyzed later knows `always_true()` is 1;
 *   - results used or discarded: per function, how many of its calls of
 *     each callee use the result and how many throw it away (`f();`,
 *     `(void)f();`), for unchecked-return's statistics (the summaries
 *     carry them to the whole project), and which call expressions
 *     discard their result.  The last statement of a statement
 *     expression `({ ...; f(); })` is its value, not a discard.
 *
 * The cross-function database (issue "Cross-function knowledge") extends
 * the summaries to other TUs and to more facts; this file is where a
 * summary is looked up, so callers do not change.
 *
 * Memory: symbols are sparse's (TU lifetime); summaries are malloc'd here
 * and freed by sci__tu_facts_free() at the end of the TU.
 */
#include "analyzer/engine_int.h"
#include "analyzer/symtab.h"
#include "summary/summary.h"
#include "util/alloc.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------ a set of symbols */

typedef struct {
	struct symbol *sym;
	int written;		/* assigned, stepped or address taken */
	int pointed_to;		/* its address is kept: `p = &x`, `p = arr` */
	/*
	 * Local pointers initialized with its address (`int *p = &x;`):
	 * while each stays an alias (sci__local_alias()), the address is not
	 * kept anywhere else; 5 means more than 4.
	 */
	struct symbol *alias_ptrs[4];
	int nalias_ptrs;
	int state;		/* summary: 0 none, 1 in progress, 2 done */
	int order;		/* ordering walk: 0 new, 1 on the stack, 2 placed */
	int used;		/* sci__tu_facts_keep_used(): 1 reached,
				 * -1 listed and not reached yet, 0 not listed */
	int known;		/* summary usable: some path returned */
	int thread_start;	/* given to pthread_create() as the routine */
	int array_named;	/* an array named other than in a[i] */
	sci_range *ranges;	/* the summary (malloc) */
	size_t n;
	unsigned char soft;	/* its soft bounds (SCI_RL_SOFT_*) */
	struct symbol *latest;	/* the last redeclaration of the object */
	struct symbol **callees;	/* fns of the TU it calls (malloc) */
	size_t ncallees;
	unsigned fn_values;	/* a function named other than as a call's
				 * callee: it may be called from anywhere */
	int fp_read;		/* a function pointer variable read other
				 * than as a call's callee */
	struct symbol **greads;	/* file-scope integers and pointers its
				 * body names (malloc; sci__fn_globals()) */
	size_t ngreads;
	struct expression *alias;	/* a local pointer `= &x`: x */
	struct symbol *copy_of;		/* a local pointer `= (T *)param` */
	unsigned alias_reads, alias_derefs;	/* its reads; as `*p`, `p->m` */
	sci_param_path *preads;	/* integers it names through a parameter
				 * (malloc; sci__fn_param_paths()) */
	size_t npreads;
	struct use_count *uses;	/* results of its calls, by callee (malloc) */
	size_t nuses;
	/* a const table, once asked (sci__table_value) */
	int table;		/* 0 not asked, 1 known, -1 not a table */
	sci_val table_lo, table_hi;	/* every element's bounds */
	sci_val *table_vals;	/* the initializer's values in order, or
				 * NULL when it names elements (malloc) */
	long long table_count, table_len;
} fact;

typedef struct use_count {
	const char *callee;	/* sparse's identifier text (TU) */
	unsigned used, discarded;
} use_count;

/*
 * Calls through a variable that holds a function pointer (`fp(x)`,
 * `(*fp)(x)`), resolved once the scan knows which variables are written.
 */
typedef struct {
	struct symbol *caller;	/* the function holding the call, or NULL */
	struct expression *call;
	struct symbol *var;
} indirect;
static indirect *indirects;
static size_t nindirects;

/* Calls whose result is discarded, sorted by address after the scan. */
typedef struct {
	struct expression *call;
	int how;		/* SCI_RESULT_DISCARDED or SCI_RESULT_VOIDED */
} discard;
static discard *discards;
static size_t ndiscards, capdiscards;

/*
 * Variables initialized with a function (`void (*sink)(int) = f;`): when
 * such a variable is never written and only called through, its calls
 * are calls of f (resolve_indirects()) and f's callers are still known.
 */
typedef struct {
	struct symbol *var, *fn;
} fn_init;
static fn_init *fn_inits;
static size_t nfn_inits;

static sci_summary *tu_globals;	/* see globals_record() */

static sci_symtab fact_tab;
static size_t naliases;		/* facts with an alias (note_alias()) */

/* The table's records, as an array of capfacts, in the order added. */
#define facts ((fact *)fact_tab.recs)
#define capfacts (fact_tab.n)

static fact *lookup(struct symbol *sym, int add)
{
	return sci__symtab_get(&fact_tab, sizeof(fact), 256, sym, add);
}

void sci__tu_facts_free(void)
{
	size_t i;

	for (i = 0; i < capfacts; i++) {
		free(facts[i].ranges);
		free(facts[i].callees);
		free(facts[i].uses);
		free(facts[i].greads);
		free(facts[i].preads);
		free(facts[i].table_vals);
	}
	sci__gexits_free();
	free(discards);
	discards = NULL;
	ndiscards = capdiscards = 0;
	free(fn_inits);
	fn_inits = NULL;
	nfn_inits = 0;
	sci_summary_free(tu_globals);
	tu_globals = NULL;
	sci__symtab_clear(&fact_tab);
	naliases = 0;
	sci__ret_paths_free();
}

/* ------------------------------------------------------- the scan */

/* sci__params_written(): the function last asked, and its mask */
static struct symbol *written_fn;
static unsigned written_mask;
static struct symbol *scan_fn;	/* the function whose body is scanned */
static struct symbol *watch;	/* sci__stmt_writes(): the variable asked */
static int watch_hit;
static int watch_reads;		/* mentions(): a read counts too */
static int watch_passed;	/* value_used(): not as an argument the callee
				 * overwrites (sci__fn_facts_overwrites_arg) */
static int watch_returns;	/* `return watch;` is no mention; counted */
/*
 * sci__param_members_only(): a read of a scalar member of the watched
 * struct (`s.len`, `s.buf`) is no mention; the pointer members so read,
 * by name (at most 8; one more means "too many").
 */
static int watch_members;
static const struct ident *watch_ptrs[9];
static int nwatch_ptrs;

/* The variable @e names or is a part of (`x`, `x.m`), or NULL. */
static struct symbol *root_var(struct expression *e)
{
	for (;;) {
		e = sci__strip(e);
		if (!e)
			return NULL;
		if (e->type == EXPR_SYMBOL)
			return e->symbol;
		if (e->type == EXPR_DEREF)
			e = e->deref;	/* x.m: a part of x */
		else
			return NULL;	/* *p, p->m: through a pointer */
	}
}

/*
 * What the TU says of the integer globals with external linkage, for the
 * project (SCI_SUMMARY_GLOBALS): the definitions, and every write of
 * every function body the TU holds (header inline functions too, and
 * functions no summary is made for), so that a write is never lost.
 */
static sci_summary *globals_record(void)
{
	if (!tu_globals)
		tu_globals = sci_summary_new(SCI_SUMMARY_GLOBALS);
	return tu_globals;
}

/* An integer object with external linkage: the project may share it. */
static int extern_int_global(struct symbol *sym)
{
	struct symbol *type;

	/* `extern int g;` inside a function names the global too */
	if (!sym || sym->type != SYM_NODE || !sym->ident ||
	    !(sym->ctype.modifiers & (MOD_TOPLEVEL | MOD_EXTERN)) ||
	    (sym->ctype.modifiers & MOD_STATIC))
		return 0;
	type = sci__real_type(sym);
	return type && sci__type_is_int(type);
}

/*
 * A file-scope integer or pointer object (not a function, not a static
 * local: a caller cannot have set that) named in scan_fn's body.
 */
static void note_global_read(struct symbol *sym)
{
	struct symbol *type;
	fact *f;
	size_t i;

	if (!sym || sym->type != SYM_NODE || !sym->ident ||
	    !(sym->ctype.modifiers & (MOD_TOPLEVEL | MOD_EXTERN)))
		return;
	type = sci__real_type(sym);
	/* a float: no value, but input and carried states (callers.c) */
	if (!type || !(sci__type_is_int(type) || type->type == SYM_PTR ||
		       is_float_type(type)))
		return;
	f = lookup(scan_fn, 1);
	for (i = 0; i < f->ngreads; i++)
		if (f->greads[i] == sym)
			return;
	if (!(f->ngreads & (f->ngreads + 1)))
		f->greads = sci_realloc(f->greads, (f->ngreads * 2 + 1) *
						   sizeof(*f->greads));
	f->greads[f->ngreads++] = sym;
}

/* @sym's position in @fn's parameters, or -1. */
static int param_of(struct symbol *fn, struct symbol *sym)
{
	struct symbol *base = sci__real_type(fn), *arg;
	int i = 0;

	if (!sym || !base || base->type != SYM_FN)
		return -1;
	FOR_EACH_PTR(base->arguments, arg) {
		if (arg == sym)
			return i;
		i++;
	} END_FOR_EACH_PTR(arg);
	return -1;
}

/*
 * The parameter @e names, with its index in *@i, or NULL.  A local copy
 * of one (note_alias()) names it too, and is left in *@via: whether it
 * stays a copy is known once the whole body is scanned.
 */
static struct symbol *param_expr(struct expression *e, int *i,
				 struct symbol **via)
{
	const fact *f;

	e = sci__strip(e);
	if (!e || e->type != EXPR_SYMBOL)
		return NULL;
	*i = param_of(scan_fn, e->symbol);
	if (*i >= 0)
		return e->symbol;
	if (!via || !naliases || !(f = lookup(e->symbol, 0)) || !f->copy_of)
		return NULL;
	*via = e->symbol;
	*i = param_of(scan_fn, f->copy_of);
	return *i >= 0 ? f->copy_of : NULL;
}

/*
 * An integer scan_fn reaches in one step from a parameter: `*p`, `p[2]`,
 * `p->m`, `s.m` for a struct passed by value.  Its value at a call is its
 * value on entry (callers.c); the path is written as key.c names the
 * expression, with the parameter left out, so that a caller can name the
 * same place from its argument (sci__key_arg_path()).
 */
static void note_param_path(struct expression *e)
{
	struct expression *d;
	struct symbol *type = sci__real_type(sci__expr_type(e));
	struct symbol *via = NULL;
	const char *path = NULL;
	char buf[160];
	long long idx;
	fact *f;
	size_t k;
	int i = -1;

	/* a float's place: no value, but input and carried states */
	if (!scan_fn || !type ||
	    !(sci__type_is_int(type) || sci__type_is_ptr(type) ||
	      is_float_type(type)))
		return;
	if (e->type == EXPR_PREOP && e->op == '*') {
		d = sci__strip(e->unop);
		if (param_expr(d, &i, &via))
			path = "*";
		/* an index through a copy counts in the copy's type: no */
		else if (d && d->type == EXPR_BINOP && d->op == '+' &&
			 param_expr(d->left, &i, NULL) &&
			 sci__const_value(d->right, &idx)) {
			snprintf(buf, sizeof(buf), "[%lld]", idx);
			path = buf;
		}
	} else if (e->type == EXPR_DEREF && e->member) {
		const char *m = sci__ident_str(e->member);

		d = sci__strip(e->deref);
		if (m && d && d->type == EXPR_PREOP && d->op == '*' &&
		    param_expr(d->unop, &i, &via))
			snprintf(buf, sizeof(buf), "->%s", m), path = buf;
		else if (m && param_expr(d, &i, NULL))
			snprintf(buf, sizeof(buf), ".%s", m), path = buf;
	}
	if (!path || i < 0 || strlen(path) >= sizeof(buf) - 1)
		return;
	f = lookup(scan_fn, 1);
	for (k = 0; k < f->npreads; k++)
		if (f->preads[k].param == i &&
		    strcmp(f->preads[k].path, path) == 0)
			return;
	if (f->npreads == SCI_MAX_PARAM_PATHS)
		return;
	if (!(f->npreads & (f->npreads + 1)))
		f->preads = sci_realloc(f->preads, (f->npreads * 2 + 1) *
						   sizeof(*f->preads));
	f->preads[f->npreads].param = i;
	f->preads[f->npreads].via = via;
	f->preads[f->npreads].expr = e;
	f->preads[f->npreads].type = type;
	snprintf(f->preads[f->npreads].path,
		 sizeof(f->preads[f->npreads].path), "%s", path);
	f->npreads++;
}

size_t sci__fn_param_paths(struct symbol *fn, const sci_param_path **out)
{
	const fact *f = lookup(fn, 0);

	*out = f ? f->preads : NULL;
	return f ? f->npreads : 0;
}

size_t sci__fn_globals(struct symbol *fn, struct symbol *const **out)
{
	const fact *f = lookup(fn, 0);

	*out = f ? f->greads : NULL;
	return f ? f->ngreads : 0;
}

/* "NAME=VALUE" when @value is a constant, else "NAME=*". */
static char *global_entry(struct symbol *sym, struct expression *value)
{
	sci_val v;

	if (value && !(sym->ctype.modifiers & MOD_VOLATILE) &&
	    sci__const_val(value, &v))
		return sci_printf_dup("%s=%lld", sym->ident->name, (long long)v);
	return sci_printf_dup("%s=*", sym->ident->name);
}

/*
 * `static int x; ... static int x = 5;` makes two symbols; a use binds to
 * the one in scope.  Marks go on the symbol and every earlier declaration
 * (same_symbol), and a question asks them all, so the order of the
 * declarations, writes and reads in the file does not matter.  @value is
 * what a plain assignment `x = value` stores, else NULL.
 */
/* The array @e is an element of (`a[i]`, `*(a + i)`, `*a`), or NULL. */
static struct symbol *element_of(struct expression *e)
{
	struct symbol *t;

	e = sci__strip(e);
	if (!e || e->type != EXPR_PREOP || e->op != '*')
		return NULL;
	e = sci__strip(e->unop);
	while (e && e->type == EXPR_BINOP && (e->op == '+' || e->op == '-'))
		e = sci__strip(e->left);
	if (!e || e->type != EXPR_SYMBOL || !e->symbol)
		return NULL;
	t = sci__real_type(e->symbol);
	return t && t->type == SYM_ARRAY ? e->symbol : NULL;
}

static void mark_written_value(struct expression *e, struct expression *value)
{
	struct symbol *sym = root_var(e);
	int guard = 0;

	if (!sym && !watch && (sym = element_of(e)))
		value = NULL;	/* `a[i] = v`: the array is written */

	if (watch) {
		watch_hit |= sym == watch;
		return;
	}
	if (extern_int_global(sym)) {
		struct expression *whole = sci__strip(e);
		char *entry = global_entry(sym, whole && whole->type == EXPR_SYMBOL
						    ? value : NULL);

		sci_summary_add_gwrite(globals_record(), entry);
		free(entry);
	}
	for (; sym && guard < 64; sym = sym->same_symbol, guard++)
		lookup(sym, 1)->written = 1;
}

static void mark_written(struct expression *e)
{
	mark_written_value(e, NULL);
}

/* A definition of a shared integer global, with what it starts as. */
static void note_global_definition(struct symbol *sym)
{
	struct expression zero;
	char *entry;

	if (!extern_int_global(sym) ||
	    ((sym->ctype.modifiers & MOD_EXTERN) && !sym->initializer))
		return;
	memset(&zero, 0, sizeof(zero));
	zero.type = EXPR_VALUE;
	entry = global_entry(sym, sym->initializer ? sym->initializer : &zero);
	sci_summary_add_gdef(globals_record(), entry);
	free(entry);
}

/* A function's declarations all name its definition. */
static struct symbol *definition_of(struct symbol *sym)
{
	struct symbol *base = sci__real_type(sym);

	if (sym && sym->type == SYM_NODE && base && base->type == SYM_FN &&
	    sym->definition)
		return sym->definition;
	return sym;
}

static void add_callee(struct symbol *callee)
{
	fact *f = lookup(scan_fn, 1);
	size_t i;

	for (i = 0; i < f->ncallees; i++)
		if (f->callees[i] == callee)
			return;
	f->callees = sci_realloc(f->callees,
				 (f->ncallees + 1) * sizeof(*f->callees));
	f->callees[f->ncallees++] = callee;
}

static void scan_stmt(struct statement *s);
static void scan_expr(struct expression *e);
static struct symbol *assigned_alias(struct expression *e);
static void note_alias_read(struct symbol *sym);
static void note_alias_deref(struct expression *e);

static struct expression *discarding;	/* the call `f();` being scanned */
static struct statement *value_stmt;	/* a statement expression's value */

static void count_in(use_count **v, size_t *n, const char *callee,
		     int discarded)
{
	size_t i;

	for (i = 0; i < *n && strcmp((*v)[i].callee, callee) != 0; i++)
		;
	if (i == *n) {
		*v = sci_realloc(*v, (*n + 1) * sizeof(**v));
		(*v)[i].callee = callee;
		(*v)[i].used = (*v)[i].discarded = 0;
		(*n)++;
	}
	if (discarded)
		(*v)[i].discarded++;
	else
		(*v)[i].used++;
}

static void count_call(struct expression *call)
{
	const char *name = sci__call_name(call);
	fact *f;

	if (!scan_fn || !name)
		return;
	f = lookup(scan_fn, 1);
	count_in(&f->uses, &f->nuses, name, call == discarding);
}

/* The call whose result the expression statement @e throws away. */
static struct expression *discarded_call(struct expression *e, int *how)
{
	*how = SCI_RESULT_DISCARDED;
	while (e) {
		if (e->type == EXPR_PREOP && e->op == '(') {
			e = e->unop;
		} else if (e->type == EXPR_CAST &&
			   sci__real_type(e->cast_type) == &void_ctype) {
			*how = SCI_RESULT_VOIDED;
			e = e->cast_expression;
		} else {
			break;
		}
	}
	return e && e->type == EXPR_CALL ? e : NULL;
}

static void scan_expr_stmt(struct statement *s)
{
	struct expression *save = discarding;
	int how;

	discarding = s != value_stmt ? discarded_call(s->expression, &how) : NULL;
	if (discarding && scan_fn) {
		if (ndiscards == capdiscards) {
			capdiscards = capdiscards ? 2 * capdiscards : 64;
			discards = sci_realloc(discards, capdiscards *
							 sizeof(*discards));
		}
		discards[ndiscards].call = discarding;
		discards[ndiscards++].how = how;
	}
	scan_expr(s->expression);
	discarding = save;
}

/* The statement whose value a statement expression's block gives. */
static struct statement *last_stmt(struct statement *s)
{
	while (s && s->type == STMT_COMPOUND)
		s = last_ptr_list((struct ptr_list *)s->stmts);
	return s;
}

/*
 * A pointer may now hold @e's address (`&x` anywhere but as a call's
 * argument, which reaches only the callee).
 */
/* The alias whose initializer is being scanned (scan_decls()), or NULL. */
static struct symbol *alias_init;

static void mark_pointed_to(struct expression *e)
{
	struct symbol *sym = root_var(e);
	fact *f;

	if (!sym || watch)
		return;
	f = lookup(sym, 1);
	if (alias_init &&
	    sci__strip(e) == sci__strip(lookup(alias_init, 1)->alias)) {
		if (f->nalias_ptrs < 4)
			f->alias_ptrs[f->nalias_ptrs] = alias_init;
		if (f->nalias_ptrs < 5)
			f->nalias_ptrs++;
		return;
	}
	f->pointed_to = 1;
}

/* `p = arr`, `p = arr + 2`: an array names its address. */
static void mark_array_value(struct expression *e)
{
	struct symbol *t;

	e = sci__strip(e);
	while (e && e->type == EXPR_BINOP && (e->op == '+' || e->op == '-'))
		e = sci__strip(e->left);
	t = e && e->type == EXPR_SYMBOL ? sci__real_type(e->symbol) : NULL;
	if (t && t->type == SYM_ARRAY)
		mark_pointed_to(e);
}

static int is_fn_pointer(struct symbol *sym)
{
	struct symbol *t = sci__real_type(sym);

	if (!t || t->type != SYM_PTR)
		return 0;
	t = sci__real_type(t->ctype.base_type);
	return t && t->type == SYM_FN;
}

static void note_indirect(struct expression *call, struct expression *fn)
{
	if (watch)
		return;
	if (fn && fn->type == EXPR_PREOP && fn->op == '*')
		fn = sci__strip(fn->unop);
	if (!fn || fn->type != EXPR_SYMBOL || !fn->symbol ||
	    !is_fn_pointer(fn->symbol))
		return;
	if (!(nindirects & (nindirects + 1)))
		indirects = sci_realloc(indirects, (nindirects * 2 + 1) *
						   sizeof(*indirects));
	indirects[nindirects].caller = scan_fn;
	indirects[nindirects].call = call;
	indirects[nindirects++].var = fn->symbol;
}

/* @sym's value is read (not called): a function or a function pointer. */
static void note_symbol_value(struct symbol *sym)
{
	struct symbol *t = sym ? sci__real_type(sym) : NULL;

	if (t && t->type == SYM_FN)
		lookup(definition_of(sym), 1)->fn_values++;
	else if (t && is_fn_pointer(sym))
		lookup(sym, 1)->fp_read = 1;
}

static void note_fn_init(struct symbol *var)
{
	struct expression *init = sci__strip(var->initializer);
	struct symbol *t;

	if (init && init->type == EXPR_PREOP && init->op == '&')
		init = sci__strip(init->unop);
	if (!init || init->type != EXPR_SYMBOL || !init->symbol ||
	    !is_fn_pointer(var))
		return;
	t = sci__real_type(init->symbol);
	if (!t || t->type != SYM_FN)
		return;
	if (!(nfn_inits & (nfn_inits + 1)))
		fn_inits = sci_realloc(fn_inits, (nfn_inits * 2 + 1) *
						 sizeof(*fn_inits));
	fn_inits[nfn_inits].var = var;
	fn_inits[nfn_inits++].fn = definition_of(init->symbol);
}

/*
 * `pthread_create(&t, NULL, worker, arg)`, `thrd_create(&t, worker,
 * arg)`: worker starts a thread, holding no lock.
 */
static void note_thread_start(struct expression *call)
{
	const char *name = sci__call_name(call);
	struct expression *arg, *routine = NULL;
	int i = 0, want;
	fact *f;

	if (!name)
		return;
	if (strcmp(name, "pthread_create") == 0)
		want = 2;
	else if (strcmp(name, "thrd_create") == 0)
		want = 1;
	else
		return;
	FOR_EACH_PTR(call->args, arg) {
		if (i++ == want)
			routine = arg;
	} END_FOR_EACH_PTR(arg);
	routine = sci__strip(routine);
	if (routine && routine->type == EXPR_PREOP && routine->op == '&')
		routine = sci__strip(routine->unop);
	if (!routine || routine->type != EXPR_SYMBOL || !routine->symbol ||
	    !sci__real_type(routine->symbol) ||
	    sci__real_type(routine->symbol)->type != SYM_FN)
		return;
	if ((f = lookup(definition_of(routine->symbol), 1)))
		f->thread_start = 1;
}

int sci_fn_is_thread_start(sci_sym *fn)
{
	fact *f = fn ? lookup(definition_of((struct symbol *)fn), 0) : NULL;

	return f && f->thread_start;
}

static void scan_expr(struct expression *e)
{
	struct expression *arg;

	if (!e)
		return;
	switch (e->type) {
	case EXPR_ASSIGNMENT: {
		struct symbol *alias = watch ? NULL : assigned_alias(e);

		if (!alias)
			mark_written_value(e->left, e->op == '=' ? e->right : NULL);
		mark_array_value(e->right);
		if (!alias)
			scan_expr(e->left);
		alias_init = alias;
		scan_expr(e->right);
		alias_init = NULL;
		break;
	}
	case EXPR_PREOP:
		if (e->op == '&' || e->op == SPECIAL_INCREMENT ||
		    e->op == SPECIAL_DECREMENT)
			mark_written(e->unop);
		if (e->op == '&')
			mark_pointed_to(e->unop);
		if (e->op == '*' && !watch) {
			struct expression *d = sci__strip(e->unop);

			note_param_path(e);
			note_alias_deref(e->unop);
			/* `a[i]` names a, but hands it nowhere: the index only */
			if (element_of(e)) {
				while (d && d->type == EXPR_BINOP &&
				       (d->op == '+' || d->op == '-')) {
					scan_expr(d->right);
					d = sci__strip(d->left);
				}
				break;
			}
		}
		scan_expr(e->unop);
		break;
	case EXPR_POSTOP:
		mark_written(e->unop);
		scan_expr(e->unop);
		break;
	case EXPR_BINOP:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_COMMA:
		scan_expr(e->left);
		scan_expr(e->right);
		break;
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		scan_expr(e->cast_expression);
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		scan_expr(e->conditional);
		scan_expr(e->cond_true);
		scan_expr(e->cond_false);
		break;
	case EXPR_CALL: {
		struct expression *fn = sci__strip(e->fn);
		int nargs = 0;

		note_indirect(e, fn);
		count_call(e);
		if (!watch)
			note_thread_start(e);
		if (scan_fn && fn && fn->type == EXPR_SYMBOL && fn->symbol)
			add_callee(definition_of(fn->symbol));
		else if (!(fn && fn->type == EXPR_PREOP && fn->op == '*' &&
			   sci__strip(fn->unop) &&
			   sci__strip(fn->unop)->type == EXPR_SYMBOL))
			scan_expr(e->fn);	/* `(*fp)(x)` reads no value */
		FOR_EACH_PTR(e->args, arg) {
			struct expression *inner, *a = sci__strip(arg);
			const char *name;
			int idx = nargs++;

			if (watch && watch_passed && a &&
			    a->type == EXPR_SYMBOL && a->symbol == watch &&
			    (name = sci__call_name(e)) &&
			    sci__fn_facts_overwrites_arg(name, idx))
				continue;	/* its value is not used there */
			if (sci_expr_is_addr_of(arg, &inner)) {
				mark_written(inner);
				scan_expr(inner);
			} else {
				scan_expr(arg);
			}
		} END_FOR_EACH_PTR(arg);
		break;
	}
	case EXPR_DEREF:
		if (!watch)
			note_param_path(e);
		if (watch && watch_members && e->member &&
		    sci__strip(e->deref) &&
		    sci__strip(e->deref)->type == EXPR_SYMBOL &&
		    sci__strip(e->deref)->symbol == watch) {
			struct symbol *t = sci__real_type(sci__expr_type(e));
			int i;

			if (!t || (!sci__type_is_int(t) && !sci__type_is_ptr(t) &&
				   t->type != SYM_BASETYPE)) {
				watch_hit = 1;	/* a struct or array inside */
				break;
			}
			if (!sci__type_is_ptr(t))
				break;
			for (i = 0; i < nwatch_ptrs; i++)
				if (watch_ptrs[i] == e->member)
					break;
			if (i == nwatch_ptrs && nwatch_ptrs < 9)
				watch_ptrs[nwatch_ptrs++] = e->member;
			break;
		}
		scan_expr(e->deref);
		break;
	case EXPR_STATEMENT: {
		struct statement *save = value_stmt;

		value_stmt = last_stmt(e->statement);
		scan_stmt(e->statement);
		value_stmt = save;
		break;
	}
	case EXPR_INITIALIZER:
		FOR_EACH_PTR(e->expr_list, arg) {
			scan_expr(arg);
		} END_FOR_EACH_PTR(arg);
		break;
	case EXPR_POS:
		scan_expr(e->init_expr);
		break;
	case EXPR_IDENTIFIER:
		scan_expr(e->ident_expression);
		break;
	case EXPR_INDEX:
		scan_expr(e->idx_expression);
		break;
	case EXPR_SYMBOL:
		if (watch) {
			watch_hit |= watch_reads && e->symbol == watch;
			break;
		}
		if (e->symbol && sci__real_type(e->symbol) &&
		    sci__real_type(e->symbol)->type == SYM_ARRAY)
			lookup(e->symbol, 1)->array_named = 1;
		note_symbol_value(e->symbol);
		note_alias_read(e->symbol);
		if (scan_fn)
			note_global_read(e->symbol);
		if (scan_fn && extern_int_global(e->symbol))
			sci_summary_add_gread(globals_record(),
					      e->symbol->ident->name);
		break;
	default:
		break;	/* sizeof, constants, strings, labels, _Generic */
	}
}

int sci__same_type(struct symbol *a, struct symbol *b)
{
	int guard;

	for (guard = 0; guard < 8; guard++) {
		a = sci__real_type(a);
		b = sci__real_type(b);
		if (!a || !b)
			return 0;
		if (a == b)
			return 1;
		if (a->type != SYM_PTR || b->type != SYM_PTR)
			return 0;
		a = a->ctype.base_type;
		b = b->ctype.base_type;
	}
	return 0;
}

/*
 * `int *p = &x;`: a local pointer that points to x from its declaration
 * on, if nothing writes p afterwards (sci__local_alias()).
 */
static void note_alias(struct symbol *sym)
{
	struct symbol *type = sci__real_type(sym), *to;
	struct expression *inner;

	if (!scan_fn || !sym->initializer || !type || type->type != SYM_PTR ||
	    (sym->ctype.modifiers & (MOD_STATIC | MOD_TOPLEVEL | MOD_EXTERN)) ||
	    !sci_expr_is_addr_of(sym->initializer, &inner) || !root_var(inner))
		return;
	/* the same type: `char *c = (char *)&n` reads n's bytes */
	to = sci__real_type(type->ctype.base_type);
	if (!to || !sci__same_type(to, sci__expr_type(inner)))
		return;
	lookup(sym, 1)->alias = inner;
	naliases++;
}

/*
 * `pp = &p;`, the one assignment of a local pointer declared without a
 * value: an alias as if initialized so (a read of it before is a read of
 * no value anyway).  A second assignment writes it: no alias then.
 * Returns the pointer for the first such assignment, else NULL.
 */
static struct symbol *assigned_alias(struct expression *e)
{
	struct expression *l = sci__strip(e->left), *inner;
	struct symbol *sym, *type, *to;
	fact *f;

	if (!scan_fn || e->op != '=' || !l || l->type != EXPR_SYMBOL ||
	    !(sym = l->symbol) || sym->initializer ||
	    !(type = sci__real_type(sym)) || type->type != SYM_PTR ||
	    (sym->ctype.modifiers & (MOD_STATIC | MOD_TOPLEVEL | MOD_EXTERN)) ||
	    !sci_expr_is_addr_of(e->right, &inner) || !root_var(inner))
		return NULL;
	to = sci__real_type(type->ctype.base_type);
	if (!to || !sci__same_type(to, sci__expr_type(inner)))
		return NULL;
	f = lookup(sym, 1);
	if (f->alias || f->written)
		return NULL;	/* assigned before: written, no alias */
	f->alias = inner;
	naliases++;
	return sym;
}

/*
 * `struct ctx *c = arg;`, `int *p = (int *)data;`: a local pointer that
 * holds a parameter's value, to the same type or from a `void *`.  While
 * neither is written, c is the parameter under another name
 * (sci__param_copy()): a callback's context, Juliet's "64" sinks.
 */
static void note_param_copy(struct symbol *sym)
{
	struct symbol *type = sci__real_type(sym), *ptype, *to, *from;
	struct expression *init = sci__strip(sym->initializer);
	int i;

	if (!scan_fn || !init || init->type != EXPR_SYMBOL || !type ||
	    type->type != SYM_PTR ||
	    (sym->ctype.modifiers & (MOD_STATIC | MOD_TOPLEVEL | MOD_EXTERN)))
		return;
	i = param_of(scan_fn, init->symbol);
	ptype = sci__real_type(init->symbol);
	if (i < 0 || !ptype || ptype->type != SYM_PTR)
		return;
	to = sci__real_type(type->ctype.base_type);
	from = sci__real_type(ptype->ctype.base_type);
	if (!to || !from ||
	    (from != &void_ctype && !sci__same_type(to, from)))
		return;
	lookup(sym, 1)->copy_of = init->symbol;
	naliases++;
}

struct symbol *sci__param_copy(struct symbol *sym)
{
	const fact *f, *p;

	if (!naliases || !sym || sym->type != SYM_NODE ||
	    (sym->ctype.modifiers & (MOD_TOPLEVEL | MOD_STATIC | MOD_EXTERN)))
		return NULL;
	f = lookup(sym, 0);
	if (!f || !f->copy_of || f->written)
		return NULL;
	p = lookup(f->copy_of, 0);
	return p && p->written ? NULL : f->copy_of;
}

/* Places reached through a local copy that did not stay one go. */
static void drop_lost_copies(struct symbol *fn)
{
	fact *f = lookup(fn, 0);
	size_t k, m;

	for (k = m = 0; f && k < f->npreads; k++)
		if (!f->preads[k].via || sci__param_copy(f->preads[k].via))
			f->preads[m++] = f->preads[k];
	if (f)
		f->npreads = m;
}

/*
 * Reads of such a pointer, and those that dereference it: one read as a
 * value (passed to a call, copied, returned) hands x's address on, and
 * whoever gets it may change x, so p is then no alias of x.
 */
static void note_alias_read(struct symbol *sym)
{
	fact *f = sym ? lookup(sym, 0) : NULL;

	if (f && f->alias)
		f->alias_reads++;
}

static void note_alias_deref(struct expression *e)
{
	fact *f;

	e = sci__strip(e);
	if (e && e->type == EXPR_SYMBOL && (f = lookup(e->symbol, 0)) &&
	    f->alias)
		f->alias_derefs++;
}

struct expression *sci__local_alias(struct symbol *sym)
{
	const fact *f;

	/* asked for every `*p` and `p->m` named: the common answer first */
	if (!naliases || !sym || sym->type != SYM_NODE ||
	    (sym->ctype.modifiers & (MOD_TOPLEVEL | MOD_STATIC | MOD_EXTERN)))
		return NULL;
	f = lookup(sym, 0);
	return f && f->alias && !f->written &&
	       f->alias_reads == f->alias_derefs ? f->alias : NULL;
}

static void scan_decls(struct symbol_list *syms)
{
	struct symbol *sym;

	FOR_EACH_PTR(syms, sym) {
		const fact *f;

		mark_array_value(sym->initializer);
		if (!watch) {
			note_fn_init(sym);
			note_alias(sym);
			note_param_copy(sym);
		}
		f = watch ? NULL : lookup(sym, 0);
		alias_init = f && f->alias ? sym : NULL;
		scan_expr(sym->initializer);
		alias_init = NULL;
	} END_FOR_EACH_PTR(sym);
}

static void scan_stmt(struct statement *s)
{
	struct statement *sub;
	struct asm_operand *op;

	if (!s)
		return;
	switch (s->type) {
	case STMT_DECLARATION:
		scan_decls(s->declaration);
		break;
	case STMT_EXPRESSION:
		scan_expr_stmt(s);
		break;
	case STMT_COMPOUND:
		FOR_EACH_PTR(s->stmts, sub) {
			scan_stmt(sub);
		} END_FOR_EACH_PTR(sub);
		break;
	case STMT_IF:
		scan_expr(s->if_conditional);
		scan_stmt(s->if_true);
		scan_stmt(s->if_false);
		break;
	case STMT_RETURN: {
		struct expression *v = sci__strip(s->ret_value);

		if (watch && watch_returns && v && v->type == EXPR_SYMBOL &&
		    v->symbol == watch) {
			watch_returns++;
			break;
		}
		scan_expr(s->ret_value);
		break;
	}
	case STMT_CASE:
		scan_stmt(s->case_statement);
		break;
	case STMT_SWITCH:
		scan_expr(s->switch_expression);
		scan_stmt(s->switch_statement);
		break;
	case STMT_ITERATOR:
		scan_decls(s->iterator_syms);
		scan_stmt(s->iterator_pre_statement);
		scan_expr(s->iterator_pre_condition);
		scan_stmt(s->iterator_statement);
		scan_stmt(s->iterator_post_statement);
		scan_expr(s->iterator_post_condition);
		break;
	case STMT_LABEL:
		scan_stmt(s->label_statement);
		break;
	case STMT_GOTO:
		scan_expr(s->goto_expression);
		break;
	case STMT_ASM:
		FOR_EACH_PTR(s->asm_outputs, op) {
			mark_written(op->expr);
			scan_expr(op->expr);
		} END_FOR_EACH_PTR(op);
		FOR_EACH_PTR(s->asm_inputs, op) {
			scan_expr(op->expr);
		} END_FOR_EACH_PTR(op);
		break;
	default:
		break;
	}
}

static struct statement *body_of(struct symbol *sym)
{
	struct symbol *base = sym ? sym->ctype.base_type : NULL;

	if (!base || base->type != SYM_FN)
		return NULL;
	return base->stmt ? base->stmt : base->inline_stmt;
}

static void scan_symbol(struct symbol *sym)
{
	struct statement *body = body_of(sym);
	struct symbol *d;
	int guard = 0;

	/* earlier declarations learn of this one (the lists are in order) */
	for (d = sym->same_symbol; d && guard < 64; d = d->same_symbol, guard++)
		lookup(d, 1)->latest = sym;

	if (body && sci__fn_has_holes(sym))
		return;		/* after a parse error: not walked either */
	if (body) {
		scan_fn = sym;
		lookup(sym, 1);
		scan_stmt(body);
		drop_lost_copies(sym);
		scan_fn = NULL;
	} else {
		note_fn_init(sym);
		scan_expr(sym->initializer);	/* `int *p = &x;` */
	}
}

static int cmp_discard(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const discard *)a)->call;
	uintptr_t y = (uintptr_t)((const discard *)b)->call;

	return x < y ? -1 : x > y;
}

/*
 * The function a pointer variable always holds: its initializer names one
 * (`void (*sink)(int) = log_value;`) and nothing writes the variable or
 * takes its address.  Else NULL.
 */
static struct symbol *constant_target(struct symbol *var)
{
	struct expression *init = NULL;
	struct symbol *d, *t;
	int guard = 0;
	fact *f = lookup(var, 0);

	if (f && f->latest)
		var = f->latest;
	if (var->ctype.modifiers & MOD_VOLATILE)
		return NULL;
	for (d = var; d && guard < 64; d = d->same_symbol, guard++) {
		f = lookup(d, 0);
		if (f && (f->written || f->pointed_to))
			return NULL;
		if (!init)
			init = d->initializer;
	}
	/* a global with external linkage may be written by another TU */
	if ((var->ctype.modifiers & MOD_TOPLEVEL) &&
	    !(var->ctype.modifiers & MOD_STATIC) &&
	    !(var->ctype.modifiers & MOD_CONST))
		return NULL;
	init = sci__strip(init);
	if (init && init->type == EXPR_PREOP && init->op == '&')
		init = sci__strip(init->unop);
	if (!init || init->type != EXPR_SYMBOL || !init->symbol ||
	    !init->symbol->ident)
		return NULL;
	t = sci__real_type(init->symbol);
	return t && t->type == SYM_FN ? init->symbol : NULL;
}

/*
 * A call through a variable that always holds one function is a call of
 * that function: the callee's summary, its effects and the call graph
 * follow (Juliet's "44" and "65" variants, handler tables of one entry).
 */
static void resolve_indirects(void)
{
	size_t i;

	for (i = 0; i < nindirects; i++) {
		struct expression *call = indirects[i].call, *fn;
		struct symbol *target = constant_target(indirects[i].var);

		if (!target)
			continue;
		fn = alloc_expression(call->fn->pos, EXPR_SYMBOL);
		fn->symbol = target;
		fn->symbol_name = target->ident;
		fn->ctype = target;
		call->fn = fn;
		if (indirects[i].caller) {
			scan_fn = indirects[i].caller;
			add_callee(definition_of(target));
			scan_fn = NULL;
		}
	}
	free(indirects);
	indirects = NULL;
	nindirects = 0;
}

void sci__tu_facts_scan(struct symbol_list *list, struct symbol_list *scope)
{
	struct symbol *sym;

	written_fn = NULL;	/* a new TU's symbols may reuse the address */
	FOR_EACH_PTR(list, sym) {
		scan_symbol(sym);
		note_global_definition(sym);
	} END_FOR_EACH_PTR(sym);
	FOR_EACH_PTR(scope, sym) {
		scan_symbol(sym);
	} END_FOR_EACH_PTR(sym);
	resolve_indirects();
	if (ndiscards)
		qsort(discards, ndiscards, sizeof(*discards), cmp_discard);
}

int sci__call_result_use(struct expression *call)
{
	discard key, *d;

	key.call = call;
	d = ndiscards ? bsearch(&key, discards, ndiscards, sizeof(*discards),
				cmp_discard) : NULL;
	return d ? d->how : SCI_RESULT_USED;
}

void sci__tu_facts_add_results(struct symbol *fn, sci_summary *s)
{
	fact *f = lookup(fn, 0);
	size_t i;

	for (i = 0; f && i < f->nuses; i++)
		sci_summary_add_result(s, f->uses[i].callee, f->uses[i].used,
				       f->uses[i].discarded);
}

sci_summary *sci__tu_facts_take_globals(const char *file)
{
	sci_summary *s = tu_globals;

	tu_globals = NULL;
	if (s && !s->ngdefs && !s->ngwrites && !s->ngreads) {
		sci_summary_free(s);
		s = NULL;
	}
	if (s) {
		s->file = sci_strdup(file);
		s->is_static = 1;
	}
	return s;
}

int sci__tu_result_counts(const char *callee, unsigned *used,
			  unsigned *discarded)
{
	size_t i, k;

	/* summed when asked: only for a discarded call, in a one-file run */
	*used = *discarded = 0;
	for (i = 0; callee && i < capfacts; i++)
		for (k = 0; k < facts[i].nuses; k++)
			if (strcmp(facts[i].uses[k].callee, callee) == 0) {
				*used += facts[i].uses[k].used;
				*discarded += facts[i].uses[k].discarded;
			}
	return *used || *discarded;
}

unsigned sci__params_written(struct symbol *fn)
{
	struct symbol *base = fn ? fn->ctype.base_type : NULL;
	struct statement *body;
	struct symbol *arg;
	unsigned i = 0;

	if (!base)
		return ~0u;
	if (fn == written_fn)
		return written_mask;
	body = base->stmt ? base->stmt : base->inline_stmt;
	written_fn = fn;
	written_mask = 0;
	FOR_EACH_PTR(base->arguments, arg) {
		if (i < 32 && (!body || sci__stmt_writes(body, arg)))
			written_mask |= 1u << i;
		i++;
	} END_FOR_EACH_PTR(arg);
	return written_mask;
}

int sci__stmt_writes(struct statement *s, struct symbol *sym)
{
	struct symbol *save_fn = scan_fn;

	scan_fn = NULL;		/* no call edges from here */
	watch = sym;
	watch_hit = 0;
	scan_stmt(s);
	watch = NULL;
	scan_fn = save_fn;
	return watch_hit;
}

/* Does @s (or @e) name @sym anywhere, read or written? */
static int mentions(struct statement *s, struct expression *e,
		    struct symbol *sym)
{
	struct symbol *save_fn = scan_fn;

	scan_fn = NULL;
	watch = sym;
	watch_reads = 1;
	watch_hit = 0;
	if (s)
		scan_stmt(s);
	else
		scan_expr(e);
	watch = NULL;
	watch_reads = 0;
	scan_fn = save_fn;
	return watch_hit;
}

int sci__param_members_only(struct statement *s, struct symbol *param,
			     int *nptrs)
{
	int hit;

	watch_members = 1;
	nwatch_ptrs = 0;
	hit = mentions(s, NULL, param);
	watch_members = 0;
	*nptrs = nwatch_ptrs;
	return !hit && nwatch_ptrs <= 8;
}

/*
 * Does @s read @param's value?  Passing it on whole to a parameter the
 * callee overwrites or never reads is no use of it.
 */
static int value_used(struct statement *s, struct symbol *param)
{
	int used;

	watch_passed = 1;
	used = mentions(s, NULL, param);
	watch_passed = 0;
	return used;
}

/* `param = value;` with value not naming param */
static int plain_store(struct statement *s, struct symbol *param)
{
	struct expression *e, *l;

	if (s->type != STMT_EXPRESSION)
		return 0;
	e = sci__strip(s->expression);
	if (!e || e->type != EXPR_ASSIGNMENT || e->op != '=')
		return 0;
	l = sci__strip(e->left);
	return l && l->type == EXPR_SYMBOL && l->symbol == param &&
	       !mentions(NULL, e->right, param);
}

/*
 * The integer and pointer parameters of @fn (the first 32) for which
 * @test(body, param) holds, as a mask.
 */
static unsigned scalar_params(struct symbol *fn,
			      int (*test)(struct statement *, struct symbol *))
{
	struct symbol *base = fn ? fn->ctype.base_type : NULL, *arg;
	struct statement *body = body_of(fn);
	unsigned mask = 0;
	int i = 0;

	if (!body || body->type != STMT_COMPOUND)
		return 0;
	FOR_EACH_PTR(base->arguments, arg) {
		struct symbol *t = sci__real_type(arg);

		if (i < 32 && t && (sci__type_is_int(t) || t->type == SYM_PTR) &&
		    test(body, arg))
			mask |= 1u << i;
		i++;
	} END_FOR_EACH_PTR(arg);
	return mask;
}

/* What the first statements naming a parameter do with it (first_use()). */
enum { USE_NONE, USE_STORE, USE_PARTIAL, USE_READ };

/*
 * In order: does @s first store @arg on every path through it (STORE),
 * not name it (NONE), store it first on some paths and not name it on the
 * others (PARTIAL: `if (mode) { v = 5; print(v); }`), or may it read it
 * first (READ)?  Only `if` is followed into; any other statement that
 * names @arg other than as `arg = value;` is a read.
 */
static int first_use(struct statement *s, struct symbol *arg, int depth)
{
	struct statement *sub;
	int r, acc = USE_NONE, a, b;

	if (!s || !mentions(s, NULL, arg))
		return USE_NONE;
	if (depth > 16)
		return USE_READ;
	switch (s->type) {
	case STMT_COMPOUND:
		FOR_EACH_PTR(s->stmts, sub) {
			r = first_use(sub, arg, depth + 1);
			if (r == USE_STORE || r == USE_READ)
				return r;
			if (r == USE_PARTIAL)
				acc = USE_PARTIAL;
		} END_FOR_EACH_PTR(sub);
		return acc;
	case STMT_IF:
		if (mentions(NULL, s->if_conditional, arg))
			return USE_READ;
		a = first_use(s->if_true, arg, depth + 1);
		b = first_use(s->if_false, arg, depth + 1);
		if (a == USE_READ || b == USE_READ)
			return USE_READ;
		return a == b ? a : USE_PARTIAL;
	default:
		return plain_store(s, arg) ? USE_STORE : USE_READ;
	}
}

/*
 * On every path, the first statement that names @arg is a store, or none
 * does; or no statement uses its value (passing it on to such a
 * parameter is no use: a chain of helpers that ignore it).
 */
static int overwritten(struct statement *body, struct symbol *arg)
{
	return first_use(body, arg, 0) != USE_READ || !value_used(body, arg);
}

unsigned sci__tu_params_overwritten(struct symbol *fn)
{
	return scalar_params(fn, overwritten);
}

/* @arg is named only in `return arg;` statements, one at least. */
static int only_returned(struct statement *body, struct symbol *arg)
{
	int named, returned;

	watch_returns = 1;
	named = mentions(body, NULL, arg);
	returned = watch_returns > 1;
	watch_returns = 0;
	return !named && returned;
}

unsigned sci__tu_params_returned(struct symbol *fn)
{
	return scalar_params(fn, only_returned);
}

/*
 * Pointee reads: does @e read `*p` (p @param or one of its copies
 * @copies), other than as the target of a plain store or under `&`?
 * Sets *@stores when @e stores into `*p` somewhere.
 */
typedef struct {
	struct symbol *param;
	struct symbol *copies[4];
	int ncopies;
	int reads, stores;
} pread_ctx;

static int names_param(const pread_ctx *c, struct expression *e)
{
	int k;

	e = sci__strip(e);
	if (!e || e->type != EXPR_SYMBOL)
		return 0;
	if (e->symbol == c->param)
		return 1;
	for (k = 0; k < c->ncopies; k++)
		if (e->symbol == c->copies[k])
			return 1;
	return 0;
}

static int is_pointee(const pread_ctx *c, struct expression *e)
{
	e = sci__strip(e);
	return e && e->type == EXPR_PREOP && e->op == '*' &&
	       names_param(c, e->unop);
}

static void pread_expr(pread_ctx *c, struct expression *e, int depth)
{
	struct expression *arg;

	e = sci__strip(e);
	if (!e || depth > 32)
		return;
	if (is_pointee(c, e)) {
		c->reads = 1;
		return;
	}
	switch (e->type) {
	case EXPR_ASSIGNMENT:
		if (is_pointee(c, e->left)) {
			c->stores = 1;
			/* `*p += 1` reads it first */
			if (e->op != '=')
				c->reads = 1;
		} else {
			pread_expr(c, e->left, depth + 1);
		}
		pread_expr(c, e->right, depth + 1);
		break;
	case EXPR_PREOP:
		if (e->op != '&')
			pread_expr(c, e->unop, depth + 1);
		break;
	case EXPR_POSTOP:
		pread_expr(c, e->unop, depth + 1);
		break;
	case EXPR_BINOP:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_COMMA:
		pread_expr(c, e->left, depth + 1);
		pread_expr(c, e->right, depth + 1);
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		pread_expr(c, e->conditional, depth + 1);
		pread_expr(c, e->cond_true, depth + 1);
		pread_expr(c, e->cond_false, depth + 1);
		break;
	case EXPR_CALL:
		FOR_EACH_PTR(e->args, arg) {
			pread_expr(c, arg, depth + 1);
		} END_FOR_EACH_PTR(arg);
		break;
	case EXPR_DEREF:
		pread_expr(c, e->deref, depth + 1);
		break;
	default:
		break;
	}
}

/*
 * Is @param's pointee read before anything can write it: the body's
 * first statements that name the parameter (or a copy of it, `int *q =
 * (int *)arg;`) read `*p` - `int v = *p;`, `printf("%d", *p)`, `*p += 1`
 * - with no store into it, and nothing before them but declarations and
 * expressions that do not name it?  A call that may not return before it
 * (`exit()` in an earlier statement) is not looked for: such a statement
 * would be an expression that names no parameter, which is accepted.
 */
/* Does @e take @sym's address anywhere (`scanf("%d", &v)`)? */
static int takes_address(struct expression *e, struct symbol *sym, int depth)
{
	struct expression *arg, *u;

	e = sci__strip(e);
	if (!e || depth > 32)
		return 0;
	switch (e->type) {
	case EXPR_PREOP:
		u = sci__strip(e->unop);
		if (e->op == '&' && u && u->type == EXPR_SYMBOL && u->symbol == sym)
			return 1;
		return takes_address(e->unop, sym, depth + 1);
	case EXPR_POSTOP:
		return takes_address(e->unop, sym, depth + 1);
	case EXPR_ASSIGNMENT:
	case EXPR_BINOP:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_COMMA:
		return takes_address(e->left, sym, depth + 1) ||
		       takes_address(e->right, sym, depth + 1);
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		return takes_address(e->conditional, sym, depth + 1) ||
		       takes_address(e->cond_true, sym, depth + 1) ||
		       takes_address(e->cond_false, sym, depth + 1);
	case EXPR_CALL:
		FOR_EACH_PTR(e->args, arg) {
			if (takes_address(arg, sym, depth + 1))
				return 1;
		} END_FOR_EACH_PTR(arg);
		return 0;
	default:
		return 0;
	}
}

/*
 * After `int v = *p;` (a copy is no use, as for a variable: see
 * uninitialized.c): is v's value used before anything stores into it, in
 * the statements after @from?  1 yes, 0 no or not known.
 */
static int copy_used_first(struct statement *body, struct statement *from,
			   struct symbol *v)
{
	struct statement *s;
	int after = 0;

	FOR_EACH_PTR(body->stmts, s) {
		if (!after) {
			after = s == from;
			continue;
		}
		if (!mentions(s, NULL, v))
			continue;
		return s->type == STMT_EXPRESSION && !plain_store(s, v) &&
		       !takes_address(s->expression, v, 0);
	} END_FOR_EACH_PTR(s);
	return 0;
}

static int pointee_read_first(struct statement *body, struct symbol *param)
{
	pread_ctx c;
	struct statement *s;
	struct symbol *sym;
	int verdict = -1;

	memset(&c, 0, sizeof(c));
	c.param = param;
	FOR_EACH_PTR(body->stmts, s) {
		if (verdict >= 0)
			break;
		if (s->type == STMT_DECLARATION) {
			FOR_EACH_PTR(s->declaration, sym) {
				struct expression *init = sci__strip(sym->initializer);

				if (verdict >= 0 || !init)
					continue;
				if (init->type == EXPR_SYMBOL && init->symbol == param &&
				    sci__param_copy(sym) == param && c.ncopies < 4) {
					c.copies[c.ncopies++] = sym;
					continue;
				}
				c.reads = c.stores = 0;
				pread_expr(&c, init, 0);
				/* `int v = *p;`: v holds the value, its use counts */
				if (c.reads && !c.stores && is_pointee(&c, init) &&
				    (sci__type_is_int(sci__real_type(sym)) ||
				     sci__type_is_ptr(sci__real_type(sym))))
					verdict = copy_used_first(body, s, sym);
				else if (c.reads)
					verdict = !c.stores;
				else if (mentions(NULL, init, param))
					verdict = 0;
			} END_FOR_EACH_PTR(sym);
			continue;
		}
		if (s->type != STMT_EXPRESSION) {
			verdict = 0;
			break;
		}
		c.reads = c.stores = 0;
		pread_expr(&c, s->expression, 0);
		if (c.reads)
			verdict = !c.stores ||
				  (sci__strip(s->expression)->type == EXPR_ASSIGNMENT &&
				   is_pointee(&c, sci__strip(s->expression)->left));
		else if (c.stores || mentions(s, NULL, param))
			verdict = 0;
		else {
			int k;

			for (k = 0; k < c.ncopies; k++)
				if (mentions(s, NULL, c.copies[k]))
					verdict = 0;
		}
	} END_FOR_EACH_PTR(s);
	return verdict > 0;
}

unsigned sci__tu_pointees_read_first(struct symbol *fn)
{
	struct symbol *base = fn ? fn->ctype.base_type : NULL, *arg, *t, *to;
	struct statement *body = body_of(fn);
	unsigned mask = 0;
	int i = 0;

	if (!body || body->type != STMT_COMPOUND)
		return 0;
	FOR_EACH_PTR(base->arguments, arg) {
		/* one value: an integer, a pointer, or what a copy reads */
		const fact *pf = lookup(arg, 0);

		t = sci__real_type(arg);
		to = t && t->type == SYM_PTR ?
		     sci__real_type(t->ctype.base_type) : NULL;
		if (i < 32 && to && !(pf && pf->written) &&
		    (sci__type_is_int(to) || to->type == SYM_PTR ||
		     to == &void_ctype) &&
		    pointee_read_first(body, arg))
			mask |= 1u << i;
		i++;
	} END_FOR_EACH_PTR(arg);
	return mask;
}

/* ---------------------------------------------------- callee first */

static int in_list(struct symbol *sym, struct symbol **v, int n)
{
	int k;

	for (k = 0; k < n; k++)
		if (v[k] == sym)
			return 1;
	return 0;
}

/* Depth-first: @fn's callees among @in are placed in @out before it. */
static void visit(struct symbol *fn, struct symbol **out, int *n,
		  struct symbol **in, int nin)
{
	fact *f = lookup(fn, 1);
	size_t i;

	if (f->order)
		return;		/* placed, or on the stack: a cycle */
	f->order = 1;
	for (i = 0; i < f->ncallees; i++) {
		struct symbol *callee = f->callees[i];

		if (in_list(callee, in, nin))
			visit(callee, out, n, in, nin);
		f = lookup(fn, 1);	/* the table may have grown */
	}
	f->order = 2;
	out[(*n)++] = fn;
}

/*
 * Why a static function of a header is walked only where it is used:
 * git's cache.h alone defines dozens of static inline helpers, and each of
 * its 225 TUs walked them all - more work, and, worse, each TU's summaries
 * then listed the calls of helpers it never calls, so a change of the
 * summary of match_pathspec() (called by an inline helper of dir.h)
 * analyzed again 164 TUs that never reach it.  A helper that no TU of the
 * run uses is dead code there; clang's analyzer does not walk it either.
 */
int sci__tu_facts_keep_used(struct symbol **fns, int n, int main_stream)
{
	struct symbol **work;
	int i, nwork = 0, m = 0;

	if (n <= 0)
		return n;
	work = sci_calloc((size_t)n, sizeof(*work));
	for (i = 0; i < n; i++) {
		fact *f = lookup(fns[i], 1);

		f->used = -1;
		if (fns[i]->pos.stream == main_stream ||
		    !(fns[i]->ctype.modifiers & MOD_STATIC) || f->fn_values) {
			f->used = 1;
			work[nwork++] = fns[i];
		}
	}
	while (nwork > 0) {
		fact *f = lookup(work[--nwork], 0);
		size_t k;

		for (k = 0; f && k < f->ncallees; k++) {
			fact *c = lookup(f->callees[k], 0);

			/* only functions of @fns are pushed: at most n */
			if (c && c->used == -1) {
				c->used = 1;
				work[nwork++] = f->callees[k];
			}
		}
	}
	free(work);
	for (i = 0; i < n; i++) {
		const fact *f = lookup(fns[i], 0);

		if (f && f->used == 1)
			fns[m++] = fns[i];
	}
	return m;
}

int sci__fn_used_as_value(struct symbol *fn)
{
	const fact *f, *v;
	unsigned through_calls = 0;
	size_t i;

	fn = definition_of(fn);
	f = lookup(fn, 0);
	if (!f || !f->fn_values)
		return 0;
	for (i = 0; i < nfn_inits; i++) {
		if (fn_inits[i].fn != fn)
			continue;
		v = lookup(fn_inits[i].var, 0);
		if (constant_target(fn_inits[i].var) == fn_inits[i].fn &&
		    !(v && v->fp_read))
			through_calls++;
	}
	return f->fn_values > through_calls;
}

int sci__tu_callers(struct symbol *fn, struct symbol **out, int max)
{
	int n = 0;
	size_t i, k;

	fn = definition_of(fn);
	for (i = 0; i < capfacts; i++) {
		const fact *f = &facts[i];

		if (!f->sym)
			continue;
		for (k = 0; k < f->ncallees; k++) {
			if (f->callees[k] != fn)
				continue;
			if (n == max)
				return -1;
			out[n++] = f->sym;
			break;
		}
	}
	return n;
}

int sci__sym_pointed_to(struct symbol *sym)
{
	const fact *f = lookup(sym, 0);
	int i;

	if (!f)
		return 0;
	if (f->pointed_to || f->nalias_ptrs > 4)
		return 1;
	/* a pointer that stopped standing for it keeps its address */
	for (i = 0; i < f->nalias_ptrs; i++)
		if (!sci__local_alias(f->alias_ptrs[i]))
			return 1;
	return 0;
}

void sci__tu_facts_order(struct symbol **fns, int n)
{
	struct symbol **out;
	int i, m = 0;

	if (n <= 0)
		return;		/* a TU without functions; fns may be NULL */
	out = sci_calloc((size_t)n + 1, sizeof(*out));
	for (i = 0; i < n; i++)
		visit(fns[i], out, &m, fns, n);
	memcpy(fns, out, (size_t)n * sizeof(*fns));
	free(out);
}

/* ---------------------------------------------------- file-scope values */

/*
 * A global with external linkage that every TU of the run leaves at one
 * value (the project's SCI_SUMMARY_GLOBALS records).  Integers only: a
 * pointer a library's user sets would look NULL for ever.
 */
static const sci_rl *project_global_value(struct symbol *sym,
					  struct symbol *type)
{
	const sci_summary_set *set = sci__fn_facts_summaries();
	long long v;

	if (!set || !sci__type_is_int(type) || !sym->ident ||
	    !sci_summary_set_global_value(set, sym->ident->name, &v))
		return NULL;
	return sci_rl_cast(sci_rl_range(v, v), sci__vtype(type));
}

const sci_rl *sci__global_value(struct symbol *sym)
{
	struct expression *init = NULL;
	struct symbol *type, *d;
	unsigned long mods;
	int written = 0, guard;
	fact *f;
	sci_val v;

	/* file scope, or a function's own static (`static int flag = 10;`) */
	if (!sym || sym->type != SYM_NODE ||
	    !(sym->ctype.modifiers & (MOD_TOPLEVEL | MOD_STATIC)))
		return NULL;
	mods = sym->ctype.modifiers;
	if (mods & MOD_VOLATILE)
		return NULL;
	type = sci__real_type(sym);
	if (!type || !(sci__type_is_int(type) || type->type == SYM_PTR))
		return NULL;
	f = lookup(sym, 0);
	if (f && f->latest)
		sym = f->latest;	/* its chain holds every declaration */
	for (d = sym, guard = 0; d && guard < 64; d = d->same_symbol, guard++) {
		f = lookup(d, 0);
		written |= f && f->written;
		if (!init)
			init = d->initializer;
	}
	if (!(mods & MOD_STATIC) && (!(mods & MOD_CONST) || !init))
		return project_global_value(sym, type);
	if (!(mods & MOD_CONST) && !((mods & MOD_STATIC) && !written))
		return NULL;
	if (!init)
		return sci_rl_range(0, 0);
	if (init->type == EXPR_STRING)
		return sci_rl_range(1, SCI_VAL_MAX);
	if (!sci__const_val(init, &v))
		return NULL;
	return sci_rl_cast(sci_rl_range(v, v), sci__vtype(type));
}

/* An initializer's element, without its designator. */
static struct expression *element_value(struct expression *el)
{
	while (el && (el->type == EXPR_POS || el->type == EXPR_INDEX ||
		      el->type == EXPR_IDENTIFIER)) {
		if (el->type == EXPR_POS)
			el = el->init_expr;
		else if (el->type == EXPR_INDEX)
			el = el->idx_expression;
		else
			el = el->ident_expression;
	}
	return el;
}

/*
 * @f's table facts for @sym, a const array of integers with an initializer
 * of constants: 0, or -1 when it is no such table.  Elements the
 * initializer leaves out, or names by designator, may be 0.
 */
static int table_facts(struct symbol *sym, fact *f)
{
	struct symbol *type = sci__real_type(sym), *elem;
	struct expression *init = sym->initializer, *el;
	long long count = 0, len = 0;
	int designated = 0;
	sci_val v, *vals = NULL;

	if (!type || type->type != SYM_ARRAY || !init ||
	    init->type != EXPR_INITIALIZER || (sym->ctype.modifiers & MOD_VOLATILE))
		return -1;
	elem = sci__real_type(type->ctype.base_type);
	if (!elem || !sci__type_is_int(elem))
		return -1;
	/*
	 * const elements (`static const int t[]`), whatever else changes, or
	 * an array nothing writes, steps or hands on (`int d[5] = {2, 1, 0};`
	 * read by index only)
	 */
	if (!((sym->ctype.modifiers | type->ctype.base_type->ctype.modifiers |
	       elem->ctype.modifiers) & MOD_CONST) &&
	    (f->written || f->pointed_to || f->array_named ||
	     ((sym->ctype.modifiers & MOD_TOPLEVEL) &&
	      !(sym->ctype.modifiers & MOD_STATIC))))
		return -1;
	examine_symbol_type(type);
	examine_symbol_type(elem);
	if (type->bit_size > 0 && elem->bit_size > 0)
		len = type->bit_size / elem->bit_size;
	FOR_EACH_PTR(init->expr_list, el) {
		designated |= el->type == EXPR_POS || el->type == EXPR_INDEX ||
			      el->type == EXPR_IDENTIFIER;
		if (!sci__const_val(element_value(el), &v)) {
			free(vals);
			return -1;
		}
		f->table_lo = count ? (v < f->table_lo ? v : f->table_lo) : v;
		f->table_hi = count ? (v > f->table_hi ? v : f->table_hi) : v;
		vals = sci_realloc(vals, (size_t)(count + 1) * sizeof(*vals));
		vals[count++] = v;
	} END_FOR_EACH_PTR(el);
	if (!count || designated || count < len) {
		f->table_lo = count && f->table_lo < 0 ? f->table_lo : 0;
		f->table_hi = count && f->table_hi > 0 ? f->table_hi : 0;
	}
	if (designated || !len) {
		free(vals);
		vals = NULL;
	}
	f->table_vals = vals;
	f->table_count = count;
	f->table_len = len;
	return 0;
}

static int cmp_val(const void *a, const void *b)
{
	sci_val x = *(const sci_val *)a, y = *(const sci_val *)b;

	return x < y ? -1 : x > y;
}

/*
 * The values of elements @a..@b of @f's table, exactly (a small set, as
 * runs of consecutive values): `nibbles[i] & 0xf` then gives the nibbles
 * the table holds, not 0..15.
 */
#define TABLE_EXACT 512

static const sci_rl *table_elements(const fact *f, long long a, long long b)
{
	sci_val v[TABLE_EXACT];
	const sci_rl *rl = NULL;
	long long k;
	size_t n = 0, i, j;

	for (k = a; k <= b; k++)
		v[n++] = k < f->table_count ? f->table_vals[k] : 0;
	qsort(v, n, sizeof(*v), cmp_val);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && v[j] <= v[j - 1] + 1; j++)
			;
		rl = rl ? sci_rl_union(rl, sci_rl_range(v[i], v[j - 1]))
			: sci_rl_range(v[i], v[j - 1]);
	}
	return rl;
}

const sci_rl *sci__table_value(struct symbol *sym, const sci_rl *index)
{
	long long a, b;
	fact *f;

	if (!sym || sym->type != SYM_NODE)
		return NULL;
	f = lookup(sym, 1);
	if (!f->table)
		f->table = table_facts(sym, f) == 0 ? 1 : -1;
	if (f->table < 0)
		return NULL;
	if (f->table_vals && index && index->n &&
	    index->r[0].min <= f->table_len - 1 && index->r[index->n - 1].max >= 0) {
		/* the elements the index can reach */
		a = index->r[0].min > 0 ? (long long)index->r[0].min : 0;
		b = index->r[index->n - 1].max < f->table_len - 1 ?
		    (long long)index->r[index->n - 1].max : f->table_len - 1;
		if (b - a < TABLE_EXACT)
			return table_elements(f, a, b);
	}
	return sci_rl_range(f->table_lo, f->table_hi);
}

/* ---------------------------------------------------- return summaries */

static struct symbol *summary_fn;	/* function being summarized */
static const sci_rl *summary_rl;	/* values returned so far (arena) */
static int summary_unknown;		/* a path returned no value */

void sci__summary_begin(struct symbol *fn)
{
	fact *f = lookup(fn, 1);

	summary_fn = fn;
	summary_rl = sci_rl_range(1, 0);
	summary_unknown = 0;
	sci__ret_paths_begin(fn);
	sci__gexits_begin(fn);
	f->state = 1;	/* a recursive call sees no summary */
}

void sci__summary_return(struct expression *value)
{
	struct symbol *base;

	if (!summary_fn || !sci__cur)
		return;
	sci__ret_paths_return(value);
	sci__gexits_return();
	base = summary_fn->ctype.base_type;
	if (!value) {
		summary_unknown = 1;
		return;
	}
	summary_rl = sci_rl_union(summary_rl,
				  sci_rl_cast(sci__expr_rl(value),
					      sci__vtype(base->ctype.base_type)));
}

void sci__summary_end(int complete)
{
	fact *f = summary_fn ? lookup(summary_fn, 1) : NULL;
	size_t i;

	sci__ret_paths_end(complete);
	sci__gexits_end(complete);
	if (!f)
		return;
	f->state = 2;
	f->known = complete && !summary_unknown && !sci_rl_is_empty(summary_rl);
	if (f->known) {
		f->n = summary_rl->n;
		f->soft = summary_rl->soft;
		f->ranges = sci_malloc((f->n ? f->n : 1) * sizeof(*f->ranges));
		for (i = 0; i < f->n; i++)
			f->ranges[i] = summary_rl->r[i];
	}
	summary_fn = NULL;
	summary_rl = NULL;
}

/* What another TU's definition of @sym returns, from the run's summaries. */
static const sci_rl *external_summary(struct symbol *sym)
{
	const sci_summary *s = sci__fn_facts_external(sci_sym_name(sym));
	const sci_rl *rl;

	if (!s || !s->ret || !(rl = sci_rl_parse(s->ret)))
		return NULL;
	return sci_rl_with_soft(rl, s->ret_soft);
}

char *sci__return_text(struct symbol *fn, unsigned *soft)
{
	fact *f = lookup(fn, 0);
	sci_rl *rl;

	*soft = 0;
	if (!f || f->state != 2 || !f->known)
		return NULL;
	rl = sci_arena_alloc(sizeof(*rl) + f->n * sizeof(sci_range));
	rl->n = f->n;
	rl->soft = f->soft;
	memcpy(rl->r, f->ranges, f->n * sizeof(sci_range));
	*soft = f->soft;
	return sci_strdup(sci_rl_text(rl));
}

int sci__fn_has_body(struct expression *call)
{
	struct expression *fn = sci__strip(call ? call->fn : NULL);

	return fn && fn->type == EXPR_SYMBOL && fn->symbol &&
	       body_of(definition_of(fn->symbol)) != NULL;
}

const sci_rl *sci__call_summary(struct expression *call)
{
	struct expression *fn = sci__strip(call ? call->fn : NULL);
	sci_rl *rl;
	fact *f;

	if (!fn || fn->type != EXPR_SYMBOL || !fn->symbol)
		return NULL;
	f = lookup(definition_of(fn->symbol), 0);
	if (!f && !body_of(definition_of(fn->symbol)))
		return external_summary(fn->symbol);
	if (!f || f->state != 2 || !f->known)
		return NULL;
	rl = sci_arena_alloc(sizeof(*rl) + f->n * sizeof(sci_range));
	rl->n = f->n;
	rl->soft = f->soft;	/* a bound the callee's types gave stays soft */
	memcpy(rl->r, f->ranges, f->n * sizeof(sci_range));
	return rl;
}
