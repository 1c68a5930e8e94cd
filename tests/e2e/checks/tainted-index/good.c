/* expect-none */
/* tainted-index: input checked before it indexes. */
#include <stdio.h>
#include <stdlib.h>

struct tab { int n; int v[32]; };
int table[16];

void set_slot(FILE *f, int v)
{
	int slot;

	if (fscanf(f, "%d", &slot) != 1 || slot < 0 || slot >= 16)
		return;
	table[slot] = v;
}

/* checked against another value: an upper bound check */
int lookup(struct tab *t, FILE *f)
{
	int i;

	if (fscanf(f, "%d", &i) != 1 || i < 0 || i >= t->n)
		return -1;
	return t->v[i];
}

/* reduced by % into range */
int pick(void)
{
	return table[rand() % 16];
}

void heap(void)
{
	int *buf = malloc(10 * sizeof(int));
	int data = rand();

	if (!buf)
		return;
	if (data >= 0 && data < 10)
		buf[data] = 1;
	free(buf);
}

/* the value it copies was checked against a bound */
void copy_of_checked(int n)
{
	char line[32];
	int data = -1, buf[100];

	if (fgets(line, sizeof(line), stdin))
		data = atoi(line);
	if (data < 0 || data >= n || n > 100)
		return;
	{
		int copy = data;

		buf[copy] = 1;
	}
}
