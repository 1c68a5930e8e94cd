/* expect-none */
/* use-after-free: uses that must stay silent. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node { struct node *next; int value; char *name; };

/* the next pointer is read before the node is freed */
void list_free(struct node *head)
{
	struct node *n, *next;

	for (n = head; n; n = next) {
		next = n->next;
		free(n);
	}
}

/* comparing the pointer is not a use of the memory */
int was_last(char *p, char *last)
{
	free(p);
	return p == last;
}

/* reassigned after the free */
int reuse(char *p)
{
	free(p);
	p = malloc(4);
	if (!p)
		return -1;
	p[0] = 'a';
	free(p);
	return 0;
}

/* a member freed, the object still alive */
void rename_node(struct node *n, const char *s)
{
	free(n->name);
	n->name = strdup(s);
	if (n->name)
		n->value = (int)strlen(n->name);
}

/* freed on one path only */
int maybe(char *p, int c)
{
	if (c)
		free(p);
	else
		return p[0];
	return 0;
}

/* a project function that only compares the pointer value */
static const void *last_freed;

static int is_last(const void *p)
{
	return p == last_freed;
}

int bookkeeping(char *p)
{
	free(p);
	return is_last(p);
}

/* a function that returns what it freed, its result only tested */
static char *drop(char *s)
{
	free(s);
	return s;
}

int dropped(char *s)
{
	return drop(s) != NULL;
}

/* compiler builtins are not unknown code */
void hint(char *p)
{
	free(p);
	__builtin_prefetch(p);
}

/* realloc() frees the old block only on success */
int grow(char *p, size_t n)
{
	char *q = realloc(p, n);

	if (!q) {
		p[0] = '\0';
		free(p);
		return -1;
	}
	q[0] = '\0';
	free(q);
	return 0;
}

/* freed memory's address printed, pointer value only: printf's %p */
void trace(char *p)
{
	free(p);
	p = NULL;
	printf("%p\n", (void *)p);
}

/* the address of the pointer itself: the callee may give it a new block */
struct entry { int key; char name[16]; };
void renew(struct entry **ep);

void renew_after_free(struct entry *e)
{
	free(e);
	renew(&e);
	free(e);
}
