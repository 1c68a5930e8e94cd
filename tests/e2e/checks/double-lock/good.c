/* expect-none */
/* double-lock: acquisitions that must stay silent. */
#include <pthread.h>

struct table { pthread_mutex_t lock; int n; struct table *next; };

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t g_rw = PTHREAD_RWLOCK_INITIALIZER;
static pthread_cond_t g_cond = PTHREAD_COND_INITIALIZER;
static int ready;

/* lock and unlock in a loop */
void loop(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		pthread_mutex_lock(&g_lock);
		ready++;
		pthread_mutex_unlock(&g_lock);
	}
}

/* released in a helper before it is taken again */
static void unlock_table(struct table *t)
{
	pthread_mutex_unlock(&t->lock);
}

void helper(struct table *t)
{
	pthread_mutex_lock(&t->lock);
	t->n++;
	unlock_table(t);
	pthread_mutex_lock(&t->lock);
	t->n--;
	pthread_mutex_unlock(&t->lock);
}

/* the read side twice is allowed */
int readers(void)
{
	int v;

	pthread_rwlock_rdlock(&g_rw);
	pthread_rwlock_rdlock(&g_rw);
	v = ready;
	pthread_rwlock_unlock(&g_rw);
	pthread_rwlock_unlock(&g_rw);
	return v;
}

/* a failed trylock holds nothing */
void try_then_lock(void)
{
	if (pthread_mutex_trylock(&g_lock) != 0)
		pthread_mutex_lock(&g_lock);
	ready = 1;
	pthread_mutex_unlock(&g_lock);
}

/* a trylock on a held lock just fails */
void try_held(void)
{
	pthread_mutex_lock(&g_lock);
	if (pthread_mutex_trylock(&g_lock) == 0)
		ready = 2;
	pthread_mutex_unlock(&g_lock);
}

/* pthread_cond_wait() gives the mutex back before it returns */
void wait_ready(void)
{
	pthread_mutex_lock(&g_lock);
	while (!ready)
		pthread_cond_wait(&g_cond, &g_lock);
	pthread_mutex_unlock(&g_lock);
}

/* hand-over-hand: s changed, so s->lock is another lock */
void walk(struct table *s)
{
	struct table *next;

	pthread_mutex_lock(&s->lock);
	while (s->next) {
		next = s->next;
		pthread_mutex_lock(&next->lock);
		pthread_mutex_unlock(&s->lock);
		s = next;
	}
	pthread_mutex_unlock(&s->lock);
}

/* two different locks */
void two(struct table *a, struct table *b)
{
	pthread_mutex_lock(&a->lock);
	pthread_mutex_lock(&b->lock);
	pthread_mutex_unlock(&b->lock);
	pthread_mutex_unlock(&a->lock);
}

/* the same flag decides both */
void flagged(int locked)
{
	if (!locked)
		pthread_mutex_lock(&g_lock);
	ready = 3;
	if (!locked)
		pthread_mutex_unlock(&g_lock);
}
