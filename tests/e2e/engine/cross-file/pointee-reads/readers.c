/* expect-none */
/*
 * Functions that get a pointer to a caller's variable: some read what it
 * points to before anything writes it (summary "preads_first"), the
 * others write it first, copy it and overwrite the copy, or use it only
 * on some paths.  Passing the address of a variable no path assigned to
 * one of the first kind reads that variable (uninitialized).
 */
#include <stdio.h>

void show(int *p)
{
	printf("%d\n", *p);
}

void bump(int *p)
{
	*p += 1;
}

/* a copy whose value is used: the caller's variable is read */
void show_copy(void *arg)
{
	int *p = (int *)arg;
	int v = *p;

	printf("%d\n", v);
}

void fill(int *p)
{
	*p = 42;
}

/* the copy is overwritten before any use */
void copy_then_set(int *p)
{
	int v = *p;

	v = 5;
	printf("%d\n", v);
}

/* read only when asked */
void maybe_show(int *p, int want)
{
	if (want)
		printf("%d\n", *p);
}

/* the copy's address goes to a function that may fill it */
void copy_then_scan(int *p)
{
	int v = *p;

	if (scanf("%d", &v) == 1)
		printf("%d\n", v);
}
