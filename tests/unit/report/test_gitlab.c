/* test_gitlab.c - the GitLab Code Quality report (src/report/gitlab.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "report_test.h"

#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "report/gitlab.h"
#include "util/error.h"

/* The source tree (from __FILE__, absolute in CMake builds). */

#define WEIRD_PATH "dir with space/100%/\xc3\xbcn\xc3\xaf \"q\" #1.c"
#define WEIRD_MSG "use of 'p' | `x` * _y_ after \"free\" \xe2\x86\x92 100%"

static sci_result *add(sci_result_list *l, sci_class cls, const char *rule,
		       sci_level level, const char *path, unsigned line,
		       const char *message, char fp)
{
	sci_result *r = sci_result_list_take(l, sci_diag_new(rule, level, path,
							     line, 3, "f", "k",
							     message));

	r->cls = cls;
	if (fp) {
		memset(r->fingerprint, fp, SCI_FP_HEX - 1);
		r->fingerprint[SCI_FP_HEX - 1] = '\0';
	}
	return r;
}

/* Every class, every level, a weird path, a failure in the list. */
static void fixture(sci_result_list *l)
{
	sci_result *r;

	r = add(l, SCI_CLASS_NEW, "memory-leak", SCI_LEVEL_WARNING, "src/a.c",
		12, "memory leak of 'p'", 'a');
	sci_diag_add_related(r->diag, "src/a.c", 3, 9, "allocated here");
	add(l, SCI_CLASS_UNCHANGED, "null-deref", SCI_LEVEL_ERROR, "src/b.c", 7,
	    "dereference of NULL 'q'", 'b');
	add(l, SCI_CLASS_FIXED, "null-deref", SCI_LEVEL_ERROR, "src/c.c", 1,
	    "dereference of NULL 'r'", 'c');
	r = add(l, SCI_CLASS_SUPPRESSED, "deref-before-check",
		SCI_LEVEL_WARNING, "src/d.c", 20, "checked late", 'd');
	r->justification = strdup("checked by the caller");
	add(l, SCI_CLASS_NEW, "deref-before-check", SCI_LEVEL_NOTE, WEIRD_PATH,
	    4, WEIRD_MSG, 'e');
	add(l, SCI_CLASS_NEW, SCI_RULE_ANALYSIS_FAILURE, SCI_LEVEL_ERROR,
	    "src/e.c", 0, "parse error", 0);
}

static int write_gitlab(char **out, const sci_result_list *l,
			const sci_report_run *run)
{
	size_t len;
	FILE *f = open_memstream(out, &len);
	int error;

	assert_non_null(f);
	error = sci_gitlab_write(f, l, run);
	assert_int_equal(fclose(f), 0);
	return error;
}

static json_t *gitlab_doc(const sci_result_list *l, const sci_report_run *run)
{
	char *text = NULL;
	json_error_t jerr;
	json_t *doc;

	assert_int_equal(write_gitlab(&text, l, run), 0);
	doc = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
	if (!doc)
		fail_msg("not JSON: %s\n%s", jerr.text, text);
	free(text);
	assert_true(json_is_array(doc));
	return doc;
}

static const char *str(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_string(v))
		fail_msg("\"%s\" is not a string", key);
	return json_string_value(v);
}

static json_int_t begin_line(json_t *item)
{
	json_t *v = json_object_get(json_object_get(json_object_get(
			item, "location"), "lines"), "begin");

	assert_true(json_is_integer(v));
	return json_integer_value(v);
}

static const char *loc_path(json_t *item)
{
	return str(json_object_get(item, "location"), "path");
}

/* ---- tests ---- */

static void test_gitlab__severity_mapping(void **state)
{
	assert_string_equal(sci_gitlab_severity(SCI_LEVEL_NOTE), "info");
	assert_string_equal(sci_gitlab_severity(SCI_LEVEL_WARNING), "major");
	assert_string_equal(sci_gitlab_severity(SCI_LEVEL_ERROR), "critical");
}

static void test_gitlab__empty_is_an_empty_array(void **state)
{
	sci_result_list l = { 0 };
	char *text = NULL;

	assert_int_equal(write_gitlab(&text, &l, NULL), 0);
	assert_string_equal(text, "[]\n");
	free(text);
}

static void test_gitlab__new_and_unchanged_only(void **state)
{
	sci_result_list l = { 0 };
	json_t *doc, *it, *cats;

	fixture(&l);
	doc = gitlab_doc(&l, NULL);
	assert_int_equal(json_array_size(doc), 3);

	it = json_array_get(doc, 0);
	assert_string_equal(str(it, "check_name"), "memory-leak");
	assert_string_equal(str(it, "description"), "memory leak of 'p'");
	assert_string_equal(str(it, "fingerprint"), l.items[0].fingerprint);
	assert_string_equal(str(it, "severity"), "major");
	assert_string_equal(str(it, "type"), "issue");
	assert_string_equal(loc_path(it), "src/a.c");
	assert_int_equal(begin_line(it), 12);
	cats = json_object_get(it, "categories");
	assert_int_equal(json_array_size(cats), 1);
	assert_string_equal(json_string_value(json_array_get(cats, 0)),
			    "Bug Risk");

	it = json_array_get(doc, 1);
	assert_string_equal(str(it, "check_name"), "null-deref");
	assert_string_equal(str(it, "severity"), "critical");
	assert_string_equal(str(it, "fingerprint"), l.items[1].fingerprint);

	/* weird characters pass through unchanged: it is JSON, not a URI */
	it = json_array_get(doc, 2);
	assert_string_equal(str(it, "severity"), "info");
	assert_string_equal(loc_path(it), WEIRD_PATH);
	assert_string_equal(str(it, "description"), WEIRD_MSG);
	json_decref(doc);
	sci_result_list_clear(&l);
}

static void test_gitlab__paths_relative_to_root(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run;
	json_t *doc;

	memset(&run, 0, sizeof(run));
	run.srcroot = "/home/ci/repo/";
	add(&l, SCI_CLASS_NEW, "r", SCI_LEVEL_NOTE, "/home/ci/repo/src/x.c", 2,
	    "m", '1');
	add(&l, SCI_CLASS_NEW, "r", SCI_LEVEL_NOTE, "./src/y.c", 0, "m", '2');
	add(&l, SCI_CLASS_NEW, "r", SCI_LEVEL_NOTE, "/home/ci/repo2/z.c", 5,
	    "m", '3');
	doc = gitlab_doc(&l, &run);
	assert_string_equal(loc_path(json_array_get(doc, 0)), "src/x.c");
	assert_string_equal(loc_path(json_array_get(doc, 1)), "src/y.c");
	/* line 0 (the whole file): GitLab needs a line */
	assert_int_equal(begin_line(json_array_get(doc, 1)), 1);
	/* not under the root: left alone */
	assert_string_equal(loc_path(json_array_get(doc, 2)),
			    "/home/ci/repo2/z.c");
	json_decref(doc);
	sci_result_list_clear(&l);
}

static void test_gitlab__invalid_utf8_is_replaced(void **state)
{
	sci_result_list l = { 0 };
	json_t *doc;

	add(&l, SCI_CLASS_NEW, "r", SCI_LEVEL_NOTE, "caf\xe9.c", 2,
	    "bad \xff byte", '1');
	doc = gitlab_doc(&l, NULL);
	assert_string_equal(loc_path(json_array_get(doc, 0)), "caf?.c");
	assert_string_equal(str(json_array_get(doc, 0), "description"),
			    "bad ? byte");
	json_decref(doc);
	sci_result_list_clear(&l);
}

static void test_gitlab__fingerprints_must_be_unique(void **state)
{
	sci_result_list l = { 0 };
	char *text = NULL;

	fixture(&l);
	/* a fixed or suppressed twin does not matter: it is not written */
	memcpy(l.items[2].fingerprint, l.items[0].fingerprint, SCI_FP_HEX);
	memcpy(l.items[3].fingerprint, l.items[1].fingerprint, SCI_FP_HEX);
	assert_int_equal(write_gitlab(&text, &l, NULL), 0);
	free(text);
	text = NULL;

	memcpy(l.items[4].fingerprint, l.items[0].fingerprint, SCI_FP_HEX);
	sci_error_clear();
	assert_int_equal(write_gitlab(&text, &l, NULL), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "share fingerprint"));
	assert_string_equal(text, "");
	free(text);
	text = NULL;

	l.items[4].fingerprint[0] = '\0';
	sci_error_clear();
	assert_int_equal(write_gitlab(&text, &l, NULL), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "no fingerprint"));
	assert_string_equal(text, "");
	free(text);
	sci_result_list_clear(&l);
}

static void test_gitlab__deterministic_sorted_output(void **state)
{
	sci_result_list l = { 0 };
	char *a = NULL, *b = NULL, *canon;
	json_t *doc;

	fixture(&l);
	assert_int_equal(write_gitlab(&a, &l, NULL), 0);
	assert_int_equal(write_gitlab(&b, &l, NULL), 0);
	assert_string_equal(a, b);
	doc = json_loads(a, 0, NULL);
	assert_non_null(doc);
	canon = json_dumps(doc, JSON_SORT_KEYS | JSON_INDENT(2));
	assert_int_equal(strlen(a), strlen(canon) + 1);
	assert_memory_equal(a, canon, strlen(canon));
	free(canon);
	json_decref(doc);
	free(a);
	free(b);
	sci_result_list_clear(&l);
}

static void test_gitlab__write_error_is_eio(void **state)
{
	sci_result_list l = { 0 };
	FILE *f = fopen("/dev/full", "w");

	if (!f)
		skip();
	fixture(&l);
	assert_int_equal(sci_gitlab_write(f, &l, NULL), SCI_EIO);
	fclose(f);
	sci_result_list_clear(&l);
}

static void test_gitlab__golden_and_schema_valid(void **state)
{
	sci_result_list l = { 0 }, empty = { 0 };
	char golden[PATH_MAX + 64], path[PATH_MAX], files[PATH_MAX * 3];
	char *text = NULL;
	FILE *f;

	fixture(&l);
	assert_int_equal(write_gitlab(&text, &l, NULL), 0);
	report_test_assert_golden("full.gitlab.json", text);
	snprintf(golden, sizeof(golden),
		 "%s/tests/unit/report/golden/full.gitlab.json", srcdir);

	snprintf(path, sizeof(path), "%s/empty.json", tmpdir);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(sci_gitlab_write(f, &empty, NULL), 0);
	assert_int_equal(fclose(f), 0);
	snprintf(files, sizeof(files), "'%s' '%s'", golden, path);
	report_test_assert_valid("--gitlab", files);
	free(text);
	sci_result_list_clear(&l);
}

/* ---- setup ---- */

static int setup(void **state)
{
	return report_test_setup("gitlab");
}

static int teardown(void **state)
{
	return report_test_teardown();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_gitlab__severity_mapping),
		cmocka_unit_test(test_gitlab__empty_is_an_empty_array),
		cmocka_unit_test(test_gitlab__new_and_unchanged_only),
		cmocka_unit_test(test_gitlab__paths_relative_to_root),
		cmocka_unit_test(test_gitlab__invalid_utf8_is_replaced),
		cmocka_unit_test(test_gitlab__fingerprints_must_be_unique),
		cmocka_unit_test(test_gitlab__deterministic_sorted_output),
		cmocka_unit_test(test_gitlab__write_error_is_eio),
		cmocka_unit_test(test_gitlab__golden_and_schema_valid),
	};

	return cmocka_run_group_tests_name("report/gitlab", tests, setup,
					   teardown);
}
