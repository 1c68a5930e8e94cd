/* expect-none */
/*
 * Functions that get the address of a caller's pointer or descriptor
 * (`f(&p)`): some only read what it holds, the others free it, keep it,
 * hand it on or replace it (summary "pkeeps", docs/db.md).  After a call
 * to one that only reads, the caller still owns the block (Juliet's
 * "63"/"64" leak sinks).
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char *kept;

int peek(char **pp)
{
	char *p = *pp;

	return p ? p[0] : 0;
}

int peek_copy(void *arg)
{
	char **pp = (char **)arg;
	char *p = *pp;

	printf("%s\n", p);
	return 0;
}

int peek_fd(int *fdp)
{
	int fd = *fdp;

	return fd > 2;
}

void drop(char **pp)
{
	char *p = *pp;

	free(p);
}

void drop_direct(char **pp)
{
	free(*pp);
}

void keep(char **pp)
{
	kept = *pp;
}

void replace(char **pp)
{
	*pp = NULL;
}

void close_it(int *fdp)
{
	close(*fdp);
}

/* hands the pointer to the pointer on, to one that frees what it holds */
void drop_later(char **pp)
{
	drop(pp);
}

/* a copy of the loaded pointer is not followed: it may be kept */
char *copy_out(char **pp)
{
	char *p = *pp;
	char *q = p;

	return q;
}

/* frees every element: not only `*pp` is reached */
void drop_all(char **v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(v[i]);
}

/* reads what the array's third element holds */
int peek_third(char *v[])
{
	char *p = v[2];

	return p ? p[0] : 0;
}

/* frees what the array's third element holds */
void drop_third(char *v[])
{
	char *p = v[2];

	free(p);
}
