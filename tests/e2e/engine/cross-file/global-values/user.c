/*
 * Conditions on the globals of flags.c: a flag no file changes decides
 * them (the other side never runs); a flag that some file changes does not.
 */
extern const int feature_on, feature_off;
extern int use_cache, five, mode, debug_level, retries, tuning, twice;

void flag_never_set(void)
{
	int *p = 0;

	if (use_cache)
		*p = 1;		/* never runs: use_cache stays 0 */
}

void const_flag(void)
{
	int *p = 0;

	if (feature_off)
		*p = 1;
	if (!feature_on)
		*p = 2;
	if (feature_on)
		*p = 3;		/* expect-error: null-deref "NULL dereference of 'p'" */
}

void compared(void)
{
	int *p = 0;

	if (five != 5)
		*p = 1;
	if (mode != 1)
		*p = 2;
}

int divide(int n)
{
	return n / (five - 5);	/* expect-error: divide-by-zero "division by zero: 'five - 5' is 0" */
}

void set_elsewhere(void)
{
	int *p = 0;

	if (debug_level)
		*p = 1;		/* expect-error: null-deref "NULL dereference of 'p'" */
}

void stepped(void)
{
	int *p = 0;

	if (retries != 3)
		*p = 1;		/* expect-error: null-deref "NULL dereference of 'p'" */
}

void address_taken(void)
{
	int *p = 0;

	if (tuning != 1)
		*p = 1;		/* expect-error: null-deref "NULL dereference of 'p'" */
}

void two_values(void)
{
	int *p = 0;

	if (twice == 2)
		*p = 1;		/* expect-error: null-deref "NULL dereference of 'p'" */
}

extern int block_scope;

void written_in_a_block(void)
{
	int *p = 0;

	if (block_scope == 2)
		*p = 1;		/* expect-error: null-deref "NULL dereference of 'p'" */
}
