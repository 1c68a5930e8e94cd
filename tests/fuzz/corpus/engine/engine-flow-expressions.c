/* Engine: ?:, comma, statement expressions, asm, declarations. */
int get(void);

void conditional(int c)
{
	int x = c ? 3 : 4;

	__sci_value(x);		/* expect-note: sci-debug "value 'x' = 3-4" */
}

void comma(void)
{
	int a, b;

	a = (b = 2, b + 1);
	__sci_value(a);		/* expect-note: sci-debug "value 'a' = 3" */
}

void stmt_expr(void)
{
	int v = ({ int t = 6; t + 1; });

	__sci_value(v);		/* expect-note: sci-debug "value 'v' = 7" */
	if (({ int u = get(); u == 8; }))
		__sci_reached();	/* expect-note: sci-debug "reached" */
}

void asm_output(void)
{
	int x = 1;

	__asm__ volatile("" : "=r"(x));
	__sci_value(x);		/* expect-note: sci-debug "value 'x' = min-max" */
}

void address_taken(void)
{
	int x = 1;
	void set(int *);

	set(&x);
	__sci_value(x);		/* expect-note: sci-debug "value 'x' = min-max" */
}

void compound_assign(void)
{
	int x = 5;

	x += 3;
	x <<= 1;
	__sci_value(x);		/* expect-note: sci-debug "value 'x' = 16" */
}
