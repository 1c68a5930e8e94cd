/*
 * Unit tests: util/alloc's sci_grow - appending one element at a time
 * keeps every element, reallocates only at powers of two, and an array
 * shortened from its end still has room for what is appended after (the
 * sanitizer build catches a write past the allocation).
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdlib.h>

#include "util/alloc.h"

static void test_alloc__grow_keeps_elements(void **state)
{
	long *v = NULL;
	size_t n = 0, i, moves = 0;

	(void)state;
	for (i = 0; i < 1000; i++) {
		long *was = v;

		v = sci_grow(v, n, sizeof(*v));
		/* no reallocation between powers of two */
		if (n & (n - 1))
			assert_ptr_equal(v, was);
		moves += v != was;
		v[n++] = (long)i * 7;
	}
	for (i = 0; i < n; i++)
		assert_int_equal(v[i], (long)i * 7);
	/* 1, 2, 4, ... 512: eleven allocations for a thousand appends */
	assert_int_equal(moves <= 11, 1);
	free(v);
}

static void test_alloc__grow_after_shrinking(void **state)
{
	int *v = NULL;
	size_t n = 0, i, round;

	(void)state;
	for (round = 0; round < 3; round++) {
		for (i = 0; i < 100; i++) {
			v = sci_grow(v, n, sizeof(*v));
			v[n++] = (int)(round * 1000 + i);
		}
		/* dropped from the end, as callers compact their arrays */
		n = n / 3;
	}
	for (i = 0; i < n; i++)
		assert_true(v[i] >= 0);
	free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_alloc__grow_keeps_elements),
		cmocka_unit_test(test_alloc__grow_after_shrinking),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
