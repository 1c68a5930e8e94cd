/*
 * lock-held-on-return: a thread's start routine that returns holding a
 * lock it took leaves it held for ever, even when no path releases it.
 */
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t g_queue_lock = PTHREAD_MUTEX_INITIALIZER;
static int g_queued;

static void *producer(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&g_queue_lock);
	g_queued++;
	return NULL;	/* expect-warning: lock-held-on-return "thread start routine 'producer()' returns with 'g_queue_lock' held: the thread ends holding it and nothing can release it" */
}

static void *drain(void *arg)
{
	int *limit = arg;

	pthread_mutex_lock(&g_queue_lock);
	if (g_queued > *limit)
		return NULL;	/* expect-warning: lock-held-on-return "thread start routine 'drain()' returns with 'g_queue_lock' held" */
	g_queued = 0;
	pthread_mutex_unlock(&g_queue_lock);
	return NULL;
}

int start(int *limit)
{
	pthread_t a, b;

	if (pthread_create(&a, NULL, producer, NULL))
		return -1;
	return pthread_create(&b, NULL, drain, limit);
}
