/* expect-none */
/* array-overflow: pointer shapes that stay inside their object. */
typedef unsigned long size_t;
#include <stdarg.h>
void *malloc(size_t);
void free(void *);
size_t strlen(const char *);
int isspace(int);
int next(void);

struct msg {
	int n;
	char data[1];	/* old-style flexible array */
};

void walk(void)
{
	char buf[16];
	int a[10];
	char *p;
	int *ip;

	for (p = buf; p < buf + sizeof(buf); p++)
		*p = 0;
	for (ip = a; ip < a + 10; ip++)
		*ip = 0;
	for (p = buf + sizeof(buf) - 1; p >= buf; p--)
		*p = 0;
	for (p = buf; p < buf + 15; p += 2)
		p[1] = p[0];
	ip--;
	*ip = 1;	/* the last element */
}

void end_pointer(const char *src)
{
	char buf[64];
	char *out = buf, *end = buf + sizeof(buf) - 1;

	while (*src && out < end)
		*out++ = *src++;
	*out = 0;
}

void length_checked_first(const char *s, size_t len)
{
	char buf[16];
	char *p = buf;

	if (len >= sizeof(buf))
		return;
	p += len;
	*p = 0;
}

void length_checked_after(unsigned n)
{
	char buf[16];
	char *p;

	if (n > sizeof(buf))
		return;
	p = buf + n;
	if (n < sizeof(buf))
		*p = 0;
}

void reset_on_some_paths(int count)
{
	char ring[8];
	char *p = ring;
	int i;

	for (i = 0; i < count; i++) {
		*p = (char)i;
		p++;
		if (p == ring + sizeof(ring))
			p = ring;
	}
	*p = 0;
}

char *one_past_the_end(char *buf16)
{
	char local[16];
	char *end = local + sizeof(local);

	(void)end;
	return buf16 + 16;
}

void fill_buf(char *b);

void trim(char *s)
{
	char buf[32];
	char *p = buf + strlen(s);

	fill_buf(buf);
	if (strlen(s) >= sizeof(buf))
		return;
	while (p > buf && isspace((unsigned char)p[-1]))
		p--;
	*p = 0;
}

int scan(void)
{
	char buf[16];
	char *p, *end = buf + sizeof(buf);
	int hits = 0;

	fill_buf(buf);
	for (p = buf; p < end; p++) {
		if (end - p >= 2 && p[1] == '\n')
			hits++;
		if (p + 4 <= end && p[3] == 'x')
			hits++;
	}
	return hits;
}

int correlated(unsigned off, unsigned len)
{
	char buf[16];
	char *p;

	if (off > 8 || len > 8 || len == 0)
		return 0;
	fill_buf(buf);
	p = buf + off;
	return p[len - 1];	/* off + len <= 16: a relation, not reported */
}

char unknown_size(size_t n)
{
	char *p = calloc(n, 1);
	char c;

	if (!p)
		return 0;
	c = p[100];	/* n is not known */
	free(p);
	return c;
}

char flexible(struct msg *m)
{
	char *p = m->data;

	return p[10];
}

int sum(int n, ...)
{
	va_list ap;
	int s = 0;

	va_start(ap, n);
	while (n-- > 0)
		s += va_arg(ap, int);
	va_end(ap);
	return s;
}

void counted_stores(void)
{
	char buf[16];
	char *p = buf;
	int i;

	for (i = 0; i < 16; i++)
		*p++ = 0;
}

void nested_walk(void)
{
	char grid[4][8];
	char *p;
	int i, j, k;

	for (i = 0; i < 4; i++)
		for (j = 0; j < 2; j++)
			for (k = 0; k < 2; k++)
				for (p = grid[i]; p < grid[i] + 8; p++)
					*p = 0;
}

void different_objects(int c)
{
	char a[4], b[64];
	char *p = c ? a : b;

	p[10] = 0;	/* which object is not known */
}

/*
 * A cursor loop that may not run at all: what the body counts tells the
 * paths apart afterwards (busybox ifconfig: `found_colon && ptr[-1]`).
 */
struct ifname { char name[16]; int flags; };

int ends_with_dash(struct ifname *r)
{
	char *ptr;
	short colons = 0;

	for (ptr = r->name; *ptr; ptr++)
		if (*ptr == ':')
			colons++;
	return colons && ptr[-1] == '-';
}

int counted(struct ifname *r)
{
	char *ptr;
	int n = 0;

	for (ptr = r->name; *ptr; ptr++)
		n++;
	return n && ptr[-1] == '\n';
}
