/* the callees of a_callers.c, in another file */
int sum8(const int *data)
{
	int i, s = 0;

	for (i = 0; i < 8; i++)
		s += data[i];	/* expect-error: uninitialized "'data[i]' is used uninitialized: its callers pass 'arr', which no path writes before this read" */ /* expect-error: uninitialized "'data[i]' is used uninitialized: its callers pass 'malloc(...)', which no path writes before this read" */ /* expect-error: uninitialized "'data[i]' is used uninitialized: its callers pass 'far', which no path writes before this read" */
	return s;
}

int sum_via(int **pp)
{
	int *d = *pp;

	return d[0] + d[7];	/* expect-error: uninitialized "'d[0]' is used uninitialized: its callers pass 'vals', which no path writes before this read" */
}

int fill_then_sum(int *d)
{
	int i, s = 0;

	for (i = 0; i < 8; i++)
		d[i] = i;
	for (i = 0; i < 8; i++)
		s += d[i];
	return s;
}

void load(int *d);

int load_and_sum(int *d)
{
	load(d);
	return d[0] + d[7];
}

struct holder { int *p; };
void fill_holder(struct holder *h);

int held_sum(int *d)
{
	struct holder h;

	h.p = d;
	fill_holder(&h);
	return d[0];
}

/* reads only what its callers wrote */
int first_half(const int *d)
{
	return d[0] + d[1] + d[2] + d[3];
}

double mean_via(double **pp)
{
	double *v = *pp, t = 0;
	int i;

	for (i = 0; i < 10; i++)
		t += v[i];	/* expect-error: uninitialized "'v[i]' is used uninitialized: it can read elements 5 to 9, which no path wrote" */
	return t / 10;
}

int sum_all(const int *d)
{
	int i, s = 0;

	for (i = 0; i < 8; i++)
		s += d[i];	/* expect-error: uninitialized "'d[i]' is used uninitialized: it can read elements 4 to 7, which no path wrote" */
	return s;
}
