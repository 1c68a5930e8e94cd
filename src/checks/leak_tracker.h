/* SPDX-License-Identifier: MIT */
/*
 * leak_tracker.h - the path-sensitive tracking memory-leak and
 * resource-leak share: a resource an acquiring call returns into local
 * holders, followed through copies until it is released, escapes or is
 * lost.  See memory_leak.c for how it works and what it assumes.
 *
 * Not a module: every checker that includes it gets its own static copy
 * of the tracker and its state, configured by the leak_kind it passes to
 * leak_tracker_init().  It uses only the checker API.
 */
#ifndef SCI_CHECKS_LEAK_TRACKER_H
#define SCI_CHECKS_LEAK_TRACKER_H

#include "analyzer/checker.h"

#include <string.h>

static sci_checker_id me;

/*
 * What one checker built on this tracker tracks: which calls acquire a
 * resource, which release one, what a failed acquisition returns, what
 * can hold one, and the words of its messages.
 */
typedef struct {
	/* the call returns a new resource the caller must release */
	int (*acquires)(sci_expr *call);
	/* the argument a call to @name releases, or -1 */
	int (*release_arg)(const char *name);
	/* the parameters through which @name hands the caller a resource */
	unsigned (*out_acquires)(const char *name);
	/* @call keeps nothing of argument @arg after it returns */
	int (*nocapture)(sci_expr *call, int arg);
	/* @e's type can hold the resource (a pointer, a descriptor) */
	int (*holds)(sci_expr *e);
	/*
	 * a value a failed acquisition returns: nothing was acquired.  The
	 * failed values form one interval (NULL; a negative descriptor), so
	 * a range whose two ends failed is all failure (all_failed()).
	 */
	int (*failed)(long long v);
	/* a NULL test of the holder tells a failed acquisition apart */
	int null_tests;
	/* "memory leak of '%s': ..." with the resource's words */
	const char *leak_fmt;		/* %s holder, %s acquiring function */
	const char *overwrite_fmt;	/* %s holder, %s acquiring function */
	/*
	 * Optional: @release cannot release what @site acquired (fclose()
	 * of a descriptor, close() of a FILE stream, fclose() of popen()'s).
	 */
	int (*mismatched)(sci_expr *site, const char *release);
} leak_kind;

static const leak_kind *kind;

/* What happened to a block.  A state is a (block, status) pair. */
enum { ALLOCATED, FREED, NULLED, ESCAPED, NSTATUS };

static const char *const status_names[NSTATUS] = {
	"allocated", "freed", "null", "escaped"
};

/*
 * A block: the memory one allocator call returns.  The iterations of a
 * loop share their call's block, which can only hide leaks.  blocks[0] is
 * no block in particular: NULL, or what a holder of several blocks became.
 * Reset for each function; a function with more allocator calls than
 * MAX_BLOCKS leaves the rest untracked.
 */
typedef struct {
	sci_expr *site;
	sci_pos pos;
	int walks;		/* > 1: a loop walks the call again */
	sci_state states[NSTATUS];
} block;

#define MAX_BLOCKS 512

static block blocks[MAX_BLOCKS];
static int nblocks;
static int member_holders;	/* a member of a local struct holds a block */
/*
 * The last call walked, but for errno's own (glibc's `errno` is
 * `(*__errno_location ())`): an errno test right after an acquiring call
 * is that call's failure test (errno_test()).
 */
static sci_expr *last_call;
static sci_expr *last_acquisition;	/* the last call that acquired */

typedef void (*setter)(const sci_key *key, const sci_state *s);

static int status_of(const sci_state *s)
{
	int i;

	for (i = 0; s && i < NSTATUS; i++)
		if (s->name == status_names[i])
			return i;
	return -1;
}

static const block *block_of(const sci_state *s)
{
	return status_of(s) >= 0 ? s->data : NULL;
}

static const sci_state *state_of(const block *b, int status)
{
	return &b->states[status];
}

/*
 * A block's states are made when it is first used, not all at start:
 * the whole table was some 60 KiB written in every worker.
 */
static void block_init(block *b)
{
	int s;

	for (s = 0; s < NSTATUS; s++) {
		b->states[s].name = status_names[s];
		b->states[s].data = b;
	}
}

static block *block_for(sci_expr *call)
{
	int i;

	for (i = 1; i < nblocks; i++)
		if (blocks[i].site == call)
			return &blocks[i];
	if (nblocks == MAX_BLOCKS)
		return NULL;
	if (!blocks[nblocks].states[0].name)
		block_init(&blocks[nblocks]);
	blocks[nblocks].site = call;
	blocks[nblocks].pos = sci_expr_pos(call);
	blocks[nblocks].walks = 0;
	return &blocks[nblocks++];
}

/* May @sm hold block @b (any block when NULL) on some path? */
static int may_hold(const sci_sm *sm, const block *b)
{
	size_t i, n = sci_sm_npossible(sm);

	for (i = 0; i < n; i++) {
		const sci_state *s = sci_sm_possible_at(sm, i);

		if (status_of(s) == ALLOCATED && (!b || block_of(s) == b))
			return 1;
	}
	return 0;
}

/* Does a holder other than @key still hold @b? */
static int held_elsewhere(const block *b, const sci_key *key)
{
	int found = 0;

	SCI_FOR_EACH_STATE(me, sm) {
		if (sci_sm_key(sm) != key && may_hold(sm, b))
			found = 1;
	} SCI_END_FOR_EACH_STATE(sm);
	return found;
}

/* A local pointer that can hold a block: `p`, `s.p`, `s.in.p`. */
static int is_holder(sci_expr *e)
{
	return sci_key_expr(e) && sci_expr_is_local_storage(e) && kind->holds(e);
}

static void set_now(const sci_key *key, const sci_state *s)
{
	sci_state_set(me, key, s);
}

static void set_if_true(const sci_key *key, const sci_state *s)
{
	sci_state_set_true_false(me, key, s, NULL);
}

static void set_if_false(const sci_key *key, const sci_state *s)
{
	sci_state_set_true_false(me, key, NULL, s);
}

/*
 * What happens to @key's memory happens to every holder of it: each block
 * @key may hold gets @status in all its holders, and so does @key.
 */
static void settle(const sci_key *key, int status, setter set)
{
	const sci_sm *sm = sci_sm_get(me, key);
	const block *last = &blocks[0];
	size_t i, n = sci_sm_npossible(sm);

	if (!sm)
		return;
	for (i = 0; i < n; i++) {
		const sci_state *s = sci_sm_possible_at(sm, i);

		if (status_of(s) != ALLOCATED)
			continue;
		last = block_of(s);
		SCI_FOR_EACH_STATE(me, h) {
			if (may_hold(h, last))
				set(sci_sm_key(h), state_of(last, status));
		} SCI_END_FOR_EACH_STATE(h);
	}
	set(key, state_of(last, status));
}

/* What @e's value points into: p for `memcpy(p, s, n)`, `strchr(p, c)`. */
static sci_expr *pointed(sci_expr *e)
{
	int n;

	e = sci_expr_strip(e);
	while (sci_expr_is_call(e) &&
	       (n = sci_profile_returns_arg(sci_call_name(e))) >= 0 &&
	       sci_call_arg(e, n))
		e = sci_expr_strip(sci_call_arg(e, n));
	return e;
}

/*
 * `q = strchr(p, c)` into a local: q points into the memory p holds
 * without owning it, so p still must be freed - but where q goes (a
 * global, a struct), the memory is still reachable and escapes.  Per
 * function, not per path: a pair outlives a path that never made it,
 * which can only keep a leak quiet.
 */
#define MAX_INTERIOR 64
static struct {
	const sci_key *alias, *owner;
} interior[MAX_INTERIOR];
static int ninterior;

static void note_interior(const sci_key *alias, sci_expr *into)
{
	const sci_key *owner = sci_key_expr(into);

	if (alias && owner && owner != alias && sci_sm_get(me, owner) &&
	    ninterior < MAX_INTERIOR) {
		interior[ninterior].alias = alias;
		interior[ninterior].owner = owner;
		ninterior++;
	}
}

static void forget_interior(const sci_key *alias)
{
	int i;

	for (i = 0; i < ninterior; i++)
		if (interior[i].alias == alias)
			interior[i--] = interior[--ninterior];
}

/* Memory that @e points into or contains escapes (except @except's). */
static void escape_in(sci_expr *e, const sci_key *except)
{
	int i;

	e = pointed(e);
	SCI_FOR_EACH_STATE(me, sm) {
		const sci_key *key = sci_sm_key(sm);

		if (key != except && may_hold(sm, NULL) &&
		    (sci_expr_points_into(e, key) ||
		     (!sci_key_is_var(key) && sci_expr_contains_key(e, key))))
			settle(key, ESCAPED, set_now);
	} SCI_END_FOR_EACH_STATE(sm);
	for (i = 0; i < ninterior; i++)
		if (interior[i].owner != except &&
		    sci_expr_points_into(e, interior[i].alias))
			settle(interior[i].owner, ESCAPED, set_now);
}

/*
 * Holders inside the object @e designates - an array's elements, a
 * struct's members - escape: `drop_all(v, n)` may free what v holds.
 */
static void escape_contents(sci_expr *e)
{
	const sci_key *self = sci_key_expr(e);

	SCI_FOR_EACH_STATE(me, sm) {
		const sci_key *key = sci_sm_key(sm);

		/* not e itself: the pointer passed is nocapture()'s question */
		if (may_hold(sm, NULL) && !sci_key_is_var(key) && key != self &&
		    sci_expr_contains_key(e, key))
			settle(key, ESCAPED, set_now);
	} SCI_END_FOR_EACH_STATE(sm);
}

/* Does @e use the memory @key holds: `realloc(p, n)`, `p->next`? */
static int uses(sci_expr *e, const sci_key *key)
{
	int i, n;

	if (sci_expr_points_into(e, key))
		return 1;
	e = sci_expr_strip(e);
	if (sci_expr_is_call(e)) {
		n = sci_call_nargs(e);
		for (i = 0; i < n; i++)
			if (uses(sci_call_arg(e, i), key))
				return 1;
	}
	return 0;
}

static void on_func_start(sci_sym *fn, void *payload)
{
	last_call = last_acquisition = NULL;
	nblocks = 1;
	member_holders = 0;
	ninterior = 0;
}

static void on_alloc(sci_expr *call, sci_expr *left, void *payload)
{
	const sci_key *key = sci_key_expr(left);
	block *b;

	if (!is_holder(left) || !kind->acquires(call))
		return;
	b = block_for(call);
	if (!b)
		return;
	b->walks++;
	last_acquisition = call;
	sci_state_set(me, key, state_of(b, ALLOCATED));
	/* where the engine puts the call: at the callee's name */
	sci_sm_where(sci_sm_get(me, key), NULL, &b->pos);
	if (!sci_key_is_var(key))
		member_holders = 1;
}

static void on_alloc_failed(sci_expr *call, const sci_key *result, void *payload)
{
	if (result)
		settle(result, NULLED, set_now);
}

static int all_failed(const sci_key *key);
static const block *leaked_block(const sci_sm *sm, const sci_key *key);

static int freed_on_some(const sci_sm *sm)
{
	size_t i;

	for (i = 0; i < sci_sm_npossible(sm); i++)
		if (status_of(sci_sm_possible_at(sm, i)) == FREED)
			return 1;
	return 0;
}

/*
 * The block that `p = something else` loses, @sm being p's: one p alone
 * holds on every path, or on some while the others freed it or never got
 * one (`p = malloc(n); if (p) use(p); p = malloc(m);`), or - at a loop's
 * head - the block the previous pass left in p on every way round
 * (`for (;;) { p = malloc(n); ... }` with no free: *@round set).
 */
static const block *overwritten(const sci_sm *sm, const sci_key *key,
				int *round)
{
	const sci_sm *back;
	const block *b;

	*round = 0;
	if (status_of(sci_sm_state(sm)) == ALLOCATED) {
		b = block_of(sci_sm_state(sm));
		return held_elsewhere(b, key) ? NULL : b;
	}
	if ((b = leaked_block(sm, key)))
		return b;
	/*
	 * Round a loop, only where no way round frees it: a path that
	 * frees it on some passes and not others (`if (n > 0) free(p)`)
	 * is often told apart by a relation the join loses (n > 0 exactly
	 * when p was allocated).
	 */
	if ((back = sci_sm_loop_back(sm)) && (b = leaked_block(back, key)) &&
	    !freed_on_some(back)) {
		*round = 1;
		return b;
	}
	return NULL;
}

/* `p = something else` while p alone holds allocated memory. */
static void on_assign_before(sci_expr *left, sci_expr *right, sci_pos pos,
			     void *payload)
{
	const sci_key *key = sci_key_expr(left);
	const sci_sm *sm = key ? sci_sm_get(me, key) : NULL;
	const block *b;
	sci_finding *f;
	int round;

	if (!sm || uses(right, key))
		return;
	/* `if (fd < 0) fd = 2;` after a wrapper: nothing was acquired */
	if (all_failed(key))
		return;
	if (!(b = overwritten(sm, key, &round)))
		return;
	f = sci_report(me, pos, sci_key_name(key), kind->overwrite_fmt,
		       sci_key_name(key), sci_call_name(b->site));
	sci_finding_related(f, b->pos, round ?
			    "allocated here, on the loop's previous pass" :
			    "allocated here");
}

static int is_errno(sci_expr *e)
{
	const char *m = e ? sci_pos_macro(sci_expr_pos(e)) : NULL;

	return m && strcmp(m, "errno") == 0;
}

/*
 * The side of the condition leaf @leaf on which errno holds an error
 * code - 1 its true side (`errno == EBUSY`, `errno != 0`, `errno`), 0 its
 * false side (`errno == 0`) - or -1 when @leaf tests no such thing.
 */
static int errno_error_side(sci_expr *leaf)
{
	sci_expr *l, *r, *t;
	long long k;
	int rels = sci_expr_compare_rels(leaf, &l, &r);

	if (!rels)
		return is_errno(leaf) ? 1 : -1;
	if (is_errno(r)) {
		t = l;
		l = r;
		r = t;
	}
	if (!is_errno(l) || !sci_expr_const(r, &k))
		return -1;
	if (rels == SCI_REL_EQ)
		return k != 0;
	if (rels == (SCI_REL_LT | SCI_REL_GT) && k == 0)
		return 1;
	return -1;
}

/*
 * `fd = open(...); if (errno == EBUSY) goto again;`: where errno holds an
 * error right after the acquiring call, the program takes the call as
 * failed (busybox's open_loop_on_busy() sets errno to 0 first).
 */
static void errno_test(sci_expr *leaf)
{
	const block *b = NULL;
	int side, i;

	/* every condition comes here: the cheap test first */
	if (!last_call || last_call != last_acquisition ||
	    (side = errno_error_side(leaf)) < 0)
		return;
	for (i = 1; i < nblocks && !b; i++)
		if (blocks[i].site == last_call)
			b = &blocks[i];
	if (!b)
		return;
	SCI_FOR_EACH_STATE(me, sm) {
		if (may_hold(sm, b))
			(side ? set_if_true : set_if_false)(sci_sm_key(sm),
							    state_of(b, NULLED));
	} SCI_END_FOR_EACH_STATE(sm);
}

/* `if (!p)`: on the side where p is NULL nothing can leak. */
static void on_condition(sci_expr *leaf, void *payload)
{
	int null_when_true;
	sci_expr *p = kind->null_tests ? sci_cond_null_test(leaf, &null_when_true)
				       : NULL;
	const sci_key *key = p ? sci_key_expr(p) : NULL;

	if (key && sci_state_get(me, key))
		settle(key, NULLED, null_when_true ? set_if_true : set_if_false);
	errno_test(leaf);
}

/*
 * `q = p` into a holder: q holds p's block too.  Only when p's state is
 * the same on every path here; a merged one would be wrong on some.
 * Returns 0 when @right is no such copy.
 */
static int copy(const sci_key *lkey, sci_expr *left, sci_expr *right)
{
	const sci_key *src = sci_key_expr(right);
	const sci_sm *sm = src ? sci_sm_get(me, src) : NULL;

	if (!sm || src == lkey || !is_holder(left) ||
	    status_of(sci_sm_state(sm)) != ALLOCATED)
		return 0;
	sci_state_set(me, lkey, sci_sm_state(sm));
	if (!sci_key_is_var(lkey))
		member_holders = 1;
	return 1;
}

static void on_assign(sci_expr *left, sci_expr *right, sci_pos pos, void *payload)
{
	const sci_key *lkey = sci_key_expr(left);

	if (copy(lkey, left, right))
		return;
	/* a local pointer into the block, `q = strchr(p, c)`, keeps nothing */
	if (sci_expr_is_call(right) && sci_expr_is_local_storage(left)) {
		note_interior(lkey, pointed(right));
		return;
	}
	escape_in(right, lkey);
}

/* `&p`, `&s`: whoever gets the address may free or keep the memory. */
static void on_expr(sci_expr *e, void *payload)
{
	sci_expr *inner, *call;
	const sci_key *key;
	int n;

	if (!sci_expr_is_addr_of(e, &inner) || !(key = sci_key_expr(inner)))
		return;
	/* `show(&p)` where show() only reads *p: p still owns its block */
	if ((call = sci_expr_passed_to(e, &n)) && !sci_call_keeps_pointee(call, n))
		return;
	if (!member_holders) {
		settle(key, ESCAPED, set_now);
		return;
	}
	SCI_FOR_EACH_STATE(me, sm) {
		if (may_hold(sm, NULL) && sci_expr_contains_key(inner, sci_sm_key(sm)))
			settle(sci_sm_key(sm), ESCAPED, set_now);
	} SCI_END_FOR_EACH_STATE(sm);
}

/*
 * `make_buf(&p)` where make_buf() does `*out = malloc(n)` on every path
 * that returns: p now holds a block allocated at the call.
 */
static void out_alloc(sci_expr *call, sci_expr *arg)
{
	sci_expr *inner;
	const sci_key *key;
	block *b;

	if (!sci_expr_is_addr_of(arg, &inner) || !is_holder(inner) ||
	    !(key = sci_key_expr(inner)) || !(b = block_for(call)))
		return;
	b->walks++;
	sci_state_set(me, key, state_of(b, ALLOCATED));
	sci_sm_where(sci_sm_get(me, key), NULL, &b->pos);
}

/*
 * `fclose((FILE *)fd)` with fd from open(): the release does not release
 * it, on every path where @key holds something.  Reported once, and the
 * resource settled as released after it (its leak is this finding).
 */
static void wrong_release(sci_expr *call, const sci_key *key,
			  const char *name)
{
	const sci_sm *sm = sci_sm_get(me, key);
	const block *b = NULL;
	sci_finding *f;
	size_t i;

	if (!kind->mismatched || !sm || !name)
		return;
	for (i = 0; i < sci_sm_npossible(sm); i++) {
		const sci_state *s = sci_sm_possible_at(sm, i);

		if (status_of(s) != ALLOCATED)
			continue;
		if (!kind->mismatched(block_of(s)->site, name))
			return;
		b = block_of(s);
	}
	if (!b)
		return;
	f = sci_report(me, sci_expr_pos(call), sci_key_name(key),
		       "'%s' holds what %s() opened, which %s() does not close",
		       sci_key_name(key), sci_call_name(b->site), name);
	sci_finding_related(f, b->pos, "opened here");
}

static void on_call(sci_expr *call, void *payload)
{
	const char *name = sci_call_name(call);
	int freed_arg = kind->release_arg(name);
	unsigned outs = kind->out_acquires(name);
	int i, n = sci_call_nargs(call);

	if (!is_errno(call))
		last_call = call;

	for (i = 0; i < n; i++) {
		sci_expr *arg = sci_call_arg(call, i);
		const sci_key *key = sci_key_expr(arg);

		if (i == freed_arg) {
			if (key) {
				wrong_release(call, key, name);
				settle(key, FREED, set_now);
			}
			continue;
		}
		if (i < 32 && (outs & (1u << i))) {
			out_alloc(call, arg);
			continue;
		}
		if (!kind->nocapture(call, i))
			escape_in(arg, NULL);
		/* a function that frees or keeps what its argument holds */
		else if (sci_call_keeps_pointee(call, i))
			escape_contents(arg);
	}
}

static void on_return(sci_expr *value, sci_pos pos, void *payload)
{
	if (value)
		escape_in(value, NULL);
}

/* p++, p = p->next, p = other: p no longer holds its block. */
static void on_modify(const sci_key *key, sci_expr *target, sci_pos pos,
		      void *payload)
{
	sci_expr *call;
	int n;

	/* `show(&p)`: a callee that only reads *p leaves p its block */
	if ((call = sci_modify_call(&n)) && !sci_call_keeps_pointee(call, n))
		return;
	forget_interior(key);
	if (sci_state_get(me, key))
		sci_state_set(me, key, state_of(&blocks[0], ESCAPED));
}

/*
 * Every value @key can have here says the acquisition failed: after `fd =
 * -1; if (c) fd = open(...); if (fd < 0) return;` fd is min..-1 on the
 * return, whichever path set it, though no single value is known.
 */
static int all_failed(const sci_key *key)
{
	long long min, max;

	return sci_value_key_bounds(key, &min, &max) && kind->failed(min) &&
	       kind->failed(max);
}

/* Another key holding @b can only have a failed acquisition's value. */
static int holder_failed(const block *b, const sci_key *key)
{
	SCI_FOR_EACH_STATE(me, h) {
		if (sci_sm_key(h) != key && may_hold(h, b) &&
		    all_failed(sci_sm_key(h)))
			return 1;
	} SCI_END_FOR_EACH_STATE(h);
	return 0;
}

/*
 * At a join, a side on which the pointer is NULL holds nothing: its block
 * failed, or it never had one (`p = NULL; if (c) p = malloc(n);`).
 */
static const sci_state *pre_merge(const sci_key *key, const sci_state *mine,
				  const sci_state *other)
{
	const block *b = block_of(mine);

	/* or a copy of it is (`copy = fd; if (copy >= 0) close(copy);`) */
	if (status_of(mine) == NULLED ||
	    (!all_failed(key) &&
	     !(status_of(mine) == ALLOCATED && holder_failed(b, key))))
		return mine;
	return state_of(status_of(mine) == ALLOCATED ? b : &blocks[0], NULLED);
}

/*
 * A block a loop allocates, joined with a path on which the pointer never
 * had it: the loop's head joins its entry (p = NULL, or an older block)
 * with the block of the iterations, and what tells them apart after the
 * loop (`if (!nr)`) is widened away.  Such a join is not reported.
 */
static int loop_joined(const sci_sm *sm, const block *b)
{
	size_t i;

	if (b->walks < 2)
		return 0;
	for (i = 0; i < sci_sm_npossible(sm); i++)
		if (block_of(sci_sm_possible_at(sm, i)) != b)
			return 1;
	return 0;
}

/* The block @key alone may still hold, if every path has it settled. */
static const block *leaked_block(const sci_sm *sm, const sci_key *key)
{
	const block *leak = NULL;
	size_t i;

	for (i = 0; i < sci_sm_npossible(sm); i++) {
		const sci_state *s = sci_sm_possible_at(sm, i);
		int st = status_of(s);

		if (st != ALLOCATED && st != FREED && st != NULLED)
			return NULL;
		if (st == ALLOCATED && !leak && !held_elsewhere(block_of(s), key))
			leak = block_of(s);
	}
	return leak && !loop_joined(sm, leak) ? leak : NULL;
}

static void die(const sci_key *key, sci_pos pos)
{
	const sci_sm *sm = sci_sm_get(me, key);
	const block *b;
	sci_finding *f;

	if (!sm)
		return;
	b = leaked_block(sm, key);
	/*
	 * NULL here, by a test the states did not see: one through a flag
	 * (`*failed = p == NULL; if (*failed) return;`) of an allocator
	 * without return-implies hooks (a wrapper known from its summary),
	 * or of a copy (`copy = fd; if (copy == -1) return;`): every holder
	 * has the one value, so none holds anything.
	 */
	if (all_failed(key) || (b && holder_failed(b, key))) {
		/* the holders still in scope hold nothing either */
		if (may_hold(sm, NULL))
			settle(key, NULLED, set_now);
		b = NULL;
	}
	if (b) {
		f = sci_report(me, pos, sci_key_name(key), kind->leak_fmt,
			       sci_key_name(key), sci_call_name(b->site));
		sci_finding_related(f, b->pos, "allocated here");
	}
	sci_state_set(me, key, state_of(&blocks[0], ESCAPED));
}

static void on_scope_end(sci_sym *sym, sci_pos pos, void *payload)
{
	die(sci_key_sym(sym), pos);
	if (!member_holders)
		return;
	SCI_FOR_EACH_STATE(me, sm) {
		const sci_key *key = sci_sm_key(sm);

		if (sci_key_base(key) == sym && !sci_key_is_var(key))
			die(key, pos);
	} SCI_END_FOR_EACH_STATE(sm);
}

/*
 * Registers the tracker's hooks for checker @id, tracking @k's resources;
 * @failing is NULL-terminated: the acquiring functions whose results
 * @k->failed() values are tested, each with the range of failed values.
 */
typedef struct {
	const char *name;
	long long min, max;
} leak_failure;

static void leak_tracker_init(sci_checker_id id, const leak_kind *k,
			      const leak_failure *failing)
{
	int i;

	me = id;
	kind = k;
	block_init(&blocks[0]);
	sci_on_func_start(me, on_func_start, NULL);
	sci_on_call_assign(me, NULL, on_alloc, NULL);
	for (i = 0; failing[i].name; i++)
		sci_on_return_implies(me, failing[i].name, failing[i].min,
				      failing[i].max, on_alloc_failed, NULL);
	sci_on_condition(me, on_condition, NULL);
	sci_on_assign_before(me, on_assign_before, NULL);
	sci_on_assign(me, on_assign, NULL);
	sci_on_expr(me, on_expr, NULL);
	sci_on_call(me, NULL, on_call, NULL);
	sci_on_return(me, on_return, NULL);
	sci_on_modify(me, on_modify, NULL);
	sci_on_scope_end(me, on_scope_end, NULL);
}

#endif
