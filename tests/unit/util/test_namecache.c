/*
 * Unit tests: util/namecache - an answer is found by the same address,
 * not by the same text at another address; a NULL answer is kept; a name
 * rewritten in place (a freed name's address reused) misses; a clear
 * forgets; names too long are never kept.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/namecache.h"

static void test_namecache__hit_miss_clear(void **state)
{
	sci_namecache *c = calloc(1, sizeof(*c));
	static char a[16] = "malloc", other[16] = "malloc";
	static int x, y;
	const void *v = NULL;

	(void)state;
	assert_int_equal(sci_namecache_get(c, a, &v), 0);
	sci_namecache_put(c, a, &x);
	assert_int_equal(sci_namecache_get(c, a, &v), 1);
	assert_ptr_equal(v, &x);
	/* the same text elsewhere is not the kept name */
	assert_int_equal(sci_namecache_get(c, other, &v), 0);
	/* a known miss */
	sci_namecache_put(c, other, NULL);
	v = &y;
	assert_int_equal(sci_namecache_get(c, other, &v), 1);
	assert_null(v);
	/* the address now holds another name */
	strcpy(a, "free");
	assert_int_equal(sci_namecache_get(c, a, &v), 0);
	sci_namecache_put(c, a, &y);
	assert_int_equal(sci_namecache_get(c, a, &v), 1);
	assert_ptr_equal(v, &y);
	sci_namecache_clear(c);
	assert_int_equal(sci_namecache_get(c, a, &v), 0);
	assert_int_equal(sci_namecache_get(c, NULL, &v), 0);
	free(c);
}

static void test_namecache__long_names_not_kept(void **state)
{
	sci_namecache *c = calloc(1, sizeof(*c));
	char name[SCI_NAMECACHE_TEXT + 8];
	static int x;
	const void *v;

	(void)state;
	memset(name, 'f', sizeof(name) - 1);
	name[sizeof(name) - 1] = '\0';
	sci_namecache_put(c, name, &x);
	assert_int_equal(sci_namecache_get(c, name, &v), 0);
	name[SCI_NAMECACHE_TEXT - 1] = '\0';	/* the longest kept */
	sci_namecache_put(c, name, &x);
	assert_int_equal(sci_namecache_get(c, name, &v), 1);
	assert_ptr_equal(v, &x);
	free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_namecache__hit_miss_clear),
		cmocka_unit_test(test_namecache__long_names_not_kept),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
