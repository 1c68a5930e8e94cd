/* expect-none */
/* null-deref: NULL that never reaches a dereference, and results of
 * allocators and lookups that are checked before use. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct dev { const char *name; int id; struct dev *next; };
struct dev *global_dev;
void setup(void);
void find(struct dev **out);
void use(const char *s);
void *xmalloc(size_t n);

#define CHECK_ALLOC(p) do { if (!(p)) return -1; } while (0)
#define unlikely(x) __builtin_expect(!!(x), 0)

int checked(struct dev *d)
{
	if (!d)
		return -1;
	return d->id;
}

int correlated(struct dev *q, int c)
{
	struct dev *p = NULL;

	if (c)
		p = q;
	if (c)
		return p->id;
	return 0;
}

int out_param(void)
{
	struct dev *d = NULL;

	find(&d);
	return d->id;
}

int global_set_by_call(void)
{
	global_dev = NULL;
	setup();
	return global_dev->id;
}

void link_all(struct dev **v, int n)
{
	struct dev *prev = NULL;
	int i;

	for (i = 0; i < n; i++) {
		if (prev)
			prev->next = v[i];
		prev = v[i];
	}
}

int maybe_null(struct dev *d, int c)
{
	struct dev *p = d;

	if (c)
		p = NULL;
	if (!c)
		return p->id;
	return 0;
}

struct with_array { int v; int arr[4]; };

/* offsetof by hand: addresses, no load through p */
unsigned long member_offsets(void)
{
	struct with_array *p = NULL;

	return (unsigned long)&p->arr[1] + (unsigned long)p->arr;
}

/* sizeof does not evaluate its operand */
size_t size_of_target(void)
{
	struct dev *p = NULL;

	return sizeof(*p) + sizeof(p->id);
}

void copy_zero_bytes(char *dst)
{
	char *src = NULL;

	memcpy(dst, src, 0);
}

/* ---- results of allocators and lookups, checked */

int checked_then_used(size_t n)
{
	struct dev *p = malloc(n);

	if (!p)
		return -1;
	p->id = 1;
	free(p);
	return 0;
}

int checked_by_macro(size_t n)
{
	struct dev *p = malloc(n);

	CHECK_ALLOC(p);
	p->id = 1;
	free(p);
	return 0;
}

int checked_unlikely(size_t n)
{
	struct dev *p = malloc(n);

	if (unlikely(!p))
		return -1;
	p->id = 1;
	free(p);
	return 0;
}

int assigned_in_condition(size_t n)
{
	char *p;

	if (!(p = malloc(n)))
		return -1;
	p[0] = 0;
	free(p);
	return 0;
}

int compared_in_condition(size_t n)
{
	char *p;

	if ((p = malloc(n)) == NULL)
		return -1;
	p[0] = 0;
	free(p);
	return 0;
}

void exit_on_failure(size_t n)
{
	char *p = malloc(n);

	if (p == NULL) {
		perror("malloc");
		exit(1);
	}
	memset(p, 0, n);
	free(p);
}

void asserted(size_t n)
{
	struct dev *p = calloc(1, n);

	assert(p);
	p->id = 1;
	free(p);
}

int goto_error(size_t n)
{
	int *p = malloc(n);
	int ret = -1;

	if (!p)
		goto err;
	*p = 1;
	ret = *p;
	free(p);
err:
	return ret;
}

void split_fields(char *p)
{
	while ((p = strchr(p, ',')) != NULL) {
		*p = 0;
		p++;
	}
}

/*
 * A search of the program's own string: the caller, a format or a parser
 * put the character there (strchr-family results are maybe-NULL only
 * when the string holds input).
 */
void cut_at_comma(char *s)
{
	char *p = strchr(s, ',');

	*p = 0;
}

int first_port_digit(const char *host, unsigned port)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%s:%u", host, port);
	return strrchr(buf, ':')[1] - '0';
}

void cut_if_found(char *s, int c)
{
	char *p = strchr(s, c);

	if (p)
		*p = 0;
}

int short_circuit(const char *s)
{
	const char *p = strstr(s, "ab");

	return p && p[2] == 'c';
}

int never_null_allocator(size_t n)
{
	struct dev *p = xmalloc(n);

	p->id = 1;
	return p->id;
}

void getenv_to_unlisted_function(void)
{
	const char *home = getenv("HOME");

	use(home);
	use(getenv("PATH"));
}

/* The value model does not track p == q: checking one copy checks both. */
int copy_checked(size_t n)
{
	int *p = malloc(n);
	int *q = p;

	if (!q)
		return -1;
	*p = 1;
	free(p);
	return 0;
}

int chained_assignment_checked(size_t n)
{
	char *start, *pos;

	start = pos = calloc(1, n);
	if (start == NULL)
		return -1;
	pos[0] = 'x';
	free(start);
	return 0;
}

int reassigned_after_allocation(size_t n, int *other)
{
	int *p = malloc(n);

	free(p);
	p = other;
	return *p;
}

int realloc_idiom(int *p, size_t n)
{
	int *tmp = realloc(p, n);

	if (!tmp) {
		free(p);
		return -1;
	}
	p = tmp;
	p[0] = 1;
	free(p);
	return 0;
}

/* A flag holding the test's outcome narrows the pointer too. */
int checked_through_flag(size_t n)
{
	int *p = malloc(n);
	int ok = p != NULL;

	if (!ok)
		return -1;
	*p = 1;
	free(p);
	return 0;
}

/* Where malloc() succeeded on one side and q came from elsewhere on the
 * other, malloc() is not to blame. */
int checked_on_its_branch(int c, int *q, size_t n)
{
	int *p;

	if (c) {
		p = malloc(n);
		if (!p)
			return -1;
	} else {
		p = q;
	}
	return *p;
}

void loop_of_allocations(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		struct dev *p = malloc(sizeof(*p));

		if (!p)
			continue;
		p->id = i;
		free(p);
	}
}

int fopen_checked(const char *path, char *buf)
{
	FILE *f = fopen(path, "r");
	int n = 0;

	if (!f)
		return -1;
	while (fgets(buf, 80, f))
		n++;
	fclose(f);
	return n;
}

/* The NULL branch ends in a function the engine does not know never
 * returns: the unchecked path through it is not blamed either. */
void fatal(const char *msg);

void checked_with_unknown_fatal(size_t n, int bad)
{
	char *p = malloc(n);

	if (bad || !p)
		fatal("out of memory");
	memset(p, 0, n);
	free(p);
}

/* Call hooks see the values passed, before the call forgets h->buf. */
struct holder { char *buf; };

size_t member_checked_through_flag(struct holder *h, const char *s)
{
	int ok;

	h->buf = strdup(s);
	ok = h->buf != NULL;
	if (!ok)
		return 0;
	return strlen(h->buf);
}

/* `&&` stops at the test; `&` between two plain values splits nothing */
struct pair2 { int one, two; };
int logical_and_check(struct pair2 *p, int a, int b)
{
	if ((p != NULL) && (p->one == 5))
		return 1;
	return (a & b) | (a > b);
}

/* awk's builtins: the loop stores every argument it finds at av[i] */
struct var { int num; };
struct var *evaluate(int i);

static int num_of(struct var *v)
{
	return v->num;
}

int third_argument(int nargs)
{
	struct var *av[4];
	int i;

	av[2] = av[3] = NULL;
	for (i = 0; i < 4 && i < nargs; i++)
		av[i] = evaluate(i);
	if (nargs < 3)
		return 0;
	return num_of(av[2]);
}

/*
 * A static function's NULL branch for a mode no caller passes: the walk
 * with its callers' values never takes it.
 */
static int read_mode(int mode, int *out)
{
	int *p = 0;

	if (mode == 2)
		return *p;
	return *out;
}

int read_modes(int *out)
{
	return read_mode(0, out) + read_mode(1, out);
}

/*
 * A pointer to a local that may be pointed elsewhere before the store:
 * what it reads afterwards is not known to be the local's.
 */
int through_moved_pointer(struct dev *first, struct dev **elsewhere)
{
	struct dev *cur = NULL;
	struct dev **set = &cur;

	if (elsewhere)
		set = elsewhere;
	*set = first;
	if (!elsewhere)
		return cur->id;
	return 0;
}

/* a union's members of another type are not the NULL stored */
int through_union_of_types(long bits)
{
	union {
		struct dev *as_dev;
		long as_bits;
	} u;

	u.as_dev = NULL;
	u.as_bits = bits;
	if (!u.as_bits)
		return 0;
	return 1;
}

/* a static global set, or checked by the helper, before the dereference */
static struct dev *g_current;

static int current_id(void)
{
	struct dev *d = g_current;

	return d->id;
}

static int current_id_checked(void)
{
	return g_current ? g_current->id : -1;
}

int set_and_read(struct dev *d)
{
	g_current = NULL;
	if (current_id_checked() < 0)
		g_current = d;
	if (!g_current)
		return 0;
	return current_id();
}

/* an allocation checked before the helper reads it, in the global or the local */
int alloc_checked_and_read(void)
{
	g_current = malloc(sizeof(*g_current));
	if (!g_current)
		return -1;
	return current_id();
}

int copy_checked_and_read(void)
{
	struct dev *d = malloc(sizeof(*d));

	if (!d)
		return -1;
	g_current = d;
	return current_id();
}

/* the helper that checks gets it unchecked */
int alloc_and_read_checked(void)
{
	g_current = malloc(sizeof(*g_current));
	return current_id_checked();
}

/*
 * Helpers that dereference a member or an element of what they are
 * given: the callers fill the place first, or the helper checks it.
 */
struct request { const char *path; int flags; };

static int path_length(struct request req)
{
	return (int)strlen(req.path);
}

static int path_length_or_zero(struct request req)
{
	return req.path ? (int)strlen(req.path) : 0;
}

static int first_flags(struct request *reqs[])
{
	struct request *r = reqs[0];

	return r->flags;
}

int filled_request(const char *p)
{
	struct request req, none, *reqs[2];
	static struct request fixed;

	req.path = "/";
	none.path = NULL;
	reqs[0] = &fixed;
	return path_length(req) + path_length_or_zero(none) +
	       first_flags(reqs);
}

int checked_slot(void)
{
	struct request *reqs[2];
	int n;

	reqs[0] = malloc(sizeof(struct request));
	if (!reqs[0])
		return -1;
	reqs[0]->flags = 0;
	n = first_flags(reqs);
	free(reqs[0]);
	return n;
}

/*
 * A NULL a caller passes to a function that dereferences it on some
 * paths only (the flag is not known): an assumption, not a finding.
 */
static int either_flag;
void print_one(char c);
void set_either(int v) { either_flag = v; }

static void maybe_sink(char *data)
{
	if (either_flag)
		print_one(data[0]);
}

void passes_null_flag_unknown(void)
{
	maybe_sink(NULL);
}

/* the flag the caller set keeps the callee off the dereference */
static int off_flag;
void set_off(int v) { off_flag = v; }

static void guarded_sink(char *data)
{
	if (off_flag)
		print_one(data[0]);
}

void clears_flag_and_passes_null(void)
{
	off_flag = 0;
	guarded_sink(NULL);
}

/* checked on the paths that reach it */
static void checking_sink(char *data, int n)
{
	if (n > 0 && data)
		print_one(data[0]);
}

void passes_null_to_a_checker(void)
{
	checking_sink(NULL, 3);
}

/*
 * A callee given NULL by one caller returns before it dereferences on
 * the path that caller takes (redis quicklistDelIndex(): a plain node is
 * deleted whole, `*p` is only read for a packed one).  The early return
 * was walked before the dereference was seen, so it must still count as
 * a path that never dereferences.  (`why` differs between the callers,
 * so the callee is walked with each caller's values.)
 */
struct qnode {
	int plain;
	unsigned char *entry;
};
unsigned char *list_delete(unsigned char *entry, unsigned char *at,
			   unsigned char **next);
void node_free(struct qnode *n);
int node_is_plain(const struct qnode *n);

static int del_index(struct qnode *n, unsigned char **p, int why)
{
	if (n->plain) {
		node_free(n);
		return 1;
	}
	n->entry = list_delete(n->entry, *p, p);
	return why;
}

int pop_plain(struct qnode *n)
{
	if (node_is_plain(n))
		return del_index(n, NULL, 1);
	return 0;
}

int pop_packed(struct qnode *n, unsigned char *at)
{
	return del_index(n, &at, 2);
}

/*
 * A NULL default that some path replaces: which paths keep it is tied to
 * other values (the count, the flag), not a choice to blame.
 */
struct win { int len; struct win *next; };
void use_len(int len);

int grown(int n)
{
	int *v = NULL, i;

	for (i = 0; i < n; i++) {
		int *nv = realloc(v, (i + 1) * sizeof(*v));

		if (!nv)
			break;
		v = nv;
		v[i] = i;
	}
	i = n ? v[0] : 0;
	free(v);
	return i;
}

void find_lru(struct win *head, struct win **lru, int *found);

/* filled in through its address on the paths that use it (git's packfile.c) */
void filled_in(struct win *first)
{
	struct win *lru = NULL;
	int found = 0;

	if (first)
		find_lru(first, &lru, &found);
	if (found)
		use_len(lru->len);
}

/* two filled in together, one tested (git's packfile.c unuse_one_window()) */
void scan2(struct win *w, struct win **owner, struct win **lru);

void filled_together(struct win *list, struct win *cur)
{
	struct win *owner = NULL, *lru = NULL, *p;

	if (cur)
		scan2(cur, &owner, &lru);
	for (p = list; p; p = p->next)
		scan2(p, &owner, &lru);
	if (owner)
		use_len(lru->len);
}

/* NULL on one side, tested before the use */
void either_or_tested(int mode, struct win *w)
{
	struct win *p;

	if (mode)
		p = w;
	else
		p = NULL;
	if (p)
		use_len(p->len);
}

/* set further down, reaching back only round a loop a flag steers */
int goto_back(struct win *w, int again)
{
	int total = 0;

top:
	total += w->len;
	if (again) {
		w = NULL;
		again = 0;
		if (total < 0)
			goto top;
	}
	return total;
}

/*
 * A chosen NULL used inside a loop: its passes forget, at the calls in
 * it, what ties the NULL to the test around the use (busybox mount.c).
 */
struct entry { const char *name; };
int next_entry(struct entry *e);

int in_loop(const char *want)
{
	const char *path;
	struct entry e;

	if (!want)
		path = NULL;
	else
		path = want;
	while (next_entry(&e))
		if (want && strcmp(path, e.name) == 0)
			return 1;
	return 0;
}

