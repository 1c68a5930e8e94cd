/* expect-none */
/* memory-leak: correct ownership patterns that must stay quiet. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct item { char *name; struct item *next; };
struct list { struct item *head; };
static char *global_buf;
void list_add(struct item *it, struct list *l);
int consume(char *p);

int checked_and_freed(size_t n)
{
	char *p = malloc(n);

	if (!p)
		return -1;
	memset(p, 0, n);
	free(p);
	return 0;
}

char *returned(size_t n)
{
	char *p = malloc(n);

	if (!p)
		return NULL;
	p[0] = '\0';
	return p;
}

int stored_in_struct(struct item *it, const char *s)
{
	char *copy = strdup(s);

	if (!copy)
		return -1;
	it->name = copy;
	return 0;
}

int passed_to_unknown(struct list *l)
{
	struct item *it = calloc(1, sizeof(*it));

	if (!it)
		return -1;
	list_add(it, l);
	return 0;
}

void stored_in_global(void)
{
	char *p = malloc(32);

	if (p == NULL)
		return;
	global_buf = p;
}

int out_param(char **out)
{
	char *p = malloc(4);

	if (!p)
		return -1;
	*out = p;
	return 0;
}

int goto_cleanup(int n)
{
	char *a = NULL, *b = NULL;
	int ret = -1;

	a = malloc(n);
	if (!a)
		goto out;
	b = malloc(n);
	if (!b)
		goto out;
	ret = consume(a) + consume(b);
out:
	free(b);
	free(a);
	return ret;
}

int correlated_condition(int want)
{
	char *p = NULL;

	if (want) {
		p = malloc(10);
		if (!p)
			return -1;
	}
	if (want)
		free(p);
	return 0;
}

int grow(char **bufp, size_t n)
{
	char *tmp = realloc(*bufp, n);

	if (!tmp)
		return -1;
	*bufp = tmp;
	return 0;
}

struct item *initializer(const char *s)
{
	char *name = strdup(s);
	struct item tmp = { .name = name, .next = NULL };
	struct item *it;

	if (!name)
		return NULL;
	it = malloc(sizeof(*it));
	if (!it) {
		free(name);
		return NULL;
	}
	*it = tmp;
	return it;
}

void loop_alloc_free(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		char *b = malloc(16);

		if (!b)
			continue;
		snprintf(b, 16, "%d", i);
		free(b);
	}
}

char *pointer_into(size_t n)
{
	char *p = malloc(n + 1);

	if (!p)
		return NULL;
	return p + 1;
}

void *retry_zero_size(size_t size, int gentle)
{
	void *ret = malloc(size);

	if (!ret && !size)
		ret = malloc(1);
	if (!ret) {
		if (!gentle)
			abort();
		return NULL;
	}
	return ret;
}

/* Two names for one allocation; the check and the free use the other. */
int chained_assignment(size_t n)
{
	char *start, *pos;

	start = pos = calloc(1, n);
	if (start == NULL)
		return -1;
	pos[0] = 'x';
	free(start);
	return 0;
}

int success_flag(size_t n)
{
	char *p = malloc(n);
	int ok = (p != NULL);

	if (!ok)
		return -1;	/* p is NULL here: nothing leaks */
	free(p);
	return 0;
}

struct chain { struct chain *next; };

int reassigned_after_use(size_t n)
{
	char *p = malloc(n);
	char *keep;

	if (!p)
		return -1;
	keep = p;		/* keep holds the block too: p is no last copy */
	p = malloc(n);
	free(keep);
	free(p);
	return 0;
}

void reused_after_free(void)
{
	char *p = malloc(4);

	free(p);
	p = malloc(8);
	free(p);
}

/* The value of a statement expression outlives its block's variables. */
char *statement_expression_value(size_t n)
{
	return ({ char *t = malloc(n); t; });
}

/*
 * A goto out of the block that holds the memory, to code that ends the
 * process (busybox inetd.c): leaving the block there leaks nothing.
 */
void leave_to_exit(int c, int fd)
{
	if (c) {
		char *p = malloc(10);

		if (!p)
			return;
		if (read(fd, p, 10) < 0)
			goto fail;
		free(p);
	}
	return;
fail:
	if (fd > 2)
		close(fd);
	perror("read");
	_exit(1);
}

/*
 * A pointer into the block, kept where it outlives the call (busybox
 * nslookup.c): the memory stays reachable through the global.
 */
char *search_domain;

void keep_interior(const char *name)
{
	char *h = strdup(name);
	char *d;

	if (!h)
		return;
	d = strchr(h, '.');
	if (d)
		search_domain = d;
	else
		free(h);
}

/*
 * The block exists only when a destination is passed, and the caller that
 * asks for the count alone passes none: the walk with (1, NULL) allocates
 * nothing.  The two parameters stay together.
 */
static int intersect(int count_only, const char *dst)
{
	char *set = NULL;

	if (dst)
		set = malloc(16);
	if (count_only)
		return 1;
	if (set) {
		set[0] = dst[0];
		free(set);
	}
	return 0;
}

int intersect_count(void)
{
	return intersect(1, NULL);
}

int intersect_store(const char *dst)
{
	return intersect(0, dst);
}

/*
 * A flag tested inside another test first, then with a second condition
 * where the block is made, then alone where it is used: the paths that
 * skip the block are the ones that never made it (redis's
 * readSyncBulkPayload() and its temporary databases).
 */
struct loader { int mode, child; };
int load_flag(const struct loader *l);
void stop_child(void);
void load_into(void *db);

void load(struct loader *l)
{
	void *temp_db = NULL;
	int diskless = load_flag(l);

	if (l->child) {
		if (!diskless)
			fprintf(stderr, "stopping the child\n");
		stop_child();
	}
	if (diskless && l->mode == 2)
		temp_db = malloc(64);
	if (diskless) {
		load_into(temp_db);
		free(temp_db);
	} else {
		if (l->mode == 3)
			return;
	}
}

/* loops whose passes free, keep or hand on the block, or run once */
int use_line(char *p);

void one_pass(void)
{
	char *p = NULL;
	int j;

	for (j = 0; j < 1; j++) {
		p = malloc(5);
		if (!p)
			return;
		p[0] = 1;
	}
	free(p);
}

struct item *build(int n)
{
	struct item *head = NULL, *x;
	int i;

	for (i = 0; i < n; i++) {
		x = malloc(sizeof(*x));
		if (!x)
			break;
		x->next = head;
		head = x;
	}
	return head;
}

void allocated_once(int n)
{
	char *buf = NULL;
	int i;

	for (i = 0; i < n; i++) {
		if (!buf)
			buf = malloc(64);
		if (buf)
			use_line(buf);
	}
	free(buf);
}

void kept_or_freed(char **lines, int n)
{
	char *copy;
	int i;

	for (i = 0; i < n; i++) {
		copy = strdup(lines[i]);
		if (!copy)
			continue;
		if (use_line(copy)) {
			free(copy);
			continue;
		}
		lines[i] = copy;
	}
}

void freed_each_pass(void)
{
	char *p;

	while (1) {
		p = malloc(10);
		if (!p)
			return;
		if (use_line(p))
			break;
		free(p);
	}
	free(p);
}

/* freed on the passes that allocated: told apart by a count (busybox ls) */
char **scan(int *n);

void freed_when_counted(char **dirs, int n)
{
	char **sub;
	int i, k;

	for (i = 0; i < n; i++) {
		sub = scan(&k);
		if (k > 0)
			free(sub);
	}
}

/* a callee that moves along the block before handing it on keeps it */
void keep_somewhere(char *p);

static void advance_and_keep(char *buf, int n)
{
	buf = buf + n;
	keep_somewhere(buf);
}

void handed_on_moved(void)
{
	char *b = malloc(16);

	if (b)
		advance_and_keep(b, 2);
}

/* a callee that moves its parameter with a call before keeping it */
char *g_field;

static void keep_field(char *s)
{
	s = strchr(s, ',');
	g_field = s;
}

void field_kept(const char *line)
{
	char *copy = strdup(line);

	if (copy)
		keep_field(copy);
}

/*
 * An out-parameter that tells failure apart (git's parse_binary_hunk()):
 * NULL with *status 0 is "nothing here", NULL with *status -1 an error,
 * a block with *status 0 success.  `if (status) return status;` leaves
 * on the paths that returned NULL: nothing leaks there.
 */
int hunk_valid(const char *s);

struct hunk {
	char *data;
	int len;
};

struct hunk_state {
	int linenr;
};

/* stores through the block and the other parameters keep *status_p */
static struct hunk *parse_hunk(struct hunk_state *state, const char *buf,
			       int *status_p, int *used_p)
{
	struct hunk *h;

	*status_p = 0;
	if (!hunk_valid(buf))
		return NULL;
	state->linenr++;
	h = malloc(sizeof(*h));
	if (!h || !(h->data = strdup(buf))) {
		free(h);
		*status_p = -1;
		return NULL;
	}
	h->len = 1;
	*used_p = 1;
	return h;
}

int read_hunks(struct hunk_state *state, const char *buf, struct hunk **out)
{
	struct hunk *forward;
	int status, used;

	forward = parse_hunk(state, buf, &status, &used);
	if (!forward && !status)
		return -2;
	if (status)
		return status;
	*out = forward;
	return 0;
}
