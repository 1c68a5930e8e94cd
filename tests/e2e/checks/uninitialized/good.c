/* expect-none */
/* uninitialized: reads after an assignment on some or every path. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

struct range { int lo, hi; struct { int step; } in; };
enum color { RED, GREEN };

int both(int c)
{
	int r;

	if (c)
		r = 1;
	else
		r = 2;
	return r;
}

/* assigned on the paths that reach the read, as the flag tells */
int flagged(int c)
{
	int r;

	if (c)
		r = 1;
	return c ? r : 0;
}

/* an out-parameter of a library function */
long size_of(const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return -1;
	return (long)st.st_size;
}

int parsed(const char *s)
{
	int x;

	if (sscanf(s, "%d", &x) != 1)
		return -1;
	return x;
}

/* the whole struct cleared, copied, or a containing member assigned */
int cleared(void)
{
	struct range r;

	memset(&r, 0, sizeof(r));
	return r.hi;
}

int copied(const struct range *src)
{
	struct range r;

	r = *src;
	return r.lo + r.in.step;
}

int nested(void)
{
	struct range r, t = { 0 };

	r.in = t.in;
	return r.in.step;
}

/* every enum value assigns it; the path for other values is not taken */
int color_value(enum color c)
{
	int v;

	switch (c) {
	case RED:
		v = 1;
		break;
	case GREEN:
		v = 2;
		break;
	}
	return v;
}

/* a loop that ran at least once, as the caller checked */
int last_index(int n)
{
	int i, last;

	for (i = 0; i < n; i++)
		last = i;
	return n > 0 ? last : -1;
}

void logf_(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

/* written through a pointer to it */
int through_pointer(void)
{
	int x;
	int *p = &x;

	*p = 3;
	return x;
}

int chained(void)
{
	int x, y;

	x = y = 2;
	return x + y;
}

/* sizeof does not read its operand */
int size(void)
{
	int x = sizeof(x);

	return x;
}

/* the only way out of the loop assigns it */
int found(int c)
{
	int x;

	while (1) {
		if (c > 10) {
			x = c;
			break;
		}
		c++;
	}
	return x;
}

/* a helper fills the struct */
void range_init(struct range *r);

int filled(void)
{
	struct range r;

	range_init(&r);
	return r.lo + r.in.step;
}

/* the address of the first member: pipe() fills both */
struct fd_pair { int rd; int wr; };
int pipe(int fds[2]);
int close(int fd);

int pair(void)
{
	struct fd_pair p;

	if (pipe(&p.rd) != 0)
		return -1;
	close(p.wr);
	return p.rd;
}

/* a copy that is overwritten before anything reads it */
int copied_then_overwritten(void)
{
	int n;
	int copy = n;

	copy = 5;
	return copy;
}

/* the callee assigns its parameter before reading it */
static void print_fixed(int count)
{
	count = 5;
	printf("%d\n", count);
}

void passed_and_overwritten(void)
{
	int count;

	print_fixed(count);
}

/*
 * The helper only hands its parameter on to one that overwrites it, or
 * never names it: the value is not used down the chain.
 */
static void relay_fixed(int count)
{
	print_fixed(count);
}

static void ignores(int count, int shown)
{
	printf("%d\n", shown);
}

void passed_along(void)
{
	int count;

	relay_fixed(count);
	ignores(count, 1);
}

/*
 * The helper only hands its parameter back (its summary's "passes"):
 * the garbage comes back into the local, which is assigned before any
 * read.
 */
static int handed_back(int v)
{
	return v;
}

static long widened_back(int v)
{
	if (v)		/* a read: not only returned */
		return 1;
	return 0;
}

int relayed_then_overwritten(void)
{
	int data;

	data = handed_back(data);
	data = 5;
	return data + widened_back(1);
}

/* garbage copied into a member, overwritten before any read */
struct pair { int first; int second; };
void take_pair(struct pair p);

int member_copy_overwritten(void)
{
	int data;
	struct pair p;

	p.first = data;
	p.first = 5;
	return p.first;
}

/* through a union into a local that is set before its read */
int union_copy_overwritten(void)
{
	int data;
	union { int one; int two; } u;

	u.one = data;
	{
		int v = u.two;

		v = 5;
		return v;
	}
}

/* a struct partly set, passed by value: copying it is defined */
void partly_set_passed(void)
{
	struct pair p;

	p.second = 1;
	take_pair(p);
}

/*
 * Copies into an array element or a global handed to a project function
 * that overwrites what it reads before using it: its walk gets the copy
 * (sci_carry_state()) and reads nothing of it.
 */
static int slot_reset(const int *v)
{
	int x = v[2];

	x = 5;
	return x;
}

int array_to_overwriter(void)
{
	int n, a[5];

	a[2] = n;
	return slot_reset(a);
}

static int g_staged;

static int staged_reset(void)
{
	int v = g_staged;

	v = 7;
	return v;
}

int global_to_overwriter(void)
{
	int n;

	g_staged = n;
	return staged_reset();
}

/* the global handed over: what it holds next is not this function's */
static void staged_store(void)
{
	g_staged = 1;
}

void global_then_stored(void)
{
	int n;

	g_staged = n;
	staged_store();
}

/* the element assigned again, or the array filled by the C library */
int element_reassigned(void)
{
	int n, a[2];

	a[0] = n;
	a[0] = 3;
	return a[0];
}

int element_refilled(void)
{
	int n, a[2];

	a[1] = n;
	memset(a, 0, sizeof(a));
	return a[1];
}

/* the global assigned a value before the function returns */
int g_result;

void global_reassigned(void)
{
	int n;

	g_result = n;
	g_result = 0;
}

/* written through a pointer that stands for it, then read */
int written_through_alias(void)
{
	int n;
	int *p = &n, *q = &n;

	*p = 4;
	return *q;
}

/* the pointer is handed on: whoever gets it may write the variable */
void fill_int(int *v);

int alias_handed_on(void)
{
	int n;
	int *p = &n;

	fill_int(p);
	return *p;
}

/* the callee stores the parameter first on each branch that names it */
static int g_verbose;

static void show_when(int v)
{
	if (g_verbose) {
		v = 3;
		printf("%d\n", v);
	}
}

void passed_to_branch_store(void)
{
	int n;

	show_when(n);
}

/* a copy copied on: the second copy's reads are the ones that count */
void copy_moved_on(void)
{
	int n;
	int first = n;
	int second;

	second = first;
	second = 4;
	(void)second;
}

/* compound assignments to assigned variables */
int compound_after_set(int step)
{
	int total = 0;
	int scaled;

	total += step;
	scaled = 2;
	scaled *= total;
	return scaled;
}

/* the first pass assigns, the later ones accumulate */
int sum_from_first(const int *v, int n)
{
	int sum, i, first = 1;

	for (i = 0; i < n; i++) {
		if (first) {
			sum = v[i];
			first = 0;
		} else {
			sum += v[i];
		}
	}
	return first ? 0 : sum;
}

int sum_from_zero(const int *v, int n)
{
	int sum, i;

	for (i = 0; i < n; i++) {
		if (i == 0)
			sum = 0;
		sum += v[i];
	}
	return n > 0 ? sum : 0;
}

/* a counter the first pass sets, the later ones increment */
int count_from_first(const int *v, int n)
{
	int count, i;

	for (i = 0; i < n; i++) {
		if (i == 0)
			count = 0;
		else
			count++;
		count += v[i] > 0;
	}
	return n > 0 ? count : 0;
}

/* a counter another statement sets on the first pass and at each zero */
int longest_run(const int *v, int n)
{
	int run, i, best = 0, started = 0;

	for (i = 0; i < n; i++) {
		if (!started || v[i] == 0) {
			run = 0;
			started = 1;
		}
		run++;
		if (run > best)
			best = run;
	}
	return best;
}

/* a conditional plain assignment on one line: the first pass assigns */
int min_capa(const int *v, int n)
{
	int m, i, first = 1;

	for (i = 0; i < n; i++) {
		m = first ? v[i] : (m & v[i]);
		first = 0;
	}
	return first ? 0 : m;
}

/* whole struct copies of structs set in part, by address, or by a fill */
void fill_range(struct range *r);

int copies_of_something(int c)
{
	struct range a, b, d, copy;

	a.lo = 1;
	copy = a;	/* partly set: defined, common */
	memset(&b, 0, sizeof(b));
	copy.hi = b.hi;
	fill_range(&d);
	copy = d;
	if (c)
		copy.lo = 2;
	return copy.lo + copy.hi;
}
