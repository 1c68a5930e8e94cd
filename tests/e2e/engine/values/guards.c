/*
 * A call checked once and left on failure, made again with the same
 * arguments, returns only what passed the check (analyzer/guards.c):
 * "validate, then act".
 */
int lookup(int key)
{
	if (key < 0 || key > 9)
		return -1;
	return key;
}

int present(int key)
{
	return key == 3;
}

void direct(int k)
{
	if (lookup(k) < 0)
		return;
	__sci_value(lookup(k));	/* expect-note: sci-debug "value 'lookup(...)' = 0-9" */
}

void negated(int k)
{
	if (!present(k))
		return;
	__sci_value(present(k));	/* expect-note: sci-debug "value 'present(...)' = 1" */
}

void assigned_in_test(int k)
{
	int v;

	if ((v = lookup(k)) == -1)
		return;
	__sci_value(lookup(k));	/* expect-note: sci-debug "value 'lookup(...)' = 0-9" */
}

void assigned_before(int k)
{
	int v;

	v = lookup(k);
	if (v < 0)
		return;
	__sci_value(lookup(k));	/* expect-note: sci-debug "value 'lookup(...)' = 0-9" */
}

/* validated in one loop, used in the next */
void two_loops(int n, const int *keys)
{
	int j;

	for (j = 0; j < n; j++)
		if (lookup(keys[j]) == -1)
			return;
	for (j = 0; j < n; j++)
		__sci_value(lookup(keys[j]));	/* expect-note: sci-debug "value 'lookup(...)' = 0-9" */
}

/* skipped, not left: no guard */
void skipped(int n, const int *keys)
{
	int j;

	for (j = 0; j < n; j++)
		if (lookup(keys[j]) == -1)
			continue;
	__sci_value(lookup(keys[0]));	/* expect-note: sci-debug "value 'lookup(...)' = -1-9" */
}

/* another argument, or one with a side effect: no guard */
void other_args(int a, int b, int i)
{
	if (lookup(a) < 0 || lookup(i++) < 0)
		return;
	__sci_value(lookup(b));	/* expect-note: sci-debug "value 'lookup(...)' = -1-9" */
	__sci_value(lookup(i++));	/* expect-note: sci-debug "value 'lookup(...)' = -1-9" */
}

/* a result the program tests again keeps its range: the loop can end */
void tested_again(int k)
{
	if (lookup(k) < 0)
		return;
	while (lookup(k) >= 0)
		k++;
	__sci_reached();	/* expect-note: sci-debug "reached" */
}
