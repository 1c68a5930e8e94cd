/* Engine: implications through nested joins and unrelated joins. */
void frob(void);

void nested(int a, int b)
{
	int foo, bar;

	if (a) {
		bar = 0;
		if (b)
			foo = 1;
		else
			foo = 2;
	} else {
		bar = 5;
		foo = 99;
	}
	if (foo == 99)
		__sci_value(bar);	/* expect-note: sci-debug "value 'bar' = 5" */
	if (foo < 3)
		__sci_value(bar);	/* expect-note: sci-debug "value 'bar' = 0" */
}

void reassigned_later(int a, int c)
{
	int foo, z;

	if (a) {
		foo = 1;
		z = 10;
	} else {
		foo = 99;
		z = 20;
	}
	if (c)
		foo = 99;
	/* foo == 99 also on the a && c path, where z is 10 */
	if (foo == 99)
		__sci_value(z);		/* expect-note: sci-debug "value 'z' = 10,20" */
}

void impossible(void)
{
	int x = 1;

	if (x == 2)
		__sci_reached();
}
