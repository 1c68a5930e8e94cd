/* null-deref: dereferencing a pointer that is NULL, or may be NULL because
 * the call that produced it was not checked, on this path. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>

struct dev { const char *name; int id; };
struct node { int x; struct { int b; } a; struct node *next; };

void report_missing(struct dev *d)
{
	if (!d)
		printf("no device %s\n", d->name);	/* expect-error: null-deref "NULL dereference of 'd'" */
}

int assigned_null(void)
{
	struct dev *d = NULL;

	return d->id;	/* expect-error: null-deref "NULL dereference of 'd'" */
}

int implied_null(struct dev *d, int flag)
{
	int have = 0;

	if (d)
		have = 1;
	if (!have && flag)
		return d->id;	/* expect-error: null-deref "NULL dereference of 'd'" */
	return 0;
}

/* Every form of dereference. */
int index_null(int i)
{
	int *p = NULL;

	return p[i];	/* expect-error: null-deref "NULL dereference of 'p'" */
}

int offset_null(void)
{
	int *p = NULL;

	return *(p + 1);	/* expect-error: null-deref "NULL dereference of 'p'" */
}

int star_member_null(void)
{
	struct node *p = NULL;

	return (*p).x;	/* expect-error: null-deref "NULL dereference of 'p'" */
}

int nested_member_null(void)
{
	struct node *p = NULL;

	return p->a.b;	/* expect-error: null-deref "NULL dereference of 'p'" */
}

size_t null_to_strlen(void)
{
	const char *s = NULL;

	return strlen(s);	/* expect-error: null-deref "'s' is NULL when passed to strlen()" */
}

/* Unchecked results of allocators and lookups. */
void unchecked_member(void)
{
	struct node *p = malloc(sizeof(*p));

	p->x = 1;	/* expect-error: null-deref "'p' could be NULL: the result of malloc() is not checked" */
	free(p);
}

void unchecked_index(size_t n)
{
	char *p = malloc(n);

	p[0] = 0;	/* expect-error: null-deref "'p' could be NULL: the result of malloc() is not checked" */
	free(p);
}

void unchecked_star(size_t n)
{
	char *p = calloc(1, n);

	*p = 0;		/* expect-error: null-deref "'p' could be NULL: the result of calloc() is not checked" */
	free(p);
}

void unchecked_strcpy(const char *s)
{
	char *p = malloc(strlen(s) + 1);

	strcpy(p, s);	/* expect-error: null-deref "'p' could be NULL when passed to strcpy(): the result of malloc() is not checked" */
	free(p);
}

void unchecked_memset(size_t n)
{
	char *p = malloc(n);

	memset(p, 0, n);	/* expect-error: null-deref "'p' could be NULL when passed to memset(): the result of malloc() is not checked" */
	free(p);
}

size_t strdup_strlen(const char *s)
{
	char *p = strdup(s);
	size_t n = strlen(p);	/* expect-error: null-deref "'p' could be NULL when passed to strlen(): the result of strdup() is not checked" */

	free(p);
	return n;
}

void fopen_fprintf(const char *path)
{
	FILE *f = fopen(path, "w");

	fprintf(f, "hello\n");	/* expect-error: null-deref "'f' could be NULL when passed to fprintf(): the result of fopen() is not checked" */
	fclose(f);		/* one finding per missing check */
}

int fopen_fgets(const char *path, char *buf)
{
	FILE *f = fopen(path, "r");
	int ok = fgets(buf, 80, f) != NULL;	/* expect-error: null-deref "'f' could be NULL when passed to fgets(): the result of fopen() is not checked" */

	fclose(f);
	return ok;
}

void fopen_fclose(const char *path)
{
	FILE *f = fopen(path, "r");

	fclose(f);	/* expect-error: null-deref "'f' could be NULL when passed to fclose(): the result of fopen() is not checked" */
}

size_t getenv_strlen(void)
{
	const char *home = getenv("HOME");

	return strlen(home);	/* expect-error: null-deref "'home' could be NULL when passed to strlen(): the result of getenv() is not checked" */
}

size_t getenv_direct(void)
{
	return strlen(getenv("HOME"));	/* expect-error: null-deref "getenv() could return NULL: its result is passed to strlen() unchecked" */
}

/* the last line of a file may end without its '\n' */
void strchr_cut(FILE *f)
{
	char line[256], *p;

	if (!fgets(line, sizeof(line), f))
		return;
	p = strchr(line, '\n');
	*p = 0;		/* expect-error: null-deref "'p' could be NULL: the result of strchr() is not checked" */
}

#include <unistd.h>

/* what was read need not hold the key */
const char *value_of(int fd)
{
	static char buf[512];
	char *p;
	long n = read(fd, buf, sizeof(buf) - 1);

	if (n <= 0)
		return NULL;
	buf[n] = 0;
	p = strstr(buf, "key=");
	return p[4] ? p + 4 : NULL;	/* expect-error: null-deref "'p' could be NULL: the result of strstr() is not checked" */
}

int main(int argc, char **argv)
{
	char *eq;

	if (argc < 2)
		return 1;
	eq = strchr(argv[1], '=');
	eq[0] = 0;	/* expect-error: null-deref "'eq' could be NULL: the result of strchr() is not checked" */
	return 0;
}

int checked_on_one_branch(size_t n, int c)
{
	int *p = malloc(n);

	if (c) {
		if (!p)
			return -1;
	}
	*p = 1;		/* expect-error: null-deref "'p' could be NULL: the result of malloc() is not checked" */
	free(p);
	return 0;
}

int realloc_unchecked(int *p, size_t n)
{
	p = realloc(p, n);	/* expect-warning: realloc-leak "'p' = realloc('p', ...): if realloc() fails, the block 'p' pointed to is lost" */
	p[0] = 1;	/* expect-error: null-deref "'p' could be NULL: the result of realloc() is not checked" */
	free(p);
	return 0;
}

/* Checking the wrong pointer checks nothing. */
int checks_the_other_one(size_t n)
{
	int *p = malloc(n);
	int *q = malloc(n);

	if (!q) {
		free(p);
		return -1;
	}
	*q = 0;
	*p = 1;		/* expect-error: null-deref "'p' could be NULL: the result of malloc() is not checked" */
	free(p);
	free(q);
	return 0;
}

/* One missing check, one finding, through copies too. */
int copy_unchecked(size_t n)
{
	struct node *p = malloc(n);
	struct node *q = p;

	q->x = 1;	/* expect-error: null-deref "'q' could be NULL: the result of malloc() is not checked" */
	p->x = 2;
	p->next = NULL;
	free(p);
	return 0;
}

/* `&` evaluates both sides: the member is read also when p is NULL */
struct pair { int one, two; };
int bitwise_and_check(struct pair *p)
{
	if ((p != NULL) & (p->one == 5))	/* expect-error: null-deref "NULL dereference of 'p'" */
		return 1;
	return 0;
}

/*
 * A static function walked again with its callers' values (0 or 1 for
 * `look`) still reports what does not depend on them.
 */
static int scan_dir(int look)
{
	struct dirent *entry;
	DIR *dir = opendir("/proc");
	int found = 0;

	while ((entry = readdir(dir)) != NULL)	/* expect-error: null-deref "'dir' could be NULL when passed to readdir(): the result of opendir() is not checked" */
		if (look && entry->d_name[0] == '1')
			found = 1;
	closedir(dir);
	return found;
}

int scan_proc(int ppid)
{
	return scan_dir(ppid == 1);
}

/*
 * A local pointer that only ever holds &cur reads and writes cur itself:
 * the NULL stored through one is read through the other.
 */
int through_pointer_to_it(struct dev *first)
{
	struct dev *cur = first;
	struct dev **set = &cur, **get = &cur;
	struct dev *d;

	*set = NULL;
	d = *get;
	return d->id;	/* expect-error: null-deref "NULL dereference of 'd'" */
}

/* members of one type of a union are one place */
int through_union(void)
{
	union {
		struct dev *as_dev;
		struct dev *as_next;
	} u;

	u.as_dev = NULL;
	return u.as_next->id;	/* expect-error: null-deref "NULL dereference of 'u.as_dev'" */
}

/* a static global the caller leaves NULL, read by a static helper */
static struct dev *g_current;

static int current_id(void)
{
	struct dev *d = g_current;

	return d->id;
}

int reset_and_read(void)
{
	g_current = NULL;
	return current_id();	/* expect-error: null-deref "'g_current' is NULL when current_id() dereferences it" */
}

/* the same helper, the global given an allocation nobody checked */
int alloc_and_read(void)
{
	g_current = malloc(sizeof(*g_current));
	return current_id();	/* expect-error: null-deref "'g_current' could be NULL when current_id() dereferences it: the result of malloc() is not checked" */
}

/* through a local copy first */
int copy_and_read(void)
{
	struct dev *d = malloc(sizeof(*d));

	g_current = d;
	return current_id();	/* expect-error: null-deref "'g_current' could be NULL when current_id() dereferences it: the result of malloc() is not checked" */
}

/*
 * A helper that dereferences a member of the struct it is given by value,
 * or an element of the array it is given, before any check of its own.
 */
struct request { const char *path; int flags; };

static int path_length(struct request req)
{
	return (int)strlen(req.path);
}

static int first_id(struct dev *devs[])
{
	struct dev *d = devs[0];

	return d->id;
}

int empty_request(void)
{
	struct request req;

	req.path = NULL;
	req.flags = 0;
	return path_length(req);	/* expect-error: null-deref "'req.path' is NULL when path_length() dereferences it" */
}

int unchecked_slot(void)
{
	struct dev *devs[4];

	int id;

	devs[0] = malloc(sizeof(struct dev));
	id = first_id(devs);	/* expect-error: null-deref "'devs[0]' could be NULL when first_id() dereferences it: the result of malloc() is not checked" */
	free(devs[0]);
	return id;
}

/*
 * A NULL every caller passes, dereferenced on every path the callers'
 * values leave (a flag the caller set decides): Juliet's 21.
 */
static int sink_flag;
void print_char(char c);

static void flagged_sink(char *data)
{
	if (sink_flag)
		print_char(data[0]);	/* expect-error: null-deref "callers pass NULL" */
}

void sets_flag_and_passes_null(void)
{
	char *data = NULL;

	sink_flag = 1;
	flagged_sink(data);
}

/* NULL chosen on one side of a branch, dereferenced after the join */
struct twoints { int one, two; };
int pick(void);
void show_int(int v);

void either_or(void)
{
	struct twoints *data, tmp;

	if (pick()) {
		data = NULL;
	} else {
		tmp.one = 0;
		data = &tmp;
	}
	show_int(data->one);	/* expect-error: null-deref "'data' may be NULL here: a path that sets it to NULL reaches this dereference" */
	show_int(data->two);	/* one finding per NULL */
}

void either_or_passed(int mode, const char *given)
{
	const char *name;

	if (mode)
		name = given;
	else
		name = NULL;
	puts(name);	/* expect-error: null-deref "'name' may be NULL when passed to puts(): a path sets it to NULL" */
}
