/*
 * Sinks that dereference a pointer reached from a parameter - a member
 * of a struct passed by value, an element of an array, a member behind a
 * pointer - before any check of their own (Juliet's "66" and "67"
 * variants): a caller that passes NULL there is reported at the call.
 * Sinks that check first, or set the place themselves, are not.
 */
/* expect-none */
#include <stdio.h>
#include <stdlib.h>

struct pair { int *first; int *second; };

void show_first(struct pair s)
{
	int *data = s.first;

	printf("%d\n", *data);
}

void show_second(struct pair s)
{
	printf("%d\n", *s.second);
}

void show_slot(int *slots[])
{
	int *data = slots[2];

	printf("%d\n", *data);
}

void show_via(struct pair *p)
{
	printf("%d\n", *p->first);
}

void show_checked(struct pair s)
{
	if (s.first)
		printf("%d\n", *s.first);
}

void show_default(struct pair s)
{
	static int zero;

	s.first = &zero;
	printf("%d\n", *s.first);
}

void show_some(struct pair s, int verbose)
{
	if (verbose)
		printf("%d\n", *s.first);
}

void free_slot(int *slots[])
{
	int *data = slots[2];

	printf("%d\n", *data);
	free(data);
}
