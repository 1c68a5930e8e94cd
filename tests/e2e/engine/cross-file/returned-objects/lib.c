/* expect-none */
/*
 * Functions whose result points to the start of an object they make
 * known (fn_facts.c, "ret_obj" in their summaries): a block of a fixed
 * size, a block as big as a parameter or the product of two (allocation
 * wrappers), a static array.  Their callers are in use.c and quiet.c.
 */
#include <stdlib.h>
#include <string.h>

void *buf_alloc(size_t n)
{
	void *p = malloc(n);

	if (!p)
		abort();
	return p;
}

void *buf_zalloc(size_t count, size_t size)
{
	return calloc(count, size);
}

char *name_buffer(void)
{
	char *p = malloc(32);

	if (p)
		p[0] = '\0';
	return p;
}

static char scratch[64];

char *scratch_buffer(void)
{
	scratch[0] = '\0';
	return scratch;
}

/* two objects, depending on the path: callers know neither */
static char small_table[8], big_table[256];

char *pick_table(int big)
{
	return big ? big_table : small_table;
}

/* not the start of the array */
char *scratch_tail(void)
{
	return scratch + 1;
}

/* the size is the parameter plus one: not a parameter's value */
char *text_alloc(size_t len)
{
	char *p = malloc(len + 1);

	if (p)
		p[len] = '\0';
	return p;
}

/* the parameter was changed before the allocation */
char *rounded_alloc(size_t n)
{
	n = (n + 15) & ~(size_t)15;
	return malloc(n);
}
