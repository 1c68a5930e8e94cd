/* double-unlock: a lock released where every path already released it. */
#include <pthread.h>

struct table { pthread_mutex_t lock; int n; };

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_spinlock_t g_spin;

void twice(void)
{
	pthread_mutex_lock(&g_lock);
	pthread_mutex_unlock(&g_lock);
	pthread_mutex_unlock(&g_lock);	/* expect-error: double-unlock "'g_lock' is unlocked again: every path here already unlocked it" */
}

/* the classic error path: unlocked, then the common exit unlocks again */
int update(struct table *t, int v)
{
	int ret = 0;

	pthread_mutex_lock(&t->lock);
	if (v < 0) {
		pthread_mutex_unlock(&t->lock);
		ret = -1;
		goto out;
	}
	t->n = v;
	pthread_mutex_unlock(&t->lock);
out:
	pthread_mutex_unlock(&t->lock);	/* expect-error: double-unlock "'t->lock' is unlocked again" */
	return ret;
}

/* a release wrapper, then the lock released again */
static void unlock_table(struct table *t)
{
	pthread_mutex_unlock(&t->lock);
}

void wrapped(struct table *t)
{
	pthread_mutex_lock(&t->lock);
	t->n++;
	unlock_table(t);
	pthread_mutex_unlock(&t->lock);	/* expect-error: double-unlock "'t->lock' is unlocked again" */
}

void spin(void)
{
	pthread_spin_lock(&g_spin);
	pthread_spin_unlock(&g_spin);
	pthread_spin_unlock(&g_spin);	/* expect-error: double-unlock "'g_spin' is unlocked again" */
}

/* every pass of the loop unlocks what the pass before unlocked */
void unlock_each_pass(void)
{
	int i;

	pthread_mutex_lock(&g_lock);
	for (i = 0; i < 2; i++)
		pthread_mutex_unlock(&g_lock);	/* expect-error: double-unlock "'g_lock' is unlocked again" */
}
