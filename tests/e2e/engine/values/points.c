/*
 * Engine: what a pointer points into and its offset in bytes (points.c):
 * arrays, string literals, `&x`, blocks of a known size; arithmetic,
 * copies, joins, a variable offset narrowed by a later check, loops
 * bounded by their test, comparisons and distances between pointers into
 * one object, and what forgets it.
 */
typedef unsigned long size_t;
void *malloc(size_t);
void *calloc(size_t, size_t);
void *realloc(void *, size_t);
void *alloca(size_t);
void free(void *);
char *next_token(char *);
void take(char **);
void touch(void *);

struct rec {
	char name[16];
	char *cur;
	int len;
};

struct msg {
	int n;
	char data[1];	/* old-style flexible array */
};

int table[10];
char *gp;

void objects(struct rec *s, struct msg *m, size_t n)
{
	char buf[16];
	int grid[4][4];
	long x;
	char *p;
	int *ip;

	p = buf;
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0" */
	p = &buf[3];
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 3" */
	p = buf + 8;
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 8" */
	__sci_object(s->name);	/* expect-note: sci-debug "object 's->name' = s->name (16 bytes) + 0" */
	ip = table + 2;
	__sci_object(ip);	/* expect-note: sci-debug "object 'ip' = table (40 bytes) + 8" */
	ip = grid[1];
	__sci_object(ip);	/* expect-note: sci-debug "object 'ip' = grid (64 bytes) + 16" */
	ip = &grid[1][2];
	__sci_object(ip);	/* expect-note: sci-debug "object 'ip' = grid (64 bytes) + 24" */
	p = "abc";
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = \"abc\" (4 bytes) + 0" */
	p = (char *)&x;
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = x (8 bytes) + 0" */
	ip = malloc(10 * sizeof(int));
	__sci_object(ip);	/* expect-note: sci-debug "object 'ip' = malloc(...) (40 bytes) + 0" */
	free(ip);
	ip = calloc(4, sizeof(int));
	__sci_object(ip);	/* expect-note: sci-debug "object 'ip' = calloc(...) (16 bytes) + 0" */
	free(ip);
	p = alloca(32);
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = alloca(...) (32 bytes) + 0" */
	/* a block as big as a parameter: unknown here, known to callers */
	p = malloc(n);
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = malloc(...) (1 * parameter 3 bytes, unknown here) + 0" */
	free(p);
	p = m->data;
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = none" */
	p = 0;
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = NULL" */
	p = next_token(buf);
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = none" */
}

void arithmetic(void)
{
	char buf[16];
	int a[8];
	char *p = buf + 4, *q;
	int *ip = a;

	p++;
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 5" */
	p -= 2;
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 3" */
	p += 5;
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 8" */
	q = p - 1;
	__sci_object(q);	/* expect-note: sci-debug "object 'q' = buf (16 bytes) + 7" */
	__sci_object(q + 3);	/* expect-note: sci-debug "object 'q + 3' = buf (16 bytes) + 10" */
	ip += 3;
	__sci_object(ip);	/* expect-note: sci-debug "object 'ip' = a (32 bytes) + 12" */
	__sci_object(ip - 1);	/* expect-note: sci-debug "object 'ip - 1' = a (32 bytes) + 8" */
	__sci_object((char *)ip + 1);	/* expect-note: sci-debug "object 'ip + 1' = a (32 bytes) + 13" */
	q = (char *)ip++;
	__sci_object(q);	/* expect-note: sci-debug "object 'q' = a (32 bytes) + 12" */
	__sci_object(ip);	/* expect-note: sci-debug "object 'ip' = a (32 bytes) + 16" */
	__sci_object(a + 8);	/* expect-note: sci-debug "object 'a + 8' = a (32 bytes) + 32" */
}

void joins(int c)
{
	char buf[16], other[16];
	char *p = buf, *q = buf, *r = 0, *u;

	if (c) {
		p = buf + 4;
		q = other;
		r = buf + 2;
		u = buf;
	}
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0,4" */
	__sci_object(q);	/* expect-note: sci-debug "object 'q' = none" */
	__sci_object(r);	/* expect-note: sci-debug "object 'r' = buf (16 bytes) + 2" */
	__sci_object(u);	/* expect-note: sci-debug "object 'u' = none" */
}

void checked_length(unsigned n)
{
	char buf[16];
	char *p;

	if (n > 16)
		return;
	p = buf + n;
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0-16 (soft min)" */
	if (n < 16)
		__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0-15 (soft min)" */
	n = 3;
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0-16 (soft min)" */
}

void loops(void)
{
	char buf[16];
	int a[10];
	char *p;
	int *ip;

	for (p = buf; p < buf + sizeof(buf); p++)
		__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0-15" */
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 16" */
	for (ip = a; ip < a + 10; ip++)
		__sci_object(ip);	/* expect-note: sci-debug "object 'ip' = a (40 bytes) + 0-36" */
	__sci_object(ip);	/* expect-note: sci-debug "object 'ip' = a (40 bytes) + 40" */
	for (p = buf; p < buf + 15; p += 2)
		__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0-14" */
	for (p = buf; p != buf + 16; p++)
		__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0-15,17-max" */
	for (p = buf + 15; p >= buf; p--)
		__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0-15" */
}

void fill_buf(char *b);

void comparisons(char *end_unknown)
{
	char buf[16];
	char *p = buf, *end = buf + sizeof(buf);

	while (p < end_unknown)
		p++;
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0-max" */
	fill_buf(buf);
	p = buf;
	while (*p)
		p++;
	if (p + 1 < end)
		__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0-14" */
	if (p == buf + 3)
		__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 3" */
}

void forgotten(struct rec *s)
{
	char buf[16];
	char *p = buf, *kept = buf;
	char **pp = &kept;

	take(&p);
	__sci_object(p);	/* expect-note: sci-debug "object 'p' = none" */
	gp = buf;
	__sci_object(gp);	/* expect-note: sci-debug "object 'gp' = buf (16 bytes) + 0" */
	touch(0);
	__sci_object(gp);	/* expect-note: sci-debug "object 'gp' = none" */
	s->cur = s->name + 2;
	__sci_object(s->cur);	/* expect-note: sci-debug "object 's->cur' = s->name (16 bytes) + 2" */
	touch(s);
	__sci_object(s->cur);	/* expect-note: sci-debug "object 's->cur' = none" */
	__sci_object(kept);	/* expect-note: sci-debug "object 'kept' = none" */
	take(pp);
}

/* a pointer that only stands for the variable: stores through it are seen */
void through_alias(void)
{
	char buf[16];
	char *kept = buf;
	char **pp = &kept;

	__sci_object(kept);	/* expect-note: sci-debug "object 'kept' = buf (16 bytes) + 0" */
	*pp = buf + 4;
	__sci_object(kept);	/* expect-note: sci-debug "object 'kept' = buf (16 bytes) + 4" */
}

void distances(void)
{
	char buf[16];
	char *p, *end = buf + sizeof(buf);
	int a[8], *ip, *iend = a + 8;

	for (p = buf; p < end; p++) {
		if (end - p >= 2)
			__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0-14" */
		if (end - p < sizeof(int))
			continue;
		__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0-12" */
		if (end - p <= 1)
			continue;
		__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0-12" */
		if (p + 4 > end)
			__sci_object(p);
	}
	for (ip = a; ip < iend; ip++) {
		if (iend - ip > 2)
			__sci_object(ip);	/* expect-note: sci-debug "object 'ip' = a (32 bytes) + 0-20" */
	}
	p = end;
	while (--p >= buf)
		__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + 0-15" */
}


void offset_from_a_member(struct rec *s, struct rec *t)
{
	char buf[16];
	char *p;

	/* s->len is read now: a check of t->len below says nothing of p */
	p = buf + s->len;
	s = t;
	if (s->len > 100)
		__sci_object(p);	/* expect-note: sci-debug "object 'p' = buf (16 bytes) + -2147483648-2147483647 (soft)" */
}

struct cursor {
	char data[64];
	char *cur;
	struct cursor *next;
};

void stores_through_pointers(struct cursor *a, struct cursor *b, char **pp)
{
	a->cur = a->data + 60;
	a->next = b;
	__sci_object(a->cur);	/* expect-note: sci-debug "object 'a->cur' = a->data (64 bytes) + 60" */
	b->cur = b->data;	/* b may be a */
	__sci_object(a->cur);	/* expect-note: sci-debug "object 'a->cur' = none" */
	__sci_object(b->cur);	/* expect-note: sci-debug "object 'b->cur' = b->data (64 bytes) + 0" */
	*pp = 0;		/* pp may be &b->cur */
	__sci_object(b->cur);	/* expect-note: sci-debug "object 'b->cur' = none" */
	a->cur = a->data + 1;
	*b = *a;
	__sci_object(a->cur);	/* expect-note: sci-debug "object 'a->cur' = none" */
}
