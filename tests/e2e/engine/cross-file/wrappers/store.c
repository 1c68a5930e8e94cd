/* Functions that keep what they get, and functions that only read it. */
/* expect-none */
#include <stddef.h>
#include <string.h>

struct node { struct node *next; char *text; };
static struct node *head;

void keep(struct node *n)
{
	n->next = head;
	head = n;
}

size_t measure(const struct node *n)
{
	return n->text ? strlen(n->text) : 0;
}
