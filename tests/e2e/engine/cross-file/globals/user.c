#include <stddef.h>
#include <stdlib.h>

int *g_data;

void use_global(void);
void use_direct(void);
void use_checked(void);
void use_after_reset(void);
void use_after_init(void);
int read_cache(void);
static int *cache;

void bad(void)
{
	g_data = NULL;
	use_global();	/* expect-error: null-deref "'g_data' is NULL when use_global() dereferences it" */
}

void bad_direct(void)
{
	int *data = NULL;

	g_data = data;
	use_direct();	/* expect-error: null-deref "'g_data' is NULL when use_direct() dereferences it" */
}

void bad_alloc(void)
{
	g_data = malloc(sizeof(*g_data));
	use_global();	/* expect-error: null-deref "'g_data' could be NULL when use_global() dereferences it: the result of malloc() is not checked" */
}

void good_alloc(void)
{
	g_data = malloc(sizeof(*g_data));
	if (!g_data)
		return;
	use_global();
}

void good(void)
{
	static int value = 5;

	g_data = &value;
	use_global();
	g_data = NULL;
	use_checked();
	use_after_reset();
	g_data = NULL;
	use_after_init();
}

int other_cache(void)
{
	cache = NULL;
	return read_cache();
}
