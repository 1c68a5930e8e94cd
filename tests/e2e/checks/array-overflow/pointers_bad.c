/* array-overflow: dereferences of pointers that can leave their object. */
typedef unsigned long size_t;
typedef unsigned int uint32_t;
void *malloc(size_t);
void *calloc(size_t, size_t);
void free(void *);

struct rec {
	char name[16];
	int len;
};

void offset_plus_index(void)
{
	char buf[16];
	char *p = buf + 8;

	p[7] = 0;
	p[8] = 0;	/* expect-error: array-overflow "'p + 8' points 16 bytes into 'buf', past its end (16 bytes)" */
}

void heap_block(void)
{
	int *a = malloc(10 * sizeof(int));

	if (!a)
		return;
	a[9] = 1;
	a[10] = 1;	/* expect-error: array-overflow "'a + 10' points 40 bytes into 'malloc(...)', past its end (40 bytes)" */
	free(a);
}

void zeroed_block(void)
{
	int *c = calloc(4, sizeof(int));

	if (!c)
		return;
	*(c + 4) = 0;	/* expect-error: array-overflow "'c + 4' points 16 bytes into 'calloc(...)', past its end (16 bytes)" */
	free(c);
}

void pointer_loop_one_too_far(void)
{
	int a[10];
	int *p;

	for (p = a; p <= a + 10; p++)
		*p = 0;	/* expect-error: array-overflow "'p' can point 40 bytes into 'a', past its end (40 bytes)" */
}

void after_the_walk(void)
{
	char buf[16];
	char *p;

	for (p = buf; p < buf + sizeof(buf); p++)
		*p = ' ';
	*p = 0;		/* expect-error: array-overflow "'p' points 16 bytes into 'buf', past its end (16 bytes)" */
}

void before_the_start(void)
{
	char buf[16];
	char *p = buf;

	p--;
	*p = 0;		/* expect-error: array-overflow "'p' points 1 byte before the start of 'buf'" */
}

void wide_store(void)
{
	unsigned char buf[16];
	uint32_t *w = (uint32_t *)(buf + 14);

	*w = 0;		/* expect-error: array-overflow "'w' points 14 bytes into 'buf' (16 bytes): a 4-byte access runs past its end" */
}

void member_array(struct rec *r)
{
	char *q = r->name + 10;

	q[6] = 0;	/* expect-error: array-overflow "'q + 6' points 16 bytes into 'r->name', past its end (16 bytes)" */
}

void length_checked_too_late(unsigned n)
{
	char buf[16];
	char *p;

	if (n > sizeof(buf))
		return;
	p = buf + n;
	*p = 0;		/* expect-error: array-overflow "'p' can point 16 bytes into 'buf', past its end (16 bytes)" */
}

char literal(void)
{
	const char *s = "abc";

	return s[4];	/* expect-error: array-overflow "'s + 4' points 4 bytes into '\"abc\"', past its end (4 bytes)" */
}

/* the same cursor loop with nothing to say it ran: an empty name */
struct ifname { char name[16]; int flags; };

int last_is_dash(struct ifname *r)
{
	char *ptr;

	for (ptr = r->name; *ptr; ptr++)
		;
	return ptr[-1] == '-';	/* expect-error: array-overflow "'ptr + -1' can point 1 byte before the start of 'r->name'" */
}
