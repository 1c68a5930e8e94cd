/*
 * test_compare.c - classification (new, unchanged, fixed, suppressed),
 * touched lines, and the --fail-on gate (src/baseline/compare.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "baseline/compare.h"
#include "baseline/fingerprint.h"
#include "util/error.h"

static sci_result *add(sci_result_list *l, const char *rule, sci_level level,
		       const char *path, unsigned line, const char *function,
		       const char *key)
{
	return sci_result_list_take(l, sci_diag_new(rule, level, path, line, 1,
						    function, key, "m"));
}

/* The result in @l for (@rule, @function), or fail. */
static const sci_result *find(const sci_result_list *l, const char *rule,
			      const char *function)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->items[i].diag->rule, rule) == 0 &&
		    strcmp(l->items[i].diag->function, function) == 0)
			return &l->items[i];
	fail_msg("no result %s in %s()", rule, function);
	return NULL;
}

/* A loaded baseline file with one entry, @fp, justified by @why. */
static sci_baseline *baseline_with(const char *fp, const char *why)
{
	char dir[] = "/tmp/sci-compare-XXXXXX", path[128], cmd[160];
	sci_baseline *bl;
	FILE *f;

	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/b.json", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "{\"version\":1,\"findings\":[{\"fingerprint\":\"%s\","
		"\"rule\":\"r\",\"path\":\"a.c\",\"function\":\"f\",\"key\":\"k\","
		"\"message\":\"m\",\"justification\":\"%s\"}]}", fp, why);
	fclose(f);
	assert_int_equal(sci_baseline_load(&bl, path, 0), 0);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
	return bl;
}

/* Touched: lines 1-20 of a.c. */
static int touched_a_1_20(const sci_diag *d, void *payload)
{
	int *calls = payload;

	(*calls)++;
	return strcmp(d->path, "a.c") == 0 && d->line >= 1 && d->line <= 20;
}

static void test_compare__four_classes(void **state)
{
	sci_result_list head = { 0 }, base = { 0 }, out = { 0 };
	char fp_s[SCI_FP_HEX];
	sci_baseline *bl;
	const sci_result *r;
	int calls = 0;

	/* head: same (moved down 30 lines), fresh, suppressed */
	add(&head, "same", SCI_LEVEL_WARNING, "a.c", 40, "f", "k");
	add(&head, "fresh", SCI_LEVEL_WARNING, "a.c", 12, "g", "k");
	add(&head, "suppressed-rule", SCI_LEVEL_ERROR, "a.c", 5, "s", "k");
	/* base: same, gone */
	add(&base, "same", SCI_LEVEL_WARNING, "a.c", 10, "f", "k");
	add(&base, "gone", SCI_LEVEL_WARNING, "a.c", 14, "h", "k");
	sci_fp_assign(&head, NULL, NULL);
	sci_fp_assign(&base, NULL, NULL);
	sci_fp_compute(fp_s, "suppressed-rule", "a.c", "s", "k", 0);
	bl = baseline_with(fp_s, "reviewed: intentional");

	assert_int_equal(sci_compare(&out, &head, &base, bl, touched_a_1_20,
				     &calls), 0);
	assert_int_equal(calls, 3);		/* head results only */
	assert_int_equal(head.n, 0);		/* both taken */
	assert_int_equal(base.n, 0);
	assert_int_equal(out.n, 4);

	r = find(&out, "same", "f");
	assert_int_equal(r->cls, SCI_CLASS_UNCHANGED);
	assert_int_equal(r->diag->line, 40);	/* the head's diagnostic */
	assert_int_equal(r->touched, 0);
	r = find(&out, "fresh", "g");
	assert_int_equal(r->cls, SCI_CLASS_NEW);
	assert_int_equal(r->touched, 1);
	assert_null(r->justification);
	r = find(&out, "suppressed-rule", "s");
	assert_int_equal(r->cls, SCI_CLASS_SUPPRESSED);
	assert_string_equal(r->justification, "reviewed: intentional");
	assert_int_equal(r->touched, 1);
	r = find(&out, "gone", "h");
	assert_int_equal(r->cls, SCI_CLASS_FIXED);
	assert_int_equal(r->touched, 0);
	assert_true(r->fingerprint[0] != '\0');

	/* sorted by class */
	assert_int_equal(out.items[0].cls, SCI_CLASS_NEW);
	assert_int_equal(out.items[3].cls, SCI_CLASS_SUPPRESSED);
	sci_result_list_clear(&out);
	sci_baseline_free(bl);
}

/* The baseline wins over the base: a finding in both is suppressed. */
static void test_compare__baseline_suppresses_regardless_of_base(void **state)
{
	sci_result_list head = { 0 }, base = { 0 }, out = { 0 };
	sci_baseline *bl;

	add(&head, "r", SCI_LEVEL_WARNING, "a.c", 3, "f", "k");
	add(&base, "r", SCI_LEVEL_WARNING, "a.c", 3, "f", "k");
	sci_fp_assign(&head, NULL, NULL);
	sci_fp_assign(&base, NULL, NULL);
	bl = baseline_with(head.items[0].fingerprint, "ok");
	assert_int_equal(sci_compare(&out, &head, &base, bl, NULL, NULL), 0);
	assert_int_equal(out.n, 1);
	assert_int_equal(out.items[0].cls, SCI_CLASS_SUPPRESSED);
	assert_string_equal(out.items[0].justification, "ok");
	sci_result_list_clear(&out);
	sci_baseline_free(bl);
}

static void test_compare__no_base_means_new_unless_suppressed(void **state)
{
	sci_result_list head = { 0 }, out = { 0 };
	char fp[SCI_FP_HEX];
	sci_baseline *bl;

	add(&head, "r", SCI_LEVEL_WARNING, "a.c", 3, "f", "k");
	add(&head, "r", SCI_LEVEL_WARNING, "a.c", 9, "g", "k");
	sci_fp_assign(&head, NULL, NULL);
	sci_fp_compute(fp, "r", "a.c", "g", "k", 0);
	bl = baseline_with(fp, "ok");
	assert_int_equal(sci_compare(&out, &head, NULL, bl, NULL, NULL), 0);
	assert_int_equal(out.n, 2);
	assert_int_equal(find(&out, "r", "f")->cls, SCI_CLASS_NEW);
	assert_int_equal(find(&out, "r", "f")->touched, 1);	/* no change info */
	assert_int_equal(find(&out, "r", "g")->cls, SCI_CLASS_SUPPRESSED);
	sci_result_list_clear(&out);
	sci_baseline_free(bl);

	/* and no baseline file either */
	add(&head, "r", SCI_LEVEL_WARNING, "a.c", 3, "f", "k");
	sci_fp_assign(&head, NULL, NULL);
	assert_int_equal(sci_compare(&out, &head, NULL, NULL, NULL, NULL), 0);
	assert_int_equal(out.items[0].cls, SCI_CLASS_NEW);
	sci_result_list_clear(&out);
}

static const char *map_old_to_new(const char *path, void *payload)
{
	return strcmp(path, "old.c") == 0 ? "new.c" : NULL;
}

static void test_compare__renamed_file_is_unchanged(void **state)
{
	sci_result_list head = { 0 }, base = { 0 }, out = { 0 };

	add(&head, "r", SCI_LEVEL_WARNING, "new.c", 30, "f", "k");
	add(&base, "r", SCI_LEVEL_WARNING, "old.c", 3, "f", "k");
	sci_fp_assign(&head, NULL, NULL);
	sci_fp_assign(&base, map_old_to_new, NULL);
	assert_int_equal(sci_compare(&out, &head, &base, NULL, NULL, NULL), 0);
	assert_int_equal(out.n, 1);
	assert_int_equal(out.items[0].cls, SCI_CLASS_UNCHANGED);
	assert_string_equal(out.items[0].diag->path, "new.c");
	sci_result_list_clear(&out);
}

/* Two identical findings in base, three in head: one is new. */
static void test_compare__identical_findings_match_one_to_one(void **state)
{
	sci_result_list head = { 0 }, base = { 0 }, out = { 0 };
	size_t i, n_new = 0, n_same = 0;

	for (i = 0; i < 3; i++)
		add(&head, "r", SCI_LEVEL_WARNING, "a.c", 10 + (unsigned)i, "f", "k");
	for (i = 0; i < 2; i++)
		add(&base, "r", SCI_LEVEL_WARNING, "a.c", 10 + (unsigned)i, "f", "k");
	sci_fp_assign(&head, NULL, NULL);
	sci_fp_assign(&base, NULL, NULL);
	assert_int_equal(sci_compare(&out, &head, &base, NULL, NULL, NULL), 0);
	assert_int_equal(out.n, 3);
	for (i = 0; i < out.n; i++) {
		n_new += out.items[i].cls == SCI_CLASS_NEW;
		n_same += out.items[i].cls == SCI_CLASS_UNCHANGED;
	}
	assert_int_equal(n_new, 1);
	assert_int_equal(n_same, 2);
	sci_result_list_clear(&out);

	/* the same fingerprint twice in base still matches only once */
	add(&head, "r", SCI_LEVEL_WARNING, "a.c", 1, "f", "k");
	add(&base, "r", SCI_LEVEL_WARNING, "a.c", 1, "f", "k");
	add(&base, "r", SCI_LEVEL_WARNING, "a.c", 1, "f", "k");
	sci_fp_assign(&head, NULL, NULL);
	sci_fp_compute(base.items[0].fingerprint, "r", "a.c", "f", "k", 0);
	sci_fp_compute(base.items[1].fingerprint, "r", "a.c", "f", "k", 0);
	assert_int_equal(sci_compare(&out, &head, &base, NULL, NULL, NULL), 0);
	assert_int_equal(out.n, 2);
	assert_int_equal(out.items[0].cls, SCI_CLASS_UNCHANGED);
	assert_int_equal(out.items[1].cls, SCI_CLASS_FIXED);
	sci_result_list_clear(&out);
}

static int touched_fails(const sci_diag *d, void *payload)
{
	(void)payload;
	return sci_error_set(SCI_EVCS, "no diff for %s", d->path);
}

static void test_compare__failures_leave_out_alone(void **state)
{
	sci_result_list head = { 0 }, base = { 0 }, out = { 0 };

	add(&out, "earlier", SCI_LEVEL_NOTE, "z.c", 1, "", "");
	add(&head, "r", SCI_LEVEL_WARNING, "a.c", 3, "f", "k");
	add(&base, "r", SCI_LEVEL_WARNING, "a.c", 4, "g", "k");
	sci_fp_assign(&head, NULL, NULL);
	sci_fp_assign(&base, NULL, NULL);
	assert_int_equal(sci_compare(&out, &head, &base, NULL, touched_fails,
				     NULL), SCI_EVCS);
	assert_int_equal(out.n, 1);
	assert_int_equal(head.n, 0);	/* taken even on failure */
	assert_int_equal(base.n, 0);

	add(&head, "r", SCI_LEVEL_WARNING, "a.c", 3, "f", "k");	/* no fp */
	assert_int_equal(sci_compare(&out, &head, NULL, NULL, NULL, NULL),
			 SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "a.c:3"));
	assert_int_equal(out.n, 1);
	assert_int_equal(head.n, 0);
	sci_result_list_clear(&out);
}

/* ---- the gate ------------------------------------------------------------ */

static void test_gate__parse(void **state)
{
	sci_gate g = SCI_GATE_INIT;

	assert_int_equal(g.mode, SCI_FAIL_ON_TOUCHED);
	assert_int_equal(g.min_level, SCI_LEVEL_NOTE);
	assert_int_equal(sci_gate_parse(&g, "new"), 0);
	assert_int_equal(g.mode, SCI_FAIL_ON_NEW);
	assert_int_equal(g.min_level, SCI_LEVEL_NOTE);
	assert_int_equal(sci_gate_parse(&g, "any:warning"), 0);
	assert_int_equal(g.mode, SCI_FAIL_ON_ANY);
	assert_int_equal(g.min_level, SCI_LEVEL_WARNING);
	assert_int_equal(sci_gate_parse(&g, "touched"), 0);
	assert_int_equal(g.mode, SCI_FAIL_ON_TOUCHED);
	assert_int_equal(g.min_level, SCI_LEVEL_NOTE);
	assert_int_equal(sci_gate_parse(&g, "new:error"), 0);
	assert_int_equal(g.mode, SCI_FAIL_ON_NEW);
	assert_int_equal(g.min_level, SCI_LEVEL_ERROR);
	assert_int_equal(sci_gate_parse(&g, "error"), 0);
	assert_int_equal(g.mode, SCI_FAIL_ON_TOUCHED);
	assert_int_equal(g.min_level, SCI_LEVEL_ERROR);
	assert_int_equal(sci_gate_parse(&g, "none"), 0);
	assert_int_equal(g.mode, SCI_FAIL_ON_NONE);

	g.mode = SCI_FAIL_ON_ANY;
	g.min_level = SCI_LEVEL_WARNING;
	assert_int_equal(sci_gate_parse(&g, "bogus"), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "'bogus'"));
	assert_non_null(strstr(sci_error_last(), "touched, new, any or none"));
	assert_int_equal(sci_gate_parse(&g, "new:fatal"), SCI_EINVALID);
	assert_int_equal(sci_gate_parse(&g, "new:"), SCI_EINVALID);
	assert_int_equal(sci_gate_parse(&g, "none:error"), SCI_EINVALID);
	assert_int_equal(sci_gate_parse(&g, "error:new"), SCI_EINVALID);
	assert_int_equal(sci_gate_parse(&g, ""), SCI_EINVALID);
	assert_int_equal(sci_gate_parse(&g, "newer"), SCI_EINVALID);
	assert_int_equal(sci_gate_parse(&g, "NEW"), SCI_EINVALID);
	/* unchanged on failure */
	assert_int_equal(g.mode, SCI_FAIL_ON_ANY);
	assert_int_equal(g.min_level, SCI_LEVEL_WARNING);
}

static sci_result *res(sci_result_list *l, sci_class cls, sci_level level,
		       int touched)
{
	sci_result *r = add(l, "r", level, "a.c", 1, "f", "k");

	r->cls = cls;
	r->touched = touched;
	return r;
}

static int fails(const char *spec, const sci_result_list *l)
{
	sci_gate g;

	assert_int_equal(sci_gate_parse(&g, spec), 0);
	return sci_gate_fails(&g, l);
}

static void test_gate__modes(void **state)
{
	sci_result_list l = { 0 };

	/* empty: nothing fails */
	assert_false(fails("any", &l));

	/* new, untouched warning */
	res(&l, SCI_CLASS_NEW, SCI_LEVEL_WARNING, 0);
	assert_false(fails("touched", &l));
	assert_true(fails("new", &l));
	assert_true(fails("any", &l));
	assert_false(fails("none", &l));
	assert_false(fails("new:error", &l));
	assert_true(fails("new:warning", &l));
	sci_result_list_clear(&l);

	/* new, touched note */
	res(&l, SCI_CLASS_NEW, SCI_LEVEL_NOTE, 1);
	assert_true(fails("touched", &l));
	assert_false(fails("touched:warning", &l));
	assert_false(fails("warning", &l));
	assert_false(fails("none", &l));
	sci_result_list_clear(&l);

	/* unchanged error, touched: only "any" */
	res(&l, SCI_CLASS_UNCHANGED, SCI_LEVEL_ERROR, 1);
	assert_false(fails("touched", &l));
	assert_false(fails("new", &l));
	assert_true(fails("any", &l));
	assert_true(fails("any:error", &l));
	sci_result_list_clear(&l);

	/* suppressed and fixed never fail */
	res(&l, SCI_CLASS_SUPPRESSED, SCI_LEVEL_ERROR, 1);
	res(&l, SCI_CLASS_FIXED, SCI_LEVEL_ERROR, 1);
	assert_false(fails("touched", &l));
	assert_false(fails("new", &l));
	assert_false(fails("any", &l));
	sci_result_list_clear(&l);

	/* analysis failures are tool notifications, not findings */
	sci_result_list_take(&l, sci_diag_new(SCI_RULE_ANALYSIS_FAILURE,
					      SCI_LEVEL_ERROR, "a.c", 1, 1,
					      "", "", "parse error"));
	assert_false(fails("any", &l));
	/* one failing result among others is enough */
	res(&l, SCI_CLASS_FIXED, SCI_LEVEL_ERROR, 1);
	res(&l, SCI_CLASS_NEW, SCI_LEVEL_ERROR, 1);
	assert_true(fails("touched:error", &l));
	sci_result_list_clear(&l);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compare__four_classes),
		cmocka_unit_test(test_compare__baseline_suppresses_regardless_of_base),
		cmocka_unit_test(test_compare__no_base_means_new_unless_suppressed),
		cmocka_unit_test(test_compare__renamed_file_is_unchanged),
		cmocka_unit_test(test_compare__identical_findings_match_one_to_one),
		cmocka_unit_test(test_compare__failures_leave_out_alone),
		cmocka_unit_test(test_gate__parse),
		cmocka_unit_test(test_gate__modes),
	};

	return cmocka_run_group_tests_name("baseline/compare", tests, NULL, NULL);
}
