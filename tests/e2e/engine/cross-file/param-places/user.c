#include <stddef.h>
#include <stdlib.h>

struct pair { int *first; int *second; };

void show_first(struct pair s);
void show_second(struct pair s);
void show_slot(int *slots[]);
void show_via(struct pair *p);
void show_checked(struct pair s);
void show_default(struct pair s);
void show_some(struct pair s, int verbose);
void free_slot(int *slots[]);

static int one = 1;

void null_member(void)
{
	struct pair s;

	s.first = NULL;
	s.second = &one;
	show_first(s);	/* expect-error: null-deref "'s.first' is NULL when show_first() dereferences it" */
}

void null_second(void)
{
	struct pair s;

	s.first = &one;
	s.second = NULL;
	show_second(s);	/* expect-error: null-deref "'s.second' is NULL when show_second() dereferences it" */
}

void null_slot(void)
{
	int *slots[5];

	slots[2] = NULL;
	show_slot(slots);	/* expect-error: null-deref "'slots[2]' is NULL when show_slot() dereferences it" */
}

void unchecked_slot(void)
{
	int *slots[5];

	slots[2] = malloc(sizeof(int));
	free_slot(slots);	/* expect-error: null-deref "'slots[2]' could be NULL when free_slot() dereferences it: the result of malloc() is not checked" */
}

void null_behind_pointer(void)
{
	struct pair s;

	s.first = NULL;
	show_via(&s);	/* expect-error: null-deref "'s.first' is NULL when show_via() dereferences it" */
}

/* silent below: the sink checks, sets the place, or may not use it */
void checked(void)
{
	struct pair s = { NULL, NULL };

	show_checked(s);
	show_default(s);
	show_some(s, 0);
}

void not_null(void)
{
	struct pair s = { &one, &one };
	int *slots[5];

	slots[2] = &one;
	show_first(s);
	show_second(s);
	show_slot(slots);
	show_via(&s);
}

void checked_allocation(void)
{
	int *slots[5];

	slots[2] = malloc(sizeof(int));
	if (!slots[2])
		return;
	*slots[2] = 1;
	free_slot(slots);
}

/*
 * A member of a block reached through a pointer: an earlier test that
 * found it NULL does not know the invariants between its members (an
 * iterator only exists with a value), so nothing is claimed.
 */
void heap_member(struct pair *p, int busy)
{
	if (p->first && *p->first > 0)
		return;
	if (busy)
		show_via(p);
}
