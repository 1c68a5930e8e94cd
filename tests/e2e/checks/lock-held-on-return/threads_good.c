/* expect-none */
/*
 * lock-held-on-return: thread start routines that release what they
 * take, a conditional release the paths disagree on (not a fact), and a
 * function that is no start routine returning with its lock held.
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
	pthread_mutex_unlock(&g_queue_lock);
	return NULL;
}

/* the condition may hold on every run: merged paths are no fact */
static void *maybe(void *arg)
{
	long n = (long)arg;

	pthread_mutex_lock(&g_queue_lock);
	g_queued++;
	if (n >= 0)
		pthread_mutex_unlock(&g_queue_lock);
	return NULL;
}

/* a lock function: it returns holding the lock on purpose */
void queue_lock(void)
{
	pthread_mutex_lock(&g_queue_lock);
}

int start(void)
{
	pthread_t a, b;

	if (pthread_create(&a, NULL, producer, NULL))
		return -1;
	return pthread_create(&b, NULL, maybe, NULL);
}
