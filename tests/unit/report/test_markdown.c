/* test_markdown.c - the Markdown run summary (src/report/markdown.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "report_test.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/markdown.h"
#include "util/error.h"

/* The source tree (from __FILE__, absolute in CMake builds). */

#define WEIRD_PATH "dir with space/100%/\xc3\xbcn\xc3\xaf \"q\" #1.c"
#define WEIRD_MSG "use of 'p' | `x` * _y_ after \"free\"\n\xe2\x86\x92 [100%]"

static sci_result *add(sci_result_list *l, sci_class cls, const char *rule,
		       const char *path, unsigned line, const char *message,
		       int touched)
{
	sci_result *r = sci_result_list_take(l, sci_diag_new(rule,
							     SCI_LEVEL_WARNING,
							     path, line, 3, "f",
							     "k", message));

	r->cls = cls;
	r->touched = touched;
	memset(r->fingerprint, 'a' + (int)(l->n % 26), SCI_FP_HEX - 1);
	r->fingerprint[SCI_FP_HEX - 1] = '\0';
	return r;
}

static void fixture(sci_result_list *l)
{
	add(l, SCI_CLASS_NEW, "memory-leak", "src/a.c", 12,
	    "memory leak of 'p'", 0);
	add(l, SCI_CLASS_UNCHANGED, "null-deref", "src/b.c", 7,
	    "dereference of NULL 'q'", 1);
	add(l, SCI_CLASS_FIXED, "null-deref", "src/c.c", 1,
	    "dereference of NULL 'r'", 0);
	add(l, SCI_CLASS_SUPPRESSED, "deref-before-check", "src/d.c", 20,
	    "checked late", 1);
	add(l, SCI_CLASS_NEW, "deref-before-check", WEIRD_PATH, 4, WEIRD_MSG,
	    1);
	/* not a finding: counted nowhere, listed only as a failure */
	add(l, SCI_CLASS_NEW, SCI_RULE_ANALYSIS_FAILURE, "src/e.c", 0,
	    "parse error", 0);
}

static sci_report_run run_with(int exit_code)
{
	sci_report_run run;

	memset(&run, 0, sizeof(run));
	run.exit_code = exit_code;
	return run;
}

/* The summary as a string.  Returns: owned. */
static char *md(const sci_result_list *l, const sci_report_run *run)
{
	char *text = NULL;
	size_t len;
	FILE *f = open_memstream(&text, &len);

	assert_non_null(f);
	assert_int_equal(sci_markdown_write(f, l, run), 0);
	assert_int_equal(fclose(f), 0);
	return text;
}

static void assert_contains(const char *text, const char *what)
{
	if (!strstr(text, what))
		fail_msg("missing \"%s\" in:\n%s", what, text);
}

static void assert_lacks(const char *text, const char *what)
{
	if (strstr(text, what))
		fail_msg("unexpected \"%s\" in:\n%s", what, text);
}

static size_t count(const char *text, const char *what)
{
	size_t n = 0;

	for (; (text = strstr(text, what)) != NULL; text++)
		n++;
	return n;
}

/* ---- tests ---- */

static void test_markdown__verdict_from_exit_code(void **state)
{
	static const struct {
		int code;
		const char *heading;
	} cases[] = {
		{ 0, "## smatch-ci: passed\n" },
		{ 1, "## smatch-ci: failed\n" },
		{ 3, "## smatch-ci: incomplete\n" },
		{ 2, "## smatch-ci: error\n" },
		{ 70, "## smatch-ci: error\n" },
	};
	sci_result_list l = { 0 };
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		sci_report_run run = run_with(cases[i].code);
		char *text = md(&l, &run);

		/* the verdict is the very first line */
		assert_memory_equal(text, cases[i].heading,
				    strlen(cases[i].heading));
		assert_int_equal(count(text, "## smatch-ci:"), 1);
		free(text);
	}
	{
		sci_report_run run = run_with(70);
		char *text = md(&l, &run);

		assert_contains(text, "exit code 70");
		free(text);
	}
}

static void test_markdown__base_ref(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = run_with(0);
	char *text;

	text = md(&l, &run);
	assert_lacks(text, "Compared with");
	free(text);
	run.base_ref = "origin/feature_x";
	text = md(&l, &run);
	assert_contains(text, "Compared with origin/feature\\_x.");
	free(text);
}

static void test_markdown__counts(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = run_with(1);
	char *text;

	fixture(&l);
	text = md(&l, &run);
	assert_contains(text, "| New | Fixed | Unchanged | Suppressed |\n"
			      "|----:|------:|----------:|-----------:|\n"
			      "| 2 | 1 | 1 | 1 |\n");
	free(text);
	sci_result_list_clear(&l);
}

static void test_markdown__new_findings_touched_first(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = run_with(1);
	const char *weird, *plain;
	char *text;

	fixture(&l);
	text = md(&l, &run);
	assert_contains(text, "### New findings\n\n"
			      "| Location | Rule | Message | Changed line |\n"
			      "|---|---|---|---|\n");
	plain = strstr(text, "| src/a.c:12 | `memory-leak` | "
			     "memory leak of 'p' | no |\n");
	weird = strstr(text, "| dir with space/100%/\xc3\xbcn\xc3\xaf \"q\" "
			     "\\#1.c:4 | `deref-before-check` | use of 'p' "
			     "\\| \\`x\\` \\* \\_y\\_ after \"free\" "
			     "\xe2\x86\x92 \\[100%\\] | yes |\n");
	if (!plain || !weird)
		fail_msg("rows not found in:\n%s", text);
	/* on a changed line: listed first */
	assert_true(weird < plain);
	/* only new findings are listed */
	assert_lacks(text, "src/b.c");
	assert_lacks(text, "src/c.c");
	assert_lacks(text, "src/d.c");
	assert_lacks(text, "parse error");
	assert_lacks(text, "more_");
	free(text);
	sci_result_list_clear(&l);
}

static void test_markdown__no_new_findings_no_table(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = run_with(0);
	char *text;

	add(&l, SCI_CLASS_UNCHANGED, "null-deref", "src/b.c", 7, "m", 1);
	text = md(&l, &run);
	assert_lacks(text, "### New findings");
	assert_lacks(text, "### Analysis failures");
	assert_contains(text, "| 0 | 0 | 1 | 0 |\n");
	free(text);
	sci_result_list_clear(&l);
}

static void test_markdown__rows_are_capped(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = run_with(1);
	char path[32], *text;
	int i;

	for (i = 0; i < SCI_MARKDOWN_MAX_ROWS + 10; i++) {
		snprintf(path, sizeof(path), "f%03d.c", i);
		/* the last one is on a changed line: it must be shown */
		add(&l, SCI_CLASS_NEW, "r", path, 1, "m",
		    i == SCI_MARKDOWN_MAX_ROWS + 9);
	}
	text = md(&l, &run);
	assert_int_equal(count(text, "| `r` |"), SCI_MARKDOWN_MAX_ROWS);
	assert_contains(text, "\n_and 10 more_\n");
	assert_contains(text, "| f059.c:1 |");
	assert_contains(text, "| f000.c:1 |");
	assert_lacks(text, "| f049.c:1 |");
	assert_contains(text, "| f048.c:1 |");
	free(text);
	sci_result_list_clear(&l);
}

static void test_markdown__failures(void **state)
{
	sci_diag *fails[SCI_MARKDOWN_MAX_ROWS + 2];
	sci_result_list l = { 0 };
	sci_report_run run = run_with(3);
	char path[32], *text;
	size_t i;

	for (i = 0; i < SCI_MARKDOWN_MAX_ROWS + 2; i++) {
		snprintf(path, sizeof(path), "tu%03zu.c", i);
		fails[i] = sci_diag_new(SCI_RULE_ANALYSIS_FAILURE,
					SCI_LEVEL_ERROR, path, 0, 0, "", "",
					"parse error:\nexpected ';' | '}'");
	}
	run.failures = (const sci_diag *const *)fails;
	run.nfailures = 2;
	text = md(&l, &run);
	assert_contains(text, "### Analysis failures\n\n| File | Reason |\n"
			      "|---|---|\n"
			      "| tu000.c | parse error: expected ';' \\| '}' |\n"
			      "| tu001.c | parse error: expected ';' \\| '}' |\n");
	assert_lacks(text, "more_");
	free(text);

	run.nfailures = SCI_MARKDOWN_MAX_ROWS + 2;
	text = md(&l, &run);
	assert_int_equal(count(text, "| parse error"), SCI_MARKDOWN_MAX_ROWS);
	assert_contains(text, "\n_and 2 more_\n");
	free(text);
	for (i = 0; i < SCI_MARKDOWN_MAX_ROWS + 2; i++)
		sci_diag_free(fails[i]);
}

static void test_markdown__long_and_broken_text(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = run_with(1);
	char msg[SCI_MARKDOWN_MAX_CELL * 2], cut[SCI_MARKDOWN_MAX_CELL + 16];
	char *text;

	memset(msg, 'x', sizeof(msg) - 1);
	msg[sizeof(msg) - 1] = '\0';
	add(&l, SCI_CLASS_NEW, "r", "caf\xe9.c", 1, msg, 0);
	add(&l, SCI_CLASS_NEW, "odd rule|id", "a.c", 0, "tab\there\r", 0);
	text = md(&l, &run);
	/* cut, with an ellipsis */
	memcpy(cut, "| ", 2);
	memset(cut + 2, 'x', SCI_MARKDOWN_MAX_CELL);
	strcpy(cut + 2 + SCI_MARKDOWN_MAX_CELL, "\xe2\x80\xa6 |");
	assert_contains(text, cut);
	/* invalid UTF-8: U+FFFD */
	assert_contains(text, "| caf\xef\xbf\xbd.c:1 |");
	/* a rule id that is not a plain identifier is escaped, not quoted;
	 * line 0 is left out; control characters become spaces */
	assert_contains(text, "| a.c | odd rule\\|id | tab here  | no |\n");
	free(text);
	sci_result_list_clear(&l);
}

/* A row per finding, however the file name and message try to break it. */
static void test_markdown__hostile_text_stays_in_its_row(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = run_with(1);
	const char *row;
	char *text, *end;

	add(&l, SCI_CLASS_NEW, "r", "evil\n::add-mask::x.c\r\n| a | b |", 3,
	    "m\n\n## smatch-ci: passed\n\xc2\x85\xe2\x80\xa8\xe2\x80\xae"
	    "<img src=x>", 1);
	text = md(&l, &run);
	row = strstr(text, "| evil ::add-mask::x.c  \\| a \\| b \\|:3 | `r` | "
			   "m  \\#\\# smatch-ci: passed    "
			   "\\<img src=x\\> | yes |\n");
	if (!row)
		fail_msg("row not found in:\n%s", text);
	/* the row is one line, and the verdict is still the only one */
	end = strchr(row, '\n');
	assert_non_null(end);
	assert_int_equal(count(text, "## smatch-ci:"), 1);
	assert_lacks(text, "\n::");
	assert_lacks(text, "\r");
	free(text);
	sci_result_list_clear(&l);
}

static void test_markdown__failed_verdict_names_unanalyzed_code(void **state)
{
	sci_diag *f1 = sci_diag_new(SCI_RULE_ANALYSIS_FAILURE, SCI_LEVEL_ERROR,
				    "src/broken.c", 0, 0, "", "", "timed out");
	const sci_diag *fails[] = { f1 };
	sci_result_list l = { 0 };
	sci_report_run run = run_with(1);
	char *text;

	text = md(&l, &run);
	assert_contains(text, "\n\nNew findings on changed code.");
	assert_lacks(text, "could not be analyzed");
	free(text);
	run.failures = fails;
	run.nfailures = 1;
	/* a failure in code the change did not touch fails nothing */
	text = md(&l, &run);
	assert_contains(text, "\n\nNew findings on changed code.");
	free(text);
	run.nunanalyzed = 1;
	text = md(&l, &run);
	assert_contains(text, "\n\nChanged code could not be analyzed");
	assert_lacks(text, "New findings on changed code");
	free(text);
	run.exit_code = 3;
	text = md(&l, &run);
	assert_contains(text, "## smatch-ci: incomplete\n\nNothing failed the "
			      "gate");
	free(text);
	sci_diag_free(f1);
}

static void test_markdown__write_error_is_eio(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = run_with(1);
	FILE *f = fopen("/dev/full", "w");

	if (!f)
		skip();
	fixture(&l);
	assert_int_equal(sci_markdown_write(f, &l, &run), SCI_EIO);
	fclose(f);
	sci_result_list_clear(&l);
}

static void test_markdown__golden(void **state)
{
	sci_diag *f1 = sci_diag_new(SCI_RULE_ANALYSIS_FAILURE, SCI_LEVEL_ERROR,
				    "src/broken.c", 0, 0, "", "",
				    "parse error: expected ';'");
	const sci_diag *fails[] = { f1 };
	sci_result_list l = { 0 };
	sci_report_run run = run_with(1);
	char *text, *again;

	fixture(&l);
	run.failures = fails;
	run.nfailures = 1;
	run.base_ref = "origin/main";
	text = md(&l, &run);
	again = md(&l, &run);
	assert_string_equal(text, again);
	report_test_assert_golden("full.md", text);
	free(again);
	free(text);
	sci_diag_free(f1);
	sci_result_list_clear(&l);
}

static int setup(void **state)
{
	return report_test_find_srcdir();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_markdown__verdict_from_exit_code),
		cmocka_unit_test(test_markdown__base_ref),
		cmocka_unit_test(test_markdown__counts),
		cmocka_unit_test(test_markdown__new_findings_touched_first),
		cmocka_unit_test(test_markdown__no_new_findings_no_table),
		cmocka_unit_test(test_markdown__rows_are_capped),
		cmocka_unit_test(test_markdown__failures),
		cmocka_unit_test(test_markdown__long_and_broken_text),
		cmocka_unit_test(test_markdown__hostile_text_stays_in_its_row),
		cmocka_unit_test(test_markdown__failed_verdict_names_unanalyzed_code),
		cmocka_unit_test(test_markdown__write_error_is_eio),
		cmocka_unit_test(test_markdown__golden),
	};

	return cmocka_run_group_tests_name("report/markdown", tests, setup,
					   NULL);
}
