/* expect-none */
/* lock-held-on-return: returns that must stay silent. */
#include <pthread.h>
#include <stddef.h>

struct table { pthread_mutex_t lock; int n; struct table *next; };

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_cond = PTHREAD_COND_INITIALIZER;
static int counter, ready;

/* a lock function: every return keeps the lock */
void lock_table(struct table *t)
{
	pthread_mutex_lock(&t->lock);
}

/* ...also when some path never took it */
struct table *lookup_locked(struct table *t, int n)
{
	for (; t; t = t->next)
		if (t->n == n)
			break;
	if (!t)
		return NULL;
	pthread_mutex_lock(&t->lock);
	return t;
}

/* returns locked on success (non-NULL), unlocked on failure (NULL) */
struct table *find_locked(struct table *t)
{
	pthread_mutex_lock(&t->lock);
	if (t->n == 0) {
		pthread_mutex_unlock(&t->lock);
		return NULL;
	}
	return t;
}

/* returns 0 locked, -1 unlocked */
int lock_if_ready(struct table *t)
{
	pthread_mutex_lock(&t->lock);
	if (!t->n) {
		pthread_mutex_unlock(&t->lock);
		return -1;
	}
	return 0;
}

/* every error path unlocks, through goto */
int update(struct table *t, int v)
{
	int ret = 0;

	pthread_mutex_lock(&t->lock);
	if (v < 0) {
		ret = -1;
		goto out;
	}
	t->n = v;
out:
	pthread_mutex_unlock(&t->lock);
	return ret;
}

/* a failed lock took nothing */
int checked(int v)
{
	if (pthread_mutex_lock(&g_lock) != 0)
		return -1;
	counter = v;
	pthread_mutex_unlock(&g_lock);
	return 0;
}

/* a failed trylock took nothing */
int try_update(int v)
{
	if (pthread_mutex_trylock(&g_lock))
		return -1;
	counter = v;
	pthread_mutex_unlock(&g_lock);
	return 0;
}

/* released in a helper */
static void unlock_table(struct table *t)
{
	pthread_mutex_unlock(&t->lock);
}

int helper(struct table *t, int v)
{
	pthread_mutex_lock(&t->lock);
	if (v < 0) {
		unlock_table(t);
		return -1;
	}
	t->n = v;
	unlock_table(t);
	return 0;
}

/* the condition variable keeps the mutex held on return from the wait */
int wait_ready(void)
{
	int v;

	pthread_mutex_lock(&g_lock);
	while (!ready)
		pthread_cond_wait(&g_cond, &g_lock);
	v = counter;
	pthread_mutex_unlock(&g_lock);
	return v;
}

/* lock and unlock in a loop, leaving early unlocked */
int scan(struct table *t, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		pthread_mutex_lock(&t->lock);
		if (t->n == i) {
			pthread_mutex_unlock(&t->lock);
			return i;
		}
		pthread_mutex_unlock(&t->lock);
	}
	return -1;
}
