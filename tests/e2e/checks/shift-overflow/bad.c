/* shift-overflow: shifts by the type's width or more, or by a negative. */
#include <stdio.h>

unsigned constant(void)
{
	return 1u << 32;	/* expect-warning: shift-overflow "left shift by 32 of a 32-bit value: at least its width is undefined" */
}

unsigned either(int big)
{
	int s = big ? 40 : 3;

	return 1u << s;	/* expect-warning: shift-overflow "left shift by 's', which can be 40, of a 32-bit value: at least its width is undefined" */
}

unsigned from_input(FILE *f)
{
	int s;

	if (fscanf(f, "%d", &s) != 1 || s < 0)
		return 0;
	return 1u << s;	/* expect-warning: shift-overflow "left shift by 's', which comes from input with no upper bound check: 32 or more is undefined for a 32-bit value" */
}

int negative(int x)
{
	int s = -1;

	return x >> s;	/* expect-warning: shift-overflow "right shift by 's', which can be -1: a negative amount is undefined" */
}

/* a byte is promoted to int: 8 is fine, 32 is not */
int promoted(unsigned char c)
{
	return c << 32;	/* expect-warning: shift-overflow "left shift by 32 of a 32-bit value: at least its width is undefined" */
}
