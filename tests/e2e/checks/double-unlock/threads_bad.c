/*
 * double-unlock: a thread's start routine holds no lock when it starts,
 * so its unlock of a mutex no path of it locked releases another
 * thread's lock.
 */
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t g_stats_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_rwlock_t g_table_lock = PTHREAD_RWLOCK_INITIALIZER;
static int g_hits;

static void *count_hits(void *arg)
{
	(void)arg;
	/* the lock() was lost in an edit */
	g_hits++;
	pthread_mutex_unlock(&g_stats_lock);	/* expect-error: double-unlock "'g_stats_lock' is unlocked, but no path locked it: 'count_hits()' is a thread start routine and holds no lock when it starts" */
	return NULL;
}

struct job { pthread_mutex_t lock; int done; };

static void *finish_job(void *arg)
{
	struct job *j = arg;

	j->done = 1;
	pthread_mutex_unlock(&j->lock);	/* expect-error: double-unlock "'arg->lock' is unlocked, but no path locked it" */
	return NULL;
}

static void *reader(void *arg)
{
	(void)arg;
	pthread_rwlock_unlock(&g_table_lock);	/* expect-error: double-unlock "'g_table_lock' is unlocked, but no path locked it" */
	return NULL;
}

int start_workers(struct job *j)
{
	pthread_t a, b, c;

	if (pthread_create(&a, NULL, count_hits, NULL) ||
	    pthread_create(&b, NULL, &finish_job, j) ||
	    pthread_create(&c, NULL, reader, NULL))
		return -1;
	return 0;
}
