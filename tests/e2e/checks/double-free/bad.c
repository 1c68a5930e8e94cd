/* double-free: memory freed on every path reaching a second release. */
#include <stdlib.h>
#include <string.h>

struct conn { char *buf; int fd; };

void twice(char *p)
{
	free(p);
	free(p);	/* expect-error: double-free "double free of 'p': it was already freed" */
}

/* the classic error path: freed, then the common exit frees it again */
int parse(const char *s)
{
	char *copy = strdup(s);

	if (!copy)
		return -1;
	if (strlen(copy) > 10) {
		free(copy);
		goto fail;
	}
	free(copy);
	return 0;
fail:
	free(copy);	/* expect-error: double-free "double free of 'copy': it was already freed" */
	return -1;
}

/* a copy made before the release is freed with it */
void alias(void)
{
	char *p = malloc(16);
	char *q = p;

	free(p);
	free(q);	/* expect-error: double-free "double free of 'q': it was already freed" */
}

/* a member path */
void conn_close(struct conn *c)
{
	free(c->buf);
	c->fd = -1;
	free(c->buf);	/* expect-error: double-free "double free of 'c->buf': it was already freed" */
}

/* a wrapper known from its summary releases its parameter */
static void release(void *p)
{
	free(p);
}

void wrapped(char *s)
{
	release(s);
	free(s);	/* expect-error: double-free "double free of 's': it was already freed" */
}

/* realloc() of freed memory frees it again */
char *regrow(char *p, size_t n)
{
	free(p);
	return realloc(p, n);	/* expect-error: double-free "double free of 'p': it was already freed" */
}

/* the same flag decides both frees */
void flagged(char *p, int owned)
{
	if (owned)
		free(p);
	if (owned)
		free(p);	/* expect-error: double-free "double free of 'p': it was already freed" */
}

/*
 * Freed memory handed over in memory the callee reads: an array's
 * element, a struct passed by value, a static global.  The callee frees
 * it again (found in the walk with its callers' values).
 */
struct holder {
	char *first;
};
static char *g_pending;

static void drop_slot(char *slots[])
{
	char *s = slots[1];

	free(s);	/* expect-error: double-free "double free of 's': it was already freed" */
}

static void drop_first(struct holder h)
{
	free(h.first);	/* expect-error: double-free "double free of 'h.first': it was already freed" */
}

static void drop_pending(void)
{
	char *p = g_pending;

	free(p);	/* expect-error: double-free "double free of 'p': it was already freed" */
}

void hand_over_freed(void)
{
	char *data = malloc(8), *slots[3];
	struct holder h;

	if (!data)
		return;
	free(data);
	slots[1] = data;
	drop_slot(slots);
	h.first = data;
	drop_first(h);
	g_pending = data;
	drop_pending();
}

/*
 * Freed on one path only, and nothing the walk can test tells the paths
 * apart at the second release: both calls may return true.
 */
int should_drop(void);
void keep(char *);

void drop_twice_maybe(void)
{
	char *data = malloc(100);

	if (!data)
		return;
	if (should_drop())
		free(data);
	else
		keep(data);
	if (should_drop())
		free(data);	/* expect-error: double-free "double free of 'data': a path reaching here already freed it" */
}

/* a retry loop whose last pass freed the block falls out of the loop */
void retry_then_free(void)
{
	char *p = NULL;
	int tries;

	for (tries = 0; tries < 3; tries++) {
		p = malloc(10);
		if (!p)
			return;
		if (should_drop())
			break;
		free(p);
	}
	free(p);	/* expect-error: double-free "double free of 'p': a path reaching here already freed it" */
}

/* released on each way round a loop that can go round twice */
void free_in_loop(void)
{
	char *p = malloc(16);
	int i;

	for (i = 0; i < 2; i++)
		free(p);	/* expect-error: double-free "double free of 'p': a path reaching here already freed it" */
}

/* a helper that frees its parameter when it is not NULL frees it always */
static void drop_buf(char *p)
{
	if (p)
		free(p);
}

void dropped_twice(void)
{
	char *x = malloc(4);

	drop_buf(x);
	drop_buf(x);	/* expect-error: double-free "double free of 'x'" */
}

/* a function that frees a global on every path frees it for its callers */
char *g_cache;

void drop_cache(void)
{
	free(g_cache);
}

void refresh_cache(void)
{
	g_cache = malloc(32);
	drop_cache();
	free(g_cache);	/* expect-error: double-free "double free of 'g_cache'" */
}
