/*
 * null-deref through functions of the same file: their facts come from
 * their own analysis (callees first), with no profile.
 */
#include <stdlib.h>
#include <string.h>

struct rec { int id; char name[16]; };

/* a malloc() wrapper passes malloc()'s result on unchecked */
static struct rec *rec_new(void)
{
	struct rec *r = malloc(sizeof(*r));

	return r;
}

/* dereferences its parameter on every path, unchecked */
static void rec_init(struct rec *r, int id)
{
	r->id = id;
	r->name[0] = '\0';
}

/* checks first: NULL is fine */
static int rec_id(const struct rec *r)
{
	if (!r)
		return -1;
	return r->id;	/* expect-error: uninitialized "'r->id' is used uninitialized: its callers pass 'malloc(...)', which no path writes before this read" */
}

/* a lookup that returns NULL on some path: callers know their keys */
static struct rec table[4];
static struct rec *rec_find(int id)
{
	if (id < 0 || id >= 4)
		return NULL;
	return &table[id];
}

int wrapper_unchecked(void)
{
	struct rec *r = rec_new();

	r->id = 1;	/* expect-error: null-deref "'r' could be NULL: the result of rec_new() is not checked" */
	free(r);
	return 0;
}

int passed_unchecked(void)
{
	struct rec *r = malloc(sizeof(*r));

	rec_init(r, 2);	/* expect-error: null-deref "'r' could be NULL when passed to rec_init(): the result of malloc() is not checked" */
	free(r);
	return 0;
}

void passed_null(void)
{
	struct rec *r = NULL;

	rec_init(r, 3);	/* expect-error: null-deref "'r' is NULL when passed to rec_init()" */
}

int checked_callee(void)
{
	struct rec *r = malloc(sizeof(*r));
	int id = rec_id(r);

	free(r);
	return id;
}

int wrapper_checked(void)
{
	struct rec *r = rec_new();

	if (!r)
		return -1;
	rec_init(r, 4);
	free(r);
	return 0;
}

int lookup(int id)
{
	return rec_find(id)->id;
}

/*
 * A global handed over unchecked, copied into a local and given to a
 * library function that must not get NULL (Juliet's 45).
 */
static char *g_name;

static void fill_name(void)
{
	char *name = g_name;

	strcpy(name, "init");
	free(name);
}

void hands_unchecked_global(void)
{
	char *name = calloc(20, 1);

	g_name = name;
	fill_name();	/* expect-error: null-deref "fill_name() dereferences it" */
}

static void fill_name_checked(void)
{
	char *name = g_name;

	if (!name)
		return;
	strcpy(name, "init");
	free(name);
}

void hands_global_to_checker(void)
{
	char *name = calloc(20, 1);

	g_name = name;
	fill_name_checked();
}
