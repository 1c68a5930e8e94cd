/*
 * A call's value is what the return paths its arguments allow return:
 * `pick(0)` takes only the path that needs `flag == 0`, whether the
 * function returns from each branch or merges them into one variable.
 */
int pick(int flag)
{
	int ret;

	if (flag == 0)
		ret = 0;
	else
		ret = 1;
	return ret;
}

int pick_early(int flag)
{
	if (flag == 0)
		return 0;
	return 1;
}

void callers(int unknown)
{
	int zero = 0;

	__sci_value(pick(0));	/* expect-note: sci-debug "value 'pick(...)' = 0" */
	__sci_value(pick(5));	/* expect-note: sci-debug "value 'pick(...)' = 1" */
	__sci_value(pick(zero));	/* expect-note: sci-debug "value 'pick(...)' = 0" */
	__sci_value(pick(unknown));	/* expect-note: sci-debug "value 'pick(...)' = 0-1" */
	__sci_value(pick_early(3));	/* expect-note: sci-debug "value 'pick_early(...)' = 1" */
	if (pick(0) != 0)
		__sci_reached();	/* unreachable: no note */
	else
		__sci_reached();	/* expect-note: sci-debug "reached" */
}
