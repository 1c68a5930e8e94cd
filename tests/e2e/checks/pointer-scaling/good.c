/* expect-none */
/* pointer-scaling: byte pointers, other sizes, divisions, macros. */
struct hdr { int a, b; };
#define SKIP(p, T) ((p) + sizeof(T))

char bytes(char *c, void *v, unsigned char *u)
{
	return *(c + sizeof(int)) + *((char *)v + sizeof(struct hdr)) +
	       *(u + 2 * sizeof(long));
}

int counted(int *p, struct hdr *h, int n)
{
	return *(p + sizeof(struct hdr) / sizeof(int)) + (h + 1)->a + p[n] +
	       *(p + sizeof(struct hdr));
}

long distance(int *a, int *b)
{
	return (a - b) * (long)sizeof(int);
}

char *from_macro(char *s)
{
	return SKIP(s, int);
}
