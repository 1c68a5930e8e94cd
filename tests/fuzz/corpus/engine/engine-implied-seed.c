/* run: --enable=null-deref */
/* Engine: implied states from merge history (architecture.md §2). */
struct s { int baz; };
void frob(void);

int seed_no_warning(struct s *bar)
{
	int foo = 1;

	if (bar)
		foo = 99;
	else
		frob();
	if (foo == 99)
		return bar->baz;	/* bar is non-NULL here: no warning */
	return 0;
}

int seed_warns(struct s *bar)
{
	int foo = 1;

	if (bar)
		foo = 99;
	else
		frob();
	if (foo == 1)
		return bar->baz;	/* expect-error: null-deref "NULL dereference of 'bar'" */
	return 0;
}
