#include <stddef.h>
#include <stdlib.h>

void print_value(int **data_ptr);
void print_direct(int **data_ptr);
void print_checked(int **data_ptr);
void print_other(int **data_ptr, int *fallback);
struct s;
void set_and_use(struct s **pp, struct s *v);
void init_and_use(struct s **pp);

void bad(void)
{
	int *data = NULL;

	print_value(&data);	/* expect-error: null-deref "'data' is NULL when passed to print_value()" */
}

void bad_direct(void)
{
	int *data = NULL;

	print_direct(&data);	/* expect-error: null-deref "'data' is NULL when passed to print_direct()" */
}

void good(void)
{
	int value = 5, *data = &value;

	print_value(&data);
}

void good_checked(void)
{
	int *data = NULL;

	print_checked(&data);
	print_other(&data, NULL);
}

void good_written(struct s *v)
{
	struct s *cur = NULL;

	set_and_use(&cur, v);
	cur = NULL;
	init_and_use(&cur);
}

void unchecked_result(void)
{
	int *data = malloc(sizeof(*data));

	print_value(&data);	/* expect-error: null-deref "'data' could be NULL when passed to print_value(): the result of malloc() is not checked" */
	free(data);
}

void checked_result(void)
{
	int *data = malloc(sizeof(*data));

	if (!data)
		return;
	*data = 1;
	print_value(&data);
	print_checked(&data);
	free(data);
}

void checked_by_callee(void)
{
	int *data = malloc(sizeof(*data));

	print_checked(&data);
	free(data);
}
