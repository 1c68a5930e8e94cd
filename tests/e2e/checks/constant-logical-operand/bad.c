/* constant-logical-operand: && and || with a constant where & and | were meant. */
int has_sync(int flags)
{
	if (flags && 0x10)	/* expect-warning: constant-logical-operand "'&&' with the constant 16 is true whenever 'flags' is: '&' was probably meant" */
		return 1;
	return 0;
}

int with_bit(int mode)
{
	return mode || 4;	/* expect-warning: constant-logical-operand "'||' with the constant 4 is always true: '|' was probably meant" */
}

int first(int a, int b)
{
	return 8 && a > b;	/* expect-warning: constant-logical-operand "'&&' with the constant 8" */
}
