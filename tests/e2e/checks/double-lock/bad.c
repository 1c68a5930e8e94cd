/* double-lock: a lock taken again on a path that already holds it. */
#include <pthread.h>

struct table { pthread_mutex_t lock; int n; };

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t g_rw = PTHREAD_RWLOCK_INITIALIZER;
static pthread_spinlock_t g_spin;

void twice(void)
{
	pthread_mutex_lock(&g_lock);
	pthread_mutex_lock(&g_lock);	/* expect-error: double-lock "'g_lock' is locked again on a path that already holds it" */
	pthread_mutex_unlock(&g_lock);
}

/* a member path through a parameter, after a branch that did not unlock */
void member(struct table *t, int c)
{
	pthread_mutex_lock(&t->lock);
	if (c)
		t->n++;
	pthread_mutex_lock(&t->lock);	/* expect-error: double-lock "'t->lock' is locked again" */
	pthread_mutex_unlock(&t->lock);
}

/* an acquire wrapper of the same file: lock_table() returns holding it */
static void lock_table(struct table *t)
{
	pthread_mutex_lock(&t->lock);
}

void wrapped(struct table *t)
{
	lock_table(t);
	t->n = 0;
	pthread_mutex_lock(&t->lock);	/* expect-error: double-lock "'t->lock' is locked again" */
	pthread_mutex_unlock(&t->lock);
}

/* the write side while this thread holds the read side */
void upgrade(void)
{
	pthread_rwlock_rdlock(&g_rw);
	pthread_rwlock_wrlock(&g_rw);	/* expect-error: double-lock "'g_rw' is locked again" */
	pthread_rwlock_unlock(&g_rw);
}

void spin(void)
{
	pthread_spin_lock(&g_spin);
	pthread_spin_lock(&g_spin);	/* expect-error: double-lock "'g_spin' is locked again" */
	pthread_spin_unlock(&g_spin);
}

/* a mutex passed by pointer */
void by_pointer(pthread_mutex_t *m)
{
	pthread_mutex_lock(m);
	pthread_mutex_lock(m);	/* expect-error: double-lock "'m' is locked again" */
	pthread_mutex_unlock(m);
}

/* a successful trylock holds the lock too */
void after_trylock(void)
{
	if (pthread_mutex_trylock(&g_lock) == 0) {
		pthread_mutex_lock(&g_lock);	/* expect-error: double-lock "'g_lock' is locked again" */
		pthread_mutex_unlock(&g_lock);
	}
}

/* the wrapper's "$0->lock" for an argument `&tab`: "tab.lock" */
void local_table(void)
{
	struct table tab;

	pthread_mutex_init(&tab.lock, NULL);
	lock_table(&tab);
	pthread_mutex_lock(&tab.lock);	/* expect-error: double-lock "'tab.lock' is locked again" */
	pthread_mutex_unlock(&tab.lock);
}

/* the second pass locks what the first pass still holds */
void lock_each_pass(int n)
{
	int i;

	for (i = 0; i < n; i++)
		pthread_mutex_lock(&g_lock);	/* expect-error: double-lock "'g_lock' is locked again on a path that already holds it" */
}
