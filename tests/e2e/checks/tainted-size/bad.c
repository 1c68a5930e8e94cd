/* tainted-size: input sizes allocations and copies unchecked. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *make(void)
{
	size_t n = strtoul(getenv("COUNT"), NULL, 10);

	if (n > 0)
		return malloc(n);	/* expect-warning: tainted-size "untrusted size 'n' reaches malloc() with no upper bound check" */
	return NULL;
}

int *table(FILE *f)
{
	int count;

	if (fscanf(f, "%d", &count) != 1 || count <= 0)
		return NULL;
	return malloc(count * sizeof(int));	/* expect-warning: tainted-size "untrusted size 'count' reaches malloc() with no upper bound check" */
}

void fill(char *dst, FILE *f)
{
	unsigned len;

	if (fscanf(f, "%u", &len) != 1)
		return;
	memset(dst, 0, len);	/* expect-warning: tainted-size "untrusted length 'len' reaches memset() with no upper bound check" */
}
