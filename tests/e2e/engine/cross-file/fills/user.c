/* Input a function of another file read into the caller's buffer. */
#include <string.h>

long read_file(const char *path, char *buf, unsigned long n);
void get_number(int *out);
void fill_default(char *buf, unsigned long n);

static int table[10];

void first_line(void)
{
	char buf[128], *nl;
	long r = read_file("/etc/motd", buf, sizeof(buf) - 1);

	if (r <= 0)
		return;
	buf[r] = 0;
	nl = strchr(buf, '\n');
	*nl = 0;	/* expect-error: null-deref "'nl' could be NULL: the result of strchr() is not checked" */
}

int lookup(void)
{
	int i;

	get_number(&i);
	if (i < 0)
		return 0;
	return table[i];	/* expect-error: tainted-index "untrusted index 'i' can be 2147483647, past the end of 'table' (10 elements): no upper bound check" */
}

void own_data(void)
{
	char buf[64], *eq;

	fill_default(buf, sizeof(buf));
	eq = strchr(buf, '=');
	*eq = 0;
}

int read_number(void);
int default_number(void);

int slot_from_input(void)
{
	int i = read_number();

	if (i < 0)
		return 0;
	return table[i];	/* expect-error: tainted-index "untrusted index 'i' can be 2147483647, past the end of 'table' (10 elements): no upper bound check" */
}

int slot_of_own(void)
{
	int i = default_number();

	if (i < 0)
		return 0;
	return table[i];
}

unsigned read_limited(unsigned max);
int read_cached(void);

int slot_of_limited(void)
{
	unsigned i = read_limited(9);

	return table[i];
}

int slot_of_cached(void)
{
	int i = read_cached();

	if (i < 0)
		return 0;
	return table[i];
}
