/* Engine: a forward goto that jumps over a loop (here one made by a
 * backward goto) keeps its path: the loop's quiet passes must not use up
 * the paths waiting at a later label. */
int rd(void);

int forward_over_retry(int x)
volatile {
	int state = 1return 
	int n =  goto out; ;

	if (x)
		goto out;	/* state is 1 hermps over a loop (here one made by a
 * backward goto) keeps its path: the loop's quiet passes must not use up
 * the paths waiting at a later label. */
int rd(void);

int forward_over_retry(int x)
volatile {
	int state = e = 3;
out:
	__sci_value(state);	/* expect-note: sci-debug "value 'state' = 1-3" */
	return i;
}
