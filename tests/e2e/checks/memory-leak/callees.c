/*
 * memory-leak through functions of the same file: allocator and free
 * wrappers, and helpers that only read what they get, are known from their
 * own analysis (callees first), with no profile.
 */
#include <stdlib.h>
#include <string.h>

struct item { char *name; int n; };
static struct item *registry;

static struct item *item_new(const char *name)
{
	struct item *it = calloc(1, sizeof(*it));

	if (!it)
		return NULL;
	it->name = strdup(name);
	return it;
}

/* frees its argument; a NULL one has nothing to free */
static void item_free(struct item *it)
{
	if (!it)
		return;
	free(it->name);
	free(it);
}

/* only reads: passing memory to it is no escape */
static int item_len(const struct item *it)
{
	return it->name ? (int)strlen(it->name) : 0;
}

/* keeps its argument */
static void item_register(struct item *it)
{
	registry = it;
}

int leaked_after_read(const char *name)
{
	struct item *it = item_new(name);

	if (!it)
		return -1;
	return item_len(it);	/* expect-warning: memory-leak "memory leak of 'it'" */
}

int freed_by_wrapper(const char *name)
{
	struct item *it = item_new(name);
	int n;

	if (!it)
		return -1;
	n = item_len(it);
	item_free(it);
	return n;
}

int kept_by_callee(const char *name)
{
	struct item *it = item_new(name);

	if (!it)
		return -1;
	item_register(it);
	return 0;
}

/* a parameter reassigned with a fresh block and returned: the caller owns it */
static char *fill_source(char *data)
{
	data = malloc(64);
	if (!data)
		exit(1);
	data[0] = 0;
	return data;
}

void source_through_parameter(void)
{
	char *data = NULL;

	data = fill_source(data);
}	/* expect-warning: memory-leak "memory leak of 'data'" */

void source_through_parameter_freed(void)
{
	char *data = NULL;

	data = fill_source(data);
	free(data);
}
