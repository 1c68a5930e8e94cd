// SPDX-License-Identifier: MIT
/*
 * double-lock: a lock is taken again on a path where this function already
 * holds it - a self-deadlock for a normal (non-recursive) pthread mutex, a
 * spinlock or the write side of a rwlock.
 *
 *	pthread_mutex_lock(&s->lock);
 *	if (s->dirty)
 *		flush(s);		// flush() takes s->lock too: a wrapper
 *	pthread_mutex_lock(&s->lock);	// deadlock: already held
 *
 * Lock functions come from the lock model (sci_lock_effect): pthread
 * mutexes, rwlocks and spinlocks in the library models, the profile's
 * "locks" pairs, and project functions whose summary takes a lock on
 * every path.  Taking the read side of a rwlock twice is allowed (POSIX
 * lets a thread hold it more than once); taking either side while the
 * write side is held, or the write side while the read side is held, is
 * reported.  A trylock never deadlocks and is not reported.
 *
 * Known false-positive sources: recursive mutexes
 * (PTHREAD_MUTEX_RECURSIVE), which the model cannot tell apart from
 * normal ones; two different locks the model names alike (a local
 * `s` shadowing another, `a[i].lock` and `a[j].lock` are distinct keys
 * only when the index differs as text).  The lock must be held on every
 * path reaching the second call, as the implied states tell paths apart,
 * so a flag that decides both acquisitions stays quiet.
 *
 * Siblings: double-unlock (released twice), lock-held-on-return (a
 * return path that forgets to release).
 */
#include "analyzer/checker.h"

static sci_checker_id me;

/* Does taking @key (shared or not) now deadlock on what the path holds? */
static int deadlocks(const sci_key *key, int shared, sci_pos *where)
{
	int st = sci_lock_status(key, where);

	return st == SCI_LOCK_HELD || (st == SCI_LOCK_HELD_SHARED && !shared);
}

static void on_call(sci_expr *call, void *payload)
{
	const sci_key *key;
	sci_finding *f;
	sci_pos where;
	int i, kind, shared;

	(void)payload;
	for (i = 0; (kind = sci_lock_effect(call, i, &key, &shared)) != 0; i++) {
		if (kind != SCI_LOCK_ACQUIRE || !deadlocks(key, shared, &where))
			continue;
		f = sci_report(me, sci_expr_pos(call), sci_key_name(key),
			       "'%s' is locked again on a path that already holds it",
			       sci_key_name(key));
		sci_finding_related(f, where, "first locked here");
	}
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_call(me, NULL, on_call, NULL);
}

const struct sci_checker sci_checker_double_lock = {
	.rule = "double-lock",
	.summary = "a lock is taken twice on one path",
	.description = "A lock (a pthread mutex, a spinlock, the write side of "
		       "a rwlock, or a project lock function) is acquired on "
		       "a path where the function already holds it, which "
		       "deadlocks a non-recursive lock.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-764",
	.tags = "concurrency reliability",
	.enabled_by_default = 1,
	.init = init,
};
