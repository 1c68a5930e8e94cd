/* expect-none */
/* array-overflow: indexes that stay inside, or that nothing bounds. */
struct rec {
	char name[16];
	int len;
};

struct msg {
	int n;
	char data[1];	/* old-style flexible array */
};

int table[10];

void loop(void)
{
	int i;

	for (i = 0; i < 10; i++)
		table[i] = i;
}

int checked(int i)
{
	if (i < 0 || i >= 10)
		return -1;
	return table[i];
}

int unsigned_checked(unsigned i)
{
	if (i >= sizeof(table) / sizeof(table[0]))
		return -1;
	return table[i];
}

int unknown(int i)
{
	return table[i];	/* nothing known about i: not reported */
}

int *one_past_the_end(void)
{
	return &table[10];	/* an address, not an access */
}

char flexible(struct msg *m, int i)
{
	if (i < 0 || i > 100)
		return 0;
	return m->data[i];
}

char member(struct rec *r, int n)
{
	if (n < 0 || n >= 16)
		return 0;
	return r->name[n];
}

int countdown(void)
{
	int a[5] = { 0 }, i, s = 0;

	for (i = 4; i >= 0; i--)
		s += a[i];
	return s;
}
