/* expect-none */
/* double-free: releases that must stay silent. */
#include <stdlib.h>
#include <string.h>
#include <setjmp.h>

struct node { struct node *next; char *name; };
struct obj { char *data; };

/* p = NULL after the free makes the second one harmless */
void reset(char *p)
{
	free(p);
	p = NULL;
	free(p);
}

/* exclusive branches */
void either(char *p, int c)
{
	if (c)
		free(p);
	if (!c)
		free(p);
}

/* the old block is freed only when realloc() failed */
int grow(char **out, size_t n)
{
	char *p = malloc(4);
	char *q;

	if (!p)
		return -1;
	q = realloc(p, n);
	if (!q) {
		free(p);
		return -1;
	}
	*out = q;
	return 0;
}

/* realloc in a loop: each round frees the block it replaces */
char *build(int n)
{
	char *buf = NULL, *tmp;
	int i;

	for (i = 0; i < n; i++) {
		tmp = realloc(buf, (size_t)i + 2);
		if (!tmp) {
			free(buf);
			return NULL;
		}
		buf = tmp;
		buf[i] = 'x';
		buf[i + 1] = '\0';
	}
	return buf;
}

/* a list: each node once */
void list_free(struct node *head)
{
	while (head) {
		struct node *next = head->next;

		free(head->name);
		free(head);
		head = next;
	}
}

/* an array of blocks */
void table_free(char **v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* a member replaced between the frees */
void rename_obj(struct obj *o, const char *s)
{
	free(o->data);
	o->data = strdup(s);
	free(o->data);
	o->data = NULL;
}

/* the block the member pointed to is freed, then the object holding it */
void obj_free(struct obj *o)
{
	free(o->data);
	free(o);
}

/* a helper that may change the pointer: freed-ness ends at &p */
void clear_ptr(char **pp);

void through_helper(char *p)
{
	free(p);
	clear_ptr(&p);
	free(p);
}

/* freed only on some paths: not on every path reaching the second free */
void maybe(char *p, int a, int b)
{
	if (a)
		free(p);
	if (b)
		return;
	if (!a)
		free(p);
}

/*
 * Memory handed over in an array, a struct or a static global: live when
 * the callee frees it (freed and allocated again on one path).
 */
struct holder {
	char *first;
};
static char *g_pending;

static void drop_slot(char *slots[])
{
	free(slots[1]);
}

static void drop_first(struct holder h)
{
	free(h.first);
}

static void drop_pending(void)
{
	free(g_pending);
}

void hand_over_live(int early)
{
	char *data = malloc(8), *slots[3];
	struct holder h;

	if (!data)
		return;
	if (early) {
		free(data);
		data = malloc(16);
		if (!data)
			return;
	}
	slots[1] = data;
	drop_slot(slots);
	data = malloc(8);
	h.first = data;
	drop_first(h);
	g_pending = malloc(8);
	drop_pending();
}

/*
 * Freed on some paths only, where a test the walk sees tells the paths
 * apart (implied states): the flag itself, a variable set with the free,
 * a pointer cleared after it.
 */
void free_by_flag(char *p, int flag)
{
	if (flag)
		free(p);
	if (!flag)
		free(p);
}

void free_once_by_done(char *p, int x)
{
	int done = 0;

	if (x) {
		free(p);
		done = 1;
	}
	if (!done)
		free(p);
}

void free_then_clear(char *p, int x)
{
	if (x) {
		free(p);
		p = NULL;
	}
	free(p);
}

void free_then_replace(char *p, int x)
{
	if (x) {
		free(p);
		p = malloc(10);
	}
	free(p);
}

/*
 * setjmp(): its second return carries the values of the longjmp(), which
 * the walk does not have; the release of the last pass is no evidence.
 */
int start_job(jmp_buf *jb, char **out);

void jobs(void)
{
	char *job = NULL;

	for (;;) {
		jmp_buf jb;

		if (setjmp(jb) != 0) {
			/* the longjmp() came from start_job(), after it set job */
			free(job);
			return;
		}
		if (start_job(&jb, &job) < 0)
			return;
		free(job);
	}
}

/*
 * A loop whose first pass differs: a counter tells the passes apart, but
 * the loop head widens it, so the head's join is no evidence.
 */
int more(void);

int refill(size_t n)
{
	char *p = malloc(n);
	int nr = 0;

	free(p);
	while (more()) {
		if (nr++)
			free(p);
		p = malloc(n);
		if (!p)
			return -1;
	}
	if (nr)
		free(p);
	return nr;
}

/* each way round frees the block that way round allocated */
void free_each_round(int n)
{
	char *p = malloc(16);
	int i;

	for (i = 0; i < n; i++) {
		free(p);
		p = malloc(16);
	}
	free(p);
}

/* a helper that frees a global and clears it, or frees it on some paths */
char *g_table;
static char *g_scratch;

void clear_table(void)
{
	free(g_table);
	g_table = NULL;
}

static void drop_scratch(int done)
{
	if (done)
		free(g_scratch);
}

void rebuild(int done)
{
	g_table = malloc(8);
	clear_table();
	free(g_table);
	g_scratch = malloc(8);
	drop_scratch(done);
	if (!done)
		free(g_scratch);
}
