/* seed: the names the engine target's profile gives meaning to */
typedef unsigned long size_t;
void *xmalloc(size_t n);
void xfree(void *p);
void die(const char *why);
char *xstrdup(const char *s);
int read_int(void);
struct buf { char *data; size_t len; };

static struct buf *buf_new(size_t n)
{
	struct buf *b = xmalloc(sizeof(*b));

	b->data = xmalloc(n);
	b->len = n;
	return b;
}

int use(const char *name)
{
	int i = read_int();
	struct buf *b = buf_new(16);
	char *copy = xstrdup(name);

	if (i < 0)
		die("negative");
	if (i >= 16)
		return -1;
	b->data[i] = copy[0];
	xfree(copy);
	xfree(b->data);
	xfree(b);
	return 10 / i;
}
