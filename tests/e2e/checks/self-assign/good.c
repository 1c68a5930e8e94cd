/* expect-none */
/* self-assign: volatile, casts, macros, declarations and other members stay silent. */
#define UNUSED(x) x = x

struct buf {
	unsigned long size, cap;
	struct buf *next;
};

extern volatile int status_reg;

void poke(volatile int *reg)
{
	*reg = *reg;
	status_reg = status_reg;
}

void other_member(struct buf *b, struct buf *c)
{
	b->size = b->cap;
	b->size = c->size;
	b->next->size = b->size;
}

int truncation(int x)
{
	x = (char)x;
	return x;
}

int silenced(int unused)
{
	UNUSED(unused);
	return 0;
}

int declaration(void)
{
	int y = y;
	int x = y;
	x |= x;
	x += x;
	return x;
}

void step(struct buf *p)
{
	p = p->next;
}

int arrays(int *a, int i)
{
	a[i] = a[i + 1];
	return a[i];
}
