/* the callees of a_callers.c, in another file */
#include <stdio.h>

struct pair {
	int first;
	int second;
};

extern int g_count;
extern int g_spare;

int use_count(void)
{
	int c = g_count;

	return c + 1;	/* expect-error: uninitialized "'c' is used uninitialized: it holds a copy of a variable no path assigned" */
}

int reset_count(void)
{
	int c = g_spare;

	c = 0;
	return c;
}

int use_slot(int *v)
{
	int x = v[2];

	printf("%d\n", x);	/* expect-error: uninitialized "'x' is used uninitialized: it holds a copy of a variable no path assigned" */
	return 0;
}

int reset_slot(int *v)
{
	int x = v[2];

	x = 1;
	return x;
}

int use_first(struct pair p)
{
	return p.first * 2;	/* expect-error: uninitialized "'p.first' is used uninitialized: it holds a copy of a variable no path assigned" */
}

int reset_first(struct pair p)
{
	int f = p.first;

	f = 4;
	return f + p.second;
}
