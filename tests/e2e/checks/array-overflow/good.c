/* expect-none */
/* array-overflow: indexes that stay inside, or that nothing bounds. */
struct rec {
	char name[16];
	int len;
};

struct msg {
	int n;
	char data[1];	/* old-style flexible array */
};

int table[10];

void loop(void)
{
	int i;

	for (i = 0; i < 10; i++)
		table[i] = i;
}

int checked(int i)
{
	if (i < 0 || i >= 10)
		return -1;
	return table[i];
}

int unsigned_checked(unsigned i)
{
	if (i >= sizeof(table) / sizeof(table[0]))
		return -1;
	return table[i];
}

int unknown(int i)
{
	return table[i];	/* nothing known about i: not reported */
}

int *one_past_the_end(void)
{
	return &table[10];	/* an address, not an access */
}

char flexible(struct msg *m, int i)
{
	if (i < 0 || i > 100)
		return 0;
	return m->data[i];
}

char member(struct rec *r, int n)
{
	if (n < 0 || n >= 16)
		return 0;
	return r->name[n];
}

int countdown(void)
{
	int a[5] = { 0 }, i, s = 0;

	for (i = 4; i >= 0; i--)
		s += a[i];
	return s;
}

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int checked_input(void)
{
	int buffer[10] = { 0 };
	int data;

	if (scanf("%d", &data) != 1)
		return 0;
	if (data >= 0 && data < 10)
		return buffer[data];
	return 0;
}

int random_slot(void)
{
	int slots[16] = { 0 };

	return slots[rand() % 16];
}

int unsigned_checked(void)
{
	unsigned char buf[8];
	int table[8] = { 0 };

	if (fread(buf, 1, 1, stdin) != 1)
		return 0;
	if (buf[0] < 8)
		return table[buf[0]];
	return 0;
}

/* a return summary that only types bound keeps those bounds soft */
static inline int flip_stage(int stage)
{
	return 5 - stage;
}

int stage_slot(int which)
{
	int stages[4] = { 0 };

	return stages[flip_stage(which ? 3 : 2)];
}

unsigned int fill(int *v, unsigned int n);

/* input reduced modulo a count the caller bounds: not the input's range */
int fair_pick(void)
{
	int entries[15];
	unsigned int count = fill(entries, 15);

	if (count == 0)
		return -1;
	return entries[rand() % count];
}

/*
 * A step the loop takes by a variable amount (busybox cal.c: three months
 * a row, or two with -j): the test bounds m only softly, since the last
 * value reached may lie below 11.  Here m + 1 is read only when the step
 * is 3, and m is then at most 9.
 */
static const char *const month_names[12] = { "Jan" };
extern unsigned opt_julian;
void show_month(const char *name);

void show_rows(void)
{
	unsigned m;

	for (m = 0; m < 12; m += 3 - opt_julian) {
		show_month(month_names[m]);
		if (!opt_julian)
			show_month(month_names[m + 1]);
	}
}

/* a stride of 2 from 1 stops at 19: i + 1 is at most 20 */
void pairs(const char *key, const char *val)
{
	const char *argv[21];
	int i;

	for (i = 1; i < 21; i += 2) {
		argv[i] = key;
		argv[i + 1] = val;
	}
	(void)argv;
}

/* an untrusted index checked against another value has its upper check */
struct table { int n; int v[32]; };

int checked_against_member(struct table *t)
{
	int i;

	if (scanf("%d", &i) != 1 || i < 0)
		return 0;
	if (i >= t->n)
		return 0;
	return t->v[i];
}

char strip_newline(int len)
{
	char buf[64] = "";

	if (len >= 64)
		return 0;
	/* --len > 0 narrows len itself: len - 1 is never -1 */
	if (len > 0 && --len > 0 && buf[len - 1] == '\r')
		buf[len - 1] = 0;
	return buf[0];
}

/*
 * A callee's return paths keep which bounds come only from a type: the
 * length a uint32_t converted to int gives is no real negative index
 * (redis's ll2string() shape).
 */
static uint32_t digits10(unsigned long long v)
{
	uint32_t n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

static int u2s(char *dst, size_t dstlen, unsigned long long value)
{
	uint32_t length = digits10(value);

	if (length >= dstlen)
		return 0;
	dst[length] = '\0';
	return length;
}

static int l2s(char *dst, size_t dstlen, long long svalue)
{
	int negative = 0;

	if (svalue < 0) {
		if (dstlen < 2)
			return 0;
		negative = 1;
		dst[0] = '-';
		dst++;
		dstlen--;
		svalue = -svalue;
	}
	int length = u2s(dst, dstlen, (unsigned long long)svalue);
	if (length == 0)
		return 0;
	return length + negative;
}

void reply(long long ll)
{
	char buf[128];
	int len;

	buf[0] = '*';
	len = l2s(buf + 1, sizeof(buf) - 1, ll);
	buf[len + 1] = '\r';
	buf[len + 2] = '\n';
}

/* a mask keeps the bits that vary: t & 63 for t in 128..137 is 0..9 */
static const char *const names6[18] = { "a", "b" };

const char *icmp6_name(int t)
{
	if (t < 128 || t > 137)
		return "?";
	return names6[(t & 63) + 8];
}

/* a set bit of the mask says which shift counts reach the table */
#define OPT_TAGS ((1 << 15) - 4)	/* bits 2..14 */
static const char *const shortcuts[13] = { "author" };

const char *tag_name(int j)
{
	if (j < 0 || j > 20)
		return "?";
	if ((1 << j) & OPT_TAGS)
		return shortcuts[j - 2];
	return "";
}

/*
 * A table filled at run time: only 255 is left out of an unsigned char,
 * which says nothing of how big the other values are (busybox's DES key
 * permutation tables).
 */
static unsigned char runtime_perm[56];
static int perm_bits[32];

int skip_unused(int i)
{
	int *bits28 = perm_bits + 4;
	int obit = runtime_perm[i];

	if (obit == 255)
		return 0;
	return bits28[obit - 28];
}

int one_value_excluded(unsigned char c)
{
	if (c == 255)
		return 0;
	return perm_bits[c];
}

/*
 * Loops whose test holds on entry run at least once: after them, what
 * their bodies did is done (gzip's ct_init(): length is at least 1).
 */
static const unsigned char extra_bits[28] = {
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3,
	4, 4, 4, 4, 5, 5, 5, 5
};
static unsigned char length_code[256];

void fill_lengths(void)
{
	int n, code, length = 0;

	for (code = 0; code < 27; code++)
		for (n = 0; n < (1 << extra_bits[code]); n++)
			length_code[length++] = (unsigned char)code;
	length_code[length - 1] = (unsigned char)code;
}

/* A static helper whose callers all pass indexes inside the table. */
static int levels[4];

static void set_level(int i, int v)
{
	levels[i] = v;
}

void set_levels(void)
{
	set_level(0, 1);
	set_level(3, 9);
}

/*
 * A range checker dies outside the bounds it is given (busybox's
 * xatou_range(): cal's `month_names[month - 1]`): the index is within
 * the table, here and through a wrapper.
 */
void range_error(const char *what) __attribute__((noreturn));

static unsigned parse_in_range(const char *s, unsigned lo, unsigned hi)
{
	unsigned long r = strtoul(s, NULL, 10);

	if (r < lo || r > hi)
		range_error(s);
	return (unsigned)r;
}

static unsigned parse_month(const char *s, unsigned lo, unsigned hi)
{
	return parse_in_range(s, lo, hi);
}

/* one path returns a value no bound was checked for: no range */
static unsigned parse_or_default(const char *s, unsigned lo, unsigned hi)
{
	if (!*s)
		return 0;
	return parse_in_range(s, lo, hi);
}

static const char *const month_names[12];

const char *month_of(const char *arg)
{
	unsigned m = parse_month(arg, 1, 12);

	return month_names[m - 1];
}

const char *month_or_first(const char *arg)
{
	unsigned m = parse_or_default(arg, 1, 12);

	if (m == 0 || m > 12)
		return month_names[0];
	return month_names[m - 1];
}

/*
 * A length nothing fixes, compared equal to a read's result that may be
 * -1: the -1 is the read's, not the length's (git's pack-write.c reads
 * `hexsz + 6` bytes, then looks at the last one).
 */
struct algo { size_t hexsz; };
extern const struct algo *the_algo;
long read_some(int fd, void *buf, size_t len);

long read_full(int fd, void *buf, size_t count)
{
	char *p = buf;
	long total = 0;

	while (count > 0) {
		long loaded = read_some(fd, p, count);

		if (loaded < 0)
			return -1;
		if (loaded == 0)
			return total;
		count -= loaded;
		p += loaded;
		total += loaded;
	}
	return total;
}

int last_is_newline(int fd)
{
	char name[72];
	const int len = the_algo->hexsz + 6;

	if (read_full(fd, name, len) == len && name[len - 1] == '\n') {
		name[len - 1] = 0;
		return 1;
	}
	return 0;
}

/* a struct laid over a buffer that holds it, and members that fit */
struct triple { int a; int b; int c; };
struct pair { int a; int b; };

int overlay_fits(void)
{
	char buf[12] = { 0 };
	char half[8] = { 0 };
	struct triple *t = (struct triple *)buf;
	struct triple *h = (struct triple *)half;

	return t->c + h->a + h->b + ((struct pair *)half)->b;
}

/*
 * Bitfields and members of anonymous members have no byte offset of
 * their own: the overlay check leaves them (its offset search gives up
 * and must not use the base it did not find).
 */
struct flagged {
	unsigned ready : 1;
	unsigned mode : 3;
	union {
		int whole;
		short half;
	};
};

int overlay_bits(void)
{
	char buf[8] = { 0 };
	struct flagged *f = (struct flagged *)buf;

	return f->ready + f->mode + f->whole;
}

/* stores inside local arrays, and a constant offset every caller has */
struct named_ok { int n; char name[4]; };

static void set_fifth(int *v)
{
	v[4] = 1;
}

void stores_inside(int i)
{
	int slots[5];
	int six[6];
	struct named_ok rec;

	slots[4] = 1;
	rec.name[3] = 0;
	if (i >= 0 && i < 5)
		slots[i] = 2;
	set_fifth(slots);
	set_fifth(six);
}

/*
 * A parameter stepped before the constant offset (busybox hush's
 * builtin_trap(): its one known caller passes { NULL, NULL }, and the
 * NULL after the step returns first).
 */
static int trap_args(char **argv)
{
	argv++;
	if (!*argv)
		return 0;
	return argv[1] != 0;
}

int trap_bare(void)
{
	static char *const argv[] = { 0, 0 };

	return trap_args((char **)argv);
}

/*
 * Validate, then act (redis's CLUSTER ADDSLOTS): every argument's slot is
 * checked by a first loop that returns on -1; the second loop calls the
 * same function with the same argument and passes the result on
 * unchecked.  The first test covers it (analyzer/guards.c).
 */
struct slot_table {
	void *owner[64];
};

extern struct slot_table *cluster_table;

long slot_parse(const char *s);
void slot_reply(const char *msg);

static int slot_or_reply(const char *arg)
{
	long slot = slot_parse(arg);

	if (slot < 0 || slot >= 64) {
		slot_reply("bad slot");
		return -1;
	}
	return (int)slot;
}

static int slots_check(unsigned char *seen, int start, int end)
{
	int slot;

	for (slot = start; slot <= end; slot++) {
		if (cluster_table->owner[slot])
			return -1;
		if (seen[slot]++)
			return -1;
	}
	return 0;
}

void add_slots(int argc, char **argv)
{
	unsigned char seen[64] = { 0 };
	int j, slot;

	for (j = 2; j < argc; j++)
		if ((slot = slot_or_reply(argv[j])) == -1)
			return;
	for (j = 2; j < argc; j++) {
		slot = slot_or_reply(argv[j]);
		if (slots_check(seen, slot, slot) == -1)
			return;
	}
}

/* The same, tested through the variable the statement before assigned. */
void add_one_slot(const char *arg)
{
	void *owners[64] = { 0 };
	int slot = 0;

	slot = slot_or_reply(arg);
	if (slot < 0)
		return;
	slot_reply("checked");
	owners[slot_or_reply(arg)] = owners;
}
