/*
 * The callees: what a return path returns (a fresh block, memory freed,
 * a stream opened) depends on a flag the caller sets or on an argument.
 */
/* expect-none */
#include <stdio.h>
#include <stdlib.h>

int g_make;	/* set by the callers in users.c */
int g_fresh;

int *make_or_pass(int *data)
{
	if (g_make)
		data = malloc(10 * sizeof(*data));
	return data;
}

/* never NULL where it allocates: the caller need not check */
int *make_checked(int *data)
{
	if (g_fresh) {
		data = malloc(10 * sizeof(*data));
		if (!data)
			exit(1);
	}
	return data;
}

char *free_or_pass(char *data)
{
	if (g_make)
		free(data);
	return data;
}

FILE *open_or_pass(FILE *f)
{
	if (g_make)
		f = fopen("out.txt", "w");
	return f;
}

/* an argument picks the path: 0 allocates, anything else borrows */
static char fixed[16];
char *buffer_for(int mode)
{
	if (mode == 0)
		return malloc(16);
	return fixed;
}

/* the value passed is read only when the flag is clear */
int g_init;
int init_or_pass(int n)
{
	if (g_init)
		n = 5;
	return n;
}

/* the flag picks the buffer: a small one or the caller's */
int g_small;
char *buffer_or_pass(char *data)
{
	static char small[10];

	if (g_small)
		data = small;
	return data;
}

/* frees what it made and returns it, or NULL for no string: the
 * argument picks the path */
#include <string.h>
char *copy_then_free(const char *s)
{
	char *r;

	if (!s)
		return NULL;
	r = malloc(strlen(s) + 1);
	if (!r)
		exit(1);
	strcpy(r, s);
	free(r);
	return r;
}
