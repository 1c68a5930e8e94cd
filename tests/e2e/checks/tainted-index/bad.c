/* tainted-index: input indexes memory without a bound check. */
#include <stdio.h>
#include <stdlib.h>

int table[16];

void set_slot(FILE *f, int v)
{
	int slot;

	if (fscanf(f, "%d", &slot) != 1 || slot < 0)
		return;
	table[slot] = v;	/* expect-error: tainted-index "untrusted index 'slot' can be 2147483647, past the end of 'table' (16 elements): no upper bound check" */
}

int lower_missing(FILE *f)
{
	int i;

	if (fscanf(f, "%d", &i) != 1 || i >= 16)
		return -1;
	return table[i];	/* expect-error: tainted-index "untrusted index 'i' can be negative: no lower bound check before 'table'" */
}

/* a heap block of known size, indexed through its pointer */
void heap(void)
{
	int *buf = malloc(10 * sizeof(int));
	int data = rand();

	if (!buf)
		return;
	if (data >= 0)
		buf[data] = 1;	/* expect-error: tainted-index "untrusted index 'data' can be 2147483647, past the end of 'malloc(...)' (10 elements): no upper bound check" */
	free(buf);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 0;
	return table[atoi(argv[1])];	/* expect-error: tainted-index "untrusted index 'atoi(...)' can be 2147483647, past the end of 'table' (16 elements): no upper bound check" */
}

/* a copy of input is input, and the copy alone bounds nothing */
void copied_index(void)
{
	char line[32];
	int data = -1, buf[10];

	if (fgets(line, sizeof(line), stdin))
		data = atoi(line);
	{
		int copy = data;

		if (copy >= 0)
			buf[copy] = 1;	/* expect-error: tainted-index "untrusted index 'copy' can be 2147483647, past the end of 'buf' (10 elements): no upper bound check" */
	}
}
