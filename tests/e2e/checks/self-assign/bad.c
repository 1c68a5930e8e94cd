/* self-assign: an lvalue assigned to itself. */
struct buf {
	unsigned long size;
	struct { int a, b; } in;
	struct buf *next;
};

void set_size(struct buf *b, unsigned long size)
{
	b->size = b->size;	/* expect-warning: self-assign "'b->size' is assigned to itself" */
}

int local(int x)
{
	x = x;	/* expect-warning: self-assign "'x' is assigned to itself" */
	return x;
}

void nested(struct buf s, struct buf *p)
{
	s.in.a = s.in.a;	/* expect-warning: self-assign "'s.in.a' is assigned to itself" */
	p->next->size = (p->next->size);	/* expect-warning: self-assign "'p->next->size' is assigned to itself" */
	p->size = s.size;
}

void through_pointer(int *ip)
{
	*ip = *ip;	/* expect-warning: self-assign "'*ip' is assigned to itself" */
}
