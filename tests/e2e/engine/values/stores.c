/*
 * Engine: a store through a pointer may change every key the pointer can
 * reach; without knowing where pointers point, such keys are forgotten
 * (unknown), never left stale.  What no pointer can reach keeps its value.
 */
struct s { int a, b; struct s *next; };

int g;
struct s gs;
void writes(int *p);
void reads(const int *p);

void same_member_other_pointer(struct s *p, struct s *q)
{
	if (q->a != 0)
		return;
	p->b = 5;	/* another member: q->a stays */
	__sci_value(q->a);	/* expect-note: sci-debug "value 'q->a' = 0" */
	p->a = 5;	/* p may be q */
	__sci_value(q->a);	/* expect-note: sci-debug "value 'q->a' = min-max" */
	__sci_value(p->a);	/* expect-note: sci-debug "value 'p->a' = 5" */
}

void global_through_pointer(int *ip, struct s *p)
{
	if (g != 0 || gs.a != 0)
		return;
	*ip = 3;	/* ip may be &g */
	__sci_value(g);	/* expect-note: sci-debug "value 'g' = min-max" */
	p->a = 7;	/* p may be &gs */
	__sci_value(gs.a);	/* expect-note: sci-debug "value 'gs.a' = min-max" */
}

void local_through_pointer(int x)
{
	int local = 0, never_pointed = 0;
	int *lp = &local;

	*lp = x;
	__sci_value(local);	/* expect-note: sci-debug "value 'local' = min-max" */
	__sci_value(never_pointed);	/* expect-note: sci-debug "value 'never_pointed' = 0" */
}

void member_address(struct s *p)
{
	int *ip = &p->a;

	if (p->a != 0)
		return;
	*ip = 9;
	__sci_value(p->a);	/* expect-note: sci-debug "value 'p->a' = min-max" */
}

/*
 * A direct store changes what a pointer to it reads: a local pointer that
 * only ever holds &x reads x itself.
 */
void store_seen_through_pointer(void)
{
	int x = 1;
	int *p = &x;

	if (*p != 1)
		return;
	x = 2;
	__sci_value(*p);	/* expect-note: sci-debug "value 'x' = 2" */
}

/* a store through one such pointer is seen through the other */
void two_pointers_to_one_variable(void)
{
	int x = 1;
	int *p1 = &x, *p2 = &x;
	struct pair {
		int a, b;
	} s, *ps = &s;

	*p1 = 7;
	__sci_value(*p2);	/* expect-note: sci-debug "value 'x' = 7" */
	ps->b = 3;
	__sci_value(s.b);	/* expect-note: sci-debug "value 's.b' = 3" */
}

/* a pointer written again may hold another address: unknown */
void pointer_moved(int *other)
{
	int x = 1;
	int *p = &x;

	if (other)
		p = other;
	*p = 5;
	__sci_value(x);	/* expect-note: sci-debug "value 'x' = min-max" */
}

/* a cast pointer reads the bytes of x, not x */
void pointer_of_another_type(void)
{
	int x = 1;
	unsigned char *c = (unsigned char *)&x;

	__sci_value(*c);	/* expect-note: sci-debug "value '*c' = 0-255" */
}

/* members of a union of one type are one place; of another type, not */
void union_members(void)
{
	union {
		int one;
		int two;
		short half;
	} u;

	u.one = 4;
	__sci_value(u.two);	/* expect-note: sci-debug "value 'u.one' = 4" */
	__sci_value(u.half);	/* expect-note: sci-debug "value 'u.half' = -32768-32767" */
}

/* a call can write a local through a pointer that may hold its address */
void call_with_pointer_to_local(void)
{
	int local = 0, other = 0;
	int *lp = &local;

	writes(&other);	/* reaches other only */
	__sci_value(local);	/* expect-note: sci-debug "value 'local' = 0" */
	reads(lp);	/* a pointer to const writes nothing */
	__sci_value(local);	/* expect-note: sci-debug "value 'local' = 0" */
	writes(lp);
	__sci_value(local);	/* expect-note: sci-debug "value 'local' = min-max" */
}

/* a store at an index that is not a constant may reach any element */
struct node;
struct node *make(int i);

void store_at_variable_index(int n)
{
	struct node *slot[4];
	int cnt[4];
	int i = n & 3;

	slot[2] = 0;
	cnt[2] = 0;
	cnt[1] = 5;
	slot[i] = make(i);
	cnt[i]++;
	__sci_value(cnt[2]);	/* expect-note: sci-debug "value 'cnt[2]' = min-max" */
	__sci_value(slot[2]);	/* expect-note: sci-debug "value 'slot[2]' = 0-max" */
	__sci_value(cnt[1]);	/* expect-note: sci-debug "value 'cnt[1]' = min-max" */
	cnt[3] = 1;
	slot[1] = 0;
	__sci_value(cnt[3]);	/* expect-note: sci-debug "value 'cnt[3]' = 1" */
}
