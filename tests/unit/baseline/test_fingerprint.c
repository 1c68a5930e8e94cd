/*
 * test_fingerprint.c - fingerprint properties (src/baseline/fingerprint.c):
 * stable under lines added above, re-indentation, moving the function,
 * renaming the file (through the map) and rewording the message; different
 * for another rule, function or key; identical findings stay distinct; the
 * order of the input list does not matter.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "baseline/fingerprint.h"

static sci_result *add(sci_result_list *l, const char *rule, const char *path,
		       unsigned line, unsigned col, const char *function,
		       const char *key, const char *message)
{
	return sci_result_list_take(l, sci_diag_new(rule, SCI_LEVEL_WARNING,
						    path, line, col, function,
						    key, message));
}

/* Fingerprint of a one-result list. */
static void fp_of(char out[SCI_FP_HEX], const char *rule, const char *path,
		  unsigned line, unsigned col, const char *function,
		  const char *key, const char *message)
{
	sci_result_list l = { 0 };

	add(&l, rule, path, line, col, function, key, message);
	sci_fp_assign(&l, NULL, NULL);
	strcpy(out, l.items[0].fingerprint);
	sci_result_list_clear(&l);
}

/* The v1 encoding, pinned with a value computed outside this code base
 * (Python hashlib over the length-prefixed fields). */
static void test_fp__compute_matches_the_documented_encoding(void **state)
{
	char fp[SCI_FP_HEX];

	sci_fp_compute(fp, "memory-leak", "src/a.c", "main", "buf", 0);
	assert_string_equal(fp,
		"bfdf9c9b630f5f21c1fa2c702c8052cc1d188c091b142f48535f7171edbb4601");
	sci_fp_compute(fp, NULL, NULL, NULL, NULL, 0);
	assert_string_equal(fp,
		"a2d92af7ad83124930193a4f18655dc7a301f48b9e35ee1748992321caff008b");
	assert_int_equal(strlen(fp), SCI_FP_HEX - 1);
}

static void test_fp__fields_do_not_run_into_each_other(void **state)
{
	char a[SCI_FP_HEX], b[SCI_FP_HEX];

	sci_fp_compute(a, "ab", "c", "f", "k", 0);
	sci_fp_compute(b, "a", "bc", "f", "k", 0);
	assert_string_not_equal(a, b);
	sci_fp_compute(a, "r", "p", "fk", "", 0);
	sci_fp_compute(b, "r", "p", "f", "k", 0);
	assert_string_not_equal(a, b);
	sci_fp_compute(a, "r", "p", "f", "k1", 0);
	sci_fp_compute(b, "r", "p", "f", "k", 10);
	assert_string_not_equal(a, b);
}

static void test_fp__stable_when_lines_are_added_above(void **state)
{
	char before[SCI_FP_HEX], after[SCI_FP_HEX];

	fp_of(before, "null-deref", "a.c", 10, 5, "f", "p", "m");
	fp_of(after, "null-deref", "a.c", 25, 5, "f", "p", "m");
	assert_string_equal(before, after);
}

static void test_fp__stable_when_reindented(void **state)
{
	char before[SCI_FP_HEX], after[SCI_FP_HEX];

	fp_of(before, "null-deref", "a.c", 10, 5, "f", "p", "m");
	fp_of(after, "null-deref", "a.c", 10, 13, "f", "p", "m");
	assert_string_equal(before, after);
}

/* f and g swap places in the file: every line number changes. */
static void test_fp__stable_when_function_moves_within_file(void **state)
{
	sci_result_list before = { 0 }, after = { 0 };

	add(&before, "memory-leak", "a.c", 10, 2, "f", "buf", "leak");
	add(&before, "memory-leak", "a.c", 40, 2, "g", "buf", "leak");
	add(&before, "memory-leak", "a.c", 44, 2, "g", "buf", "leak");
	add(&after, "memory-leak", "a.c", 7, 2, "g", "buf", "leak");
	add(&after, "memory-leak", "a.c", 11, 2, "g", "buf", "leak");
	add(&after, "memory-leak", "a.c", 52, 2, "f", "buf", "leak");
	sci_fp_assign(&before, NULL, NULL);
	sci_fp_assign(&after, NULL, NULL);
	assert_string_equal(before.items[0].fingerprint, after.items[2].fingerprint);
	assert_string_equal(before.items[1].fingerprint, after.items[0].fingerprint);
	assert_string_equal(before.items[2].fingerprint, after.items[1].fingerprint);
	sci_result_list_clear(&before);
	sci_result_list_clear(&after);
}

static void test_fp__message_and_level_are_not_hashed(void **state)
{
	char a[SCI_FP_HEX], b[SCI_FP_HEX];
	sci_result_list l = { 0 };

	fp_of(a, "r", "a.c", 3, 1, "f", "k", "size 16 exceeds 8");
	fp_of(b, "r", "a.c", 3, 1, "f", "k", "size 32 exceeds 8");
	assert_string_equal(a, b);
	add(&l, "r", "a.c", 3, 1, "f", "k", "size 16 exceeds 8");
	l.items[0].diag->level = SCI_LEVEL_ERROR;
	sci_fp_assign(&l, NULL, NULL);
	assert_string_equal(l.items[0].fingerprint, a);
	sci_result_list_clear(&l);
}

struct rename {
	const char *from, *to;
	int calls;
};

static const char *map_rename(const char *path, void *payload)
{
	struct rename *r = payload;

	r->calls++;
	return strcmp(path, r->from) == 0 ? r->to : NULL;
}

static void test_fp__stable_when_file_is_renamed_through_the_map(void **state)
{
	sci_result_list base = { 0 }, head = { 0 };
	struct rename ren = { "lib/old.c", "src/new.c", 0 };

	add(&base, "r", "lib/old.c", 10, 1, "f", "k", "m");
	add(&base, "r", "lib/other.c", 10, 1, "f", "k", "m");
	add(&head, "r", "src/new.c", 12, 1, "f", "k", "m");
	add(&head, "r", "lib/other.c", 10, 1, "f", "k", "m");
	sci_fp_assign(&base, map_rename, &ren);
	sci_fp_assign(&head, NULL, NULL);
	assert_int_equal(ren.calls, 2);
	assert_string_equal(base.items[0].fingerprint, head.items[0].fingerprint);
	assert_string_equal(base.items[1].fingerprint, head.items[1].fingerprint);
	/* the diagnostic keeps its own (base) path */
	assert_string_equal(base.items[0].diag->path, "lib/old.c");

	/* without the map the rename shows */
	sci_fp_assign(&base, NULL, NULL);
	assert_string_not_equal(base.items[0].fingerprint,
				head.items[0].fingerprint);
	sci_result_list_clear(&base);
	sci_result_list_clear(&head);
}

static void test_fp__changes_with_rule_function_key_or_path(void **state)
{
	char ref[SCI_FP_HEX], x[SCI_FP_HEX];

	fp_of(ref, "null-deref", "a.c", 10, 5, "f", "p", "m");
	fp_of(x, "memory-leak", "a.c", 10, 5, "f", "p", "m");
	assert_string_not_equal(ref, x);
	fp_of(x, "null-deref", "a.c", 10, 5, "g", "p", "m");
	assert_string_not_equal(ref, x);
	fp_of(x, "null-deref", "a.c", 10, 5, "f", "q", "m");
	assert_string_not_equal(ref, x);
	fp_of(x, "null-deref", "b.c", 10, 5, "f", "p", "m");
	assert_string_not_equal(ref, x);
}

static void test_fp__identical_findings_in_one_function_stay_distinct(void **state)
{
	sci_result_list l = { 0 }, moved = { 0 };
	char c0[SCI_FP_HEX], c1[SCI_FP_HEX];

	add(&l, "r", "a.c", 5, 1, "f", "k", "m");
	add(&l, "r", "a.c", 9, 1, "f", "k", "m");
	sci_fp_assign(&l, NULL, NULL);
	assert_string_not_equal(l.items[0].fingerprint, l.items[1].fingerprint);
	sci_fp_compute(c0, "r", "a.c", "f", "k", 0);
	sci_fp_compute(c1, "r", "a.c", "f", "k", 1);
	assert_string_equal(l.items[0].fingerprint, c0);
	assert_string_equal(l.items[1].fingerprint, c1);

	/* both move down together: each keeps its fingerprint */
	add(&moved, "r", "a.c", 15, 1, "f", "k", "m");
	add(&moved, "r", "a.c", 19, 1, "f", "k", "m");
	sci_fp_assign(&moved, NULL, NULL);
	assert_string_equal(l.items[0].fingerprint, moved.items[0].fingerprint);
	assert_string_equal(l.items[1].fingerprint, moved.items[1].fingerprint);
	sci_result_list_clear(&l);
	sci_result_list_clear(&moved);
}

/* Even exact duplicates (same line, column, message) get two fingerprints. */
static void test_fp__exact_duplicates_are_distinct(void **state)
{
	sci_result_list l = { 0 };

	add(&l, "r", "a.c", 5, 1, "f", "k", "m");
	add(&l, "r", "a.c", 5, 1, "f", "k", "m");
	sci_fp_assign(&l, NULL, NULL);
	assert_string_not_equal(l.items[0].fingerprint, l.items[1].fingerprint);
	sci_result_list_clear(&l);
}

/* Occurrence order: line, then column, then message. */
static void test_fp__occurrence_order_line_column_message(void **state)
{
	sci_result_list l = { 0 };
	char c[3][SCI_FP_HEX];
	int i;

	for (i = 0; i < 3; i++)
		sci_fp_compute(c[i], "r", "a.c", "f", "k", (unsigned)i);
	add(&l, "r", "a.c", 7, 1, "f", "k", "b");	/* 2: later line */
	add(&l, "r", "a.c", 6, 9, "f", "k", "a");	/* 1: later column */
	add(&l, "r", "a.c", 6, 3, "f", "k", "z");	/* 0 */
	sci_fp_assign(&l, NULL, NULL);
	assert_string_equal(l.items[0].fingerprint, c[2]);
	assert_string_equal(l.items[1].fingerprint, c[1]);
	assert_string_equal(l.items[2].fingerprint, c[0]);
	sci_result_list_clear(&l);

	add(&l, "r", "a.c", 6, 3, "f", "k", "y");	/* 1 */
	add(&l, "r", "a.c", 6, 3, "f", "k", "x");	/* 0 */
	sci_fp_assign(&l, NULL, NULL);
	assert_string_equal(l.items[0].fingerprint, c[1]);
	assert_string_equal(l.items[1].fingerprint, c[0]);
	sci_result_list_clear(&l);
}

static void test_fp__input_order_does_not_matter(void **state)
{
	static const struct {
		const char *rule, *path, *fn, *key;
		unsigned line;
	} f[] = {
		{ "r", "a.c", "f", "k", 5 },
		{ "r", "a.c", "f", "k", 9 },
		{ "r", "a.c", "f", "k", 2 },
		{ "s", "a.c", "f", "k", 4 },
		{ "r", "b.c", "f", "k", 1 },
		{ "r", "a.c", "g", "k", 3 },
		{ "r", "a.c", "f", "j", 8 },
	};
	const size_t n = sizeof(f) / sizeof(f[0]);
	sci_result_list fwd = { 0 }, rev = { 0 };
	size_t i, j;

	for (i = 0; i < n; i++)
		add(&fwd, f[i].rule, f[i].path, f[i].line, 1, f[i].fn, f[i].key, "m");
	for (i = n; i-- > 0;)
		add(&rev, f[i].rule, f[i].path, f[i].line, 1, f[i].fn, f[i].key, "m");
	sci_fp_assign(&fwd, NULL, NULL);
	sci_fp_assign(&rev, NULL, NULL);
	for (i = 0; i < n; i++) {
		assert_string_equal(fwd.items[i].fingerprint,
				    rev.items[n - 1 - i].fingerprint);
		for (j = 0; j < i; j++)	/* all distinct */
			assert_string_not_equal(fwd.items[i].fingerprint,
						fwd.items[j].fingerprint);
	}
	sci_result_list_clear(&fwd);
	sci_result_list_clear(&rev);
}

static void test_fp__empty_list_is_fine(void **state)
{
	sci_result_list l = { 0 };

	sci_fp_assign(&l, NULL, NULL);
	assert_int_equal(l.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fp__compute_matches_the_documented_encoding),
		cmocka_unit_test(test_fp__fields_do_not_run_into_each_other),
		cmocka_unit_test(test_fp__stable_when_lines_are_added_above),
		cmocka_unit_test(test_fp__stable_when_reindented),
		cmocka_unit_test(test_fp__stable_when_function_moves_within_file),
		cmocka_unit_test(test_fp__message_and_level_are_not_hashed),
		cmocka_unit_test(test_fp__stable_when_file_is_renamed_through_the_map),
		cmocka_unit_test(test_fp__changes_with_rule_function_key_or_path),
		cmocka_unit_test(test_fp__identical_findings_in_one_function_stay_distinct),
		cmocka_unit_test(test_fp__exact_duplicates_are_distinct),
		cmocka_unit_test(test_fp__occurrence_order_line_column_message),
		cmocka_unit_test(test_fp__input_order_does_not_matter),
		cmocka_unit_test(test_fp__empty_list_is_fine),
	};

	return cmocka_run_group_tests_name("baseline/fingerprint", tests, NULL, NULL);
}
