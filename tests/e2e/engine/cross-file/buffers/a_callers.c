/*
 * The size of the buffer a caller passes reaches the callee's walk
 * (callers.c, an object in the callers' values; fn_facts.c's ";oN="
 * entries across files): a copy into the parameter is checked against
 * it, and the finding, in the callee, names the call.
 */
#include <string.h>

struct out { char *buf; int flags; };

void put_name(char *dst);
void put_via(char **dstp);
void put_member(struct out o);
void put_bytes(char *dst, size_t n);
void put_at_most(char *dst, size_t size);
void end_field(char *str, int len);
void copy_all(char *dst);
void read_back(const char *src);

struct header { char size[10]; char mode[8]; };

static void fill_local(char *dst)
{
	memset(dst, 'x', 64);	/* expect-error: buffer-overflow "memset() writes 64 bytes into 'small', which has 16" */
}

void callers(void)
{
	char small[16], big[128];

	put_name(small);
	put_bytes(big, 100);
	put_at_most(small, sizeof(small));
	fill_local(small);
}

void only_big(void)
{
	char big[128];

	put_name(big);
}

/* what an argument reaches: `&p`, a struct's member */
void through_places(void)
{
	char small[16];
	char *p = small;
	struct out o;

	o.buf = small;
	o.flags = 0;
	put_via(&p);
	put_member(o);
}

/*
 * An index in the callee is not checked against a caller's buffer:
 * end_field() writes one past the field on purpose (the next field
 * is parsed already), as busybox's read_num() does.
 */
void fields(struct header *h)
{
	struct header copy = *h;

	end_field(copy.size, sizeof(copy.size));
	end_field(copy.mode, sizeof(copy.mode));
}

/* a loop in the callee walks the caller's buffer past its end, or from
 * before its start */
void walked(void)
{
	char small[16], big[128];

	copy_all(small);
	copy_all(big);
	read_back(small - 8);
	read_back(big);
}
