/* identical-branches: both branches are the same code. */
#define STEP 2
enum { LEFT, RIGHT };

int move(int x, int dir, int step)
{
	if (dir == LEFT)	/* expect-warning: identical-branches "both branches of 'if (dir == 0)' are the same code" */
		x -= step;
	else
		x -= step;
	return x;
}

int blocks(int x, int c)
{
	if (c > 3) {	/* expect-warning: identical-branches "both branches of 'if (c > 3)' are the same code" */
		x += STEP;
		x *= 2;
	} else {
		x += STEP;
		x *= 2;
	}
	return x;
}

int pick(int c, int a, int b)
{
	return c ? a + 1 : a + 1;	/* expect-warning: identical-branches "'c ? a + 1 : a + 1' gives the same value either way" */
}

int calls(int c, int (*f)(int))
{
	if (c)	/* expect-warning: identical-branches "both branches of 'if (c)' are the same code" */
		return f(1);
	else
		return f(1);
}

int assigned(int n, int *out)
{
	if (n = *out)	/* expect-warning: identical-branches "both branches of the if statement are the same code" */
		*out = 0;
	else
		*out = 0;
	return n;
}
