/*
 * locks.c - which locks the function holds (issue "The checker suite":
 * double-lock, double-unlock and lock-held-on-return stand on it).
 *
 * A lock is named by what the lock function is given: `&s->lock` is
 * "s->lock", `&g_lock` is "g_lock", a `pthread_mutex_t *m` passed on is
 * "m".  The key is a free-form key of that name (sci_key_named), not the
 * member's own key: passing `&s->lock` to a call "modifies" s->lock for
 * the value model, which must not end the lock's state, and a summary's
 * lock ("$0->lock") becomes the caller's by text.  Assigning the variable
 * a lock is reached through (`s = s->next`) ends the states of its locks.
 *
 * Lock functions: the library models' lock=/unlock=/trylock= facts, the
 * project profile's "locks" pairs (first argument), and project functions
 * whose summary holds or releases a lock on every path that returns (a
 * parameter's lock as "$N" followed by the member path, or a global's).
 * A call sets "held" (or "held-shared" for a rwlock's read side) or
 * "released".  A trylock sets nothing at the call; the return-implies
 * hooks make it held where it returned 0.  A plain lock of the models
 * whose result is tested is not held where it returned non-zero (their
 * range= says they return 0 or a positive error number).
 *
 * Owner SCI_OWNER_LOCKS.  Merging two different states gives sci_merged
 * with both as possibilities: only a state every path agrees on is a fact
 * (sci_lock_status).  What each return path held and released is recorded
 * for the function's end: the checker of inconsistent locking and the
 * function's summary read it.
 */
#include "analyzer/engine_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"

static const sci_state held = { "held", NULL };
static const sci_state held_shared = { "held-shared", NULL };
/* the read side taken more than once: one release leaves it unknown */
static const sci_state held_shared_more = { "held-shared-more", NULL };
static const sci_state released = { "released", NULL };
/*
 * Released after this function took it: as released for the checkers,
 * but a function that takes and releases a lock (balanced) is no release
 * wrapper for its callers.
 */
static const sci_state released_own = { "released-own", NULL };

static int is_released(const sci_state *s)
{
	return s == &released || s == &released_own;
}

static int is_held(const sci_state *s)
{
	return s == &held || s == &held_shared || s == &held_shared_more;
}

/* ------------------------------------------------ what calls do */

#define MAX_EFFECTS 16

typedef struct {
	int kind;		/* SCI_LOCK_ACQUIRE, _TRY, _RELEASE */
	int shared;
	const sci_key *key;
} effect;

/* What the named keys stand for, for this function: the root variable. */
#define MAX_LOCKS 64
static struct {
	const sci_key *key;
	struct symbol *base;	/* NULL: a global a summary named */
} roots[MAX_LOCKS];
static int nroots;

static void remember_root(const sci_key *key, struct symbol *base)
{
	int i;

	for (i = 0; i < nroots; i++)
		if (roots[i].key == key)
			return;
	if (nroots < MAX_LOCKS) {
		roots[nroots].key = key;
		roots[nroots++].base = base;
	}
}

/* Returns 1 and sets @base when the lock's root is known. */
static int root_of(const sci_key *key, struct symbol **base)
{
	int i;

	for (i = 0; i < nroots; i++)
		if (roots[i].key == key) {
			*base = roots[i].base;
			return 1;
		}
	return 0;
}

/*
 * The lock an argument points to, with @suffix (a member path after a
 * parameter, "->lock", or "") appended: `&x` + "->lock" is "x.lock",
 * `p` + "->lock" is "p->lock".
 */
static const sci_key *lock_key(struct expression *arg, const char *suffix)
{
	struct expression *inner;
	const sci_key *k;
	const char *name;

	if (!arg)
		return NULL;
	if (sci_expr_is_addr_of(arg, &inner)) {
		if (!(k = sci_key_expr(inner)))
			return NULL;
		if (strncmp(suffix, "->", 2) == 0)
			name = sci_arena_printf("%s.%s", k->name, suffix + 2);
		else
			name = sci_arena_printf("%s%s", k->name, suffix);
	} else {
		if (!(k = sci_key_expr(arg)))
			return NULL;
		name = *suffix ? sci_arena_printf("%s%s", k->name, suffix) : k->name;
	}
	remember_root(sci_key_named(name), k->base);
	return sci_key_named(name);
}

/* A global's lock named in a summary: the caller knows it by that name. */
static const sci_key *global_lock_key(const char *name)
{
	remember_root(sci_key_named(name), NULL);
	return sci_key_named(name);
}

/* "$2->lock" or "g_lock" of a summary, as the caller's key. */
static const sci_key *summary_lock_key(struct expression *call, const char *s)
{
	char *end;
	long n;

	if (s[0] != '$')
		return global_lock_key(s);
	n = strtol(s + 1, &end, 10);
	if (end == s + 1 || n < 0 || n >= 32)
		return NULL;
	return lock_key(sci_call_arg(call, (int)n), end);
}

static int in_list(const char *const *list, const char *name)
{
	size_t i;

	for (i = 0; list && list[i]; i++)
		if (strcmp(list[i], name) == 0)
			return 1;
	return 0;
}

static const sci_analyze_opts *profile;

static int add(effect *out, int n, int kind, int shared, const sci_key *key)
{
	if (!key || n == MAX_EFFECTS)
		return n;
	out[n].kind = kind;
	out[n].shared = shared;
	out[n].key = key;
	return n + 1;
}

static int effects_of(struct expression *call, effect *out)
{
	const char *name = sci__call_name(call);
	const sci_model *f = sci__model(name);
	char *const *list;
	size_t i, nl;
	int n = 0, shared;

	if (!name)
		return 0;
	if (f && (f->lock_arg >= 0 || f->trylock_arg >= 0 || f->unlock_arg >= 0)) {
		shared = !!(f->flags & SCI_MODEL_SHARED);
		if (f->lock_arg >= 0)
			return add(out, 0, SCI_LOCK_ACQUIRE, shared,
				   lock_key(sci_call_arg(call, f->lock_arg), ""));
		if (f->trylock_arg >= 0)
			return add(out, 0, SCI_LOCK_TRY, shared,
				   lock_key(sci_call_arg(call, f->trylock_arg), ""));
		return add(out, 0, SCI_LOCK_RELEASE, 0,
			   lock_key(sci_call_arg(call, f->unlock_arg), ""));
	}
	if (profile && in_list(profile->lock_acquire, name))
		return add(out, 0, SCI_LOCK_ACQUIRE, 0,
			   lock_key(sci_call_arg(call, 0), ""));
	if (profile && in_list(profile->lock_release, name))
		return add(out, 0, SCI_LOCK_RELEASE, 0,
			   lock_key(sci_call_arg(call, 0), ""));
	nl = sci__fn_facts_locks(name, &list);
	for (i = 0; i < nl; i++)
		n = add(out, n, SCI_LOCK_ACQUIRE, 0, summary_lock_key(call, list[i]));
	nl = sci__fn_facts_unlocks(name, &list);
	for (i = 0; i < nl; i++)
		n = add(out, n, SCI_LOCK_RELEASE, 0, summary_lock_key(call, list[i]));
	return n;
}

int sci_lock_effect(sci_expr *call, int i, const sci_key **key, int *shared)
{
	effect e[MAX_EFFECTS];
	int n;

	if (!call || !sci__cur || i < 0)
		return 0;
	n = effects_of(sci__strip(call), e);
	if (i >= n)
		return 0;
	*key = e[i].key;
	*shared = e[i].shared;
	return e[i].kind;
}

static const sci_state *next_state(const sci_state *now, int kind, int shared)
{
	int shared_now = now == &held_shared || now == &held_shared_more;

	if (kind == SCI_LOCK_RELEASE) {
		if (now == &held_shared_more)
			return &sci_undefined;
		return is_held(now) || now == &released_own ? &released_own
							    : &released;
	}
	if (!shared)
		return &held;
	return shared_now ? &held_shared_more : &held_shared;
}

void sci__locks_call(struct expression *call)
{
	effect e[MAX_EFFECTS];
	struct expression *fn = sci__strip(call)->fn;
	int i, n;

	if (!sci__cur)
		return;
	n = effects_of(sci__strip(call), e);
	for (i = 0; i < n; i++) {
		if (e[i].kind == SCI_LOCK_TRY)
			continue;	/* the return-implies hooks decide */
		sci__set_state(SCI_OWNER_LOCKS, e[i].key,
			       next_state(sci__get_state(SCI_OWNER_LOCKS, e[i].key),
					  e[i].kind, e[i].shared),
			       fn ? fn->pos : call->pos);
	}
}

/* Where a trylock succeeded (returned 0, or non-zero: nonzero-ok), it
 * holds the lock. */
static void on_trylock_ok(sci_expr *call, const sci_key *result, void *payload)
{
	const sci_model *f = sci__model(sci__call_name(call));
	const sci_key *key;

	(void)result;
	(void)payload;
	if (!f || f->trylock_arg < 0)
		return;
	key = lock_key(sci_call_arg(call, f->trylock_arg), "");
	if (key)
		sci__set_state(SCI_OWNER_LOCKS, key,
			       (f->flags & SCI_MODEL_SHARED) ? &held_shared : &held,
			       call->pos);
}

/* Where a lock function returned an error, it took nothing. */
static void on_lock_failed(sci_expr *call, const sci_key *result,
			   void *payload)
{
	const sci_model *f = sci__model(sci__call_name(call));
	const sci_key *key;

	(void)result;
	(void)payload;
	if (!f || f->lock_arg < 0)
		return;
	key = lock_key(sci_call_arg(call, f->lock_arg), "");
	if (key && sci__stree_get(sci__cur, SCI_OWNER_LOCKS, key))
		sci__set_state(SCI_OWNER_LOCKS, key, &sci_undefined, call->pos);
}

void sci__locks_register(void)
{
	const sci_models *tables[2] = { sci__models_builtin(),
					sci__models_layer() };
	const sci_model *f;
	size_t t;

	sci__owners[SCI_OWNER_LOCKS].rule = "locks";
	sci__owners[SCI_OWNER_LOCKS].enabled = 1;
	profile = sci__profile_opts();
	/* after sci__hooks_reset(): hooks of the library's lock functions */
	for (t = 0; t < 2; t++) {
		for (f = sci__models_first(tables[t]); f; f = f->next) {
			/* pthread_mutex_trylock() holds on 0, the kernel's
			 * mutex_trylock() on 1 */
			if (f->trylock_arg >= 0 &&
			    (f->flags & SCI_MODEL_NONZERO_OK))
				sci_on_return_implies(SCI_OWNER_LOCKS, f->name,
						      1, LLONG_MAX,
						      on_trylock_ok, NULL);
			else if (f->trylock_arg >= 0)
				sci_on_return_implies(SCI_OWNER_LOCKS, f->name,
						      0, 0, on_trylock_ok, NULL);
			if (f->lock_arg >= 0)
				sci_on_return_implies(SCI_OWNER_LOCKS, f->name,
						      1, LLONG_MAX,
						      on_lock_failed, NULL);
		}
	}
}

/* --------------------------------------------------------- status */

static const sci_sm *lock_sm(const sci_key *key)
{
	return key && sci__cur ? sci__stree_get(sci__cur, SCI_OWNER_LOCKS, key)
			       : NULL;
}

int sci_lock_status(const sci_key *key, sci_pos *where)
{
	const sci_sm *sm = lock_sm(key), *back;
	int st;

	if (!sm)
		return 0;
	/*
	 * At a loop's head, what every way round left holds for the next
	 * pass (`for (i = 0; i < 2; i++) unlock(&m);` releases it twice),
	 * as for double-free: the entry's side alone says nothing.
	 */
	if ((back = sci_sm_loop_back(sm)) &&
	    (back->state == &held || is_released(back->state)))
		sm = back;
	if (sm->state == &held)
		st = SCI_LOCK_HELD;
	else if (sm->state == &held_shared || sm->state == &held_shared_more)
		st = SCI_LOCK_HELD_SHARED;
	else if (is_released(sm->state))
		st = SCI_LOCK_RELEASED;
	else
		return 0;
	if (where && sci_sm_where(sm, sm->state, where) < 0)
		*where = sci__pos(sm->pos);
	return st;
}

void sci__locks_forget(const sci_key *key)
{
	const sci_sm *const *a;
	struct symbol *base;
	size_t i, n, len;

	if (!key || !key->is_var || !sci__cur || !nroots)
		return;
	len = strlen(key->name);
	a = sci_state_snapshot(SCI_OWNER_LOCKS, &n);
	for (i = 0; i < n; i++) {
		const sci_key *k = a[i]->key;

		/* "s" reaches "s->lock" and "s.lock", not "s2->lock" */
		if (root_of(k, &base) && base == key->base &&
		    strncmp(k->name, key->name, len) == 0 &&
		    (k->name[len] == '-' || k->name[len] == '.'))
			sci__set_state(SCI_OWNER_LOCKS, k, &sci_undefined,
				       (struct position){ 0 });
	}
}

/* ------------------------------------------------ return paths */

typedef struct exit_list {
	sci_lock_exit *v;
	size_t n, cap;
	unsigned nreturns;
} exit_list;

static exit_list exits;

void sci__locks_begin(void)
{
	/* the arena that held the last function's list is gone */
	memset(&exits, 0, sizeof(exits));
	nroots = 0;
}

/*
 * A pointer not known to be NULL counts as positive: `return obj;` after a
 * lookup that found it, as against `return NULL;`.
 */
static int value_class(struct expression *value)
{
	long long lo, hi;

	if (!value)
		return SCI_LOCK_RET_NONE;
	if (sci_value_is_null(value))
		return SCI_LOCK_RET_ZERO;
	if (sci_expr_is_pointer(value))
		return SCI_LOCK_RET_POSITIVE;
	if (!sci_value_bounds(value, &lo, &hi))
		return SCI_LOCK_RET_OTHER;
	if (lo > 0)
		return SCI_LOCK_RET_POSITIVE;
	if (hi < 0)
		return SCI_LOCK_RET_NEGATIVE;
	return SCI_LOCK_RET_OTHER;
}

/* Whether the function took the locks it released, per exit (see own). */
static void add_exit(const sci_sm *sm, int kept, struct position ret,
		     int value)
{
	sci_lock_exit *x;

	if (exits.n == exits.cap) {
		size_t cap = exits.cap ? exits.cap * 2 : 16;
		sci_lock_exit *v = sci_arena_alloc(cap * sizeof(*v));

		if (exits.n)
			memcpy(v, exits.v, exits.n * sizeof(*v));
		exits.v = v;
		exits.cap = cap;
	}
	x = &exits.v[exits.n++];
	x->lock = sm->key->name;
	x->ret = sci__pos(ret);
	if (sci_sm_where(sm, sm->state, &x->where) < 0)
		x->where = sci__pos(sm->pos);
	x->held = kept;
	x->value = value;
	x->own = sm->state == &released_own;
}

void sci__locks_return(struct expression *value, struct position pos)
{
	const sci_sm *const *a;
	size_t i, n;
	int cls;

	/* a loop's quiet passes see states the final pass may not keep */
	if (!sci__cur || sci__quiet)
		return;
	exits.nreturns++;
	a = sci_state_snapshot(SCI_OWNER_LOCKS, &n);
	cls = n ? value_class(value) : SCI_LOCK_RET_NONE;
	for (i = 0; i < n; i++) {
		if (is_held(a[i]->state))
			add_exit(a[i], 1, pos, cls);
		else if (is_released(a[i]->state))
			add_exit(a[i], 0, pos, cls);
	}
}

int sci_lock_untouched(const sci_key *key)
{
	return sci__cur && !lock_sm(key);
}

const sci_key *sci_lock_held_here(size_t i, sci_pos *where)
{
	const sci_sm *const *a;
	size_t k, n;

	if (!sci__cur)
		return NULL;
	a = sci_state_snapshot(SCI_OWNER_LOCKS, &n);
	for (k = 0; k < n; k++) {
		if (!is_held(a[k]->state) || i--)
			continue;
		if (where && sci_sm_where(a[k], a[k]->state, where) < 0)
			*where = sci__pos(a[k]->pos);
		return a[k]->key;
	}
	return NULL;
}

size_t sci_lock_exits(const sci_lock_exit **out)
{
	*out = exits.v;
	return exits.n;
}

/* ------------------------------------------------ summaries */

static int param_index(struct symbol *sym)
{
	struct symbol *arg;
	int i = 0;

	if (!sym || !sci__cur_fn)
		return -1;
	FOR_EACH_PTR(sci__cur_fn->ctype.base_type->arguments, arg) {
		if (arg == sym)
			return i;
		i++;
	} END_FOR_EACH_PTR(arg);
	return -1;
}

/* The name a summary gives the lock @name rooted at @base, or NULL. */
static char *summary_name(const char *name, struct symbol *base)
{
	const char *var = base ? sci_sym_name(base) : NULL;
	int i = param_index(base);

	if (!base)
		return sci_strdup(name);	/* a global from a summary */
	if (!var || strncmp(name, var, strlen(var)) != 0)
		return NULL;
	if (i >= 0)
		return sci_printf_dup("$%d%s", i, name + strlen(var));
	if (base->ctype.modifiers & MOD_TOPLEVEL)
		return sci_strdup(name);
	return NULL;	/* a local's lock means nothing to the caller */
}

static void push(char ***v, size_t *n, char *s)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (strcmp((*v)[i], s) == 0) {
			free(s);
			return;
		}
	*v = sci_realloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = s;
}

/*
 * True when every return path says @name is (@held_now) held / released
 * - released without having taken it: lock(); unlock(); is balanced.
 */
static int every_return(const char *name, int held_now)
{
	size_t i;
	unsigned n = 0;

	for (i = 0; i < exits.n; i++)
		if (exits.v[i].held == held_now && !exits.v[i].own &&
		    strcmp(exits.v[i].lock, name) == 0)
			n++;
	return n == exits.nreturns;
}

void sci__locks_effects(char ***locks, size_t *nlocks, char ***unlocks,
			size_t *nunlocks)
{
	size_t i;

	*locks = *unlocks = NULL;
	*nlocks = *nunlocks = 0;
	for (i = 0; exits.nreturns && i < exits.n; i++) {
		const sci_lock_exit *x = &exits.v[i];
		struct symbol *base;
		char *s;

		if (!root_of(sci_key_named(x->lock), &base) ||
		    !every_return(x->lock, x->held) ||
		    !(s = summary_name(x->lock, base)))
			continue;
		if (x->held)
			push(locks, nlocks, s);
		else
			push(unlocks, nunlocks, s);
	}
}
