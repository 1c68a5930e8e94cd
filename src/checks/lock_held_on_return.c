// SPDX-License-Identifier: MIT
/*
 * lock-held-on-return: inconsistent locking (Smatch's check_locking) - a
 * return path of a function keeps a lock the function took, while other
 * return paths release it: the error path that forgets the unlock.
 *
 *	pthread_mutex_lock(&s->lock);
 *	if (!s->ready)
 *		return -1;		// s->lock is still held here
 *	...
 *	pthread_mutex_unlock(&s->lock);
 *	return 0;
 *
 * The lock model records, for every return path, the locks it holds and
 * the locks it released (sci_lock_exits); a return that holds a lock some
 * other return released is reported there, with the acquisition as a
 * related location.  Not reported: a "lock function" whose every return
 * keeps the lock (a wrapper that returns holding it), a path that never
 * took the lock, a conditional acquisition that failed (trylock returned
 * non-zero, `if (pthread_mutex_lock(&m) != 0) return;`), and functions
 * whose return value tells the caller which case it is in: every return
 * that keeps the lock returns 0 (or NULL) and every one that releases it
 * returns non-zero, or the other way round (`return obj;` locked, `return
 * NULL;` unlocked).
 *
 * Known false-positive sources: a return value that says it in a way the
 * value model does not see (an error code from a variable both sides
 * share), a lock released by something the model does not know (a call
 * through a function pointer, a library unlock function missing from the
 * profile's "locks").  A state that differs between merged paths is not
 * a fact and is not reported (`if (x) unlock(&m); return;`).
 *
 * A thread's start routine (a function this TU gives to pthread_create()
 * or thrd_create()) that can return holding a lock it took is reported
 * whatever its other paths do (a thread that never unlocks at all): the
 * thread ends holding the lock, and nothing can release it.
 *
 * Siblings: double-lock, double-unlock; memory-leak is the same question
 * for memory.
 */
#include "analyzer/checker.h"

#include <string.h>

static sci_checker_id me;

/* The value classes (bit per SCI_LOCK_RET_*) of @lock's held / released exits. */
static unsigned classes(const sci_lock_exit *x, size_t n, const char *lock,
			int held)
{
	unsigned m = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (x[i].held == held && strcmp(x[i].lock, lock) == 0)
			m |= 1u << x[i].value;
	return m;
}

/*
 * The caller can tell from the value returned whether it holds @lock, the
 * way lock-on-success functions say it: 0 when it holds it and an error
 * code (or any non-zero) when not, or a positive value / a pointer when
 * it holds it and 0 / NULL when not.  An error code returned while the
 * lock is kept, where success paths release it, is the bug itself.
 */
static int told_by_value(const sci_lock_exit *x, size_t n, const char *lock)
{
	unsigned h = classes(x, n, lock, 1), r = classes(x, n, lock, 0);
	unsigned zero = 1u << SCI_LOCK_RET_ZERO;
	unsigned pos = 1u << SCI_LOCK_RET_POSITIVE;
	unsigned nonzero = pos | 1u << SCI_LOCK_RET_NEGATIVE;

	return (h == zero && r && !(r & ~nonzero)) || (h == pos && r == zero);
}

/* A return path that released @lock, or NULL. */
static const sci_lock_exit *released_at(const sci_lock_exit *x, size_t n,
					const char *lock)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!x[i].held && strcmp(x[i].lock, lock) == 0)
			return &x[i];
	return NULL;
}

/*
 * A thread's start routine (given to pthread_create() in this TU) starts
 * holding no lock, and nothing runs after it returns: a lock it took and
 * still holds there is held for ever by a thread that is gone, whatever
 * the other paths do.  Reported once per lock, at the first such return.
 * Where merged paths disagree (`if (ok) unlock(&m); return NULL;`) the
 * condition may always hold: not reported, as for other functions.
 */
static sci_sym *cur_fn;
static int thread_start;
#define MAX_THREAD_LOCKS 8
static const char *thread_locks[MAX_THREAD_LOCKS];
static int nthread_locks;

static int thread_reported(const char *lock)
{
	int i;

	for (i = 0; i < nthread_locks; i++)
		if (strcmp(thread_locks[i], lock) == 0)
			return 1;
	return 0;
}

static void on_func_start(sci_sym *fn, void *payload)
{
	(void)payload;
	cur_fn = fn;
	thread_start = sci_fn_is_thread_start(fn);
	nthread_locks = 0;
}

static void on_return(sci_expr *value, sci_pos pos, void *payload)
{
	const sci_key *key;
	sci_finding *f;
	sci_pos where;
	size_t i;

	(void)value;
	(void)payload;
	if (!thread_start)
		return;
	for (i = 0; (key = sci_lock_held_here(i, &where)); i++) {
		const char *lock = sci_key_name(key);

		if (thread_reported(lock) || nthread_locks == MAX_THREAD_LOCKS)
			continue;
		thread_locks[nthread_locks++] = lock;
		f = sci_report(me, pos, lock,
			       "thread start routine '%s()' returns with '%s' held: the thread ends holding it and nothing can release it",
			       sci_sym_name(cur_fn), lock);
		sci_finding_related(f, where, "locked here");
	}
}

static void on_func_end(sci_sym *fn, void *payload)
{
	const sci_lock_exit *x, *rel;
	sci_finding *f;
	size_t n = sci_lock_exits(&x), i;

	(void)fn;
	(void)payload;
	for (i = 0; i < n; i++) {
		if (!x[i].held || !(rel = released_at(x, n, x[i].lock)) ||
		    told_by_value(x, n, x[i].lock) ||
		    (thread_start && thread_reported(x[i].lock)))
			continue;
		f = sci_report(me, x[i].ret, x[i].lock,
			       "returning with '%s' held, which other return paths release",
			       x[i].lock);
		sci_finding_related(f, x[i].where, "locked here");
		sci_finding_related(f, rel->ret, "a return path that releases it");
	}
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_func_start(me, on_func_start, NULL);
	sci_on_return(me, on_return, NULL);
	sci_on_func_end(me, on_func_end, NULL);
}

const struct sci_checker sci_checker_lock_held_on_return = {
	.rule = "lock-held-on-return",
	.summary = "a return path keeps a lock other return paths release",
	.description = "Some return path of a function keeps a lock the "
		       "function took while its other return paths release "
		       "it: usually an error path that forgets to unlock, "
		       "leaving the lock held for ever.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-667",
	.tags = "concurrency reliability",
	.enabled_by_default = 1,
	.init = init,
};
