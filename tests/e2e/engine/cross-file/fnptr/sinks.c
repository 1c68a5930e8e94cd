/*
 * Functions called through pointer variables in user.c (Juliet's "44"
 * and "65" variants): a variable that always holds one function calls
 * that function, with its summary.
 */
/* expect-none */
#include <stdio.h>
#include <stdlib.h>

void print_value(int *p)
{
	printf("%d\n", *p);
}

void release(char *p)
{
	free(p);
}

struct pair {
	char *name;
	int n;
};

/* frees what the struct it gets by value points to */
void drop_pair(struct pair pr)
{
	free(pr.name);
}
