/* array-overflow: indexes that can leave an array of known size. */
struct rec {
	char name[16];
	int len;
};

int table[10];

void off_by_one_loop(void)
{
	int i;

	for (i = 0; i <= 10; i++)
		table[i] = 0;	/* expect-error: array-overflow "index 'i' can be 10, past the end of 'table' (10 elements)" */
}

/* a step held in a variable that is one on every pass: no gaps */
void off_by_one_step(void)
{
	int i, step = 1;

	for (i = 0; i <= 10; i += step)
		table[i] = 0;	/* expect-error: array-overflow "index 'i' can be 10, past the end of 'table' (10 elements)" */
}

int constant_index(void)
{
	int a[4] = { 1, 2, 3, 4 };

	return a[4];	/* expect-error: array-overflow "index 4 is outside 'a' (4 elements)" */
}

char member_after_wrong_check(struct rec *r, int n)
{
	if (n > 16)
		return 0;
	return r->name[n];	/* expect-error: array-overflow "index 'n' can be 16, past the end of 'r->name' (16 elements)" */
}

int negative(int k)
{
	int a[8] = { 0 };

	if (k < -1 || k > 5)
		return 0;
	return a[k];	/* expect-error: array-overflow "index 'k' can be -1, before the start of 'a'" */
}

void unsigned_wrap(unsigned char *out)
{
	char buf[256];
	unsigned short i;

	for (i = 0; i <= 256; i++)
		buf[i] = 0;	/* expect-error: array-overflow "index 'i' can be 256, past the end of 'buf' (256 elements)" */
	*out = buf[0];
}

#include <stdio.h>
#include <stdlib.h>

int lower_bound_only(void)
{
	int buffer[10] = { 0 };
	int data = -1;
	char input[16];

	if (!fgets(input, sizeof(input), stdin))
		return 0;
	data = atoi(input);
	if (data >= 0)
		return buffer[data];	/* expect-error: tainted-index "untrusted index 'data' can be 2147483647, past the end of 'buffer' (10 elements): no upper bound check" */
	return 0;
}

int upper_bound_only(void)
{
	int buffer[10] = { 0 };
	int data;

	if (scanf("%d", &data) != 1)
		return 0;
	if (data < 10)
		return buffer[data];	/* expect-error: tainted-index "untrusted index 'data' can be negative: no lower bound check before 'buffer'" */
	return 0;
}

int main(int argc, char **argv)
{
	int table[4] = { 0 };

	if (argc < 2)
		return 0;
	return table[atoi(argv[1])];	/* expect-error: tainted-index "untrusted index 'atoi(...)' can be 2147483647, past the end of 'table' (4 elements): no upper bound check" */
}

int after_the_loop(const int *src)
{
	int dst[8];
	int i;

	for (i = 0; i < 8; i++)
		dst[i] = src[i];
	dst[i] = 0;	/* expect-error: array-overflow "index 'i' can be 8, past the end of 'dst' (8 elements)" */
	return dst[0];
}

/* `!=` another value is no upper bound */
struct table { int n; int v[32]; };

int only_inequality_checked(struct table *t)
{
	int i;

	if (scanf("%d", &i) != 1 || i < 0)
		return 0;
	if (i == t->n)
		return 0;
	return t->v[i];	/* expect-error: tainted-index "untrusted index 'i' can be 2147483647, past the end of 't->v' (32 elements): no upper bound check" */
}

int bit_too_high(int j)
{
	static const int small[4];

	if (j < 0 || j > 20)
		return 0;
	if ((1 << j) & 0x30)
		return small[j];	/* expect-error: array-overflow "index 'j' can be 5, past the end of 'small' (4 elements)" */
	return 0;
}

/* a loop that may not run: after it, k may still be 0 */
int count_then_index(int n)
{
	int i, k = 0, a[4] = { 0 };

	for (i = 0; i < n; i++)
		k++;
	return a[k - 1];	/* expect-error: array-overflow "index 'k - 1' can be -1, before the start of 'a'" */
}

/* A static helper indexed by what its callers pass: one passes 8. */
static int slots[8];

static void mark_slot(int i)
{
	slots[i] = 1;	/* expect-error: array-overflow "index 'i' can be 8, past the end of 'slots' (8 elements)" */
}

static void mark_next(int i)
{
	mark_slot(i + 1);
}

void mark_all(void)
{
	mark_slot(0);
	mark_next(7);
}

/* A static global set before the call indexes the helper's table. */
static int levels[4];
static int cur_level;

static void bump_level(void)
{
	levels[cur_level]++;	/* expect-error: array-overflow "index 'cur_level' can be 4, past the end of 'levels' (4 elements)" */
}

void enter_levels(void)
{
	cur_level = 3;
	bump_level();
	cur_level = 4;
	bump_level();
}

/*
 * A range checker dies outside the bounds it is given: its result lies
 * between them, here and through a wrapper.  1..12 indexes one past a
 * 12-element table.
 */
void range_error(const char *what) __attribute__((noreturn));

static unsigned parse_in_range(const char *s, unsigned lo, unsigned hi)
{
	unsigned long r = strtoul(s, NULL, 10);

	if (r < lo || r > hi)
		range_error(s);
	return (unsigned)r;
}

static unsigned parse_month(const char *s, unsigned lo, unsigned hi)
{
	return parse_in_range(s, lo, hi);
}

static const char *const month_names[12];

const char *month_of(const char *arg)
{
	unsigned m = parse_month(arg, 1, 12);

	return month_names[m];	/* expect-error: array-overflow "index 'm' can be 12, past the end of 'month_names' (12 elements)" */
}

/*
 * Equal to a value that is known: a test against one value is a fact,
 * and so is a length whose own values are known.
 */
long read(int fd, void *buf, unsigned long count);

static long read_full(int fd, void *buf, long count)
{
	long n = read(fd, buf, (unsigned long)count);

	return n < 0 ? -1 : n;
}

int equal_to_one_value(int n)
{
	char slots[10];

	if (n == 10)
		return slots[n];	/* expect-error: array-overflow "index 'n' can be 10, past the end of 'slots' (10 elements)" */
	return 0;
}

int known_length(int fd, int big)
{
	char name[16];
	int len = big ? 32 : 8;

	if (read_full(fd, name, 8) == len)
		return name[len - 1];	/* expect-error: array-overflow "index 'len - 1' can be 31, past the end of 'name' (16 elements)" */
	return 0;
}

/* a struct laid over a buffer too short for the member read */
struct triple { int a; int b; int c; };

int overlay_read(void)
{
	char buf[10];
	struct triple *t;
	int i;

	for (i = 0; i < 10; i++)
		buf[i] = 1;
	t = (struct triple *)buf;
	return t->c;	/* expect-error: array-overflow "'t->c' is 4 bytes at 8 bytes into 'buf', which has 10: past its end" */
}

/* stores to a local array at a constant index are checked too */
struct named { int n; char name[4]; };

void store_past_end(void)
{
	int slots[5];
	struct named rec;

	slots[5] = 1;	/* expect-error: array-overflow "index 5 is outside 'slots' (5 elements)" */
	slots[-1] = 1;	/* expect-error: array-overflow "index -1 is outside 'slots' (5 elements)" */
	rec.name[4] = 0;	/* expect-error: array-overflow "index 4 is outside 'rec.name' (4 elements)" */
}

/* an index that is negative on every path reaching it */
void store_negative(int i)
{
	int slots[5];

	if (i < 0)
		slots[i] = 1;	/* expect-error: array-overflow "index 'i' is at most -1 here, before the start of 'slots'" */
}

/* a constant offset past what every caller passes */
static void set_sixth(int *v)
{
	v[5] = 1;	/* expect-error: array-overflow "'v + 5' points 20 bytes into 'five', past its end (20 bytes)" */
}

void pass_five(void)
{
	int five[5];

	set_sixth(five);
}

/* and before the start of it */
static void set_before(int *v)
{
	*(v - 5) = 1;	/* expect-error: array-overflow "'v - 5' points 20 bytes before the start of 'four'" */
}

void pass_four(void)
{
	int four[4];

	set_before(four);
}

/* a parameter declared as an array is a pointer to the callers' buffer */
static void set_past(int v[])
{
	v[3] = 1;	/* expect-error: array-overflow "'v + 3' points 12 bytes into 'three', past its end (12 bytes)" */
}

void pass_three(void)
{
	int three[3];

	set_past(three);
}

/*
 * A first test that does not leave (the loop goes on with the next
 * argument) covers no later call of the same function: the -1 it skipped
 * reaches the index (analyzer/guards.c).
 */
long index_parse(const char *s);

static int index_or_minus(const char *arg)
{
	long v = index_parse(arg);

	if (v < 0 || v >= 32)
		return -1;
	return (int)v;
}

int skip_then_use(int argc, char **argv)
{
	int table[32] = { 0 };
	int j, sum = 0;

	for (j = 0; j < argc; j++)
		if (index_or_minus(argv[j]) == -1)
			continue;
	for (j = 0; j < argc; j++)
		sum += table[index_or_minus(argv[j])];	/* expect-error: array-overflow "index 'index_or_minus(...)' can be -1, before the start of 'table'" */
	return sum;
}

/* Checked for another argument: no help for this one. */
int other_argument(const char *a, const char *b)
{
	int table[32] = { 0 };

	if (index_or_minus(a) < 0)
		return 0;
	return table[index_or_minus(b)];	/* expect-error: array-overflow "index 'index_or_minus(...)' can be -1, before the start of 'table'" */
}
