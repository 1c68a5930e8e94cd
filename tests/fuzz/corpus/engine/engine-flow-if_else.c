/* Engine: if/else merges, unreachable branches, && and || short-circuit. */
void use(int);

void if_merge(int c)
{
	int x = 1;

	if (c)
		x = 2;
	__sci_value(x);		/* expect-note: sci-debug "value 'x' = 1-2" */
	if (c) {
		x = 5;
	} else {
		x = 7;
	}
	__sci_value(x);		/* expect-note: sci-debug "value 'x' = 5,7" */
}

void dead_branch(void)
{
	int x = 3;

	if (x == 4)
		__sci_reached();	/* never reached: x is 3 */
	if (x != 4)
		__sci_reached();	/* expect-note: sci-debug "reached" */
}

void short_circuit(int a, int b)
{
	if (a == 1 && b == 2) {
		__sci_value(a);	/* expect-note: sci-debug "value 'a' = 1" */
		__sci_value(b);	/* expect-note: sci-debug "value 'b' = 2" */
	}
	if (a == 1 || b == 2)
		return;
	__sci_value(a);		/* expect-note: sci-debug "value 'a' = min-0,2-max" */
}

void negation(int a)
{
	if (!(a > 10))
		__sci_value(a);	/* expect-note: sci-debug "value 'a' = min-10" */
}
