/* test_sarif.c - the SARIF 2.1.0 log (src/report/sarif.c). */
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

#include "report/sarif.h"
#include "util/error.h"

/* The source tree (from __FILE__, absolute in CMake builds). */

/* ---- fixtures ---- */

static const sci_rule_info rules[] = {
	{ .id = "memory-leak", .summary = "allocated memory is not freed",
	  .description = "Memory allocated in a function is neither freed "
			 "nor handed on before the last pointer to it is "
			 "lost.",
	  .help_markdown = "# memory-leak\n\nFree it on *every* path.\n",
	  .help_uri = "https://example.org/checks/memory-leak.html",
	  .level = SCI_LEVEL_WARNING, .cwe = "CWE-401",
	  .tags = "reliability  memory" },
	{ .id = "null-deref", .summary = "NULL pointer dereference",
	  .level = SCI_LEVEL_ERROR, .cwe = "cwe-76", .tags = NULL },
	{ .id = "deref-before-check", .summary = "dereference before check",
	  .level = SCI_LEVEL_WARNING },
};
#define NRULES (sizeof(rules) / sizeof(rules[0]))

static sci_result *add(sci_result_list *l, sci_class cls, const char *rule,
		       sci_level level, const char *path, unsigned line,
		       unsigned col, const char *function, const char *message,
		       char fp)
{
	sci_result *r = sci_result_list_take(l, sci_diag_new(rule, level, path,
							     line, col,
							     function, "k",
							     message));

	r->cls = cls;
	if (fp) {
		memset(r->fingerprint, fp, SCI_FP_HEX - 1);
		r->fingerprint[SCI_FP_HEX - 1] = '\0';
	}
	return r;
}

#define WEIRD_PATH "dir with space/100%/\xc3\xbcn\xc3\xaf \"q\" #1.c"
#define WEIRD_URI "dir%20with%20space/100%25/%C3%BCn%C3%AF%20%22q%22%20%231.c"
#define WEIRD_MSG "use of 'p' | `x` * _y_ after \"free\" \xe2\x86\x92 100%"

/*
 * One result of every class, related locations, a weird path, and an
 * analysis failure that slipped into the list (never a result).
 */
static void fixture(sci_result_list *l)
{
	sci_result *r;

	r = add(l, SCI_CLASS_NEW, "memory-leak", SCI_LEVEL_WARNING, "src/a.c",
		12, 5, "f", "memory leak of 'p'", 'a');
	r->touched = 1;
	sci_diag_add_related(r->diag, "src/a.c", 3, 9, "allocated here");
	sci_diag_add_related(r->diag, "src/a.c", 8, 0, "not freed on this path");
	add(l, SCI_CLASS_UNCHANGED, "null-deref", SCI_LEVEL_ERROR, "src/b.c",
	    7, 0, "", "dereference of NULL 'q'", 'b');
	add(l, SCI_CLASS_FIXED, "null-deref", SCI_LEVEL_ERROR, "src/c.c", 1, 1,
	    "g", "dereference of NULL 'r'", 'c');
	r = add(l, SCI_CLASS_SUPPRESSED, "deref-before-check",
		SCI_LEVEL_WARNING, "src/d.c", 20, 3, "h",
		"'s' dereferenced before the check", 'd');
	r->justification = strdup("checked by the caller");
	add(l, SCI_CLASS_NEW, "deref-before-check", SCI_LEVEL_NOTE, WEIRD_PATH,
	    4, 2, "weird", WEIRD_MSG, 'e');
	add(l, SCI_CLASS_NEW, SCI_RULE_ANALYSIS_FAILURE, SCI_LEVEL_ERROR,
	    "src/e.c", 0, 0, "", "parse error", 0);
}

static sci_report_run default_run(void)
{
	sci_report_run run;

	memset(&run, 0, sizeof(run));
	run.tool_version = "0.1.0";
	run.srcroot = "/home/ci/my repo";
	run.exit_code = 1;
	return run;
}

/* ---- helpers ---- */

/* Writes the log into memory.  Returns the writer's code; *out owned. */
static int write_sarif(char **out, const sci_result_list *l,
		       const sci_rule_info *r, size_t nr,
		       const sci_report_run *run, int include_suppressed)
{
	size_t len;
	FILE *f = open_memstream(out, &len);
	int error;

	assert_non_null(f);
	error = sci_sarif_write(f, l, r, nr, run, include_suppressed);
	assert_int_equal(fclose(f), 0);
	return error;
}

static json_t *sarif_doc(const sci_result_list *l, const sci_report_run *run,
			 int include_suppressed)
{
	char *text = NULL;
	json_error_t jerr;
	json_t *doc;

	assert_int_equal(write_sarif(&text, l, rules, NRULES, run,
				     include_suppressed), 0);
	doc = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
	if (!doc)
		fail_msg("not JSON: %s\n%s", jerr.text, text);
	free(text);
	return doc;
}

static json_t *run0(json_t *doc)
{
	return json_array_get(json_object_get(doc, "runs"), 0);
}

/* The value at a '.'-separated path of keys and array indexes. */
static json_t *at(json_t *j, const char *path)
{
	char buf[256], *tok, *save = NULL;

	snprintf(buf, sizeof(buf), "%s", path);
	for (tok = strtok_r(buf, ".", &save); tok && j;
	     tok = strtok_r(NULL, ".", &save)) {
		if (json_is_array(j))
			j = json_array_get(j, strtoul(tok, NULL, 10));
		else
			j = json_object_get(j, tok);
	}
	return j;
}

static const char *str_at(json_t *j, const char *path)
{
	json_t *v = at(j, path);

	if (!json_is_string(v))
		fail_msg("%s: not a string", path);
	return json_string_value(v);
}

static json_int_t int_at(json_t *j, const char *path)
{
	json_t *v = at(j, path);

	if (!json_is_integer(v))
		fail_msg("%s: not an integer", path);
	return json_integer_value(v);
}

/* Writes the log to <tmpdir>/<name>; returns the path (static buffer). */
static const char *write_file(const char *name, const sci_result_list *l,
			      const sci_rule_info *r, size_t nr,
			      const sci_report_run *run, int include_suppressed)
{
	static char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", tmpdir, name);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(sci_sarif_write(f, l, r, nr, run,
					 include_suppressed), 0);
	assert_int_equal(fclose(f), 0);
	return path;
}

/* ---- tests ---- */

static void test_sarif__empty_run(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run;
	json_t *doc, *r;

	memset(&run, 0, sizeof(run));
	doc = sarif_doc(&l, &run, 0);
	assert_string_equal(str_at(doc, "version"), "2.1.0");
	assert_string_equal(str_at(doc, "$schema"),
			    "https://json.schemastore.org/sarif-2.1.0.json");
	assert_int_equal(json_array_size(json_object_get(doc, "runs")), 1);
	r = run0(doc);
	assert_true(json_is_array(at(r, "results")));
	assert_int_equal(json_array_size(at(r, "results")), 0);
	assert_string_equal(str_at(r, "tool.driver.name"), "smatch-ci");
	/* no version, no root, no base: none of them invented */
	assert_null(at(r, "tool.driver.version"));
	assert_null(at(r, "tool.driver.semanticVersion"));
	assert_null(at(r, "tool.driver.informationUri"));
	assert_null(at(r, "originalUriBaseIds"));
	assert_null(at(r, "properties"));
	assert_int_equal(json_array_size(at(r, "tool.driver.rules")), NRULES);
	assert_string_equal(str_at(r, "automationDetails.id"), "smatch-ci/");
	assert_true(json_is_true(at(r, "invocations.0.executionSuccessful")));
	assert_int_equal(int_at(r, "invocations.0.exitCode"), 0);
	assert_null(at(r, "invocations.0.toolExecutionNotifications"));
	json_decref(doc);
}

static void test_sarif__rules(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = default_run();
	json_t *doc, *d, *tags;

	run.information_uri = "https://example.org/smatch-ci";
	doc = sarif_doc(&l, &run, 0);
	d = at(run0(doc), "tool.driver");
	assert_string_equal(str_at(d, "version"), "0.1.0");
	assert_string_equal(str_at(d, "semanticVersion"), "0.1.0");
	assert_string_equal(str_at(d, "informationUri"),
			    "https://example.org/smatch-ci");
	/* catalogue order */
	assert_int_equal(json_array_size(at(d, "rules")), NRULES);
	assert_string_equal(str_at(d, "rules.0.id"), "memory-leak");
	assert_string_equal(str_at(d, "rules.1.id"), "null-deref");
	assert_string_equal(str_at(d, "rules.2.id"), "deref-before-check");
	assert_string_equal(str_at(d, "rules.0.name"), "MemoryLeak");
	assert_string_equal(str_at(d, "rules.2.name"), "DerefBeforeCheck");
	assert_string_equal(str_at(d, "rules.0.shortDescription.text"),
			    "allocated memory is not freed");
	assert_string_equal(str_at(d, "rules.0.fullDescription.text"),
			    rules[0].description);
	assert_string_equal(str_at(d, "rules.0.help.markdown"),
			    rules[0].help_markdown);
	assert_string_equal(str_at(d, "rules.0.help.text"),
			    rules[0].help_markdown);
	assert_string_equal(str_at(d, "rules.0.helpUri"), rules[0].help_uri);
	assert_string_equal(str_at(d, "rules.0.defaultConfiguration.level"),
			    "warning");
	tags = at(d, "rules.0.properties.tags");
	assert_int_equal(json_array_size(tags), 3);
	assert_string_equal(str_at(tags, "0"), "reliability");
	assert_string_equal(str_at(tags, "1"), "memory");
	assert_string_equal(str_at(tags, "2"), "external/cwe/cwe-401");
	/* no description: the summary; no markdown: no help.markdown */
	assert_string_equal(str_at(d, "rules.1.fullDescription.text"),
			    "NULL pointer dereference");
	assert_string_equal(str_at(d, "rules.1.help.text"),
			    "NULL pointer dereference");
	assert_null(at(d, "rules.1.help.markdown"));
	assert_null(at(d, "rules.1.helpUri"));
	assert_string_equal(str_at(d, "rules.1.defaultConfiguration.level"),
			    "error");
	/* CodeQL's zero-padded spelling */
	assert_string_equal(str_at(d, "rules.1.properties.tags.0"),
			    "external/cwe/cwe-076");
	assert_null(at(d, "rules.2.properties"));
	assert_string_equal(str_at(d, "notifications.0.id"),
			    SCI_RULE_ANALYSIS_FAILURE);
	json_decref(doc);
}

static void test_sarif__links_must_be_absolute_uris(void **state)
{
	sci_rule_info r[] = { rules[0] };
	sci_result_list l = { 0 };
	sci_report_run run = default_run();
	char *text = NULL;
	json_t *doc;

	r[0].help_uri = "docs/checks/memory-leak.md";
	run.information_uri = "https://example.org/a b";
	assert_int_equal(write_sarif(&text, &l, r, 1, &run, 0), 0);
	doc = json_loads(text, 0, NULL);
	assert_non_null(doc);
	assert_null(at(run0(doc), "tool.driver.rules.0.helpUri"));
	assert_null(at(run0(doc), "tool.driver.informationUri"));
	json_decref(doc);
	free(text);
}

static void test_sarif__results_of_every_class(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = default_run();
	json_t *doc, *res;

	fixture(&l);
	doc = sarif_doc(&l, &run, 0);
	res = at(run0(doc), "results");
	/* new, unchanged, new (weird): not fixed, suppressed or failures */
	assert_int_equal(json_array_size(res), 3);

	assert_string_equal(str_at(res, "0.ruleId"), "memory-leak");
	assert_int_equal(int_at(res, "0.ruleIndex"), 0);
	assert_string_equal(str_at(res, "0.level"), "warning");
	assert_string_equal(str_at(res, "0.message.text"),
			    "memory leak of 'p'");
	assert_string_equal(str_at(res, "0.baselineState"), "new");
	assert_int_equal(json_array_size(at(res, "0.locations")), 1);
	assert_string_equal(str_at(res, "0.locations.0.physicalLocation."
				   "artifactLocation.uri"), "src/a.c");
	assert_string_equal(str_at(res, "0.locations.0.physicalLocation."
				   "artifactLocation.uriBaseId"), "%SRCROOT%");
	assert_int_equal(int_at(res, "0.locations.0.physicalLocation.region."
				"startLine"), 12);
	assert_int_equal(int_at(res, "0.locations.0.physicalLocation.region."
				"startColumn"), 5);
	assert_string_equal(str_at(res, "0.locations.0.logicalLocations.0.name"), "f");
	assert_string_equal(str_at(res, "0.locations.0.logicalLocations.0.kind"),
			    "function");
	assert_string_equal(json_string_value(json_object_get(
				at(res, "0.partialFingerprints"),
				"smatchCi/v1")), l.items[0].fingerprint);
	assert_int_equal(json_object_size(at(res, "0.partialFingerprints")), 1);
	assert_null(at(res, "0.suppressions"));

	assert_string_equal(str_at(res, "1.ruleId"), "null-deref");
	assert_int_equal(int_at(res, "1.ruleIndex"), 1);
	assert_string_equal(str_at(res, "1.level"), "error");
	assert_string_equal(str_at(res, "1.baselineState"), "unchanged");
	/* column 0: no startColumn; no function: no logical location */
	assert_null(at(res, "1.locations.0.physicalLocation.region."
			    "startColumn"));
	assert_null(at(res, "1.locations.0.logicalLocations"));
	assert_null(at(res, "1.logicalLocations"));
	assert_null(at(res, "1.relatedLocations"));
	assert_null(at(res, "1.codeFlows"));

	/* a result's level is its own, not the rule's default */
	assert_string_equal(str_at(res, "2.ruleId"), "deref-before-check");
	assert_int_equal(int_at(res, "2.ruleIndex"), 2);
	assert_string_equal(str_at(res, "2.level"), "note");
	assert_string_equal(str_at(res, "2.message.text"), WEIRD_MSG);
	json_decref(doc);
	sci_result_list_clear(&l);
}

static void test_sarif__suppressed_only_on_request(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = default_run();
	json_t *doc, *res;

	fixture(&l);
	doc = sarif_doc(&l, &run, 1);
	res = at(run0(doc), "results");
	assert_int_equal(json_array_size(res), 4);
	/* list order is kept */
	assert_string_equal(str_at(res, "2.ruleId"), "deref-before-check");
	assert_string_equal(str_at(res, "2.baselineState"), "unchanged");
	assert_int_equal(json_array_size(at(res, "2.suppressions")), 1);
	assert_string_equal(str_at(res, "2.suppressions.0.kind"), "external");
	assert_string_equal(str_at(res, "2.suppressions.0.status"), "accepted");
	assert_string_equal(str_at(res, "2.suppressions.0.justification"),
			    "checked by the caller");
	assert_null(at(res, "0.suppressions"));
	assert_null(at(res, "3.suppressions"));
	json_decref(doc);

	/* no justification: none made up */
	free(l.items[3].justification);
	l.items[3].justification = NULL;
	doc = sarif_doc(&l, &run, 1);
	res = at(run0(doc), "results");
	assert_null(at(res, "2.suppressions.0.justification"));
	assert_string_equal(str_at(res, "2.suppressions.0.status"), "accepted");
	json_decref(doc);
	sci_result_list_clear(&l);
}

static void test_sarif__related_locations_and_code_flow(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = default_run();
	json_t *doc, *r, *tfl;

	fixture(&l);
	sci_diag_add_related(l.items[0].diag, "inc/m.h", 2, 1, "via macro");
	sci_diag_add_step(l.items[0].diag, "src/a.c", 8, 2,
			  "taking the true branch");
	doc = sarif_doc(&l, &run, 0);
	r = at(run0(doc), "results.0");
	assert_int_equal(json_array_size(at(r, "relatedLocations")), 3);
	assert_int_equal(int_at(r, "relatedLocations.0.id"), 1);
	assert_int_equal(int_at(r, "relatedLocations.1.id"), 2);
	assert_int_equal(int_at(r, "relatedLocations.2.id"), 3);
	assert_string_equal(str_at(r, "relatedLocations.0.message.text"),
			    "allocated here");
	assert_int_equal(int_at(r, "relatedLocations.0.physicalLocation."
				"region.startLine"), 3);
	assert_int_equal(int_at(r, "relatedLocations.0.physicalLocation."
				"region.startColumn"), 9);
	assert_null(at(r, "relatedLocations.1.physicalLocation.region."
			  "startColumn"));
	assert_string_equal(str_at(r, "relatedLocations.2.physicalLocation."
				   "artifactLocation.uri"), "inc/m.h");

	/*
	 * one flow, in the order the code runs: the function's steps and
	 * related locations by line (a branch first on its line), the
	 * primary, then what lies outside the function, nested
	 */
	assert_int_equal(json_array_size(at(r, "codeFlows")), 1);
	assert_int_equal(json_array_size(at(r, "codeFlows.0.threadFlows")), 1);
	tfl = at(r, "codeFlows.0.threadFlows.0.locations");
	assert_int_equal(json_array_size(tfl), 5);
	assert_string_equal(str_at(tfl, "0.location.message.text"),
			    "allocated here");
	assert_null(at(tfl, "0.kinds"));
	assert_string_equal(str_at(tfl, "1.location.message.text"),
			    "taking the true branch");
	assert_string_equal(str_at(tfl, "1.kinds.0"), "branch");
	assert_int_equal(int_at(tfl, "1.location.physicalLocation.region."
				"startLine"), 8);
	assert_string_equal(str_at(tfl, "2.location.message.text"),
			    "not freed on this path");
	assert_string_equal(str_at(tfl, "3.location.message.text"),
			    "memory leak of 'p'");
	assert_int_equal(int_at(tfl, "3.location.physicalLocation.region."
				"startLine"), 12);
	assert_null(at(tfl, "3.nestingLevel"));
	assert_string_equal(str_at(tfl, "4.location.message.text"),
			    "via macro");
	assert_int_equal(int_at(tfl, "4.nestingLevel"), 1);
	json_decref(doc);
	sci_result_list_clear(&l);
}

static void test_sarif__failures_are_notifications(void **state)
{
	sci_diag *f1 = sci_diag_new(SCI_RULE_ANALYSIS_FAILURE, SCI_LEVEL_ERROR,
				    "src/broken.c", 0, 0, "", "",
				    "parse error: expected ';'");
	sci_diag *f2 = sci_diag_new(SCI_RULE_ANALYSIS_FAILURE, SCI_LEVEL_ERROR,
				    "/usr/src/outside.c", 0, 0, "", "",
				    "timed out");
	const sci_diag *fails[] = { f1, f2 };
	sci_result_list l = { 0 };
	sci_report_run run = default_run();
	json_t *doc, *inv, *n;

	run.exit_code = 3;
	run.failures = fails;
	run.nfailures = 2;
	doc = sarif_doc(&l, &run, 0);
	inv = at(run0(doc), "invocations");
	assert_int_equal(json_array_size(inv), 1);
	assert_true(json_is_false(at(inv, "0.executionSuccessful")));
	assert_int_equal(int_at(inv, "0.exitCode"), 3);
	n = at(inv, "0.toolExecutionNotifications");
	assert_int_equal(json_array_size(n), 2);
	assert_string_equal(str_at(n, "0.level"), "error");
	assert_string_equal(str_at(n, "0.message.text"),
			    "parse error: expected ';'");
	assert_string_equal(str_at(n, "0.descriptor.id"),
			    SCI_RULE_ANALYSIS_FAILURE);
	assert_string_equal(str_at(n, "0.locations.0.physicalLocation."
				   "artifactLocation.uri"), "src/broken.c");
	/* the TU as a whole: no region */
	assert_null(at(n, "0.locations.0.physicalLocation.region"));
	/* outside the repository: an absolute file: URI, no base */
	assert_string_equal(str_at(n, "1.locations.0.physicalLocation."
				   "artifactLocation.uri"),
			    "file:///usr/src/outside.c");
	assert_null(at(n, "1.locations.0.physicalLocation.artifactLocation."
			  "uriBaseId"));
	json_decref(doc);

	/* exit 2 is an error too; exit 1 (the gate failed) with a TU that
	 * could not be analyzed did not cover everything either */
	run.exit_code = 2;
	doc = sarif_doc(&l, &run, 0);
	assert_true(json_is_false(at(run0(doc),
				     "invocations.0.executionSuccessful")));
	json_decref(doc);
	run.exit_code = 1;
	doc = sarif_doc(&l, &run, 0);
	assert_true(json_is_false(at(run0(doc),
				     "invocations.0.executionSuccessful")));
	json_decref(doc);
	/* exit 1 with everything analyzed is a successful run */
	run.nfailures = 0;
	doc = sarif_doc(&l, &run, 0);
	assert_true(json_is_true(at(run0(doc),
				    "invocations.0.executionSuccessful")));
	json_decref(doc);
	sci_diag_free(f1);
	sci_diag_free(f2);
}

static void test_sarif__paths_become_uris(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = default_run();
	json_t *doc, *res, *base;

	add(&l, SCI_CLASS_NEW, "null-deref", SCI_LEVEL_ERROR, WEIRD_PATH, 1, 0,
	    "", "m", '1');
	add(&l, SCI_CLASS_NEW, "null-deref", SCI_LEVEL_ERROR,
	    "/home/ci/my repo/src/in.c", 1, 0, "", "m", '2');
	add(&l, SCI_CLASS_NEW, "null-deref", SCI_LEVEL_ERROR,
	    "/home/ci/my repository/x.c", 1, 0, "", "m", '3');
	add(&l, SCI_CLASS_NEW, "null-deref", SCI_LEVEL_ERROR, "./src/dot.c", 1,
	    0, "", "m", '4');
	add(&l, SCI_CLASS_NEW, "null-deref", SCI_LEVEL_ERROR, "a:b+c.c", 1, 0,
	    "", "m", '5');
	doc = sarif_doc(&l, &run, 0);
	res = at(run0(doc), "results");
#define URI(i) str_at(res, #i ".locations.0.physicalLocation." \
			       "artifactLocation.uri")
	assert_string_equal(URI(0), WEIRD_URI);
	/* under the root: made relative */
	assert_string_equal(URI(1), "src/in.c");
	/* a sibling whose name merely starts like the root: absolute */
	assert_string_equal(URI(2), "file:///home/ci/my%20repository/x.c");
	assert_string_equal(URI(3), "src/dot.c");
	/* a ':' must not read as a URI scheme */
	assert_string_equal(URI(4), "a%3Ab%2Bc.c");
#undef URI
	base = at(run0(doc), "originalUriBaseIds");
	assert_int_equal(json_object_size(base), 1);
	assert_string_equal(str_at(base, "%SRCROOT%.uri"),
			    "file:///home/ci/my%20repo/");
	json_decref(doc);

	/* a root given with its trailing slash gets no second one */
	run.srcroot = "/";
	doc = sarif_doc(&l, &run, 0);
	assert_string_equal(str_at(run0(doc),
				   "originalUriBaseIds.%SRCROOT%.uri"),
			    "file:///");
	assert_string_equal(str_at(run0(doc), "results.2.locations.0."
				   "physicalLocation.artifactLocation.uri"),
			    "home/ci/my%20repository/x.c");
	json_decref(doc);
	sci_result_list_clear(&l);
}

static void test_sarif__invalid_utf8_is_replaced(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = default_run();
	json_t *doc, *res;

	add(&l, SCI_CLASS_NEW, "null-deref", SCI_LEVEL_ERROR, "caf\xe9.c", 1,
	    0, "fn\xff", "bad \xff byte", '1');
	doc = sarif_doc(&l, &run, 0);
	res = at(run0(doc), "results");
	assert_string_equal(str_at(res, "0.message.text"), "bad ? byte");
	assert_string_equal(str_at(res, "0.locations.0.logicalLocations.0.name"), "fn?");
	/* in a URI the byte itself is kept, percent-encoded */
	assert_string_equal(str_at(res, "0.locations.0.physicalLocation."
				   "artifactLocation.uri"), "caf%E9.c");
	json_decref(doc);
	sci_result_list_clear(&l);
}

static void test_sarif__unknown_rule_gets_a_stub(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = default_run();
	json_t *doc, *r;

	add(&l, SCI_CLASS_NEW, "mystery", SCI_LEVEL_NOTE, "a.c", 1, 0, "",
	    "m", '1');
	add(&l, SCI_CLASS_NEW, "null-deref", SCI_LEVEL_ERROR, "a.c", 2, 0, "",
	    "m", '2');
	add(&l, SCI_CLASS_UNCHANGED, "mystery", SCI_LEVEL_NOTE, "a.c", 3, 0,
	    "", "m", '3');
	/* fixed results are not written, so they need no rule */
	add(&l, SCI_CLASS_FIXED, "gone", SCI_LEVEL_NOTE, "a.c", 4, 0, "", "m",
	    '4');
	doc = sarif_doc(&l, &run, 0);
	r = run0(doc);
	assert_int_equal(json_array_size(at(r, "tool.driver.rules")),
			 NRULES + 1);
	assert_string_equal(str_at(r, "tool.driver.rules.3.id"), "mystery");
	assert_string_equal(str_at(r, "tool.driver.rules.3.name"), "Mystery");
	assert_string_equal(str_at(r, "tool.driver.rules.3.shortDescription."
				   "text"), "mystery");
	assert_string_equal(str_at(r, "tool.driver.rules.3."
				   "defaultConfiguration.level"), "note");
	assert_int_equal(int_at(r, "results.0.ruleIndex"), 3);
	assert_int_equal(int_at(r, "results.1.ruleIndex"), 1);
	assert_int_equal(int_at(r, "results.2.ruleIndex"), 3);
	json_decref(doc);

	/* and with no catalogue at all */
	{
		char *text = NULL;

		assert_int_equal(write_sarif(&text, &l, NULL, 0, &run, 0), 0);
		doc = json_loads(text, 0, NULL);
		assert_non_null(doc);
		assert_int_equal(json_array_size(at(run0(doc),
						    "tool.driver.rules")), 2);
		assert_int_equal(int_at(run0(doc), "results.1.ruleIndex"), 1);
		json_decref(doc);
		free(text);
	}
	sci_result_list_clear(&l);
}

static void test_sarif__category_version_and_base(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = default_run();
	json_t *doc;

	run.category = "lint/clang";
	run.base_ref = "origin/main";
	run.tool_version = "0.2.0-rc.1+g1a2b3c";
	doc = sarif_doc(&l, &run, 0);
	assert_string_equal(str_at(run0(doc), "automationDetails.id"),
			    "lint/clang/");
	assert_string_equal(str_at(run0(doc), "properties.baseRef"),
			    "origin/main");
	assert_string_equal(str_at(run0(doc), "tool.driver.semanticVersion"),
			    "0.2.0-rc.1+g1a2b3c");
	json_decref(doc);

	run.category = "already/";
	run.tool_version = "g1a2b3c-dirty";
	doc = sarif_doc(&l, &run, 0);
	assert_string_equal(str_at(run0(doc), "automationDetails.id"),
			    "already/");
	/* not SemVer: only the free-form version */
	assert_string_equal(str_at(run0(doc), "tool.driver.version"),
			    "g1a2b3c-dirty");
	assert_null(at(run0(doc), "tool.driver.semanticVersion"));
	json_decref(doc);
}

static void assert_rejected(const sci_rule_info *r, size_t nr,
			    const sci_report_run *run, const char *what)
{
	sci_result_list l = { 0 };
	char *text = NULL;

	fixture(&l);
	sci_error_clear();
	assert_int_equal(write_sarif(&text, &l, r, nr, run, 0), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), what));
	/* nothing half-written */
	assert_string_equal(text, "");
	free(text);
	sci_result_list_clear(&l);
}

static void test_sarif__bad_input(void **state)
{
	sci_rule_info dup[] = { rules[0], rules[1], rules[0] };
	sci_rule_info bad_cwe[] = { rules[0] };
	sci_rule_info many_tags[] = { rules[0] };
	sci_rule_info no_id[] = { rules[0] };
	sci_report_run run = default_run();

	assert_rejected(dup, 3, &run, "duplicate rule 'memory-leak'");
	bad_cwe[0].cwe = "CWE-4x";
	assert_rejected(bad_cwe, 1, &run, "CWE-4x");
	bad_cwe[0].cwe = "401a";
	assert_rejected(bad_cwe, 1, &run, "401a");
	/* 19 tags + the CWE tag is the limit; 20 + 1 is not */
	many_tags[0].tags = "a b c d e f g h i j k l m n o p q r s";
	{
		sci_result_list l = { 0 };
		char *text = NULL;

		assert_int_equal(write_sarif(&text, &l, many_tags, 1, &run, 0),
				 0);
		free(text);
	}
	many_tags[0].tags = "a b c d e f g h i j k l m n o p q r s t";
	assert_rejected(many_tags, 1, &run, "more than 20 tags");
	no_id[0].id = "";
	assert_rejected(no_id, 1, &run, "no id");
	run.srcroot = "relative/root";
	assert_rejected(rules, NRULES, &run, "not absolute");
}

static void test_sarif__deterministic_sorted_output(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = default_run();
	char *a = NULL, *b = NULL, *canon;
	json_t *doc;

	fixture(&l);
	assert_int_equal(write_sarif(&a, &l, rules, NRULES, &run, 1), 0);
	assert_int_equal(write_sarif(&b, &l, rules, NRULES, &run, 1), 0);
	assert_string_equal(a, b);
	/* exactly jansson's sorted, indented form plus a newline */
	doc = json_loads(a, 0, NULL);
	assert_non_null(doc);
	canon = json_dumps(doc, JSON_SORT_KEYS | JSON_INDENT(2));
	assert_int_equal(strlen(a), strlen(canon) + 1);
	assert_memory_equal(a, canon, strlen(canon));
	assert_int_equal(a[strlen(a) - 1], '\n');
	free(canon);
	json_decref(doc);
	free(a);
	free(b);
	sci_result_list_clear(&l);
}

static void test_sarif__write_error_is_eio(void **state)
{
	sci_result_list l = { 0 };
	sci_report_run run = default_run();
	FILE *f = fopen("/dev/full", "w");

	if (!f)
		skip();
	fixture(&l);
	assert_int_equal(sci_sarif_write(f, &l, rules, NRULES, &run, 0),
			 SCI_EIO);
	fclose(f);
	sci_result_list_clear(&l);
}

/* The golden file: byte for byte, and what the schema test validates. */
static void test_sarif__golden(void **state)
{
	sci_diag *f1 = sci_diag_new(SCI_RULE_ANALYSIS_FAILURE, SCI_LEVEL_ERROR,
				    "src/broken.c", 0, 0, "", "",
				    "parse error: expected ';'");
	const sci_diag *fails[] = { f1 };
	sci_result_list l = { 0 };
	sci_report_run run = default_run();
	char *text = NULL;

	fixture(&l);
	run.failures = fails;
	run.nfailures = 1;
	run.base_ref = "origin/main";
	run.information_uri = "https://example.org/smatch-ci";
	assert_int_equal(write_sarif(&text, &l, rules, NRULES, &run, 0), 0);
	report_test_assert_golden("full.sarif", text);
	free(text);
	sci_diag_free(f1);
	sci_result_list_clear(&l);
}

static void test_sarif__schema_valid(void **state)
{
	sci_diag *f1 = sci_diag_new(SCI_RULE_ANALYSIS_FAILURE, SCI_LEVEL_ERROR,
				    WEIRD_PATH, 0, 0, "", "", "crashed \"hard\"");
	sci_diag *f2 = sci_diag_new(SCI_RULE_ANALYSIS_FAILURE, SCI_LEVEL_ERROR,
				    "/elsewhere/x.c", 0, 0, "", "", "timeout");
	const sci_diag *fails[] = { f1, f2 };
	sci_result_list empty = { 0 }, l = { 0 };
	sci_report_run run = default_run(), bare;
	char files[PATH_MAX * 8] = "";
	const char *names[] = { "empty.sarif", "bare.sarif", "full.sarif",
				"suppressed.sarif", "failures.sarif",
				"nocatalogue.sarif" };
	size_t i;

	memset(&bare, 0, sizeof(bare));
	fixture(&l);
	sci_diag_add_related(l.items[4].diag, WEIRD_PATH, 1, 1,
			     "first \"use\" | here");
	write_file(names[0], &empty, rules, NRULES, &run, 0);
	write_file(names[1], &l, rules, NRULES, &bare, 0);
	write_file(names[2], &l, rules, NRULES, &run, 0);
	write_file(names[3], &l, rules, NRULES, &run, 1);
	run.failures = fails;
	run.nfailures = 2;
	run.exit_code = 3;
	run.base_ref = "origin/main";
	run.category = "my cat/ü";
	run.information_uri = "https://example.org/smatch-ci";
	write_file(names[4], &l, rules, NRULES, &run, 1);
	write_file(names[5], &l, NULL, 0, &run, 0);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		strcat(files, " '");
		strcat(files, tmpdir);
		strcat(files, "/");
		strcat(files, names[i]);
		strcat(files, "'");
	}
	/* the committed golden file too (style.md §9) */
	strcat(files, " '");
	strcat(files, srcdir);
	strcat(files, "/tests/unit/report/golden/full.sarif'");
	report_test_assert_valid("--sarif", files);
	sci_diag_free(f1);
	sci_diag_free(f2);
	sci_result_list_clear(&l);
}

/* ---- setup ---- */

static int setup(void **state)
{
	return report_test_setup("sarif");
}

static int teardown(void **state)
{
	return report_test_teardown();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sarif__empty_run),
		cmocka_unit_test(test_sarif__rules),
		cmocka_unit_test(test_sarif__links_must_be_absolute_uris),
		cmocka_unit_test(test_sarif__results_of_every_class),
		cmocka_unit_test(test_sarif__suppressed_only_on_request),
		cmocka_unit_test(test_sarif__related_locations_and_code_flow),
		cmocka_unit_test(test_sarif__failures_are_notifications),
		cmocka_unit_test(test_sarif__paths_become_uris),
		cmocka_unit_test(test_sarif__invalid_utf8_is_replaced),
		cmocka_unit_test(test_sarif__unknown_rule_gets_a_stub),
		cmocka_unit_test(test_sarif__category_version_and_base),
		cmocka_unit_test(test_sarif__bad_input),
		cmocka_unit_test(test_sarif__deterministic_sorted_output),
		cmocka_unit_test(test_sarif__write_error_is_eio),
		cmocka_unit_test(test_sarif__golden),
		cmocka_unit_test(test_sarif__schema_valid),
	};

	return cmocka_run_group_tests_name("report/sarif", tests, setup,
					   teardown);
}
