/* expect-none */
/*
 * double-unlock: thread start routines that lock before they unlock, and
 * functions that are no start routine releasing their caller's lock.
 */
#include <pthread.h>
#include <semaphore.h>
#include <stddef.h>

static pthread_mutex_t g_stats_lock = PTHREAD_MUTEX_INITIALIZER;
static int g_hits;

static void *count_hits(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&g_stats_lock);
	g_hits++;
	pthread_mutex_unlock(&g_stats_lock);
	return NULL;
}

/* taken in a helper the summaries know takes it on every path */
static void stats_lock(void)
{
	pthread_mutex_lock(&g_stats_lock);
}

static void *count_more(void *arg)
{
	(void)arg;
	stats_lock();
	g_hits += 2;
	pthread_mutex_unlock(&g_stats_lock);
	return NULL;
}

/* no start routine: called with the lock held, it releases it */
void hits_done_locked(void)
{
	g_hits = 0;
	pthread_mutex_unlock(&g_stats_lock);
}

/* a locked loop: every pass takes the lock before it lets it go */
static void *poller(void *arg)
{
	int *stop = arg;

	while (!*stop) {
		pthread_mutex_lock(&g_stats_lock);
		g_hits++;
		pthread_mutex_unlock(&g_stats_lock);
	}
	return NULL;
}

int start_workers(int *stop)
{
	pthread_t a, b, c;

	if (pthread_create(&a, NULL, count_hits, NULL) ||
	    pthread_create(&b, NULL, count_more, NULL) ||
	    pthread_create(&c, NULL, poller, stop))
		return -1;
	return 0;
}
