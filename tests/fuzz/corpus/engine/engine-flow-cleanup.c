/* Engine: __attribute__((cleanup(fn))) runs fn(&var) at every exit from
 * var's scope - return, break, continue, goto, the end of the block - in
 * reverse order of declaration, and only on reachable paths.  Inner
 * blocks end at their last statement (sparse keeps no closing brace). */
void __sci_reached(void *p);
void __sci_value(long v);
void set(int *p);
void stop(void) __attribute__((noreturn));

#define AUTO __attribute__((cleanup(__sci_reached)))

int at_return(int a)
{
	AUTO int x = a;

	if (a)
		return 1;	/* expect-note: sci-debug "reached" */
	x++;
	return 0;	/* expect-note: sci-debug "reached" */
}

void end_of_function(void)
{
	AUTO int x = 0;

	set(&x);
}	/* expect-note: sci-debug "reached" */

/* which declarators get the attribute: see memory-leak/cleanup.c */
void two_variables(void)
{
	AUTO int a = 1, b = 2;

	set(&a);
	set(&b);
}	/* expect-note: sci-debug "reached" */

void loop_exits(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		AUTO int x = i;

		if (x == 3)
			break;	/* expect-note: sci-debug "reached" */
		if (x == 4)
			continue;	/* expect-note: sci-debug "reached" */
		set(&x);	/* expect-note: sci-debug "reached" */
	}
}

int goto_out(int a)
{
	{
		AUTO int x = a;

		if (x)
			goto out;	/* expect-note: sci-debug "reached" */
		set(&x);	/* expect-note: sci-debug "reached" */
	}
out:
	return a;
}

void not_after_noreturn(void)
{
	AUTO int x = 0;

	set(&x);
	stop();
}
