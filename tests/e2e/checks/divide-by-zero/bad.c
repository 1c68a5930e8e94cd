/* divide-by-zero: divisors that are 0 on a path the analysis can name. */
int zero_divisor(int total)
{
	int n = 0;

	return total / n;	/* expect-error: divide-by-zero "division by zero: 'n' is 0" */
}

int set_on_one_branch(int total, int n)
{
	int per = 0;

	if (n > 0)
		per = total / n;
	return total / per;	/* expect-error: divide-by-zero "division by zero: 'per' can be 0 on this path" */
}

int checked_then_used(int total, int n)
{
	if (n == 0)
		return total % n;	/* expect-error: divide-by-zero "remainder by zero: 'n' is 0" */
	return total % n;
}

int compound(int x, int flag)
{
	int d = 4;

	if (flag)
		d = 0;
	x /= d;	/* expect-error: divide-by-zero "division by zero: 'd' can be 0 on this path" */
	return x;
}

int from_switch(int x, int mode)
{
	int d;

	switch (mode) {
	case 0:
		d = 0;
		break;
	default:
		d = mode;
		break;
	}
	return x / d;	/* expect-error: divide-by-zero "division by zero: 'd' can be 0 on this path" */
}
