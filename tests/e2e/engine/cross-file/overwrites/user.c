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

int pass_back(int value);

int handed_back_then_read(void)
{
	int data;

	data = pass_back(data);
	return data + 1;	/* expect-error: uninitialized "'data' is used uninitialized: it holds a copy of a variable no path assigned" */
}

int handed_back_then_set(void)
{
	int data;

	data = pass_back(data);
	data = 5;
	return data;
}
