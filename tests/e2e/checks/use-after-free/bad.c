/* use-after-free: freed memory dereferenced or passed on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node { struct node *next; int value; };

int deref(struct node *n)
{
	free(n);
	return n->value;	/* expect-error: use-after-free "use after free: 'n' is dereferenced after it was freed" */
}

/* the classic list walk that reads the next pointer from the freed node */
void list_free(struct node *head)
{
	struct node *n;

	for (n = head; n; n = n->next)	/* expect-error: use-after-free "use after free: 'n' is dereferenced after it was freed" */
		free(n);
}

size_t length(char *s)
{
	free(s);
	return strlen(s);	/* expect-error: use-after-free "use after free: 's' is passed to strlen() after it was freed" */
}

/* returned after the free: reported where a caller uses it */
static char *give_back(char *s)
{
	free(s);
	return s;
}

size_t given_back(char *s)
{
	char *t = give_back(s);

	return strlen(t);	/* expect-error: use-after-free "use after free: 't' is passed to strlen() after it was freed" */
}

/* a function nothing is known of (declared only) gets freed memory */
void forget_ptr(const void *p);

void bookkeeping(char *p)
{
	free(p);
	forget_ptr(p);	/* expect-error: use-after-free "use after free: 'p' is passed to forget_ptr() after it was freed" */
}

/* through a copy made before the release */
void copy(void)
{
	char *p = malloc(8);
	char *q = p;

	if (!p)
		return;
	free(p);
	q[0] = 'x';	/* expect-error: use-after-free "use after free: 'q' is dereferenced after it was freed" */
}

/* a project function that reads what it gets, on some path */
static void show(const char *line)
{
	if (line)
		printf("%s\n", line);
}

void report(char *msg)
{
	free(msg);
	show(msg);	/* expect-error: use-after-free "use after free: 'msg' is passed to show() after it was freed" */
}

/* an error path that frees, then falls into the common code */
int fill(char *buf, int n)
{
	if (n < 0)
		free(buf);
	if (n < 0)
		buf[0] = '\0';	/* expect-error: use-after-free "use after free: 'buf' is dereferenced after it was freed" */
	return 0;
}

/* freed memory a callee reads through the pointer to it it is given */
static int first_char(char **pp)
{
	char *s = *pp;

	return s[0];	/* expect-error: use-after-free "use after free: 's' is dereferenced after it was freed" */
}

int read_back(void)
{
	char *name = malloc(4);

	if (!name)
		return -1;
	name[0] = 'a';
	free(name);
	return first_char(&name);
}

/* freed on one path that no test the walk sees rules out */
int should_drop(void);
void keep(char *);

size_t len_after_maybe_free(void)
{
	char *data = malloc(100);

	if (!data)
		return 0;
	strcpy(data, "abc");
	if (should_drop())
		free(data);
	else
		keep(data);
	return strlen(data);	/* expect-error: use-after-free "use after free: 'data' is passed to strlen() after a path reaching here freed it" */
}

/* a pointer into the freed block: an element's or a member's address */
struct entry { int key; char name[16]; };
void print_entry(const struct entry *e);
void print_name(const char *name);

void element_after_free(struct entry *table)
{
	free(table);
	print_entry(&table[0]);	/* expect-error: use-after-free "use after free: 'table' is passed to print_entry() after it was freed" */
}

void member_after_free(struct entry *e)
{
	free(e);
	print_name(e->name + 1);	/* expect-error: use-after-free "use after free: 'e' is passed to print_name() after it was freed" */
}

/* the second way round uses what the first released */
void print_then_free(const char *s)
{
	char *copy = strdup(s);
	int i;

	if (!copy)
		return;
	for (i = 0; i < 3; i++) {
		puts(copy);	/* expect-error: use-after-free "use after free: 'copy' is passed to puts() after a path reaching here freed it" */
		free(copy);	/* expect-error: double-free "double free of 'copy': a path reaching here already freed it" */
	}
}

/* a global freed by a helper of the file, then read */
static char *g_name;

static void forget_name(void)
{
	if (g_name)
		free(g_name);
}

int name_after_forget(void)
{
	g_name = malloc(8);
	if (!g_name)
		return -1;
	g_name[0] = 'x';
	forget_name();
	return g_name[0];	/* expect-error: use-after-free "'g_name' is dereferenced after it was freed" */
}
