/* expect-none */
/* alloc-overflow: products that fit. */
#include <stdio.h>
#include <stdlib.h>

/* nothing is known of n */
int *unknown(size_t n)
{
	return malloc(n * sizeof(int));
}

/* an int count becomes a 64-bit size_t before the product */
int *widened(FILE *f)
{
	int n;

	if (fscanf(f, "%d", &n) != 1 || n <= 0 || n > (1 << 30))
		return NULL;
	return malloc(n * sizeof(int));
}

char *grid(FILE *f)
{
	int rows, cols;

	if (fscanf(f, "%d %d", &rows, &cols) != 2 || rows <= 0 || cols <= 0 ||
	    rows > 1000 || cols > 1000)
		return NULL;
	return malloc(rows * cols);
}

/* calloc multiplies and checks the product itself */
int *counted(FILE *f)
{
	int n;

	if (fscanf(f, "%d", &n) != 1 || n <= 0 || n > (1 << 30))
		return NULL;
	return calloc(n, sizeof(int));
}
