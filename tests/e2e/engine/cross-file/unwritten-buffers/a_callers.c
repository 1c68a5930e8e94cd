/*
 * A buffer no path of the caller wrote travels as such with its object
 * (the callers' values: ";oN=SIZE+OFF/K0:NAME" across files): a callee
 * that reads an element of it before anything writes it is reported
 * there, naming the caller's buffer.  A callee that writes it first, or
 * hands it to a function that may, is not.
 */
/* the findings are the callees', in b_sinks.c */
/* expect-none */
#include <stdlib.h>
#include <string.h>

int sum8(const int *data);
int sum_via(int **pp);
int relay(const int *data);
int fill_then_sum(int *d);
int load_and_sum(int *d);
int held_sum(int *d);
int first_half(const int *d);
int sum_all(const int *d);
double mean_via(double **pp);

int declared_array(void)
{
	int arr[8];
	int *data = arr;

	return sum8(data);
}

int heap_block(void)
{
	int *block = malloc(8 * sizeof(int)), s;

	if (!block)
		return -1;
	s = sum8(block);
	free(block);
	return s;
}

int through_pointer(void)
{
	int vals[8];
	int *p = vals;

	return sum_via(&p);
}

int passed_on(void)
{
	int far[16];

	return relay(far);
}

/* silent: the caller writes it first, or the callee does */
int written_first(void)
{
	int full[8];

	memset(full, 0, sizeof(full));
	return sum8(full);
}

int callee_writes(void)
{
	int a[8], b[8], c[8];

	return fill_then_sum(a) + load_and_sum(b) + held_sum(c);
}

/* written in part: what the callee reads beyond that no path wrote */
int half_written(void)
{
	int part[8], i;

	for (i = 0; i < 4; i++)
		part[i] = i;
	return sum_all(part);
}

int half_read(void)
{
	int part[8], i;

	for (i = 0; i < 4; i++)
		part[i] = i;
	return first_half(part);
}

double half_block(void)
{
	double *vals = malloc(10 * sizeof(double)), m;
	int i;

	if (!vals)
		return 0;
	for (i = 0; i < 5; i++)
		vals[i] = i;
	m = mean_via(&vals);
	free(vals);
	return m;
}
