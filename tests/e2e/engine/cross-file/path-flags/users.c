/* The callers: only the paths their values allow count. */
#include <stdio.h>
#include <stdlib.h>

extern int g_make, g_fresh;
int *make_or_pass(int *data);
int *make_checked(int *data);
char *free_or_pass(char *data);
FILE *open_or_pass(FILE *f);
char *buffer_for(int mode);

void deref_unchecked(void)
{
	int *data = NULL;

	g_make = 1;
	data = make_or_pass(data);
	data[0] = 5;	/* expect-error: null-deref "could be NULL" */
	free(data);
}

void deref_checked(void)
{
	int *data = NULL;

	g_make = 1;
	data = make_or_pass(data);
	if (!data)
		return;
	data[0] = 5;
	free(data);
}

/* the path that allocates cannot return NULL */
void deref_never_null(void)
{
	int *data = NULL;

	g_fresh = 1;
	data = make_checked(data);
	data[0] = 5;
	free(data);
}

void leaks_it(void)
{
	int *data = NULL;

	g_make = 1;
	data = make_or_pass(data);
	if (data)
		data[0] = 1;
}	/* expect-warning: memory-leak "leak" */

/* flag 0: the callee hands back the caller's own array */
void passes_through(void)
{
	static int mine[10];
	int *data = mine;

	g_make = 0;
	data = make_or_pass(data);
	data[0] = 1;
}

void frees_twice(void)
{
	char *data = malloc(8);

	if (!data)
		return;
	g_make = 1;
	data = free_or_pass(data);
	free(data);	/* expect-error: double-free "free" */
}

void frees_once(void)
{
	char *data = malloc(8);

	if (!data)
		return;
	g_make = 0;
	data = free_or_pass(data);
	free(data);
}

void stream_left_open(void)
{
	FILE *f = NULL;

	g_make = 1;
	f = open_or_pass(f);
	if (f)
		fputs("x", f);
}	/* expect-warning: resource-leak "not closed" */

void stream_closed(void)
{
	FILE *f = NULL;

	g_make = 1;
	f = open_or_pass(f);
	if (f)
		fclose(f);
}

void buffer_leaks(void)
{
	char *b = buffer_for(0);

	if (b)
		b[0] = 0;
}	/* expect-warning: memory-leak "leak" */

void buffer_borrowed(void)
{
	char *b = buffer_for(1);

	b[0] = 0;
}

/* the flag unknown: either path may run, nothing is claimed */
void flag_unknown(int *mine)
{
	int *data = make_or_pass(mine);

	data[0] = 1;
}

extern int g_init;
int init_or_pass(int n);

int passes_garbage_ignored(void)
{
	int n;

	g_init = 1;
	n = init_or_pass(n);
	return n;
}

int passes_garbage_read(void)
{
	int n;

	g_init = 0;
	n = init_or_pass(n);	/* expect-error: uninitialized "'n'" */
	return n;
}

#include <string.h>
extern int g_small;
char *buffer_or_pass(char *data);

void copies_into_small(const char *name)
{
	static char big[64];
	char *data = big;

	g_small = 1;
	data = buffer_or_pass(data);
	strcpy(data, "a string longer than ten");	/* expect-error: buffer-overflow "small" */
	(void)name;
}

void copies_into_big(void)
{
	static char big[64];
	char *data = big;

	g_small = 0;
	data = buffer_or_pass(data);
	strcpy(data, "a string longer than ten");
}

char *copy_then_free(const char *s);

/* a string literal is never NULL: only the path that frees runs */
void reads_freed_copy(void)
{
	char *r = copy_then_free("abc");

	putchar(r[0]);	/* expect-error: use-after-free "freed" */
}

void null_copy_untouched(void)
{
	char *r = copy_then_free(NULL);

	if (r)
		putchar(r[0]);
}
