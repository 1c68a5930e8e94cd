/* Engine: a variable that holds the outcome of a test stands for it. */
struct s { int a; };
struct s *lookup(void);

void flag_narrows_pointer(struct s *p)
{
	int ok = (p != 0);

	if (!ok)
		return;
	__sci_value(p);		/* expect-note: sci-debug "value 'p' = 1-max" */
}

void negated_flag(struct s *p)
{
	int missing = !p;

	if (missing) {
		__sci_value(p);	/* expect-note: sci-debug "value 'p' = 0" */
		return;
	}
	__sci_value(p);		/* expect-note: sci-debug "value 'p' = 1-max" */
}

void range_flag(int n)
{
	int small = n < 10;

	if (small)
		__sci_value(n);	/* expect-note: sci-debug "value 'n' = min-9" */
}

void pointer_changed_after_the_test(struct s *p)
{
	int ok = (p != 0);

	p = lookup();
	if (!ok)
		return;
	__sci_value(p);		/* expect-note: sci-debug "value 'p' = 0-max" */
}

void flag_changed_after_the_test(struct s *p, int other)
{
	int ok = (p != 0);

	ok = other;
	if (!ok)
		return;
	__sci_value(p);		/* expect-note: sci-debug "value 'p' = 0-max" */
}

/* `pp = &p;` as the one assignment: *pp is p, as for an initializer */
void assigned_alias(void)
{
	int **pp;
	int *p = 0;

	pp = &p;
	__sci_value(*pp);	/* expect-note: sci-debug "value 'p' = 0" */
}

/* assigned twice: it may point to either, so it stands for neither */
void assigned_twice(int c)
{
	int a = 1, b = 2;
	int *p;

	p = &a;
	if (c)
		p = &b;
	*p = 5;
	__sci_value(a);	/* expect-note: sci-debug "value 'a' = min-max" */
}
