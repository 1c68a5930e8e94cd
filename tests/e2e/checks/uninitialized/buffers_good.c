/* uninitialized: buffers whose elements are written before they are read. */
/* expect-none */
#include <alloca.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pair { int one, two; };
struct vec { int *items; int n; };

void show(double d);
void fill(int *p, int n);
int read_into(char *buf, int len);

int all_written(void)
{
	int table[10];
	int i, sum = 0;

	for (i = 0; i < 10; i++)
		table[i] = i;
	for (i = 0; i < 10; i++)
		sum += table[i];
	return sum;
}

/* the same bound for the writes and the reads, not known here */
int same_bound(int n)
{
	int buf[16];
	int i, sum = 0;

	for (i = 0; i < n && i < 16; i++)
		buf[i] = i;
	for (i = 0; i < n && i < 16; i++)
		sum += buf[i];
	return sum;
}

/* a counter the loop's test does not bound: any element may be written */
int counted(FILE *f)
{
	int buf[32];
	int n = 0, c, i, sum = 0;

	while ((c = getc(f)) != EOF && n < 32)
		buf[n++] = c;
	for (i = 0; i < n; i++)
		sum += buf[i];
	return sum;
}

/* each element computed from the one before */
int prefix(void)
{
	int acc[8];
	int i;

	acc[0] = 1;
	for (i = 1; i < 8; i++)
		acc[i] = acc[i - 1] * 2;
	return acc[7];
}

/* written by the callee, by the library, through another pointer */
int handed_over(void)
{
	int a[8], b[8], c[8];
	int *p = c;

	fill(a, 8);
	memset(b, 0, sizeof(b));
	p[3] = 1;
	return a[2] + b[5] + c[3];
}

/* a struct member keeps the array: whoever gets the struct may fill it */
int in_a_struct(void)
{
	int items[4];
	struct vec v = { items, 4 };

	fill(v.items, v.n);
	return items[1];
}

/* calloc() zeroes; realloc() keeps what was there */
int zeroed(void)
{
	int *p = calloc(4, sizeof(*p));
	int v;

	if (!p)
		return 0;
	v = p[2];
	free(p);
	return v;
}

/* an address taken: anything may be written through it */
int address_taken(void)
{
	int a[4];

	if (read_into((char *)&a[0], sizeof(a)) < 0)
		return -1;
	return a[3];
}

/* the whole struct copied in */
int struct_copy(struct pair init)
{
	struct pair *p = malloc(sizeof(*p));
	int v;

	if (!p)
		return 0;
	*p = init;
	v = p->two;
	free(p);
	return v;
}

/* the pointer points elsewhere before the read */
int repointed(int *other)
{
	int *p = malloc(4 * sizeof(int));
	int v;

	if (!p)
		return 0;
	free(p);
	p = other;
	v = p[1];
	return v;
}

/* written on one branch, read under the same condition */
int same_condition(int c)
{
	int a[4];

	if (c)
		a[2] = 5;
	if (c)
		return a[2];
	return 0;
}

/* a string built with a library call, then its bytes read */
int text(const char *name)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%s", name);
	return buf[0] == 'x';
}

/* an index the program does not bound: only element 0 is known unread */
int unknown_index(int i)
{
	int a[10];

	a[0] = 1;
	return a[i];
}

void print_int(int v);

/* through a pointer given the array's address */
void through_pointer(void)
{
	int storage[10];
	int *data = storage;
	int i;

	for (i = 0; i < 10; i++)
		data[i] = i;
	for (i = 0; i < 10; i++)
		print_int(storage[i]);
}

/* the pointer handed to a function that fills it */
void pointer_handed(void)
{
	int storage[10];
	int *data = storage;

	fill(data, 10);
	print_int(storage[4]);
}

/* one of two buffers, the model does not know which: the store may be either */
void either(int c, int *other)
{
	int storage[4];
	int *data = c ? storage : other;

	data[0] = 1;
	print_int(storage[0]);
}

/* a pointer stepped by the loop */
void stepped(int n)
{
	int storage[10], *p = storage;

	while (n-- > 0 && p < storage + 10)
		*p++ = 0;
	print_int(storage[0]);
}

/* a pointer walked over every element */
void walked(void)
{
	int storage[10], *p;

	for (p = storage; p < storage + 10; p++)
		*p = 0;
	print_int(storage[9]);
}

/* a pointer to the linked pointer: a store through it writes the buffer */
int through_pointer_to_link(void)
{
	int buf[5];
	int *p;
	int **pp;

	p = buf;
	pp = &p;
	*(*pp + 4) = 1;
	return buf[4];
}

/* library reads of buffers something wrote, even in part */
#include <string.h>

void copy_written(char *out)
{
	char name[25];
	char half[25];
	char zeroed[8];

	strcpy(name, "x");
	strcpy(out, name);
	half[0] = 0;
	strcpy(out, half);
	memset(zeroed, 0, sizeof(zeroed));
	strcat(out, zeroed);
}

/* arrays of arrays written whole, by an unknown row, or through other names */
void fill_rows(int (*m)[6]);

int grid_filled(int r)
{
	int all[5][6], one[5][6], passed[5][6], named[5][6], flat[5][6];
	int (*row)[6] = named;
	int *p = &flat[0][0];
	int i, j;

	for (i = 0; i < 5; i++)
		for (j = 0; j < 6; j++)
			all[i][j] = i + j;
	for (j = 0; j < 6; j++)
		one[r][j] = j;
	fill_rows(passed);
	row[1][1] = 1;
	p[7] = 1;
	return all[4][5] + one[4][5] + passed[1][1] + named[1][1] + flat[1][1];
}

/* a struct copied out of a block one member of which was written */
int struct_copied_partly(void)
{
	struct pair *p = malloc(sizeof(*p));
	struct pair v;

	if (!p)
		return 0;
	p->one = 1;
	v = *p;
	free(p);
	return v.one;
}

/* copied out of an array after a loop wrote it */
int struct_copied_written(void)
{
	struct pair a[4], v;
	int i;

	for (i = 0; i < 4; i++) {
		a[i].one = i;
		a[i].two = -i;
	}
	v = a[2];
	return v.two;
}
