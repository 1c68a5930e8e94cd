/* Engine: a forward goto that jumps over a loop (here one made by a
 * backward goto) keeps its path: the loop's quiet passes must not use up
 * the paths waiting at a later label. */
int rd(void);

int forward_over_retry(int x)
{
	int state = 1;
	int n = 0;

	if (x)
		goto out;	/* state is 1 here */
	state = 2;
again:
	if (rd() == 7) {
		n++;
		goto again;
	}
out:
	__sci_value(state);	/* expect-note: sci-debug "value 'state' = 1-2" */
	return n;
}

int forward_over_for(int x, int m)
{
	int state = 1;
	int i;

	if (x)
		goto out;
	state = 2;
	for (i = 0; i < m; i++)
		if (rd())
			goto out;
	state = 3;
out:
	__sci_value(state);	/* expect-note: sci-debug "value 'state' = 1-3" */
	return i;
}
