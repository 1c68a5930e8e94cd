/* Where the values a_callers.c passes through b_relay.c go wrong. */
static int table[8];

int sink_slot(int i)
{
	if (i < 0)
		return 0;
	return table[i];	/* expect-error: array-overflow "index 'i' can be 9, past the end of 'table' (8 elements)" */
}

int sink_div(int d)
{
	return 100 / d;		/* expect-error: divide-by-zero "division by zero: 'd' is 0" */
}

int sink_small(int i)
{
	if (i < 0)
		return 0;
	return table[i];
}

int sink_checked(int i)
{
	if (i < 0)
		return 0;
	return table[i];
}
