void show(int value);
void show_default(int value);

void reads_it(void)
{
	int data;

	show(data);	/* expect-error: uninitialized "'data' is used uninitialized" */
}

void never_used(void)
{
	int data;

	show_default(data);
}
