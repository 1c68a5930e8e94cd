/* uninitialized: elements of arrays and allocated blocks read unwritten. */
#include <alloca.h>
#include <stdio.h>
#include <stdlib.h>

struct pair { int one, two; };

void show(double d);

/* half of the array written, all of it read */
void half_written(void)
{
	double *data = alloca(10 * sizeof(double));
	int i;

	for (i = 0; i < 5; i++)
		data[i] = (double)i;
	for (i = 0; i < 10; i++)
		show(data[i]);	/* expect-error: uninitialized "'data[i]' is used uninitialized: it can read elements 5 to 9, which no path wrote" */
}

/* a declared array, never written */
int never_written(void)
{
	int table[10];
	int i, sum = 0;

	for (i = 0; i < 10; i++)
		sum += table[i];	/* expect-error: uninitialized "'table[i]' is used uninitialized: no path writes any element of the array before this read" */
	return sum;
}

/* a malloc()ed array of structs, members read */
int members(void)
{
	struct pair *p = malloc(10 * sizeof(*p));
	int i, sum = 0;

	if (!p)
		return 0;
	for (i = 0; i < 10; i++)
		sum += p[i].one;	/* expect-error: uninitialized "'p[i].one' is used uninitialized: no path writes the memory it points to before this read" */
	free(p);
	return sum;
}

/* one struct from malloc(), read through the pointer */
int one_struct(void)
{
	struct pair *p = malloc(sizeof(*p));
	int v;

	if (!p)
		return -1;
	v = p->two;	/* expect-error: uninitialized "'p->two' is used uninitialized: no path writes the memory it points to before this read" */
	free(p);
	return v;
}

/* the loop's bound is known only at run time: its writes still stop at 3 */
int bounded_fill(int n)
{
	int buf[8];
	int i, sum = 0;

	for (i = 0; i < n && i < 4; i++)
		buf[i] = i;
	for (i = 0; i < 8; i++)
		sum += buf[i];	/* expect-error: uninitialized "'buf[i]' is used uninitialized: it can read elements 4 to 7, which no path wrote" */
	return sum;
}

/* written from the top down, read from the start */
int top_half(void)
{
	long v[6];

	v[5] = 1;
	v[4] = 2;
	v[3] = 3;
	return (int)(v[0] + v[5]);	/* expect-error: uninitialized "'v[0]' is used uninitialized: it can read element 0, which no path wrote" */
}

/* a constant index past what the branches wrote */
int after_branches(int c)
{
	int a[4];

	if (c)
		a[0] = 1;
	else
		a[1] = 2;
	return a[3];	/* expect-error: uninitialized "'a[3]' is used uninitialized: it can read element 3, which no path wrote" */
}

void print_int(int v);

/* a pointer given the array's address reads it (Juliet's declared buffers) */
void through_pointer(void)
{
	int *data;
	int storage[10];
	int i;

	data = storage;
	for (i = 0; i < 10; i++)
		print_int(data[i]);	/* expect-error: uninitialized "'data[i]' is used uninitialized: no path writes any element of the array before this read" */
}

/* written through the pointer, half of it */
void half_through_pointer(void)
{
	int storage[10];
	int *data = storage;
	int i;

	for (i = 0; i < 5; i++)
		data[i] = i;
	for (i = 0; i < 10; i++)
		print_int(storage[i]);	/* expect-error: uninitialized "'storage[i]' is used uninitialized: it can read elements 5 to 9, which no path wrote" */
}

/* a library function reads a buffer nothing wrote */
#include <string.h>

void copy_garbage(char *out)
{
	char name[25];

	strcpy(out, name);	/* expect-error: uninitialized "'name' is used uninitialized: no path writes any element of the array before this read" */
}

size_t measure_garbage(void)
{
	char *p = malloc(10);
	size_t n;

	if (!p)
		return 0;
	n = strlen(p);	/* expect-error: uninitialized "'p' is used uninitialized: no path writes the memory it points to before this read" */
	free(p);
	return n;
}

/* arrays of arrays: elements counted row by row */
int grid_unread(void)
{
	int grid[5][6];

	return grid[1][1];	/* expect-error: uninitialized "'grid[1][1]' is used uninitialized: no path writes any element of the array before this read" */
}

int grid_last_row(void)
{
	int grid[5][6];
	int i, j;

	for (i = 0; i < 4; i++)
		for (j = 0; j < 6; j++)
			grid[i][j] = i * j;
	return grid[4][5];	/* expect-error: uninitialized "'grid[4][5]' is used uninitialized: no path wrote that element" */
}

int cube_corner(void)
{
	int cube[2][3][4];

	cube[1][2][3] = 1;
	return cube[1][2][3] + cube[0][0][0];	/* expect-error: uninitialized "'cube[0][0][0]' is used uninitialized: no path wrote that element" */
}

/* a whole struct copied out of a block nothing wrote (Juliet's CWE-758) */
int struct_copied_out(void)
{
	struct pair *p = malloc(sizeof(*p));
	struct pair v;

	if (!p)
		return 0;
	v = *p;	/* expect-error: uninitialized "'*p' is used uninitialized: no path writes the memory it points to before this read" */
	free(p);
	return v.one;
}
