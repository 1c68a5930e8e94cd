/*
 * Sinks that get a pointer to the pointer and dereference what it points
 * to (Juliet's "63" variants; `struct obj **` handles): a caller that
 * passes the address of a NULL pointer is reported at the call.  user.c
 * passes blocks fresh from malloc(): what they point to no path wrote.
 */
#include <stdio.h>

void print_value(int **data_ptr)
{
	int *data = *data_ptr;

	printf("%d\n", *data);	/* expect-error: uninitialized "'*data' is used uninitialized: its callers pass 'malloc(...)', which no path writes before this read" */
}

void print_direct(int **data_ptr)
{
	printf("%d\n", **data_ptr);
}

/* checks first: a NULL pointee is fine */
void print_checked(int **data_ptr)
{
	int *data = *data_ptr;

	if (data)
		printf("%d\n", *data);	/* expect-error: uninitialized "'*data' is used uninitialized: its callers pass 'malloc(...)', which no path writes before this read" */
}

/* reloads: the local no longer holds *data_ptr */
void print_other(int **data_ptr, int *fallback)
{
	int *data = *data_ptr;

	data = fallback;
	if (data)
		printf("%d\n", *data);
}

struct s { int x; };

/* writes *pp first: what it then reads is its own */
void set_and_use(struct s **pp, struct s *v)
{
	*pp = v;
	(*pp)->x = 1;
}

void init_obj(struct s **pp);

/* a callee may write *pp first */
void init_and_use(struct s **pp)
{
	init_obj(pp);
	(*pp)->x = 1;
}
