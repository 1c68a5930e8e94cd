/* Values: a read of a const lookup table holds what the elements the index
 * can reach hold (exactly, when they are few); an initializer that leaves
 * elements out adds 0, one that names them gives the bounds of all. */
static const unsigned char lbits[8] = { 0, 1, 1, 2, 2, 3, 3, 4 };
static const short partial[4] = { 3, -2, 7 };
static const int designated[8] = { [2] = 5, [7] = 9 };
static unsigned char writable[4] = { 1, 2, 3, 4 };
extern const int elsewhere[4];

void set_writable(int i, unsigned char v)
{
	writable[i & 3] = v;
}

void tables(int i)
{
	const int local[] = { 10, 20 };

	__sci_value(lbits[i & 7]);	/* expect-note: sci-debug "value 'lbits[i & 7]' = 0-4" */
	__sci_value(partial[i & 3]);	/* expect-note: sci-debug "value 'partial[i & 3]' = -2,0,3,7" */
	__sci_value(designated[i & 7]);	/* expect-note: sci-debug "value 'designated[i & 7]' = 0-9" */
	__sci_value(local[i & 1]);	/* expect-note: sci-debug "value 'local[i & 1]' = 10,20" */
	__sci_value(writable[i & 3]);	/* expect-note: sci-debug "value 'writable[i & 3]' = 0-255" */
	__sci_value(elsewhere[i & 3]);	/* expect-note: sci-debug "value 'elsewhere[i & 3]' = min-max" */
}

/* packed nibbles: those of { 0x21, 0x12 } are 1 and 2, not 0..15 */
static const unsigned char packed[2] = { 0x21, 0x12 };
static const char *const where[3] = { "/", "/bin/", "/sbin/" };

const char *dir_of(unsigned i)
{
	unsigned v = packed[(i / 2) & 1];

	v = (i & 1) ? v >> 4 : v & 0xf;
	return where[v];
}

/* the elements the index reaches: 16..29 hold 7..13 */
static const int dbits[30] = {
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
	7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };

void upper_codes(int code)
{
	if (code < 16 || code >= 30)
		return;
	__sci_value(dbits[code] - 7);	/* expect-note: sci-debug "value 'dbits[code] - 7' = 0-6" */
}

/* a shift count from the table stays within the type */
unsigned widths(int code)
{
	if (code < 0 || code > 7)
		return 0;
	return 1u << lbits[code];
}

/*
 * An array that is only read by index holds its initializer, const or
 * not; one written, stepped or handed anywhere does not.
 */
void fill_in(int *v);

void local_tables(int i)
{
	int divisors[5] = {2, 1, 0, 3, 4};
	int stored[3] = {1, 0, 2};
	int handed[3] = {1, 0, 2};
	int aliased[3] = {1, 0, 2};
	int *alias = aliased;
	int stepped[2] = {7, 7};
	int addressed[2] = {0, 1};
	int *first = &addressed[0];

	stored[1] = 5;
	fill_in(handed);
	alias[1] = 9;
	*first = 3;
	__sci_value(divisors[2]);	/* expect-note: sci-debug "value 'divisors[2]' = 0" */
	__sci_value(stored[1]);	/* expect-note: sci-debug "value 'stored[1]' = 5" */
	__sci_value(handed[1]);	/* expect-note: sci-debug "value 'handed[1]' = min-max" */
	__sci_value(aliased[1]);	/* expect-note: sci-debug "value 'aliased[1]' = min-max" */
	__sci_value(stepped[i]);	/* expect-note: sci-debug "value 'stepped[i]' = min-max" */
	stepped[0]++;
	__sci_value(addressed[0]);	/* expect-note: sci-debug "value 'addressed[0]' = min-max" */
}

/* a file's static table nothing writes; an extern one another file may */
static int s_weights[3] = {4, 0, 8};
int g_weights[3] = {4, 0, 8};

void file_tables(void)
{
	__sci_value(s_weights[1]);	/* expect-note: sci-debug "value 's_weights[1]' = 0" */
	__sci_value(g_weights[1]);	/* expect-note: sci-debug "value 'g_weights[1]' = min-max" */
}
