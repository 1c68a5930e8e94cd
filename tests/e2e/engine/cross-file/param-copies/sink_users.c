/* expect-none */
/* Callers that pass the address of a zero, and of values that are fine. */
struct range {
	int lo, hi;
};

int ratio_of(void *arg);
int width_of(void *arg);
int last_of(void *arg);

int zero_ratio(void)
{
	int zero = 0;

	return ratio_of(&zero);
}

int empty_width(void)
{
	struct range r;

	r.lo = 3;
	r.hi = 3;
	return width_of(&r);
}

int moved(void)
{
	int v[2] = { 0, 5 };

	return last_of(v);
}
