/* memory-leak: a member of a local struct variable (not reached through a
 * pointer) holds a block like a local pointer does.  The struct escapes
 * as a whole: copied, returned, passed, or its address taken. */
#include <stdlib.h>
#include <string.h>

struct buf { char *data; size_t len; };
struct req { struct buf body; int fd; };
union any { char *s; long n; };

void send_buf(struct buf b);
void init_buf(struct buf *b);
static struct buf last;

int member_leaks(const char *s)
{
	struct buf b;

	b.data = strdup(s);
	if (!b.data)
		return -1;
	b.len = strlen(b.data);
	if (b.len > 80)
		return -1;	/* expect-warning: memory-leak "memory leak of 'b.data'" */
	free(b.data);
	return 0;
}

int copy_into_member(const char *s)
{
	struct req r;
	char *p = strdup(s);

	if (!p)
		return -1;
	r.body.data = p;
	p = NULL;
	r.fd = 0;
	return r.fd;	/* expect-warning: memory-leak "memory leak of 'r.body.data'" */
}

int freed_through_member(const char *s)
{
	struct buf b;
	char *p = strdup(s);

	if (!p)
		return -1;
	b.data = p;
	free(b.data);
	return 0;
}

int copied_out_of_member(const char *s)
{
	struct buf b;
	char *p;

	b.data = strdup(s);
	if (!b.data)
		return -1;
	p = b.data;
	free(p);
	return 0;
}

struct buf returned(const char *s)
{
	struct buf b = { NULL, 0 };
	char *p = strdup(s);

	b.data = p;
	return b;
}

void struct_passed(const char *s)
{
	struct buf b;

	b.data = strdup(s);
	send_buf(b);
}

void struct_address_passed(const char *s)
{
	struct req r;

	r.body.data = strdup(s);
	init_buf(&r.body);
}

void struct_copied_out(const char *s)
{
	struct buf b;

	b.data = strdup(s);
	last = b;
}

void struct_copied_through(struct buf *out, const char *s)
{
	struct buf b;

	b.data = strdup(s);
	memcpy(out, &b, sizeof(b));
}

/* Through a pointer, the memory belongs to whatever the pointer reaches. */
void through_pointer(struct buf *b, const char *s)
{
	b->data = strdup(s);
}

/* A union's other member may read the same pointer. */
void union_member(const char *s)
{
	union any u;

	u.s = strdup(s);
	free((char *)u.n);
}

/*
 * A union whose members all have one type is one place: what is stored
 * through one member is held by all of them.
 */
union same { char *one; char *two; };
void keep_name(char *name);

void union_leaks(const char *s)
{
	union same u;

	u.one = strdup(s);
	if (!u.one)
		return;
	if (strlen(u.two) > 8)
		return;	/* expect-warning: memory-leak "memory leak of 'u.one'" */
	free(u.two);
}

void union_kept(const char *s)
{
	union same u;

	u.one = strdup(s);
	keep_name(u.two);	/* may keep it: it escapes */
}

/*
 * Passed by value to a project function that only reads its members (its
 * summary keeps neither the struct nor what its pointers point to): the
 * block is still the caller's.
 */
static size_t measure_buf(struct buf b)
{
	char *d = b.data;

	return d ? strlen(d) + b.len : 0;
}

size_t measured_then_lost(const char *s)
{
	struct buf b;
	size_t n;

	b.data = strdup(s);
	if (!b.data)
		return 0;
	b.len = 1;
	n = measure_buf(b);
	return n;	/* expect-warning: memory-leak "memory leak of 'b.data'" */
}

/* ... and not when the callee frees, stores, returns or hands it on */
static void drop_buf(struct buf b)
{
	char *d = b.data;

	free(d);
}

static void keep_buf(struct buf b)
{
	last.data = b.data;
}

static char *take_data(struct buf b)
{
	return b.data;
}

static void pass_buf(struct buf b)
{
	send_buf(b);
}

void handed_to_dropper(const char *s)
{
	struct buf b;

	b.data = strdup(s);
	b.len = 0;
	drop_buf(b);
}

void handed_to_keeper(const char *s)
{
	struct buf b;

	b.data = strdup(s);
	b.len = 0;
	keep_buf(b);
}

char *handed_to_taker(const char *s)
{
	struct buf b;

	b.data = strdup(s);
	b.len = 0;
	return take_data(b);
}

void handed_to_passer(const char *s)
{
	struct buf b;

	b.data = strdup(s);
	b.len = 0;
	pass_buf(b);
}
