/* expect-none */
/*
 * Lock and unlock wrappers in a file of their own: their callers in other
 * files know them from their summaries ("locks"/"unlocks"), no profile.
 */
#include <pthread.h>

struct table { pthread_mutex_t lock; int n; };

pthread_mutex_t g_big = PTHREAD_MUTEX_INITIALIZER;

/* acquire wrapper of a parameter's member */
void lock_table(struct table *t)
{
	pthread_mutex_lock(&t->lock);
}

/* release wrapper */
void unlock_table(struct table *t)
{
	pthread_mutex_unlock(&t->lock);
}

/* a wrapper of a mutex passed by pointer */
void mutex_enter(pthread_mutex_t *m)
{
	pthread_mutex_lock(m);
}

void mutex_leave(pthread_mutex_t *m)
{
	pthread_mutex_unlock(m);
}

/* a global lock */
void big_lock(void)
{
	pthread_mutex_lock(&g_big);
}

void big_unlock(void)
{
	pthread_mutex_unlock(&g_big);
}
