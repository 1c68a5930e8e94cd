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

static void on_func_end(sci_sym *fn, void *payload)
{
	const sci_lock_exit *x, *rel;
	sci_finding *f;
	size_t n = sci_lock_exits(&x), i;

	(void)fn;
	(void)payload;
	for (i = 0; i < n; i++) {
		if (!x[i].held || !(rel = released_at(x, n, x[i].lock)) ||
		    told_by_value(x, n, x[i].lock))
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
