/* expect-none */
/* Callers that pair the wrappers of another file. */
#include <pthread.h>

struct table { pthread_mutex_t lock; int n; };

extern pthread_mutex_t g_big;
void lock_table(struct table *t);
void unlock_table(struct table *t);
void big_lock(void);
void big_unlock(void);

int set_n(struct table *t, int n)
{
	lock_table(t);
	if (n < 0) {
		unlock_table(t);
		return -1;
	}
	t->n = n;
	pthread_mutex_unlock(&t->lock);
	return 0;
}

/* the global lock taken by the wrapper, released directly */
int big(int n)
{
	big_lock();
	if (n) {
		pthread_mutex_unlock(&g_big);
		return -1;
	}
	big_unlock();
	return 0;
}

/* a lock function of its own, from the other file's wrapper */
struct table *grab(struct table *t)
{
	lock_table(t);
	return t;
}
