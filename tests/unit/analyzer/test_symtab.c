/*
 * Unit tests: analyzer/symtab.h - records found by their symbol's address
 * across the index's growth, kept in the order added (a walk over the
 * array sees each record once, no empty slots), zeroed when added, a
 * missing symbol not added by a lookup, and a clear forgetting all.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "analyzer/symtab.h"

typedef struct {
	struct symbol *sym;
	int value;
	char pad[200];	/* records as large as tu_facts.c's */
} record;

/* distinct addresses to stand for symbols */
static char syms[3000];
#define SYM(i) ((struct symbol *)&syms[i])

static record *get(sci_symtab *t, int i, int add)
{
	return sci__symtab_get(t, sizeof(record), 64, SYM(i), add);
}

static void test_symtab__add_find_order(void **state)
{
	sci_symtab t = { 0 };
	record *r;
	int i;

	(void)state;
	assert_null(get(&t, 5, 0));
	for (i = 0; i < 3000; i++) {
		r = get(&t, i, 1);
		assert_ptr_equal(r->sym, SYM(i));
		assert_int_equal(r->value, 0);
		r->value = i + 1;
	}
	assert_int_equal(t.n, 3000);
	for (i = 0; i < 3000; i++) {
		r = get(&t, i, 0);
		assert_non_null(r);
		assert_int_equal(r->value, i + 1);
		/* adding again finds the same record */
		assert_ptr_equal(get(&t, i, 1), r);
	}
	assert_int_equal(t.n, 3000);
	for (i = 0; i < 3000; i++)
		assert_ptr_equal(((record *)t.recs)[i].sym, SYM(i));
	assert_null(sci__symtab_get(&t, sizeof(record), 64, NULL, 1));
	sci__symtab_clear(&t);
	assert_int_equal(t.n, 0);
	assert_null(get(&t, 1, 0));
	r = get(&t, 1, 1);
	assert_int_equal(r->value, 0);
	sci__symtab_clear(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_symtab__add_find_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
