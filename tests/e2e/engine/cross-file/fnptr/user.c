#include <stdlib.h>

void print_value(int *p);
void release(char *p);
struct pair {
	char *name;
	int n;
};
void drop_pair(struct pair pr);

static void local_sink(int *p)
{
	*p = 1;
}

static void (*const handler)(int *) = local_sink;

void through_local(void)
{
	void (*sink)(int *) = print_value;

	sink(NULL);	/* expect-error: null-deref "NULL is passed to print_value(), which dereferences that argument" */
}

void through_deref(void)
{
	void (*sink)(int *) = &local_sink;

	(*sink)(NULL);	/* expect-error: null-deref "NULL is passed to local_sink(), which dereferences that argument" */
}

void through_const_global(void)
{
	handler(NULL);	/* expect-error: null-deref "NULL is passed to local_sink(), which dereferences that argument" */
}

void freed_through_pointer(void)
{
	char *p = malloc(8);
	void (*done)(char *) = release;

	done(p);
	free(p);	/* expect-error: double-free "double free of 'p'" */
}

/* the variable changes: which function it calls is not known */
void reassigned(int c)
{
	void (*sink)(int *) = print_value;
	int x = 0;

	if (c)
		sink = local_sink;
	sink(NULL);
	sink(&x);
}

/* its address is taken: something may change it */
void address_taken(void (**out)(int *))
{
	void (*sink)(int *) = print_value;

	*out = NULL;
	out = &sink;
	sink(NULL);
}

/* a struct passed by value hands over the pointers it holds */
void handed_in_struct(void)
{
	struct pair pr;

	pr.name = malloc(16);
	pr.n = 1;
	drop_pair(pr);
}
