/* Engine: GNU C nested functions have labels of their own.  A label the
 * enclosing function named before the nested one (here by `goto out`)
 * is not the nested function's `out`: sparse used to take it for the
 * same label and then crash walking off the end of the scope chain. */
int outer_first(int x)
{
	int state = 1;

	if (x > 5)
		goto out;
	int inner(int y)
	{
		if (y)
			goto out;
		return 1;
out:
		return 0;
	}
	state = inner(x) ? 2 : 3;
out:
	__sci_value(state);	/* expect-note: sci-debug "value 'state' = 1-3" */
	return state;
}

/* the label is the nested function's only */
int inner_only(int x)
{
	int helper(int y)
	{
		if (y < 0)
			goto fail;
		return y;
fail:
		return 0;
	}
	return helper(x);
}
