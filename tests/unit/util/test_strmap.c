/*
 * Unit tests: util/strmap - strings to sizes: found after many puts and
 * the growth they cause, a put again replaces, a miss is a miss, clear
 * empties it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "util/strmap.h"

#define N 1000

static void test_strmap__put_get_replace(void **state)
{
	static char keys[N][16], again[16];
	sci_strmap m = { 0 };
	size_t i, v;

	(void)state;
	assert_int_equal(sci_strmap_get(&m, "none", &v), 0);
	for (i = 0; i < N; i++) {
		snprintf(keys[i], sizeof(keys[i]), "k%zu", i);
		sci_strmap_put(&m, keys[i], i * 3);
	}
	assert_int_equal(m.n, N);
	for (i = 0; i < N; i++) {
		v = 0;
		assert_int_equal(sci_strmap_get(&m, keys[i], &v), 1);
		assert_int_equal(v, i * 3);
	}
	assert_int_equal(sci_strmap_get(&m, "k1000", &v), 0);
	assert_int_equal(sci_strmap_get(&m, "", &v), 0);
	/* the same string at another address replaces the value */
	snprintf(again, sizeof(again), "k%d", 7);
	sci_strmap_put(&m, again, 99);
	assert_int_equal(m.n, N);
	assert_int_equal(sci_strmap_get(&m, "k7", &v), 1);
	assert_int_equal(v, 99);
	sci_strmap_clear(&m);
	assert_int_equal(m.n, 0);
	assert_int_equal(sci_strmap_get(&m, "k1", &v), 0);
	sci_strmap_put(&m, keys[1], 5);
	assert_int_equal(sci_strmap_get(&m, "k1", &v), 1);
	assert_int_equal(v, 5);
	sci_strmap_clear(&m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strmap__put_get_replace),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
