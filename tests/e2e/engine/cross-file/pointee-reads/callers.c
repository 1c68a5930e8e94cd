void show(int *p);
void bump(int *p);
void show_copy(void *arg);
void fill(int *p);
void copy_then_set(int *p);
void maybe_show(int *p, int want);
void copy_then_scan(int *p);

void shown(void)
{
	int n;

	show(&n);	/* expect-error: uninitialized "'n' is used uninitialized: no path assigns it before show() reads it through its address" */
}

void bumped(void)
{
	int n;

	bump(&n);	/* expect-error: uninitialized "'n' is used uninitialized: no path assigns it before bump() reads it through its address" */
}

void shown_through_void(void)
{
	int n;

	show_copy(&n);	/* expect-error: uninitialized "'n' is used uninitialized: no path assigns it before show_copy() reads it through its address" */
}

void fine(int want)
{
	int a, b, c, d, e = 1;

	fill(&a);
	show(&a);
	copy_then_set(&b);
	maybe_show(&c, want);
	copy_then_scan(&d);
	show(&e);
}
