/* pointer-scaling: an offset multiplied by the element size it already counts in. */
struct rec { int id; int len; };

int third(void)
{
	int table[10] = { 0 };
	int *p = table;

	return *(p + (2 * sizeof(int)));	/* expect-warning: pointer-scaling "the offset applied to 'p' is multiplied by sizeof of its element (4 bytes), which pointer arithmetic already counts in: it lands 4 times too far" */
}

int next_of(int *p)
{
	p += sizeof(*p);	/* expect-warning: pointer-scaling "the offset applied to 'p'" */
	return p[0];
}

int indexed(long *v, int n)
{
	return (int)v[n * sizeof(long)];	/* expect-warning: pointer-scaling "the offset applied to 'v' is multiplied by sizeof of its element (8 bytes)" */
}

struct rec *back(struct rec *r)
{
	return r - sizeof(struct rec);	/* expect-warning: pointer-scaling "the offset applied to 'r'" */
}
