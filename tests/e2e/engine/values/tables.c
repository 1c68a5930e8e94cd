/* Values: a read of a const lookup table holds one of its initializers;
 * an initializer that leaves elements out, or names them, adds 0. */
static const unsigned char lbits[8] = { 0, 1, 1, 2, 2, 3, 3, 4 };
static const short partial[4] = { 3, -2, 7 };
static const int designated[8] = { [2] = 5, [7] = 9 };
static unsigned char writable[4] = { 1, 2, 3, 4 };
extern const int elsewhere[4];

void tables(int i)
{
	const int local[] = { 10, 20 };

	__sci_value(lbits[i & 7]);	/* expect-note: sci-debug "value '<expression>' = 0-4" */
	__sci_value(partial[i & 3]);	/* expect-note: sci-debug "value '<expression>' = -2-7" */
	__sci_value(designated[i & 7]);	/* expect-note: sci-debug "value '<expression>' = 0-9" */
	__sci_value(local[i & 1]);	/* expect-note: sci-debug "value '<expression>' = 10-20" */
	__sci_value(writable[i & 3]);	/* expect-note: sci-debug "value '<expression>' = 0-255" */
	__sci_value(elsewhere[i & 3]);	/* expect-note: sci-debug "value '<expression>' = min-max" */
}

/* a shift count from the table stays within the type */
unsigned widths(int code)
{
	if (code < 0 || code > 7)
		return 0;
	return 1u << lbits[code];
}
