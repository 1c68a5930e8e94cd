/* Callers in another file that forget to unlock, or lock twice. */
#include <pthread.h>

struct table { pthread_mutex_t lock; int n; };

void lock_table(struct table *t);
void unlock_table(struct table *t);
void mutex_enter(pthread_mutex_t *m);
void mutex_leave(pthread_mutex_t *m);
void big_lock(void);
void big_unlock(void);

int set_n(struct table *t, int n)
{
	lock_table(t);
	if (n < 0)
		return -1;	/* expect-warning: lock-held-on-return "returning with 't->lock' held" */
	t->n = n;
	unlock_table(t);
	return 0;
}

void relock(struct table *t)
{
	lock_table(t);
	pthread_mutex_lock(&t->lock);	/* expect-error: double-lock "'t->lock' is locked again" */
	unlock_table(t);
}

void unlock_twice(struct table *t)
{
	pthread_mutex_lock(&t->lock);
	unlock_table(t);
	unlock_table(t);	/* expect-error: double-unlock "'t->lock' is unlocked again" */
}

int enter_forgets(struct table *t, int n)
{
	mutex_enter(&t->lock);
	if (n > 10)
		return -1;	/* expect-warning: lock-held-on-return "returning with 't->lock' held" */
	t->n = n;
	mutex_leave(&t->lock);
	return 0;
}

int big(int n)
{
	big_lock();
	if (n)
		return -1;	/* expect-warning: lock-held-on-return "returning with 'g_big' held" */
	big_unlock();
	return 0;
}
