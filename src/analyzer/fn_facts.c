/*
 * fn_facts.c - what a function does with its pointer parameters and what
 * it returns, learned from its own analysis, for its callers (issue
 * "Cross-function knowledge", source 2: functions of the same TU,
 * analyzed callees first).
 *
 * For each function the walk records:
 *   - derefs:   parameter i is dereferenced on every path that returns,
 *               while nothing had checked it (`p->x` before any `if (p)`),
 *               itself or through a callee that dereferences it;
 *   - frees:    parameter i is passed to a deallocator on every path that
 *               returns (a free() wrapper);
 *   - captures: parameter i may be kept after the call: stored anywhere,
 *               returned, its address taken, or passed to a function not
 *               known to leave it alone;
 *   - returns:  whether some path returns a fresh allocation (an
 *               allocator's result, directly or through a local), NULL, or
 *               anything else.
 *   - noreturn: no path returns (every one ends in exit(), abort() or
 *               another noreturn function, or loops for ever).
 * A function whose every non-NULL return is a fresh allocation is an
 * allocator (a malloc() wrapper).  Its result may be NULL when some path
 * passes on unchecked the result of a function that may return NULL (an
 * allocator, getenv(), fopen(), another such wrapper); explicit `return
 * NULL` paths do not count, since they often depend on the arguments (a
 * "gentle" flag) that facts without conditions cannot tell apart, and
 * callers usually know when their own lookup succeeds.  Callers see these through the profile
 * queries (sci_profile_is_alloc, sci_profile_free_arg,
 * sci_profile_is_nocapture, sci_profile_may_return_null,
 * sci_profile_nonnull_params), so checkers ask one question whichever
 * source answers: the library tables, the project profile, or this.
 *
 * Per path, owner SCI_OWNER_FNFACTS keeps on each parameter's key what
 * that path did with it (dereferenced, freed, reassigned) and on locals
 * whether they hold a fresh allocation; a join keeps "dereferenced" and
 * "freed" only when both sides did it.  A recursion cycle, a function
 * stopped at a limit, and functions not yet analyzed have no facts.
 *
 * Functions of other TUs (source 3) are answered from the run's summary
 * set (sci_analyze_opts.summaries), which the driver filled from every
 * TU's summaries in a first phase; each function analyzed here also
 * becomes a sci_summary (sci__fn_facts_take_summary) for that set.  A
 * name this TU defines is never looked up there: its own definition (a
 * static function may share a name with another TU's) is the answer.
 */
#include "analyzer/engine_int.h"

#include "util/alloc.h"
#include "util/namecache.h"
#include "summary/summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	DEREF = 1,	/* parameter dereferenced on this path */
	FREED = 2,	/* parameter passed to a deallocator */
	GONE = 4,	/* parameter reassigned: later uses are not its value */
	FRESH = 8,	/* a local holds a fresh allocation */
	NULLABLE = 16,	/* ... from an allocator that may return NULL */
	MAYBE = 32,	/* a local holds another result that may be NULL */
	OUT = 64,	/* `*param = fresh allocation`: the caller gets it */
	PDEREF = 128,	/* on a param: what it points to was dereferenced */
	LOADED = 256,	/* on a local: it holds `*param` (loaded_from[]) */
	PWRITTEN = 512,	/* on a param: what it points to was written */
	COPY = 1024,	/* on a local: it holds a parameter (copy_of[]) */
	OPENED = 2048,	/* a local holds what an opener returned (opened.c) */
	READ = 4096,	/* on a param: the value passed was read */
	/*
	 * on a pointer param: every path gave it a value that does not point
	 * into what the caller passed (`data = fopen(...)`, not `buf += n`)
	 */
	RENEWED = 8192,
	CLOSED = 16384,	/* parameter passed to a closer (fclose, close...) */
	NBITS = 32768
};

static const char *const bit_words[] = {
	"deref", "freed", "gone", "fresh", "nullable", "maybe", "out",
	"pderef", "loaded", "pwritten", "copy", "opened", "read", "renewed",
	"closed"
};

/* all fifteen words, fourteen '+' and the NUL: 97 bytes */
static char names[NBITS][104];
static sci_state states[NBITS];

static unsigned bits_of(const sci_state *s)
{
	if (s >= &states[0] && s < &states[NBITS])
		return (unsigned)(s - states);
	return 0;
}

/* "On every path" bits survive a join only when both sides have them. */
static const sci_state *merge(const sci_state *a, const sci_state *b)
{
	unsigned x = bits_of(a), y = bits_of(b);

	/*
	 * MAYBE on every path only: `p = strchr(s, c); if (!p) p = s;`
	 * returns no NULL, and the value at the return mixes both paths.
	 */
	return &states[((x & y) & (DEREF | FREED | FRESH | MAYBE | OUT | PDEREF |
				   LOADED | COPY | OPENED | RENEWED | CLOSED)) |
		       ((x | y) & (GONE | NULLABLE | PWRITTEN | READ))];
}

static const sci_state *unmatched(const sci_key *key)
{
	(void)key;
	return &states[0];
}

/*
 * The states' names are for __sci_state() in samples only: built when
 * asked (sci__fn_facts_state_name()), not 4,096 of them (320 KB to fault
 * in) in every worker.
 */
const char *sci__fn_facts_state_name(const sci_state *s)
{
	unsigned i = bits_of(s), b;
	char *p;

	if (s < &states[0] || s >= &states[NBITS])
		return NULL;
	if (!i)
		return "none";
	if (names[i][0])
		return names[i];
	p = names[i];
	for (b = 0; (1u << b) < NBITS; b++)
		if (i & (1u << b)) {
			size_t n = strlen(bit_words[b]);

			if (p != names[i])
				*p++ = '+';
			memcpy(p, bit_words[b], n);
			p += n;
		}
	*p = '\0';
	return names[i];
}

static const sci_state *pre_merge(const sci_key *key, const sci_state *mine,
				  const sci_state *other);

void sci__fn_facts_register(void)
{
	sci__owners[SCI_OWNER_FNFACTS].rule = "fn-facts";
	sci__owners[SCI_OWNER_FNFACTS].merge = merge;
	sci__owners[SCI_OWNER_FNFACTS].pre_merge = pre_merge;
	sci__owners[SCI_OWNER_FNFACTS].unmatched = unmatched;
	sci__owners[SCI_OWNER_FNFACTS].enabled = 1;
}

/* ------------------------------------------------------ the table */

#define MAX_PARAMS 32

typedef struct facts {
	const char *name;
	unsigned derefs, frees, captures;
	unsigned closes;	/* passed to a closer on every returning path */
	unsigned pkeeps;	/* *param freed, kept, handed on or replaced */
	unsigned nparams;	/* an argument past them goes to `...` */
	unsigned preads_first;	/* *param read before any write */
	unsigned out_allocs;	/* *param gets a fresh allocation, every path */
	unsigned deref_pointees;/* *param dereferenced, every path */
	unsigned uses;		/* *param read or written, some path */
	unsigned fills;		/* *param gets input, some path */
	unsigned formats;	/* params used as a printf format, some path */
	unsigned overwrites;	/* scalar params assigned before any read */
	unsigned passes;	/* scalar params only returned */
	unsigned ret_param;	/* the pointer param every path returns */
	unsigned ret_ge, ret_le;	/* every return is >= / <= these params */
	char **deref_globals;	/* globals dereferenced unchecked, every path */
	size_t nderef_globals;
	char **deref_paths;	/* "0.first": param paths, the same */
	size_t nderef_paths;
	unsigned static_globals;	/* which of them are static: this TU's
					 * callers only, not in the summary */
	char **locks, **unlocks;	/* held / released on every return path */
	size_t nlocks, nunlocks;
	char **free_globals;	/* pointer globals freed on every return path */
	size_t nfree_globals;
	sci_nonnull_params pointees;	/* deref_pointees, as the profile shows */
	int returns_fresh, returns_null, returns_other, returns;
	int returns_input;	/* some path returns input */
	/* every path returns what an opener gave, or its failure value */
	int returns_opened;
	int returns_freed;	/* every path: memory it released, or NULL */
	/* what every non-NULL return points to the start of (ret_obj) */
	sci_ret_obj ret_obj;
	char *ret_obj_name;
	int noreturn;
	sci_nonnull_params nonnull;	/* derefs, as the profile shows it */
	struct facts *next;
} facts;

/*
 * A TU of redis defines hundreds of functions and asks about as many
 * other ones, for every call of every walk: short chains.
 */
#define NBUCKETS 4096
static facts *table[NBUCKETS];

static unsigned hash_name(const char *s)
{
	unsigned h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % NBUCKETS;
}

/* sci_ret_obj from the summary's "ret_obj" @text; 0 when it is not one. */
static int ret_obj_parse(const char *text, sci_ret_obj *o, char **name)
{
	long long size, factor;
	int a0, a1, n = 0;

	memset(o, 0, sizeof(*o));
	o->args[0] = o->args[1] = -1;
	*name = NULL;
	if (!text)
		return 0;
	if (sscanf(text, "static:%lld:%n", &size, &n) == 1 && n > 0 &&
	    text[n] && size > 0) {
		o->kind = SCI_OBJECT_STATIC;
		o->size = size;
		*name = sci_strdup(text + n);
		o->name = *name;
		return 1;
	}
	o->kind = SCI_OBJECT_HEAP;
	if (sscanf(text, "heap:%lld*a%d*a%d%n", &factor, &a0, &a1, &n) == 3 &&
	    !text[n] && factor >= 0 && a0 >= 0 && a1 >= 0) {
		o->factor = factor;
		o->args[0] = a0;
		o->args[1] = a1;
		return 1;
	}
	if (sscanf(text, "heap:%lld*a%d%n", &factor, &a0, &n) == 2 &&
	    !text[n] && factor >= 0 && a0 >= 0) {
		o->factor = factor;
		o->args[0] = a0;
		return 1;
	}
	if (sscanf(text, "heap:%lld%n", &size, &n) == 1 && !text[n] &&
	    size > 0) {
		o->size = size;
		return 1;
	}
	o->kind = 0;
	return 0;
}

/* Functions the TU defines, by name, and other TUs' facts as looked up. */
typedef struct name_node {
	const char *name;
	struct name_node *next;
} name_node;
static name_node *defined[NBUCKETS];
static facts *external[NBUCKETS];
static const sci_summary_set *summaries;

static int is_defined(const char *name, unsigned h)
{
	const name_node *d;

	for (d = defined[h]; d; d = d->next)
		if (strcmp(d->name, name) == 0)
			return 1;
	return 0;
}

static void copy_names(facts *f, char *const *v, size_t n)
{
	size_t i;

	f->deref_globals = n ? sci_calloc(n, sizeof(*f->deref_globals)) : NULL;
	for (i = 0; i < n; i++)
		f->deref_globals[i] = sci_strdup(v[i]);
	f->nderef_globals = n;
}

static char **dup_list(char *const *v, size_t n)
{
	char **d = n ? sci_calloc(n, sizeof(*d)) : NULL;
	size_t i;

	for (i = 0; i < n; i++)
		d[i] = sci_strdup(v[i]);
	return d;
}

static void free_list(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static facts *facts_of_summary(const sci_summary *s)
{
	facts *f = sci_calloc(1, sizeof(*f));

	f->name = sci_strdup(s->name);
	f->derefs = s->derefs;
	f->frees = s->frees;
	f->closes = s->closes;
	f->captures = s->captures;
	f->pkeeps = s->pkeeps;
	f->nparams = s->nparams;
	f->preads_first = s->preads_first;
	f->out_allocs = s->out_allocs;
	f->deref_pointees = s->deref_pointees;
	f->uses = s->uses;
	f->fills = s->fills;
	f->formats = s->formats;
	f->overwrites = s->overwrites;
	f->passes = s->passes;
	f->ret_param = s->ret_param;
	f->ret_ge = s->ret_ge;
	f->ret_le = s->ret_le;
	copy_names(f, s->deref_globals, s->nderef_globals);
	f->deref_paths = dup_list(s->deref_paths, s->nderef_paths);
	f->nderef_paths = s->nderef_paths;
	f->locks = dup_list(s->locks, s->nlocks);
	f->nlocks = s->nlocks;
	f->free_globals = dup_list(s->free_globals, s->nfree_globals);
	f->nfree_globals = s->nfree_globals;
	f->unlocks = dup_list(s->unlocks, s->nunlocks);
	f->nunlocks = s->nunlocks;
	f->pointees.name = f->name;
	f->pointees.args = f->deref_pointees;
	f->pointees.size_arg = -1;
	f->returns_fresh = !!(s->returns & SCI_SUM_RET_FRESH);
	f->returns_null = !!(s->returns & SCI_SUM_RET_NULL);
	f->returns_other = !!(s->returns & SCI_SUM_RET_OTHER);
	f->returns_input = !!(s->returns & SCI_SUM_RET_INPUT);
	f->returns_opened = !!(s->returns & SCI_SUM_RET_OPENED);
	f->returns_freed = !!(s->returns & SCI_SUM_RET_FREED);
	ret_obj_parse(s->ret_obj, &f->ret_obj, &f->ret_obj_name);
	f->noreturn = s->noreturn;
	f->nonnull.name = f->name;
	f->nonnull.args = f->derefs;
	f->nonnull.size_arg = -1;
	return f;
}

/* Another TU's facts about @name, converted once. */
static const facts *find_external(const char *name, unsigned h)
{
	const sci_summary *s;
	facts *f;

	for (f = external[h]; f; f = f->next)
		if (strcmp(f->name, name) == 0)
			return f->returns >= 0 ? f : NULL;
	s = sci_summary_set_find(summaries, name);
	if (s) {
		f = facts_of_summary(s);
	} else {
		f = sci_calloc(1, sizeof(*f));	/* remember the miss */
		f->name = sci_strdup(name);
		f->returns = -1;
	}
	f->next = external[h];
	external[h] = f;
	return f->returns >= 0 ? f : NULL;
}

/*
 * Every hook of every call asks about the callee by name, a dozen times
 * per call and walk (with the models, 6% of a redis TU's instructions
 * went to hashing the same names): the answers are kept by the name's
 * address until a summary is added or the TU changes.
 */
static sci_namecache found;

static const facts *find(const char *name)
{
	const void *kept;
	const facts *f;
	unsigned h;

	if (!name)
		return NULL;
	if (sci_namecache_get(&found, name, &kept))
		return kept;
	h = hash_name(name);
	for (f = table[h]; f; f = f->next)
		if (strcmp(f->name, name) == 0)
			break;
	if (!f && summaries && !is_defined(name, h))
		f = find_external(name, h);
	sci_namecache_put(&found, name, f);
	return f;
}

void sci__fn_facts_tu_begin(struct symbol **fns, int n,
			    const sci_summary_set *set)
{
	int i;

	summaries = set;
	sci_namecache_clear(&found);
	for (i = 0; i < n; i++) {
		const char *name = sci_sym_name(fns[i]);
		name_node *d;

		if (!name || is_defined(name, hash_name(name)))
			continue;
		d = sci_calloc(1, sizeof(*d));
		d->name = sci_strdup(name);
		d->next = defined[hash_name(name)];
		defined[hash_name(name)] = d;
	}
}

const sci_summary_set *sci__fn_facts_summaries(void)
{
	return summaries;
}

const sci_summary *sci__fn_facts_external(const char *name)
{
	if (!summaries || !name || is_defined(name, hash_name(name)))
		return NULL;
	return sci_summary_set_find(summaries, name);
}

static void free_facts(facts **bucket)
{
	facts *f, *next;

	for (f = *bucket; f; f = next) {
		size_t i;

		next = f->next;
		for (i = 0; i < f->nderef_globals; i++)
			free(f->deref_globals[i]);
		free(f->deref_globals);
		free_list(f->deref_paths, f->nderef_paths);
		free_list(f->locks, f->nlocks);
		free_list(f->free_globals, f->nfree_globals);
		free_list(f->unlocks, f->nunlocks);
		free(f->ret_obj_name);
		free((void *)f->name);
		free(f);
	}
	*bucket = NULL;
}

void sci__fn_facts_reset(void)
{
	size_t i;
	name_node *d, *dn;

	for (i = 0; i < NBUCKETS; i++) {
		free_facts(&table[i]);
		free_facts(&external[i]);
		for (d = defined[i]; d; d = dn) {
			dn = d->next;
			free((void *)d->name);
			free(d);
		}
		defined[i] = NULL;
	}
	summaries = NULL;
	sci_namecache_clear(&found);
}
/*
 * A struct or union passed by value that holds a pointer: such a
 * parameter counts as kept unless its pointer members are followed as
 * places and none is kept (struct_params, struct_params_kept()).
 */
static int carries_pointer(struct symbol *type, int depth)
{
	struct symbol *m;

	if (!type || depth > 8 ||
	    (type->type != SYM_STRUCT && type->type != SYM_UNION))
		return 0;
	FOR_EACH_PTR(type->symbol_list, m) {
		struct symbol *t = sci__real_type(m);

		if (t && (t->type == SYM_PTR ||
			  (t->type == SYM_ARRAY &&
			   sci__real_type(t->ctype.base_type) &&
			   sci__real_type(t->ctype.base_type)->type == SYM_PTR) ||
			  carries_pointer(t, depth + 1)))
			return 1;
	} END_FOR_EACH_PTR(m);
	return 0;
}

/*
 * A pointer parameter whose pointee is one value - a pointer, an integer,
 * or not known yet (`void *`, see deref_of()): what is done with that
 * value is followed (pkeeps).  A struct's members are not: a function
 * that gets one may free or replace what they hold.
 */
static int simple_pointee(struct symbol *type)
{
	struct symbol *to;

	/* `int *v[]` as a parameter is a pointer */
	if (!type || (type->type != SYM_PTR && type->type != SYM_ARRAY))
		return 0;
	to = sci__real_type(type->ctype.base_type);
	return to && (to == &void_ctype || to->type == SYM_PTR ||
		      sci__type_is_int(to));
}

/* ------------------------------------------------- the function walked */

static struct symbol *cur_fn;
static struct symbol *params[MAX_PARAMS];
static int nparams;
static unsigned every_path_derefs, every_path_frees, every_path_out, captures;
static unsigned every_path_closes;
static unsigned pkeeps;	/* sci_summary.pkeeps, some path */
/*
 * Struct parameters passed by value that hold pointers, and the places
 * of them (pkeys[] bits) whose value some path freed, handed to a
 * function that may keep it, stored outside the function or returned.
 * A struct parameter is kept (captures, pkeeps) unless the body only
 * reads its members one step down, every pointer member so read is a
 * tracked place, and none of those was kept (sci__fn_facts_end()).
 */
static unsigned struct_params, pkept;
/* integer parameters every returned value is >= / <= (ret_within) */
static unsigned every_path_ge, every_path_le;
static unsigned every_path_pderef;
static unsigned uses;	/* parameters whose pointee some path used */
static unsigned fills;	/* parameters whose pointee some path filled */
static unsigned formats;	/* parameters some path uses as a format */
/*
 * Locals holding `*param` or a global's value: where from (a parameter
 * index, or -2 - the global's index in gkeys[]; path-insensitive, first
 * wins).
 */
typedef struct { const sci_key *key; int param; } source;
static source loaded_from[32];
static int nloaded;
static source path_loads[32];	/* .param: the index in pkeys[] */
static int npath_loads;
/*
 * Locals holding a pointer parameter's value (`struct ctx *c = arg;`,
 * `q = p`): which one (path-insensitive, first wins; COPY on the local's
 * state says it still holds it on this path).
 */
static source copy_of[32];
static int ncopies;
/*
 * Pointer globals the body frees, and at how many returns each was freed
 * (or NULL): freed on every path when that is every return.
 */
#define MAX_FREED_GLOBALS 8
static const sci_key *gfkeys[MAX_FREED_GLOBALS];
static unsigned gf_returns[MAX_FREED_GLOBALS];
static int ngfkeys;
/* Globals some path dereferenced unchecked, and those a path did not. */
#define MAX_GLOBALS 8
static const sci_key *gkeys[MAX_GLOBALS];
static int ngkeys;
static unsigned gfailed;
/*
 * Pointers reached from a parameter (`s.first`, `p->buf`, `pp[2]`:
 * sci__fn_param_paths()) and whether some returning path did not
 * dereference them unchecked: the summary's deref_paths.  Locals loaded
 * from one (`int *data = s.first;`) are in path_loads[] (LOADED on the
 * local while it holds that value).
 */
static const sci_key *pkeys[SCI_MAX_PARAM_PATHS];
static int pk_param[SCI_MAX_PARAM_PATHS];
static char pk_name[SCI_MAX_PARAM_PATHS][80];	/* "%d" and a path */
static int npkeys;
static unsigned pfailed;
static int returns_fresh, returns_null, returns_other, nreturns;
static int returns_input, returns_noninput;
static int returns_opened, returns_unopened;
static int returns_freed, returns_unfreed;
/* the pointer parameter every return gives back: 0 none yet, i + 1, -1 */
static int ret_param_state;
/* the object the returns so far point to: 1 one agreed, -1 none */
static sci_ret_obj ret_obj;
static int ret_obj_state;
/* Parameters the body writes somewhere, found on first need (-1: not yet). */
static long long params_written = -1;
static sci_summary *cur_sum;	/* the summary being made, for the driver */

/* The pointer places @fn reaches one step from a parameter. */
static void begin_paths(struct symbol *fn)
{
	const sci_param_path *pp;
	size_t k, n = sci__fn_param_paths(fn, &pp);

	npkeys = 0;
	pfailed = 0;
	for (k = 0; k < n && npkeys < SCI_MAX_PARAM_PATHS; k++) {
		const sci_key *key = sci_key_expr(pp[k].expr);

		/* params[] holds the first MAX_PARAMS only */
		if (!key || !pp[k].type || !sci__type_is_ptr(pp[k].type) ||
		    pp[k].param < 0 || pp[k].param >= nparams)
			continue;
		pkeys[npkeys] = key;
		pk_param[npkeys] = pp[k].param;
		snprintf(pk_name[npkeys], sizeof(pk_name[npkeys]), "%d%s",
			 pp[k].param, pp[k].path);
		npkeys++;
	}
}

void sci__fn_facts_begin(struct symbol *fn)
{
	struct symbol *base = fn->ctype.base_type, *arg;
	int i;

	cur_fn = fn;
	sci_summary_free(cur_sum);
	cur_sum = sci_summary_new(sci_sym_name(fn));
	nparams = 0;
	FOR_EACH_PTR(base->arguments, arg) {
		if (nparams < MAX_PARAMS)
			params[nparams] = arg;
		nparams++;
	} END_FOR_EACH_PTR(arg);
	if (nparams > MAX_PARAMS)
		nparams = MAX_PARAMS;
	every_path_derefs = every_path_frees = every_path_out = ~0u;
	every_path_closes = ~0u;
	every_path_ge = every_path_le = ~0u;
	every_path_pderef = ~0u;
	nloaded = 0;
	npath_loads = 0;
	ncopies = 0;
	ngkeys = 0;
	gfailed = 0;
	ngfkeys = 0;
	begin_paths(fn);
	captures = 0;
	pkeeps = 0;
	for (i = 0; i < nparams; i++)
		if (!simple_pointee(sci__real_type(params[i])))
			pkeeps |= 1u << i;
	struct_params = 0;
	pkept = 0;
	for (i = 0; i < nparams; i++)
		if (carries_pointer(sci__real_type(params[i]), 0))
			struct_params |= 1u << i;
	uses = 0;
	fills = 0;
	formats = 0;
	returns_fresh = returns_null = returns_other = nreturns = 0;
	returns_input = returns_noninput = 0;
	returns_opened = returns_unopened = 0;
	returns_freed = returns_unfreed = 0;
	ret_param_state = 0;
	ret_obj_state = 0;
	params_written = -1;
}

/* The index of the pointer parameter @key names, or -1. */
/* Parameter @sym's index, or -1. */
static int param_of(struct symbol *sym)
{
	int i;

	for (i = 0; sym && i < nparams; i++)
		if (params[i] == sym)
			return i;
	return -1;
}

static int param_index(const sci_key *key)
{
	int i;

	if (!cur_fn || !key || !key->is_var || !key->base ||
	    (i = param_of(key->base)) < 0)
		return -1;
	return sci__type_is_ptr(params[i]) ? i : -1;
}

static unsigned path_bits(const sci_key *key)
{
	const sci_sm *sm = key ? sci__stree_get(sci__cur, SCI_OWNER_FNFACTS, key)
			       : NULL;

	return sm ? bits_of(sm->state) : 0;
}

static void add_bits(const sci_key *key, unsigned bits)
{
	unsigned now = path_bits(key);

	if ((now | bits) != now)
		sci__set_state(SCI_OWNER_FNFACTS, key, &states[now | bits],
			       (struct position){ 0 });
}

/*
 * A fresh allocation a local holds was stored or handed on: returning it
 * does not make the caller its only owner (diff_queue() both queues and
 * returns its new pair).
 */
static void escaped(const sci_key *key)
{
	sci__set_state(SCI_OWNER_FNFACTS, key,
		       &states[path_bits(key) & ~(FRESH | NULLABLE)],
		       (struct position){ 0 });
}

static int keeps_arg(const char *name, int n)
{
	const facts *f = find(name);

	return f && n < 32 && (f->captures & (1u << n));
}

/* Every parameter whose value @e may carry is kept by someone. */
static void captured_in(struct expression *e)
{
	int i;

	for (i = 0; i < nparams && e; i++) {
		const sci_key *k = sci_key_sym(params[i]);

		/* given another object on this path: not the caller's */
		if (k && sci__type_is_ptr(params[i]) &&
		    !(path_bits(k) & RENEWED) && sci_expr_points_into(e, k))
			captures |= 1u << i;
	}
}

/* A named pointer variable of file scope. */
static int pointer_global(const sci_key *key)
{
	return key && key->is_var && key->base && sci_sym_name(key->base) &&
	       (key->base->ctype.modifiers & (MOD_TOPLEVEL | MOD_EXTERN)) &&
	       sci__type_is_ptr(key->base);
}

/*
 * The pointer global @key's index in @keys (*@n of them, @max at most),
 * appended when @add and there is room; -1 otherwise.
 */
static int global_slot(const sci_key **keys, int *n, int max,
		       const sci_key *key, int add)
{
	int g;

	if (!pointer_global(key))
		return -1;
	for (g = 0; g < *n; g++)
		if (keys[g] == key)
			return g;
	if (!add || *n == max)
		return -1;
	keys[*n] = key;
	return (*n)++;
}

/* Index of the file-scope pointer @key in gkeys[] (added with @add), or -1. */
static int global_index(const sci_key *key, int add)
{
	int before = ngkeys, g = global_slot(gkeys, &ngkeys, MAX_GLOBALS, key, add);

	/* a path already returned without it */
	if (ngkeys > before && nreturns)
		gfailed |= 1u << g;
	return g;
}

/* @key's index in gfkeys[] (added with @add), or -1: a pointer global. */
static int freed_global(const sci_key *key, int add)
{
	int before = ngfkeys,
	    g = global_slot(gfkeys, &ngfkeys, MAX_FREED_GLOBALS, key, add);

	if (ngfkeys > before)
		gf_returns[g] = 0;
	return g;
}

/*
 * Has this path called a project function?  It may have set a global, so
 * a global read after it is not the caller's value.  Kept as GONE on the
 * function's own key.
 */
static int globals_stale(void)
{
	return !!(path_bits(sci_key_sym(cur_fn)) & GONE);
}

int sci__fn_facts_globals_stale(void)
{
	return cur_fn && globals_stale();
}

/* A global's value dereferenced unchecked on this path. */
static void global_deref(const sci_key *key, struct expression *ptr)
{
	int g;

	if ((path_bits(key) & GONE) || globals_stale() ||
	    sci_value_is_nonnull(ptr) || (g = global_index(key, 1)) < 0)
		return;
	add_bits(key, DEREF);
}

/* Index of the parameter's place @key in pkeys[], or -1. */
static int path_index(const sci_key *key)
{
	int k;

	for (k = 0; key && k < npkeys; k++)
		if (pkeys[k] == key)
			return k;
	return -1;
}

/* The place @key is (pkeys[]), or a local loaded from (path_loads[]). */
static int place_of(const sci_key *key)
{
	int k = path_index(key);

	if (k >= 0 || !key || !(path_bits(key) & LOADED))
		return k;
	for (k = 0; k < npath_loads; k++)
		if (path_loads[k].key == key)
			return path_loads[k].param;
	return -1;
}

/* Does place @k still hold what the caller passed, on this path? */
static int place_fresh(int k)
{
	return !(path_bits(pkeys[k]) & GONE) &&
	       !(path_bits(sci_key_sym(params[pk_param[k]])) & GONE) &&
	       !globals_stale();
}

/* What @e holds may be a struct parameter's place's value: it is kept. */
static void place_kept(struct expression *e)
{
	int k;

	if (!struct_params || !e)
		return;
	k = place_of(sci_key_expr(sci__strip(e)));
	if (k >= 0 && k < 32 && (struct_params & (1u << pk_param[k])))
		pkept |= 1u << k;
}

/* The caller's value of place @k, dereferenced unchecked on this path. */
static void path_deref(int k, struct expression *ptr)
{
	if (place_fresh(k) && !sci_value_is_nonnull(ptr))
		add_bits(pkeys[k], DEREF);
}

/*
 * @key written or its address taken (`s.first = v`, `s = t`, `init(&s)`):
 * a place it is, or a parameter's places, no longer hold the caller's.
 */
static void places_written(const sci_key *key)
{
	int k;

	if (path_index(key) >= 0)
		add_bits(key, GONE);
	if (!key || !key->is_var || !key->base || !sci_sym_is_param(key->base))
		return;
	for (k = 0; k < npkeys; k++)
		if (params[pk_param[k]] == key->base)
			add_bits(pkeys[k], GONE);
}

/*
 * The pointer parameter a local copy @key still holds on this path, the
 * parameter not reassigned since, or -1.
 */
static int alias_param(const sci_key *key)
{
	int k;

	if (!key || !(path_bits(key) & COPY))
		return -1;
	for (k = 0; k < ncopies; k++)
		if (copy_of[k].key == key) {
			const sci_key *pk = sci_key_sym(params[copy_of[k].param]);

			return path_bits(pk) & GONE ? -1 : copy_of[k].param;
		}
	return -1;
}

/* The parameter whose `*param` @e is (`*pp`, `pp[0]`), or -1. */
static int pointee_param(struct expression *e)
{
	const sci_key *pk;
	int i;

	e = sci__strip(e);
	if (!e || e->type != EXPR_PREOP || e->op != '*')
		return -1;
	pk = sci_key_expr(sci__strip(e->unop));
	/* `int **pp = (int **)arg; *pp`: arg's pointee */
	if (param_index(pk) < 0 && (i = alias_param(pk)) >= 0)
		pk = sci_key_sym(params[i]);
	/* `*pp = v` earlier: what is read now is not the caller's value */
	if (param_index(pk) < 0 || (path_bits(pk) & (GONE | PWRITTEN)))
		return -1;
	return param_index(pk);
}

/*
 * Loads of an element `pp[2]` (`*(pp + 2)`) are in loaded_from[] too, as
 * ELEM + the parameter: what they load is followed for pkeeps, but it is
 * not what the caller's `&p` holds, so no deref_pointees.
 */
#define ELEM 64

/* The parameter whose element `pp[K]` (K a constant) @e is, or -1. */
static int elem_param(struct expression *e)
{
	struct expression *d;
	const sci_key *pk;
	long long k;
	int i;

	e = sci__strip(e);
	if (!e || e->type != EXPR_PREOP || e->op != '*' ||
	    !(d = sci__strip(e->unop)) || d->type != EXPR_BINOP ||
	    d->op != '+' || !sci__const_value(d->right, &k))
		return -1;
	pk = sci_key_expr(sci__strip(d->left));
	if (param_index(pk) < 0 && (i = alias_param(pk)) >= 0)
		pk = sci_key_sym(params[i]);
	if (param_index(pk) < 0 || (path_bits(pk) & GONE))
		return -1;
	return param_index(pk);
}

/*
 * `(*pp)->x`, or `p = *pp; p->x` with p unchanged since: what parameter
 * pp points to is dereferenced unchecked (Juliet's "63" sinks, and
 * `struct obj **` handles everywhere).
 */
static void pointee_deref(struct expression *ptr, const sci_key *key)
{
	int i = pointee_param(ptr), k;

	if (i < 0 && key && (path_bits(key) & LOADED))
		for (k = 0; k < nloaded; k++)
			if (loaded_from[k].key == key &&
			    loaded_from[k].param < ELEM)
				i = loaded_from[k].param;
	if (i < 0 && (k = place_of(key)) >= 0) {
		path_deref(k, ptr);
		return;
	}
	if (i <= -2) {
		global_deref(gkeys[-2 - i], ptr);
		return;
	}
	if (i < 0 || sci_value_is_nonnull(ptr))
		return;
	add_bits(sci_key_sym(params[i]), PDEREF);
}

/*
 * @e carries what a pointer parameter points to - `*pp`, a local loaded
 * from it (`p = *pp`), its address - where it may be freed, kept or
 * handed on: the caller's variable no longer owns it alone (pkeeps).
 */
static void pointee_kept(struct expression *e)
{
	struct expression *inner;
	const sci_key *key;
	int i = pointee_param(e), k;

	if (i < 0)
		i = elem_param(e);
	if (i >= 0) {
		pkeeps |= 1u << i;
		return;
	}
	if (sci_expr_is_addr_of(e, &inner))
		e = inner;
	for (k = 0; k < nloaded; k++) {
		key = loaded_from[k].key;
		i = loaded_from[k].param;
		if (i >= ELEM)
			i -= ELEM;
		if (i >= 0 && (path_bits(key) & LOADED) &&
		    (sci_expr_points_into(e, key) ||
		     sci_key_expr(sci__strip(e)) == key))
			pkeeps |= 1u << i;
	}
}

static struct expression *pointer_base(struct expression *ptr);

/* A store through a pointer parameter: `*pp = v`, `pp[i] = v`. */
static void pointee_stored(struct expression *left)
{
	struct expression *l = sci__strip(left);
	const sci_key *pk;
	int i;

	if (!l || l->type != EXPR_PREOP || l->op != '*')
		return;
	pk = sci_key_expr(pointer_base(l->unop));
	i = param_index(pk);
	if (i < 0)
		i = alias_param(pk);
	if (i >= 0)
		pkeeps |= 1u << i;
}

/* Does @name (maybe free, keep or replace) what its argument @n points to? */
static int keeps_pointee(const char *name, int n)
{
	const facts *f = name ? find(name) : NULL;

	/* what `...` gets is not followed */
	return !f || n >= 32 || (unsigned)n >= f->nparams ||
	       ((f->pkeeps | f->captures | f->frees) & (1u << n));
}

/* The pointer @ptr steps from: p for `p`, `p + 1`, `p - n`. */
static struct expression *pointer_base(struct expression *ptr)
{
	ptr = sci__strip(ptr);
	while (ptr && ptr->type == EXPR_BINOP && (ptr->op == '+' || ptr->op == '-') &&
	       sci__type_is_ptr(sci__expr_type(sci__strip(ptr->left))))
		ptr = sci__strip(ptr->left);
	return ptr;
}

/*
 * A dereference of @ptr while nothing checked it: a parameter's use.
 * `p[i]` and `*(p + 1)` dereference p.
 */
static void deref_of(struct expression *ptr)
{
	struct expression *at = sci__strip(ptr);
	const sci_key *key;
	long long off;
	int i, k;

	ptr = pointer_base(ptr);
	/* `pp[2]`: one element, whose loads are followed (elem_param()) */
	if (at != ptr && at->type == EXPR_BINOP && at->op == '+' &&
	    sci__strip(at->left) == ptr && sci__const_value(at->right, &off))
		at = ptr;
	key = sci_key_expr(ptr);
	i = param_index(key);
	/* `struct ctx *c = arg; c->n`: a use of arg */
	if (i < 0 && (i = alias_param(key)) >= 0)
		key = sci_key_sym(params[i]);
	/*
	 * A `void *` read as a struct, or `pp[2]`: what is reached is not
	 * the one value `*pp` whose loads are followed (pointee_kept()).
	 */
	if (i >= 0 && (at != ptr ||
		       !simple_pointee(sci__real_type(sci__expr_type(ptr)))))
		pkeeps |= 1u << i;

	/* `*s.first`, `**pp`: a place the caller may fill (and `*pp` below) */
	if (i < 0 && (k = path_index(key)) >= 0)
		path_deref(k, ptr);
	if (i < 0) {
		if (global_index(key, 0) >= 0 || (key && global_index(key, 1) >= 0))
			global_deref(key, ptr);
		else
			pointee_deref(ptr, key);
		return;
	}
	if (path_bits(key) & GONE)
		return;
	uses |= 1u << i;
	if (sci_value_is_nonnull(ptr))
		return;
	add_bits(key, DEREF);
}

void sci__fn_facts_deref(struct expression *ptr)
{
	if (cur_fn && sci__cur)
		deref_of(ptr);
}

/* Does @e mention a pointer parameter at all?  Most arguments do not. */
static int mentions_param(struct expression *e)
{
	int i;

	for (i = 0; i < nparams; i++) {
		const sci_key *k = sci_key_sym(params[i]);

		if (k && sci__type_is_ptr(params[i]) && sci_expr_points_into(e, k))
			return 1;
	}
	return 0;
}

/*
 * "CALLEE;N=VALUES;..." for the arguments of @call narrower than their
 * type's or carrying input (sci_summary.call_args): `db show` prints them
 * and the callee's TU walks the callee with them (callers.c).  VALUES is
 * followed by `~1`, `~2` or `~3` when its lower, upper or both bounds are
 * soft (SCI_RL_SOFT_*), then `!` when the value is input; the entry ends
 * with `;@LINE`, the call's line.
 * Library calls are not the project's to know.
 */
static const char *soft_mark(unsigned soft)
{
	static const char *const marks[] = { "", "~1", "~2", "~3" };

	return marks[soft & (SCI_RL_SOFT_MIN | SCI_RL_SOFT_MAX)];
}

/*
 * The integer globals of external linkage @fn names: a caller in another
 * TU sends their values with its call (global_args()).
 */
static void add_greads(struct symbol *fn)
{
	struct symbol *const *globals;
	size_t k, n = sci__fn_globals(fn, &globals);

	for (k = 0; k < n; k++) {
		struct symbol *type = sci__real_type(globals[k]);

		if ((globals[k]->ctype.modifiers & MOD_STATIC) || !type)
			continue;
		if (sci__type_is_int(type) || is_float_type(type))
			sci_summary_add_gread(cur_sum, globals[k]->ident->name);
		else if (sci__type_is_ptr(type))
			sci_summary_add_gpread(cur_sum,
					       globals[k]->ident->name);
	}
}

/*
 * The integers @fn reaches from a parameter (`*p`, `p[2]`, `s.m`), when
 * another TU may call it: a caller there sends their values
 * (path_args()).
 */
static void add_preads(struct symbol *fn)
{
	const sci_param_path *pp;
	size_t k, n;

	if (fn->ctype.modifiers & MOD_STATIC)
		return;
	n = sci__fn_param_paths(fn, &pp);
	for (k = 0; k < n; k++)
		sci_summary_add_pread(cur_sum, sci_arena_printf("%d%s",
					pp[k].param, pp[k].path));
}

static int has_name(char *const *v, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(v[i], name) == 0)
			return 1;
	return 0;
}

static const char *object_arg(const char *text, const char *tag,
			      struct expression *arg, const sci_key *key);

/*
 * @text with what the pointer global @g holds at @call, for a callee in
 * another TU that reads it: ";gNAME=VALUES#" when this path freed what it
 * points to, ";ogNAME=SIZE+OFF:NAME" when it points at one place of an
 * object of known size (callers.c gives both to the callee's walk).
 */
static const char *global_pointer_arg(const char *text, struct symbol *g,
				      struct expression *call)
{
	const sci_key *key = sci_key_sym(g);
	const char *carry = sci__callers_carry_text(key);
	const sci_rl *rl;
	int freed = sci__freed_key(key);

	text = object_arg(text, sci_arena_printf("og%s", g->ident->name),
			  NULL, key);
	if (!freed && !*carry)
		return text;
	rl = sci__key_known_rl(key);
	if (!rl || sci_rl_is_empty(rl))
		rl = sci_rl_type(sci_vt(64, 0));
	(void)call;
	return sci_arena_printf("%s;g%s=%s%s%s%s", text, g->ident->name,
				sci_rl_text(rl), soft_mark(rl->soft),
				freed ? "#" : "", carry);
}

/*
 * @text with ";gNAME=VALUES" appended for each integer global of external
 * linkage that this function names, that the callee (in another TU, by
 * its summary) reads, and whose value here says more than its type: what
 * the callee holds on entry (callers.c).  A global the project fixes has
 * that value everywhere already.
 */
static const char *global_args(const char *text, const char *name,
			       struct expression *call)
{
	const sci_summary *callee = sci_summary_set_find(
		sci__fn_facts_summaries(), name);
	struct symbol *const *globals;
	size_t k, n;

	if (!callee || (!callee->ngreads && !callee->ngpreads))
		return text;
	n = sci__fn_globals(cur_fn, &globals);
	for (k = 0; k < n; k++) {
		struct symbol *g = globals[k];
		struct symbol *type = sci__real_type(g);
		struct expression *e;
		const sci_rl *rl;
		const char *carry;
		long long fixed;
		int input;

		if ((g->ctype.modifiers & MOD_STATIC) || !type)
			continue;
		if (sci__type_is_ptr(type) &&
		    has_name(callee->gpreads, callee->ngpreads,
			     g->ident->name)) {
			text = global_pointer_arg(text, g, call);
			continue;
		}
		if (!(sci__type_is_int(type) || is_float_type(type)) ||
		    !has_name(callee->greads, callee->ngreads,
			      g->ident->name) ||
		    sci_summary_set_global_value(sci__fn_facts_summaries(),
						 g->ident->name, &fixed))
			continue;
		e = alloc_expression(call->pos, EXPR_SYMBOL);
		e->symbol = g;
		e->symbol_name = g->ident;
		e->ctype = g;
		rl = sci__expr_rl(e);
		input = !!sci__untrusted_expr(e);
		carry = sci__callers_carry_text(sci_key_sym(g));
		if (is_float_type(type)) {
			/* no value: its marks only ("gNAME=!") */
			if (input || *carry)
				text = sci_arena_printf("%s;g%s=%s%s", text,
							g->ident->name,
							input ? "!" : "",
							carry);
			continue;
		}
		if (sci_rl_is_empty(rl) && *carry)
			rl = sci__type_rl(type);
		if (sci_rl_is_empty(rl) ||
		    (!input && !*carry && sci_rl_equal(rl, sci__type_rl(type))))
			continue;
		text = sci_arena_printf("%s;g%s=%s%s%s%s", text, g->ident->name,
					sci_rl_text(rl), soft_mark(rl->soft),
					input ? "!" : "", carry);
	}
	return text;
}

/*
 * @text with ";TAG=SIZE+OFF/K:NAME" appended when @arg (or, @arg NULL,
 * the pointer @key holds) points at one known place of an object whose
 * size is known (points.c): TAG is "oN" for argument N, "oN PATH" (no
 * space) for what it reaches; K is where the object lives
 * (sci__points_kind_letter()), followed by "0" when no path wrote it
 * (sci__callers_object_written()) or "wLO-HI" when some path wrote only
 * those bytes of it, then by "~LEN.UNIT" when it points to a string
 * strlen.c knows: LEN characters of UNIT bytes.  The callee's TU walks
 * it with that object (callers.c).
 */
static const char *object_arg(const char *text, const char *tag,
			      struct expression *arg, const sci_key *key)
{
	sci_object o;
	const char *str = "", *written = "";
	sci_val len;
	long long lo, hi;
	int unit;

	if (!sci__points_exact_object(arg, key, &o) || strchr(o.name, ';'))
		return text;
	if (sci__strlen_pointed(arg, key, &len, &unit))
		str = sci_arena_printf("~%lld.%d", (long long)len, unit);
	if (sci__callers_object_written(arg, key, &o, &lo, &hi))
		written = lo > hi ? "0" : sci_arena_printf("w%lld-%lld", lo, hi);
	return sci_arena_printf("%s;%s=%lld+%lld/%c%s%s:%s", text, tag, o.size,
				o.off_min, sci__points_kind_letter(o.origin),
				written, str, o.name);
}

/*
 * @text with ";pN PATH=VALUES" (no space) appended for each place the
 * callee (in another TU, by its summary) reaches from parameter N that
 * this call's argument says more of than its type: `&x` for "*" is x,
 * `buf` for "[2]" is buf[2] (sci__key_arg_path()).  What the callee holds
 * there on entry (callers.c).
 */
static const char *path_args(const char *text, const char *name,
			     struct expression *call)
{
	const sci_summary *callee = sci_summary_set_find(
		sci__fn_facts_summaries(), name);
	size_t k;

	if (!callee)
		return text;
	for (k = 0; k < callee->npreads; k++) {
		const sci_key *key = sci_key_arg_path(call, callee->preads[k]);
		const char *path;
		char *end;
		long n;
		const sci_rl *rl;
		const char *carry;
		int input, freed;

		if (!key)
			continue;
		n = strtol(callee->preads[k], &end, 10);
		path = end;
		/* in the place's type here; the callee's TU casts it to
		 * its own and drops what says nothing (callers.c) */
		rl = sci__key_known_rl(key);
		input = sci__untrusted_key(key);
		/* '#': memory the caller freed (callers.c, arg_val.freed) */
		freed = sci__freed_key(key);
		/* "?RULE.STATE": a checker's carried state (callers.c) */
		carry = sci__callers_carry_text(key);
		text = object_arg(text, sci_arena_printf("o%ld%s", n, path),
				  NULL, key);
		if (!input && !freed && !*carry && (!rl || sci_rl_is_empty(rl)))
			continue;
		if (!rl || sci_rl_is_empty(rl))
			rl = sci_rl_type(sci_vt(64, 0));
		text = sci_arena_printf("%s;p%ld%s=%s%s%s%s%s", text, n, path,
					sci_rl_text(rl), soft_mark(rl->soft),
					input ? "!" : "", freed ? "#" : "",
					carry);
	}
	return text;
}

/*
 * A call of a static function: no other TU can call it, and what it
 * passes must not reach a function of the same name elsewhere
 * (busybox's modprobe-small.c has its own filename2modname(), for
 * 64-byte names, beside modutils.c's extern one for 256).
 */
static int calls_static(struct expression *call)
{
	struct expression *fn = sci__strip(call->fn);

	return fn && fn->type == EXPR_SYMBOL && fn->symbol &&
	       (fn->symbol->ctype.modifiers & MOD_STATIC);
}

static void record_call_args(const char *name, struct expression *call)
{
	struct expression *arg;
	const char *text = name;
	unsigned i = 0;

	/*
	 * Not for a function of a header: every TU that includes it has its
	 * own copy, which may pass other values (what each TU knows differs),
	 * and the set keeps one of them, whichever was filed last.
	 */
	if (cur_sum->ncall_args >= SCI_SUMMARY_MAX_CALL_ARGS ||
	    sci_call_is_library(call) || sci__quiet ||
	    cur_fn->pos.stream != sci__main_stream || calls_static(call))
		return;
	FOR_EACH_PTR(call->args, arg) {
		struct symbol *type = sci__real_type(sci__expr_type(arg));
		const sci_rl *rl;
		int input;

		if (i < SCI_SUMMARY_MAX_PARAMS && type &&
		    (sci__type_is_int(type) || sci__type_is_ptr(type))) {
			rl = sci__expr_rl(arg);
			input = sci__type_is_int(type) &&
				sci__untrusted_expr(arg);
			if (!sci_rl_is_empty(rl) &&
			    (input || !sci_rl_equal(rl, sci__type_rl(type))))
				text = sci_arena_printf("%s;%u=%s%s%s", text, i,
							sci_rl_text(rl),
							soft_mark(rl->soft),
							input ? "!" : "");
			if (sci__type_is_ptr(type))
				text = object_arg(text,
						  sci_arena_printf("o%u", i),
						  arg, NULL);
		} else if (i < SCI_SUMMARY_MAX_PARAMS && type &&
			   is_float_type(type)) {
			/* no value: input and carried states (callers.c) */
			const char *carry =
				sci__callers_carry_text(sci_key_expr(arg));

			input = !!sci__untrusted_expr(arg);
			if (input || *carry)
				text = sci_arena_printf("%s;%u=%s%s", text, i,
							input ? "!" : "", carry);
		}
		i++;
	} END_FOR_EACH_PTR(arg);
	text = global_args(text, name, call);
	text = path_args(text, name, call);
	if (text == name)
		return;
	/* where, for the finding it leads to in the callee (in the caller's
	 * file: a call a header's macro makes is placed at the function) */
	sci_summary_add_call_args(cur_sum, sci_arena_printf("%s;@%u", text,
		call->pos.stream == cur_fn->pos.stream ? call->pos.line :
		cur_fn->pos.line));
}

/*
 * A walk with the callers' values (frontend.c, settle_callers()) of the
 * function whose summary is @settle_sum: what it passes on goes into that
 * summary too, so values travel down a chain of calls across files
 * (a.c passes 10 to b(), which passes its parameter to c() in c.c).
 */
static struct symbol *settle_fn;
static sci_summary *settle_sum;

void sci__fn_facts_settle_begin(struct symbol *fn, sci_summary *s)
{
	settle_fn = fn;
	settle_sum = s;
}

void sci__fn_facts_settle_end(void)
{
	settle_fn = NULL;
	settle_sum = NULL;
}

/*
 * `vfprintf(stderr, fmt, ap)` with fmt a parameter: the function takes a
 * printf format there, and its callers' arguments are formats too
 * (format-string).
 */
static void note_format(const char *name, struct expression *call)
{
	int n = sci_profile_format_arg(name), i;
	const sci_key *key;

	if (n < 0 || !(key = sci_key_expr(sci__strip(sci_call_arg(call, n)))))
		return;
	i = param_index(key);
	if (i >= 0 && !(path_bits(key) & GONE))
		formats |= 1u << i;
}

void sci__fn_facts_call_args(struct expression *call)
{
	const char *name;

	if (!cur_fn && !cur_sum && settle_sum && sci__cur) {
		name = sci__call_name(call);
		cur_fn = settle_fn;
		cur_sum = settle_sum;
		if (name)
			record_call_args(name, call);
		cur_fn = NULL;
		cur_sum = NULL;
		return;
	}
	if (!cur_fn || !sci__cur || !cur_sum)
		return;
	name = sci__call_name(call);
	if (name) {
		sci_summary_add_call(cur_sum, name);
		record_call_args(name, call);
		note_format(name, call);
	}
}

/*
 * What pointer parameters point to, in a call's arguments: handed to a
 * callee that may free or keep it, or the parameter itself handed to one
 * that may do so with what it points to.
 */
static void pointees_in_call(struct expression *call, const char *name)
{
	struct expression *arg;
	int n = 0, freed, keeps, i;

	if (!nparams)
		return;
	freed = name ? sci_profile_free_arg(name) : -1;
	keeps = !name || !sci_profile_is_nocapture(name);
	FOR_EACH_PTR(call->args, arg) {
		const sci_key *key = sci_key_expr(arg);

		if (n == freed || keeps)
			pointee_kept(arg);
		i = param_index(key);
		if (i < 0)
			i = alias_param(key);
		if (i >= 0 && !(path_bits(sci_key_sym(params[i])) & GONE) &&
		    keeps_pointee(name, n))
			pkeeps |= 1u << i;
		n++;
	} END_FOR_EACH_PTR(arg);
}

/*
 * `strlen(s.path)`, `show(d)` with d loaded from `slots[2]`: a place
 * reached from a parameter passed where the callee dereferences it.
 */
static void paths_passed(struct expression *call, const char *name)
{
	const sci_nonnull_params *np = sci_profile_nonnull_params(name);
	struct expression *arg;
	int n = 0, k;

	if (!np)
		return;
	FOR_EACH_PTR(call->args, arg) {
		const sci_key *key = sci_key_expr(arg);

		if (n < 32 && (np->args & (1u << n)) &&
		    (k = place_of(key)) >= 0)
			path_deref(k, arg);
		n++;
	} END_FOR_EACH_PTR(arg);
}

static void closes_param(struct expression *call);

/*
 * `free(g)` of a pointer global (also by a function that frees its
 * param); @freed is the argument the call frees, or -1.
 */
static void frees_global(struct expression *call, int freed)
{
	struct expression *arg = freed >= 0 ? sci_call_arg(call, freed) : NULL;
	const sci_key *key = arg ? sci_key_expr(sci__strip(arg)) : NULL;

	if (key && freed_global(key, 1) >= 0)
		add_bits(key, FREED);
}

void sci__fn_facts_call(struct expression *call)
{
	const char *name;
	const sci_nonnull_params *np;
	int freed, keeps;
	struct expression *arg;
	int n = 0, any = 0;

	if (!cur_fn || !sci__cur)
		return;
	name = sci__call_name(call);
	if (npkeys)
		paths_passed(call, name);
	/*
	 * A project function may set a global before this one dereferences
	 * it: later dereferences are not of the caller's value.  (The C
	 * library does not write the program's globals.)
	 */
	if (!name || !sci__model(name))
		add_bits(sci_key_sym(cur_fn), GONE);
	/* the profile lookups only for calls that get a parameter */
	FOR_EACH_PTR(call->args, arg) {
		any |= param_index(sci_key_expr(arg)) >= 0 || mentions_param(arg) ||
		       (path_bits(sci_key_expr(arg)) & FRESH) ||
		       alias_param(sci_key_expr(arg)) >= 0 ||
		       (struct_params && place_of(sci_key_expr(arg)) >= 0);
	} END_FOR_EACH_PTR(arg);
	pointees_in_call(call, name);
	np = sci_profile_nonnull_params(name);
	/*
	 * `data = g_data; strcpy(data, s)`: a library function that must
	 * not get NULL dereferences a global's value as `data[0]` would
	 * (the parameters' case is below).
	 */
	if (np)
		FOR_EACH_PTR(call->args, arg) {
			const sci_key *key = sci_key_expr(arg);

			if (n < 32 && (np->args & (1u << n)) && np->size_arg < 0 &&
			    param_index(key) < 0 && alias_param(key) < 0)
				deref_of(arg);
			n++;
		} END_FOR_EACH_PTR(arg);
	n = 0;
	closes_param(call);
	/* realloc() frees its block only when it succeeds (freed.c) */
	freed = name && sci_profile_is_alloc(name) ? -1 :
		sci_profile_free_arg(name);
	frees_global(call, freed);
	if (!any)
		return;
	keeps = !name || !sci_profile_is_nocapture(name);
	FOR_EACH_PTR(call->args, arg) {
		const sci_key *key = sci_key_expr(arg);
		int i = param_index(key), copy = 0;

		/* `free(c)` with c a copy of the parameter frees it */
		if (i < 0 && (i = alias_param(key)) >= 0) {
			key = sci_key_sym(params[i]);
			copy = 1;
		}
		/* the callee may write what it points to (`init(pp)`) */
		if (i >= 0)
			add_bits(key, PWRITTEN);
		if (i >= 0 && !(path_bits(key) & GONE)) {
			/*
			 * A callee that dereferences it, then frees it (a
			 * sink that prints a block and frees it) does both:
			 * a wrapper of it too.
			 */
			if (np && n < 32 && (np->args & (1u << n)))
				deref_of(arg);
			else if (n != freed && sci_profile_uses_arg(name, n))
				uses |= 1u << i;
			/* freed on some path: the callee takes it over */
			if (n == freed) {
				add_bits(key, FREED);
				captures |= 1u << i;
			}
		}
		if (n != freed && keeps) {
			captured_in(arg);
			if (copy)
				captures |= 1u << i;
		}
		if (n == freed || keeps)
			place_kept(arg);
		/*
		 * Handed to a list, a table, free(): no longer the caller's.
		 * Only a callee known to keep it counts: most calls that get
		 * a fresh block from its allocator fill it in.
		 */
		if ((path_bits(key) & FRESH) && (n == freed || keeps_arg(name, n)))
			escaped(key);
		n++;
	} END_FOR_EACH_PTR(arg);
}

/*
 * Where a local's new value @r comes from, for pointee_deref(): a
 * parameter's pointee, a global pointer not written on this path, or -1.
 */
static int load_source(struct expression *r)
{
	const sci_key *rk = sci_key_expr(r);
	int g;

	if ((g = pointee_param(r)) >= 0)
		return g;
	if (rk && !(path_bits(rk) & GONE) && !globals_stale() &&
	    (g = global_index(rk, 1)) >= 0)
		return -2 - g;
	return -1;
}

/*
 * `*out = malloc(n)` (or a local holding a fresh block): the caller finds
 * a block to free in what @out points to.  Any other store there undoes it.
 */
static void out_param_store(struct expression *left, struct expression *r,
			    const sci_key *rkey)
{
	struct expression *l = sci__strip(left);
	const sci_key *pk;
	const char *name;
	int fresh;

	if (!l || l->type != EXPR_PREOP || l->op != '*')
		return;
	pk = sci_key_expr(sci__strip(l->unop));
	if (param_index(pk) < 0 || (path_bits(pk) & GONE))
		return;
	add_bits(pk, PWRITTEN);
	name = r && r->type == EXPR_CALL ? sci__call_name(r) : NULL;
	fresh = (name && sci_profile_is_alloc(name)) ||
		(rkey && (path_bits(rkey) & FRESH));
	/*
	 * A block that may be NULL too, as malloc()'s own result: the
	 * caller checks it.  But a path that returns with it known to be
	 * NULL (`*out = malloc(n); if (!*out) return -1;`) tells its caller
	 * through something else: sci__fn_facts_return() drops it then.
	 */
	if (fresh)
		add_bits(pk, OUT);
	else if (path_bits(pk) & OUT)
		sci__set_state(SCI_OWNER_FNFACTS, pk,
			       &states[path_bits(pk) & ~OUT],
			       (struct position){ 0 });
}

/*
 * @key now holds what @src names: the first source a local gets is the
 * one kept (path-insensitive), and @bit marks the paths where it still
 * holds that one.
 */
static void remember_source(source *v, int *n, const sci_key *key, int src,
			    unsigned bit)
{
	int k;

	for (k = 0; k < *n && v[k].key != key; k++)
		;
	if (k == *n && *n < 32) {
		v[*n].key = key;
		v[(*n)++].param = src;
	}
	if (k < *n && v[k].param == src)
		add_bits(key, bit);
}

/*
 * `s = skip_spaces(s)`, `p = strchr(p, ',')`, `p = realloc(p, n)`: a call
 * given what @key points into may return a pointer into it.
 */
static int call_given(struct expression *r, const sci_key *key)
{
	struct expression *arg;

	if (!r || r->type != EXPR_CALL)
		return 0;
	FOR_EACH_PTR(r->args, arg) {
		if (sci_expr_points_into(arg, key))
			return 1;
	} END_FOR_EACH_PTR(arg);
	return 0;
}

/*
 * `data = fopen(...)` gives the pointer parameter @key an object of its
 * own: passing it on no longer hands on the caller's.  `buf = buf + n`,
 * a copy of the parameter (`p = saved + 1`) or a call given it (`s =
 * skip(s)`) moves along the caller's.
 */
static void renewed(const sci_key *key, struct expression *r,
		    const sci_key *rkey)
{
	int i = param_index(key);
	unsigned now;

	if (i < 0)
		return;
	now = path_bits(key);
	if (sci_expr_points_into(r, key) || (rkey && alias_param(rkey) == i) ||
	    call_given(r, key)) {
		if (now & RENEWED)
			sci__set_state(SCI_OWNER_FNFACTS, key,
				       &states[now & ~RENEWED],
				       (struct position){ 0 });
		return;
	}
	add_bits(key, RENEWED);
}

void sci__fn_facts_assign(struct expression *left, struct expression *right)
{
	const sci_key *key = sci_key_expr(left);
	struct expression *r = sci__strip(right);
	const sci_key *rkey = sci_key_expr(r);
	const char *name;
	int src;

	if (!cur_fn || !sci__cur)
		return;
	out_param_store(left, r, rkey);
	/* a load into a local (`p = *pp`) is followed; any other copy keeps */
	if (!(key && key->is_var && key->base && sci_sym_is_local(key->base) &&
	      (pointee_param(r) >= 0 || elem_param(r) >= 0)))
		pointee_kept(r);
	/* `*pp = v`, `pp[2] = v`: what the caller's variable held is replaced */
	pointee_stored(left);
	/* stored where it outlives the call: the caller does not own it */
	if (rkey && (path_bits(rkey) & FRESH) &&
	    !(key && key->is_var && key->base &&
	      sci_sym_is_local(key->base)))
		escaped(rkey);
	/* any parameter: an integer one reassigned holds no caller's value */
	renewed(key, r, rkey);
	if (param_index(key) >= 0 ||
	    (key && key->is_var && param_of(key->base) >= 0))
		add_bits(key, GONE);
	if (!(key && key->is_var && key->base && sci_sym_is_local(key->base)))
		place_kept(r);
	places_written(key);
	/* a global written here: a later dereference is not the caller's value */
	if (key && key->is_var && key->base &&
	    (key->base->ctype.modifiers & (MOD_TOPLEVEL | MOD_EXTERN))) {
		unsigned now = path_bits(key);

		/* `free(g); g = NULL;`: not freed for the caller */
		if (now & FREED)
			sci__set_state(SCI_OWNER_FNFACTS, key,
				       &states[now & ~FREED],
				       (struct position){ 0 });
		add_bits(key, GONE);
	}
	captured_in(right);
	/*
	 * A local that holds a fresh allocation, or no longer does; a
	 * parameter reassigned (GONE above) is a local from here on:
	 * `data = malloc(n); return data;`.
	 */
	if (!key || !key->is_var)
		return;
	if (path_bits(key) & (LOADED | COPY))
		sci__set_state(SCI_OWNER_FNFACTS, key,
			       &states[path_bits(key) & ~(LOADED | COPY)],
			       (struct position){ 0 });
	if (sci_sym_is_local(key->base) && param_index(key) < 0 &&
	    sci__type_is_ptr(key->base) &&
	    (src = param_index(sci_key_expr(r))) >= 0 &&
	    !(path_bits(sci_key_expr(r)) & GONE))
		remember_source(copy_of, &ncopies, key, src, COPY);
	/*
	 * One LOADED bit for both tables: `*pp` loads are in both, and
	 * loaded_from[] answers first (deref_pointees, pkeeps).
	 */
	if (sci_sym_is_local(key->base) && (src = path_index(rkey)) >= 0 &&
	    place_fresh(src))
		remember_source(path_loads, &npath_loads, key, src, LOADED);
	if (sci_sym_is_local(key->base) && (src = load_source(r)) != -1)
		remember_source(loaded_from, &nloaded, key, src, LOADED);
	else if (sci_sym_is_local(key->base) && (src = elem_param(r)) >= 0)
		remember_source(loaded_from, &nloaded, key, ELEM + src, LOADED);
	name = r && r->type == EXPR_CALL ? sci__call_name(r) : NULL;
	if (path_bits(key) & (FRESH | NULLABLE | MAYBE | OPENED))
		sci__set_state(SCI_OWNER_FNFACTS, key,
			       &states[path_bits(key) &
				       ~(FRESH | NULLABLE | MAYBE | OPENED)],
			       (struct position){ 0 });
	/* a global that holds it keeps it: no caller has to close it */
	if (r && r->type == EXPR_CALL && sci_call_opens(r) && key->base &&
	    (sci_sym_is_local(key->base) || sci_sym_is_param(key->base)))
		add_bits(key, OPENED);
	if (name && sci_profile_is_alloc(name))
		add_bits(key, FRESH |
			 (sci_profile_may_return_null(name) ? NULLABLE : 0));
	else if (name && sci_profile_may_return_null(name))
		add_bits(key, MAYBE);	/* getenv(), fopen(), a lookup */
}

/* `&p` passed or stored: p's value may change behind the walk. */
void sci__fn_facts_address(const sci_key *key)
{
	int i = param_index(key), k;

	if (!cur_fn || !sci__cur)
		return;
	places_written(key);
	k = struct_params ? place_of(key) : -1;
	if (k >= 0 && k < 32)
		pkept |= 1u << k;
	if (i < 0)
		return;
	captures |= 1u << i;
	add_bits(key, GONE);
}

/*
 * Does the function hand its caller input?  Only when every path that
 * returns something other than a constant returns input the function did
 * not bound: a reader (`return atoi(line);`, `-1` on error), not a cache
 * that returns input on one path and its own value on another (busybox's
 * get_hz()), nor a parser that checks the number against a limit before
 * returning it (the caller's values are then the function's business).
 */
static void returned_input(struct expression *v)
{
	long long min, max;

	if (sci__untrusted_expr(v)) {
		if (sci__type_is_ptr(sci__expr_type(v)) ||
		    (!(sci_value_bounds(v, &min, &max) & SCI_VALUE_MAX_KNOWN) &&
		     !sci_value_related(v, SCI_REL_LT | SCI_REL_EQ)))
			returns_input = 1;
		else
			returns_noninput = 1;
	} else if (!sci_rl_single(sci__expr_rl(v), NULL)) {
		returns_noninput = 1;
	}
}

/*
 * What an opener gave (`return fopen(p, "r");`, or a local holding it on
 * every path), or the failure value: NULL, a negative constant.  A
 * function whose every path returns one of these hands its caller
 * something to close (opened.c).
 */
static void returned_opened(struct expression *v)
{
	const sci_key *key = sci_key_expr(v);
	long long c;

	if ((v->type == EXPR_CALL && sci_call_opens(v)) ||
	    (key && (path_bits(key) & OPENED) && !sci_value_is_null(v)))
		returns_opened = 1;
	else if (!sci_value_is_null(v) &&
		 !(sci_value_known(v, &c) && c < 0))
		returns_unopened = 1;
}

/*
 * Memory released on this path (`free(p); return p;`, or what such a
 * function returns), or NULL: a function whose every path returns one
 * hands its caller a freed block (Juliet's "source" that frees).
 */
static void returned_freed(struct expression *v)
{
	const char *name = v->type == EXPR_CALL ? sci__call_name(v) : NULL;

	if (!sci__type_is_ptr(sci__expr_type(v)))
		returns_unfreed = 1;
	else if (sci_value_freed(v, NULL) ||
		 (name && sci__fn_facts_returns_freed(name)))
		returns_freed = 1;
	else if (!sci_value_is_null(v))
		returns_unfreed = 1;
}

/* The integer parameter, not reassigned, that @e names; or -1. */
static int int_param(struct expression *e)
{
	const sci_key *key = sci_key_expr(e);
	int i;

	for (i = 0; key && key->is_var && i < nparams && i < 32; i++)
		if (params[i] == key->base)
			return sci__type_is_int(sci__real_type(params[i])) &&
			       !(path_bits(key) & GONE) ? i : -1;
	return -1;
}

/*
 * Which integer parameters, not reassigned, the value returned on this
 * path is at least and at most: what the tests before the return left
 * (`if (r < lo || r > hi) die(); return r;`), or what a callee of that
 * kind gives for arguments that are parameters here (a wrapper).
 */
static void returned_within(struct expression *v)
{
	unsigned ge = 0, le = 0;
	const sci_key *rk;
	const char *name;
	int i, lo, hi;

	if (!v || !sci__type_is_int(sci__expr_type(v))) {
		every_path_ge = every_path_le = 0;
		return;
	}
	rk = sci_key_expr(v);
	for (i = 0; i < nparams && i < 32; i++) {
		const sci_key *k = sci_key_sym(params[i]);
		int rel;

		if (!sci__type_is_int(sci__real_type(params[i])) ||
		    (path_bits(k) & GONE))
			continue;
		rel = sci__relation_keys(rk, k);
		if (rel && !(rel & SCI_REL_LT))
			ge |= 1u << i;
		if (rel && !(rel & SCI_REL_GT))
			le |= 1u << i;
	}
	name = v->type == EXPR_CALL ? sci__call_name(v) : NULL;
	if (name && sci__fn_facts_ret_within(name, &lo, &hi)) {
		i = lo >= 0 ? int_param(sci_call_arg(v, lo)) : -1;
		if (i >= 0)
			ge |= 1u << i;
		i = hi >= 0 ? int_param(sci_call_arg(v, hi)) : -1;
		if (i >= 0)
			le |= 1u << i;
	}
	every_path_ge &= ge;
	every_path_le &= le;
}

static int int_param(struct expression *e);

static int same_ret_obj(const sci_ret_obj *a, const sci_ret_obj *b)
{
	return a->kind == b->kind && a->size == b->size &&
	       a->factor == b->factor && a->args[0] == b->args[0] &&
	       a->args[1] == b->args[1] &&
	       (a->name == b->name ||
		(a->name && b->name && strcmp(a->name, b->name) == 0));
}

/*
 * The object @v points to the start of, on this path: every path that
 * returns something other than NULL must give the same one (a static
 * array by its name, a block by its size or the parameters it is made
 * of) for callers to know it.
 */
static void returned_object(struct expression *v)
{
	sci_ret_obj o;

	if (ret_obj_state < 0 || sci_value_is_null(v))
		return;
	if (!sci__points_ret_obj(v, &o) ||
	    (ret_obj_state && !same_ret_obj(&o, &ret_obj))) {
		ret_obj_state = -1;
		return;
	}
	ret_obj = o;
	ret_obj_state = 1;
}

int sci__fn_facts_int_param(struct expression *e)
{
	int i = cur_fn ? int_param(e) : -1;

	if (i < 0)
		return -1;
	/*
	 * Its value on entry, for callers to supply: a parameter the body
	 * assigns anywhere may have changed before this point on a path the
	 * walk merged (`n = round_up(n);`).
	 */
	if (params_written < 0)
		params_written = sci__params_written(cur_fn);
	return params_written & (1ll << i) ? -1 : i;
}

/*
 * `return buf;` with buf a pointer parameter the body never reassigned:
 * on every path, the function hands back what its caller passed there.
 */
static void returned_param(struct expression *v)
{
	const sci_key *key = v ? sci_key_expr(v) : NULL;
	int i = key && key->is_var ? param_of(key->base) : -1;

	if (i < 0 || i >= 32 || !sci__type_is_ptr(params[i]) ||
	    (path_bits(key) & GONE))
		ret_param_state = -1;
	else if (!ret_param_state)
		ret_param_state = i + 1;
	else if (ret_param_state != i + 1)
		ret_param_state = -1;
}

/* @key holds NULL (0) on this path. */
static int null_here(const sci_key *key)
{
	long long v;

	return key && sci_value_key_known(key, &v) && v == 0;
}

/*
 * `fclose(f)`, `close(fd)`, `close_conn(fd)` with a parameter, of any
 * type (a descriptor is an int): closed on this path.
 */
static void closes_param(struct expression *call)
{
	struct expression *arg = sci_call_arg(call, sci_call_close_arg(call));
	const sci_key *key = arg ? sci_key_expr(sci__strip(arg)) : NULL;
	int i;

	if (!key || !key->is_var || (i = param_of(key->base)) < 0 ||
	    (path_bits(key) & GONE))
		return;
	add_bits(key, CLOSED);
}

/*
 * Nothing was open in parameter @i on this path: a NULL stream, a
 * negative descriptor (`if (f) fclose(f);`, `if (fd >= 0) close(fd);`).
 */
static int nothing_open(int i)
{
	const sci_key *k = sci_key_sym(params[i]);
	long long lo, hi;

	if (path_bits(k) & GONE)
		return 0;
	if (!sci_value_key_bounds(k, &lo, &hi))
		return 1;	/* no path gets here */
	if (sci__type_is_ptr(params[i]))
		return lo == 0 && hi == 0;
	return hi < 0;
}

/*
 * `if (p) free(p);`, `if (fd >= 0) close(fd);` before the end: the side
 * on which the parameter held nothing counts as having freed or closed
 * it, so the join keeps "on every path" (the summary's frees, closes).
 */
static const sci_state *pre_merge(const sci_key *key, const sci_state *mine,
				  const sci_state *other)
{
	unsigned x = bits_of(mine), y = bits_of(other), add = 0;
	int i;

	if (!cur_fn || !key || !key->is_var || (x & GONE))
		return mine;
	if ((i = param_of(key->base)) < 0) {
		if ((y & FREED) && !(x & FREED) && freed_global(key, 0) >= 0 &&
		    null_here(key))
			return &states[x | FREED];
		return mine;
	}
	if ((y & CLOSED) && !(x & CLOSED) && nothing_open(i))
		add |= CLOSED;
	if ((y & FREED) && !(x & FREED) && sci__type_is_ptr(params[i]) &&
	    null_here(key))
		add |= FREED;
	return add ? &states[x | add] : mine;
}

/* What pointer parameter @p points to is NULL on this path. */
static int out_is_null(struct symbol *p)
{
	return null_here(sci_key_pointee(p));
}

void sci__fn_facts_return(struct expression *value)
{
	struct expression *v = sci__strip(value);
	const sci_key *key;
	const char *name;
	int i;

	if (!cur_fn || !sci__cur)
		return;
	nreturns++;
	for (i = 0; i < nparams; i++) {
		const sci_key *k = sci_key_sym(params[i]);
		unsigned b = path_bits(k);

		if (!(b & DEREF))
			every_path_derefs &= ~(1u << i);
		if (!(b & OUT) || out_is_null(params[i]))
			every_path_out &= ~(1u << i);
		if (!(b & PDEREF))
			every_path_pderef &= ~(1u << i);
		/* `if (p) free(p);`: a NULL p has nothing to free */
		if (!(b & FREED) && ((b & GONE) || !null_here(k)))
			every_path_frees &= ~(1u << i);
		if (!(b & CLOSED) && !nothing_open(i))
			every_path_closes &= ~(1u << i);
	}
	for (i = 0; i < ngkeys; i++)
		if (!(path_bits(gkeys[i]) & DEREF))
			gfailed |= 1u << i;
	for (i = 0; i < ngfkeys; i++) {
		unsigned b = path_bits(gfkeys[i]);

		/* `if (g) free(g);`, not `free(g); g = NULL;` */
		if ((b & FREED) || (!(b & GONE) && null_here(gfkeys[i])))
			gf_returns[i]++;
	}
	for (i = 0; i < npkeys; i++)
		if (!(path_bits(pkeys[i]) & DEREF))
			pfailed |= 1u << i;
	returned_within(v);
	returned_param(v);
	if (!v)
		return;
	returned_input(v);
	returned_opened(v);
	returned_freed(v);
	returned_object(v);
	captured_in(v);
	place_kept(v);
	pointee_kept(v);
	name = v->type == EXPR_CALL ? sci__call_name(v) : NULL;
	/* `return strcpy(p, s);` returns p */
	if (name && sci_profile_returns_arg(name) >= 0)
		captured_in(sci_call_arg(v, sci_profile_returns_arg(name)));
	key = sci_key_expr(v);
	if (name && sci_profile_is_alloc(name)) {
		returns_fresh = 1;
		returns_null |= sci_profile_may_return_null(name);
	} else if (name && sci_profile_may_return_null(name)) {
		/* `return getenv("HOME");`: the wrapper may return NULL too */
		returns_other = 1;
		returns_null |= !sci_value_is_nonnull(v);
	} else if (sci_value_is_null(v)) {
		/*
		 * An explicit NULL is an error path the wrapper chose, often
		 * only for some arguments (git's xmallocz() never takes
		 * do_xmallocz()'s gentle path): only an allocator's result
		 * passed on unchecked makes the wrapper's result maybe-NULL.
		 */
	} else if (key && (path_bits(key) & FRESH)) {
		returns_fresh = 1;
		returns_null |= (path_bits(key) & NULLABLE) &&
				!sci_value_is_nonnull(v);
	} else {
		returns_other = 1;
		returns_null |= key && (path_bits(key) & MAYBE) &&
				!sci_value_is_nonnull(v);
	}
}

void sci__fn_facts_read(struct expression *e)
{
	const sci_key *key;

	e = sci__strip(e);
	if (!cur_fn || !sci__cur || !e || e->type != EXPR_SYMBOL ||
	    param_of(e->symbol) < 0 || sci_expr_is_assign_target(e))
		return;
	key = sci_key_sym(e->symbol);
	if (!(path_bits(key) & (GONE | READ)))
		add_bits(key, READ);
}

unsigned sci__fn_facts_path_unread(void)
{
	unsigned mask = 0, b;
	int i;

	for (i = 0; cur_fn && sci__cur && i < nparams && i < 32; i++) {
		b = path_bits(sci_key_sym(params[i]));
		if ((b & GONE) && !(b & READ))
			mask |= 1u << i;
	}
	return mask;
}

unsigned sci__fn_facts_path_flags(struct expression *value)
{
	struct expression *v = sci__strip(value);
	const char *name;
	const sci_key *key;
	unsigned flags = 0, b;

	if (!cur_fn || !sci__cur || !v || sci_value_is_null(v))
		return 0;
	name = v->type == EXPR_CALL ? sci__call_name(v) : NULL;
	key = sci_key_expr(v);
	b = key ? path_bits(key) : 0;
	/* a stream or a descriptor; an error code is not one */
	if ((v->type == EXPR_CALL && sci_call_opens(v)) || (b & OPENED))
		return SCI_RP_OPENED;
	if (!sci__type_is_ptr(sci__expr_type(v)))
		return 0;
	if (name && sci_profile_is_alloc(name))
		flags = SCI_RP_FRESH |
			(sci_profile_may_return_null(name) ? SCI_RP_NULL : 0);
	else if (b & FRESH)
		flags = SCI_RP_FRESH |
			((b & NULLABLE) && !sci_value_is_nonnull(v) ? SCI_RP_NULL
								    : 0);
	if (sci_value_freed(v, NULL) ||
	    (name && sci__fn_facts_returns_freed(name)))
		flags = SCI_RP_FREED;
	return flags;
}

/* The summary's "ret_obj" text of @o (owned), or NULL. */
static char *ret_obj_text(const sci_ret_obj *o)
{
	if (o->kind == SCI_OBJECT_STATIC && o->name && o->args[0] < 0)
		return sci_printf_dup("static:%lld:%s", (long long)o->size,
				      o->name);
	if (o->kind != SCI_OBJECT_HEAP)
		return NULL;
	if (o->args[0] < 0)
		return sci_printf_dup("heap:%lld", (long long)o->size);
	if (o->args[1] < 0)
		return sci_printf_dup("heap:%lld*a%d", (long long)o->factor,
				      o->args[0]);
	return sci_printf_dup("heap:%lld*a%d*a%d", (long long)o->factor,
			      o->args[0], o->args[1]);
}

char *sci__fn_facts_path_obj(struct expression *value)
{
	struct expression *v = sci__strip(value);
	sci_ret_obj o;

	if (!cur_fn || !sci__cur || !v || sci_value_is_null(v) ||
	    !sci__type_is_ptr(sci__expr_type(v)) || !sci__points_ret_obj(v, &o))
		return NULL;
	return ret_obj_text(&o);
}

int sci__fn_facts_parse_obj(const char *text, sci_ret_obj *out)
{
	char *name;

	if (!ret_obj_parse(text, out, &name))
		return 0;
	/* the name lives as long as the walk */
	if (name) {
		out->name = sci_arena_strdup(name);
		free(name);
	}
	return 1;
}

/* The record of the facts just made, for the run's summary set. */
static void fill_summary(const facts *f)
{
	struct symbol *fn = cur_fn;
	char *const *paths;
	size_t i, n;

	cur_sum->file = sci_strdup(stream_name(fn->pos.stream));
	cur_sum->line = (unsigned)fn->pos.line;
	cur_sum->is_static = !!(fn->ctype.modifiers & MOD_STATIC);
	cur_sum->nparams = (unsigned)nparams;
	cur_sum->derefs = f->derefs;
	cur_sum->frees = f->frees;
	cur_sum->closes = f->closes;
	cur_sum->captures = f->captures;
	cur_sum->pkeeps = f->pkeeps;
	cur_sum->preads_first = f->preads_first;
	cur_sum->out_allocs = f->out_allocs;
	cur_sum->deref_pointees = f->deref_pointees;
	cur_sum->uses = f->uses;
	cur_sum->fills = f->fills;
	cur_sum->formats = f->formats;
	cur_sum->overwrites = f->overwrites;
	cur_sum->passes = f->passes;
	cur_sum->ret_param = f->ret_param;
	cur_sum->ret_ge = f->ret_ge;
	cur_sum->ret_le = f->ret_le;
	for (i = 0; i < f->nderef_globals; i++)
		if (i >= 32 || !(f->static_globals & (1u << i)))
			sci_summary_add_deref_global(cur_sum,
						     f->deref_globals[i]);
	for (i = 0; i < f->nderef_paths; i++)
		sci_summary_add_deref_path(cur_sum, f->deref_paths[i]);
	for (i = 0; i < f->nlocks; i++)
		sci_summary_add_lock(cur_sum, f->locks[i]);
	for (i = 0; i < f->nfree_globals; i++)
		sci_summary_add_free_global(cur_sum, f->free_globals[i]);
	for (i = 0; i < f->nunlocks; i++)
		sci_summary_add_unlock(cur_sum, f->unlocks[i]);
	cur_sum->returns = (f->returns_fresh ? SCI_SUM_RET_FRESH : 0) |
			   (f->returns_null ? SCI_SUM_RET_NULL : 0) |
			   (f->returns_input ? SCI_SUM_RET_INPUT : 0) |
			   (f->returns_opened ? SCI_SUM_RET_OPENED : 0) |
			   (f->returns_freed ? SCI_SUM_RET_FREED : 0) |
			   (f->returns_other ? SCI_SUM_RET_OTHER : 0);
	cur_sum->ret_obj = ret_obj_text(&f->ret_obj);
	cur_sum->noreturn = f->noreturn;
	cur_sum->ret = sci__return_text(fn, &cur_sum->ret_soft);
	n = sci__ret_paths_text(sci_sym_name(fn), &paths);
	for (i = 0; i < n; i++)
		sci_summary_add_path(cur_sum, paths[i]);
	sci__tu_facts_add_results(fn, cur_sum);
	add_greads(fn);
	add_preads(fn);
}

/*
 * A struct parameter the body reads only member by member, whose pointer
 * members it read were all followed and none kept, leaves what they point
 * to to its caller: neither captures nor pkeeps.  Any other is kept.
 */
static void struct_params_kept(void)
{
	struct symbol *base = sci__real_type(cur_fn);
	int i, k, tracked, nptrs, kept;

	for (i = 0; i < nparams && i < 32; i++) {
		if (!(struct_params & (1u << i)))
			continue;
		tracked = kept = 0;
		for (k = 0; k < npkeys && k < 32; k++)
			if (pk_param[k] == i) {
				tracked++;
				kept |= !!(pkept & (1u << k));
			}
		if (kept || !base || !base->stmt ||
		    !sci__param_members_only(base->stmt, params[i], &nptrs) ||
		    nptrs != tracked) {
			captures |= 1u << i;
			pkeeps |= 1u << i;
		} else {
			pkeeps &= ~(1u << i);
		}
	}
}

void sci__fn_facts_end(int complete)
{
	/* the bits of the function's parameters */
	unsigned pmask = (nparams >= 32 ? 0 : 1u << nparams) - 1;
	facts *f;
	unsigned h;
	int i;

	if (!cur_fn)
		return;
	if (complete && sci_sym_name(cur_fn)) {
		f = sci_calloc(1, sizeof(*f));
		f->name = sci_strdup(sci_sym_name(cur_fn));
		f->derefs = every_path_derefs & pmask;
		f->frees = every_path_frees & pmask;
		f->closes = every_path_closes & pmask;
		f->out_allocs = every_path_out & pmask;
		f->deref_pointees = every_path_pderef & pmask;
		struct_params_kept();
		f->captures = captures;
		f->pkeeps = pkeeps;
		f->nparams = (unsigned)nparams;
		f->preads_first = sci__tu_pointees_read_first(cur_fn);
		f->uses = uses | f->derefs;
		f->fills = fills;
		f->formats = formats;
		f->overwrites = sci__tu_params_overwritten(cur_fn);
		f->passes = sci__tu_params_returned(cur_fn);
		if (nreturns && ret_param_state > 0 && ret_param_state <= 32)
			f->ret_param = 1u << (ret_param_state - 1);
		if (nreturns) {
			f->ret_ge = every_path_ge & pmask;
			f->ret_le = every_path_le & pmask;
		}
		f->returns_fresh = returns_fresh;
		f->returns_null = returns_null;
		f->returns_input = returns_input && !returns_noninput;
		f->returns_opened = returns_opened && !returns_unopened;
		f->returns_freed = returns_freed && !returns_unfreed;
		if (ret_obj_state > 0) {
			f->ret_obj = ret_obj;
			f->ret_obj_name = ret_obj.name ?
					  sci_strdup(ret_obj.name) : NULL;
			f->ret_obj.name = f->ret_obj_name;
		}
		f->returns_other = returns_other;
		f->returns = nreturns;
		/* no path got to a return: it never comes back */
		f->noreturn = !nreturns;
		if (!nreturns)
			f->derefs = f->frees = f->closes = f->out_allocs =
				f->deref_pointees = 0;
		else
			sci__locks_effects(&f->locks, &f->nlocks, &f->unlocks,
					   &f->nunlocks);
		f->pointees.name = f->name;
		f->pointees.args = f->deref_pointees;
		f->pointees.size_arg = -1;
		for (i = 0; nreturns && i < npkeys; i++)
			if (!(pfailed & (1u << i))) {
				f->deref_paths = sci_realloc(f->deref_paths,
					(f->nderef_paths + 1) * sizeof(char *));
				f->deref_paths[f->nderef_paths++] =
					sci_strdup(pk_name[i]);
			}
		for (i = 0; nreturns && i < ngfkeys; i++) {
			if (gf_returns[i] != (unsigned)nreturns)
				continue;
			f->free_globals = sci_realloc(f->free_globals,
				(f->nfree_globals + 1) * sizeof(char *));
			f->free_globals[f->nfree_globals++] =
				sci_strdup(sci_sym_name(gfkeys[i]->base));
		}
		for (i = 0; nreturns && i < ngkeys; i++) {
			if (gfailed & (1u << i))
				continue;
			f->deref_globals = sci_realloc(f->deref_globals,
				(f->nderef_globals + 1) * sizeof(*f->deref_globals));
			/* a static one is set only by this TU's callers */
			if ((gkeys[i]->base->ctype.modifiers & MOD_STATIC) &&
			    f->nderef_globals < 32)
				f->static_globals |= 1u << f->nderef_globals;
			f->deref_globals[f->nderef_globals++] =
				sci_strdup(sci_sym_name(gkeys[i]->base));
		}
		/*
		 * One that returns a pointer may return the block it stored
		 * (git's commit_list_insert() links the new node into *list
		 * and returns it; rax's raxCompressNode() returns the node
		 * holding *child): the caller's variable is not its only owner.
		 */
		if (sci__type_is_ptr(cur_fn->ctype.base_type->ctype.base_type))
			f->out_allocs = 0;
		f->nonnull.name = f->name;
		f->nonnull.args = f->derefs;
		f->nonnull.size_arg = -1;
		h = hash_name(f->name);
		f->next = table[h];
		table[h] = f;
		sci_namecache_clear(&found);
		if (cur_sum)
			fill_summary(f);
	} else {
		sci_summary_free(cur_sum);
		cur_sum = NULL;
	}
	cur_fn = NULL;
}

sci_summary *sci__fn_facts_take_summary(void)
{
	sci_summary *s = cur_sum;

	cur_sum = NULL;
	return s;
}

/* ------------------------------------------------------ the queries */

int sci__fn_facts_is_alloc(const char *name)
{
	const facts *f = find(name);

	return f && f->returns_fresh && !f->returns_other;
}

int sci__fn_facts_opens(const char *name)
{
	const facts *f = find(name);

	return f && f->returns_opened;
}

int sci__fn_facts_returns_freed(const char *name)
{
	const facts *f = find(name);

	return f && f->returns_freed;
}

size_t sci__fn_facts_locks(const char *name, char *const **out)
{
	const facts *f = find(name);

	*out = f ? f->locks : NULL;
	return f ? f->nlocks : 0;
}

size_t sci__fn_facts_unlocks(const char *name, char *const **out)
{
	const facts *f = find(name);

	*out = f ? f->unlocks : NULL;
	return f ? f->nunlocks : 0;
}

size_t sci__fn_facts_deref_paths(const char *name, const char *const **out)
{
	const facts *f = find(name);

	*out = f ? (const char *const *)f->deref_paths : NULL;
	return f ? f->nderef_paths : 0;
}

size_t sci__fn_facts_free_globals(const char *name, char *const **out)
{
	const facts *f = find(name);

	*out = f ? f->free_globals : NULL;
	return f ? f->nfree_globals : 0;
}

size_t sci__fn_facts_deref_globals(const char *name, const char *const **out)
{
	const facts *f = find(name);

	*out = f ? (const char *const *)f->deref_globals : NULL;
	return f ? f->nderef_globals : 0;
}

const sci_nonnull_params *sci__fn_facts_pointees(const char *name)
{
	const facts *f = find(name);

	return f && f->deref_pointees ? &f->pointees : NULL;
}

unsigned sci__fn_facts_out_allocs(const char *name)
{
	const facts *f = find(name);

	return f ? f->out_allocs : 0;
}

int sci__fn_facts_noreturn(const char *name)
{
	const facts *f = find(name);

	return f && f->noreturn;
}

int sci__fn_facts_may_return_null(const char *name)
{
	const facts *f = find(name);

	return f && f->returns_null;
}

/* The lowest parameter set in @mask, or -1. */
static int first_param(unsigned mask)
{
	int i;

	for (i = 0; i < 32; i++)
		if (mask & (1u << i))
			return i;
	return -1;
}

int sci__fn_facts_defined_here(const char *name)
{
	return name && is_defined(name, hash_name(name));
}

int sci__fn_facts_close_arg(const char *name)
{
	const facts *f = find(name);

	return f ? first_param(f->closes) : -1;
}

int sci__fn_facts_free_arg(const char *name)
{
	const facts *f = find(name);

	return f ? first_param(f->frees) : -1;
}

int sci__fn_facts_ret_within(const char *name, int *lo, int *hi)
{
	const facts *f = name ? find(name) : NULL;

	*lo = f ? first_param(f->ret_ge) : -1;
	*hi = f ? first_param(f->ret_le) : -1;
	return *lo >= 0 || *hi >= 0;
}

int sci__fn_facts_overwrites_arg(const char *name, int i)
{
	const facts *f = find(name);

	return f && i >= 0 && i < 32 && (f->overwrites & (1u << i));
}

int sci__fn_facts_ret_param(const char *name)
{
	const facts *f = find(name);

	return f ? first_param(f->ret_param) : -1;
}

int sci__fn_facts_passes_arg(const char *name, int i)
{
	const facts *f = find(name);

	return f && i >= 0 && i < 32 && (f->passes & (1u << i));
}

int sci__fn_facts_returns_input(const char *name)
{
	const facts *f = find(name);

	return f && f->returns_input;
}

int sci__fn_facts_reads_pointee(const char *name, int n)
{
	const facts *f = name ? find(name) : NULL;

	return f && n >= 0 && n < 32 && (f->preads_first & (1u << n));
}

int sci__fn_facts_keeps_pointee(const char *name, int n)
{
	return keeps_pointee(name, n);
}

int sci__fn_facts_is_nocapture(const char *name)
{
	const facts *f = find(name);

	return f && !f->captures && !f->frees;
}

int sci__fn_facts_format_arg(const char *name)
{
	const facts *f = find(name);
	int i;

	for (i = 0; f && i < 32; i++)
		if (f->formats & (1u << i))
			return i;
	return -1;
}

void sci__fn_facts_filled(struct expression *arg)
{
	const sci_key *key;
	int i;

	if (!cur_fn || !sci__cur)
		return;
	/* `buf`, `buf + n`: what the parameter points to */
	key = sci_key_expr(pointer_base(arg));
	i = param_index(key);
	if (i >= 0 && !(path_bits(key) & GONE))
		fills |= 1u << i;
}

int sci__fn_facts_fills_arg(const char *name, int i)
{
	const facts *f = find(name);

	return f && i >= 0 && i < 32 && (f->fills & (1u << i));
}

int sci__fn_facts_ret_obj(const char *name, sci_ret_obj *out)
{
	const facts *f = find(name);

	if (!f || !f->ret_obj.kind)
		return 0;
	*out = f->ret_obj;
	return 1;
}

int sci__fn_facts_known(const char *name)
{
	return name && (is_defined(name, hash_name(name)) || find(name));
}

int sci__fn_facts_uses_arg(const char *name, int i)
{
	const facts *f = find(name);

	return f && i >= 0 && i < 32 && (f->uses & (1u << i));
}

const sci_nonnull_params *sci__fn_facts_nonnull(const char *name)
{
	const facts *f = find(name);

	return f && f->derefs ? &f->nonnull : NULL;
}
