// SPDX-License-Identifier: MIT
/*
 * double-unlock: a lock is released when every path reaching the release
 * already released it in this function.
 *
 *	pthread_mutex_unlock(&s->lock);
 *	if (err)
 *		goto out;
 *	...
 * out:
 *	pthread_mutex_unlock(&s->lock);	// released twice on the err path
 *
 * Unlocking a mutex the thread does not hold is undefined behaviour for a
 * normal mutex (and corrupts a spinlock's or rwlock's state).  Only this
 * function's own release counts: a function that unlocks a lock its
 * caller took (or takes it in a helper the model does not know) is normal
 * and silent, since nothing says the lock is released before its unlock.
 * Release wrappers (a project function that releases its parameter's lock
 * on every path) count as releases.
 *
 * A thread's start routine (given to pthread_create() or thrd_create()
 * in this TU) holds no lock when it starts: its unlock of a mutex or
 * rwlock that no path of it locked unlocks what another thread holds.
 *
 * Known false-positive sources: a lock taken again by something the lock
 * model does not know (a call through a function pointer, a lock function
 * of another library missing from the profile's "locks"); two locks the
 * model names alike.  The lock must be released on every path reaching the
 * second release.
 *
 * Siblings: double-lock, lock-held-on-return.
 */
#include "analyzer/checker.h"

#include <string.h>

static sci_checker_id me;

static sci_sym *cur_fn;
static int thread_start;

static void on_func_start(sci_sym *fn, void *payload)
{
	(void)payload;
	cur_fn = fn;
	thread_start = sci_fn_is_thread_start(fn);
}

/*
 * The library's own unlock of a mutex or rwlock: the thread must hold it
 * (a profile's pair may be a semaphore any thread releases).
 */
static int owned_unlock(sci_expr *call)
{
	const char *name = sci_call_name(call);

	return name && (strcmp(name, "pthread_mutex_unlock") == 0 ||
			strcmp(name, "pthread_rwlock_unlock") == 0 ||
			strcmp(name, "mtx_unlock") == 0);
}

static void on_call(sci_expr *call, void *payload)
{
	const sci_key *key;
	sci_finding *f;
	sci_pos where;
	int i, kind, shared;

	(void)payload;
	for (i = 0; (kind = sci_lock_effect(call, i, &key, &shared)) != 0; i++) {
		if (kind == SCI_LOCK_RELEASE && thread_start &&
		    owned_unlock(call) && sci_lock_untouched(key)) {
			sci_report(me, sci_expr_pos(call), sci_key_name(key),
				   "'%s' is unlocked, but no path locked it: '%s()' is a thread start routine and holds no lock when it starts",
				   sci_key_name(key), sci_sym_name(cur_fn));
			continue;
		}
		if (kind != SCI_LOCK_RELEASE ||
		    sci_lock_status(key, &where) != SCI_LOCK_RELEASED)
			continue;
		f = sci_report(me, sci_expr_pos(call), sci_key_name(key),
			       "'%s' is unlocked again: every path here already unlocked it",
			       sci_key_name(key));
		sci_finding_related(f, where, "first unlocked here");
	}
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_func_start(me, on_func_start, NULL);
	sci_on_call(me, NULL, on_call, NULL);
}

const struct sci_checker sci_checker_double_unlock = {
	.rule = "double-unlock",
	.summary = "a lock is released twice on one path",
	.description = "A lock is released on a path where the function has "
		       "already released it, which is undefined behaviour for "
		       "a pthread mutex and corrupts spinlocks and rwlocks.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-765",
	.tags = "concurrency reliability",
	.enabled_by_default = 1,
	.init = init,
};
