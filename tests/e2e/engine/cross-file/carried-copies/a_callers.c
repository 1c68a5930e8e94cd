/* expect-none */
/*
 * Garbage copied into a global, an array element or a struct member
 * reaches a function of another file that is handed it (callers.c,
 * "?uninitialized.copied" in call_args): the findings are in b_sinks.c,
 * at the reads, and only where the callee uses what it reads.
 */
struct pair {
	int first;
	int second;
};

int g_count;
int g_spare;

int use_count(void);
int reset_count(void);
int use_slot(int *v);
int reset_slot(int *v);
int use_first(struct pair p);
int reset_first(struct pair p);

int count_then_used(void)
{
	int n;

	g_count = n;
	return use_count();
}

int spare_then_reset(void)
{
	int n;

	g_spare = n;
	return reset_count();
}

int slot_then_used(void)
{
	int n, a[4];

	a[2] = n;
	return use_slot(a);
}

int slot_then_reset(void)
{
	int n, a[4];

	a[2] = n;
	return reset_slot(a);
}

int first_then_used(void)
{
	int n;
	struct pair p;

	p.first = n;
	p.second = 0;
	return use_first(p);
}

int first_then_reset(void)
{
	int n;
	struct pair p;

	p.first = n;
	p.second = 0;
	return reset_first(p);
}
