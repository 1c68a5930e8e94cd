/* lock-held-on-return: a return path keeps a lock other paths release. */
#include <pthread.h>
#include <stdlib.h>

struct table { pthread_mutex_t lock; int n; int *slots; };

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static int counter;

int forgets(int v)
{
	pthread_mutex_lock(&g_lock);
	if (v < 0)
		return -1;	/* expect-warning: lock-held-on-return "returning with 'g_lock' held, which other return paths release" */
	counter = v;
	pthread_mutex_unlock(&g_lock);
	return 0;
}

/* goto error paths: one label forgets the unlock */
int grow(struct table *t, int n)
{
	int *p;

	pthread_mutex_lock(&t->lock);
	if (n <= t->n)
		goto out;
	p = realloc(t->slots, n * sizeof(*p));
	if (!p)
		goto fail;
	t->slots = p;
	t->n = n;
out:
	pthread_mutex_unlock(&t->lock);
	return 0;
fail:
	return -1;	/* expect-warning: lock-held-on-return "returning with 't->lock' held" */
}

/* a lock in a loop: the break path leaves it held, the error path not */
void drain(struct table *t)
{
	for (;;) {
		pthread_mutex_lock(&t->lock);
		if (t->n < 0) {
			pthread_mutex_unlock(&t->lock);
			return;
		}
		if (t->n == 0)
			break;
		t->n--;
		pthread_mutex_unlock(&t->lock);
	}
	t->n = 1;
}	/* expect-warning: lock-held-on-return "returning with 't->lock' held" */

/* a successful trylock, then a path that keeps it */
int try_update(int v)
{
	if (pthread_mutex_trylock(&g_lock) != 0)
		return -1;
	if (v > 100)
		return -2;	/* expect-warning: lock-held-on-return "returning with 'g_lock' held" */
	counter = v;
	pthread_mutex_unlock(&g_lock);
	return 0;
}

/* a void function */
void set(struct table *t, int v)
{
	pthread_mutex_lock(&t->lock);
	if (!t->slots)
		return;		/* expect-warning: lock-held-on-return "returning with 't->lock' held" */
	t->slots[0] = v;
	pthread_mutex_unlock(&t->lock);
}
