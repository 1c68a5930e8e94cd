/* expect-none */
/* double-unlock: releases that must stay silent. */
#include <pthread.h>

struct table { pthread_mutex_t lock; int n; };

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t g_cond = PTHREAD_COND_INITIALIZER;
static int ready;

/* unlocks what the caller locked: normal */
void finish(struct table *t)
{
	t->n = 0;
	pthread_mutex_unlock(&t->lock);
}

/* the error path unlocks and leaves; the rest unlocks once */
int update(struct table *t, int v)
{
	pthread_mutex_lock(&t->lock);
	if (v < 0) {
		pthread_mutex_unlock(&t->lock);
		return -1;
	}
	t->n = v;
	pthread_mutex_unlock(&t->lock);
	return 0;
}

/* one common exit */
int update2(struct table *t, int v)
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

/* dropped and taken again inside a loop */
void drop_in_loop(int n)
{
	int i;

	pthread_mutex_lock(&g_lock);
	for (i = 0; i < n; i++) {
		pthread_mutex_unlock(&g_lock);
		ready++;
		pthread_mutex_lock(&g_lock);
	}
	pthread_mutex_unlock(&g_lock);
}

/* the condition variable gives the mutex back held */
void wait_ready(void)
{
	pthread_mutex_lock(&g_lock);
	while (!ready)
		pthread_cond_wait(&g_cond, &g_lock);
	pthread_mutex_unlock(&g_lock);
}

/* correlated: the same flag decides lock and unlock */
void flagged(int locked)
{
	if (!locked)
		pthread_mutex_lock(&g_lock);
	ready = 3;
	if (!locked)
		pthread_mutex_unlock(&g_lock);
}

/* unlocked, then locked and unlocked again */
void again(void)
{
	pthread_mutex_lock(&g_lock);
	pthread_mutex_unlock(&g_lock);
	pthread_mutex_lock(&g_lock);
	pthread_mutex_unlock(&g_lock);
}

/*
 * A function that takes and releases a lock (through wrappers, as git's
 * attr.c does with g_attr_hashmap) is balanced, not a release wrapper:
 * calling it twice releases nothing twice.
 */
struct map { pthread_mutex_t mutex; int n; };
struct map g_map;

static void map_lock(struct map *m)
{
	pthread_mutex_lock(&m->mutex);
}

static void map_unlock(struct map *m)
{
	pthread_mutex_unlock(&m->mutex);
}

void map_bump(void)
{
	map_lock(&g_map);
	g_map.n++;
	map_unlock(&g_map);
}

void bump_twice(void)
{
	map_bump();
	map_bump();
}

/* loops that lock and unlock in pairs, drop the lock around work, or run once */
static int g_work;

void paired_each_pass(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		pthread_mutex_lock(&g_lock);
		g_work++;
		pthread_mutex_unlock(&g_lock);
	}
}

void dropped_around_work(int n)
{
	int i;

	pthread_mutex_lock(&g_lock);
	for (i = 0; i < n; i++) {
		pthread_mutex_unlock(&g_lock);
		g_work++;
		pthread_mutex_lock(&g_lock);
	}
	pthread_mutex_unlock(&g_lock);
}

void unlocked_once(void)
{
	int i;

	pthread_mutex_lock(&g_lock);
	for (i = 0; i < 1; i++)
		pthread_mutex_unlock(&g_lock);
}
