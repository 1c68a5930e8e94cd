/* Unit tests: the shard results file (src/cli/results.c) and the stable
 * shard assignment (src/cli/shard.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/results.h"
#include "cli/shard.h"
#include "util/error.h"

static char path[64];

static int teardown(void **state)
{
	(void)state;
	unlink(path);
	return 0;
}

static void temp_path(void)
{
	int fd;

	strcpy(path, "/tmp/sci-results-XXXXXX");
	fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
}

static sci_results *sample(void)
{
	sci_results *r = sci_results_new();
	sci_diag *d;
	sci_results_finding *f;

	r->tool_version = strdup("1.2.3");
	r->shard_k = 2;
	r->shard_n = 3;
	r->options = strdup("abc");
	r->head_sha = strdup("0123");
	r->base_ref = strdup("main");
	r->base_sha = strdup("4567");
	r->tus_planned = 10;
	r->tus_analyzed = 4;
	r->tus_failed = 1;
	r->unanalyzed = 1;
	d = sci_diag_new("memory-leak", SCI_LEVEL_WARNING, "a.c", 7, 3, "f",
			 "p", "memory leak of 'p'");
	sci_diag_add_related(d, "a.c", 5, 1, "allocated here");
	d->fn_first = 4;
	d->fn_last = 9;
	f = sci_results_add_finding(r, d, 1);
	f->cause.path = strdup("b.c");
	f->cause.line = 12;
	f->cause.message = strdup("g() changed");
	sci_results_add_finding(r, sci_diag_new("null-deref", SCI_LEVEL_ERROR,
						"b.h", 1, 0, "", "", "m"), 0);
	sci_diag_list_take(&r->base, sci_diag_new("memory-leak", SCI_LEVEL_WARNING,
						  "a.c", 6, 3, "f", "p", "old"));
	sci_diag_list_take(&r->failures,
			   sci_diag_new("analysis-failure", SCI_LEVEL_ERROR,
					"c.c", 0, 0, "", "", "timed out"));
	/* in-source suppressions (baseline/suppress.h) */
	f = sci_results_add_finding(r, sci_diag_new("memory-leak",
						    SCI_LEVEL_WARNING, "a.c",
						    20, 1, "g", "q", "leak"), 0);
	f->suppression = strdup("owned by the pool");
	sci_diag_list_take(&r->base_suppressed,
			   sci_diag_new("memory-leak", SCI_LEVEL_WARNING, "a.c",
					19, 1, "g", "q", "leak"));
	r->files = calloc(3, sizeof(*r->files));
	r->files[r->nfiles++] = strdup("a.c");
	r->files[r->nfiles++] = strdup("inc/h.h");
	return r;
}

static void test_results__round_trip(void **state)
{
	sci_results *w = sample(), *r = NULL;

	(void)state;
	temp_path();
	assert_int_equal(sci_results_write(path, w), 0);
	assert_int_equal(sci_results_read(&r, path), 0);
	assert_non_null(r);
	assert_string_equal(r->tool_version, "1.2.3");
	assert_int_equal(r->shard_k, 2);
	assert_int_equal(r->shard_n, 3);
	assert_string_equal(r->options, "abc");
	assert_string_equal(r->head_sha, "0123");
	assert_string_equal(r->base_ref, "main");
	assert_string_equal(r->base_sha, "4567");
	assert_int_equal(r->tus_planned, 10);
	assert_int_equal(r->tus_analyzed, 4);
	assert_int_equal(r->tus_failed, 1);
	assert_int_equal(r->unanalyzed, 1);
	assert_int_equal(r->nfindings, 3);
	assert_int_equal(sci_diag_cmp(r->findings[0].diag, w->findings[0].diag), 0);
	assert_int_equal(r->findings[0].diag->nrelated, 1);
	assert_int_equal(r->findings[0].diag->fn_first, 4);
	assert_int_equal(r->findings[0].diag->fn_last, 9);
	assert_true(r->findings[0].touched);
	assert_string_equal(r->findings[0].cause.path, "b.c");
	assert_int_equal(r->findings[0].cause.line, 12);
	assert_false(r->findings[1].touched);
	assert_null(r->findings[1].cause.path);
	assert_int_equal(r->base.n, 1);
	assert_string_equal(r->base.items[0]->message, "old");
	assert_int_equal(r->failures.n, 1);
	assert_null(r->findings[0].suppression);
	assert_string_equal(r->findings[2].suppression, "owned by the pool");
	assert_int_equal(r->base_suppressed.n, 1);
	assert_int_equal(r->base_suppressed.items[0]->line, 19);
	assert_int_equal(r->nfiles, 2);
	assert_string_equal(r->files[0], "a.c");
	assert_string_equal(r->files[1], "inc/h.h");
	sci_results_free(r);
	sci_results_free(w);
}

static void test_results__plugins(void **state)
{
	static const char sha[] =
		"3a7e000000000000000000000000000000000000000000000000000000009c00";
	sci_results *w = sample(), *r = NULL;

	(void)state;
	temp_path();
	/* none: no member, none read back */
	assert_int_equal(sci_results_write(path, w), 0);
	assert_int_equal(sci_results_read(&r, path), 0);
	assert_int_equal(r->plugins.n, 0);
	sci_results_free(r);
	sci_strv_push(&w->plugins, sha);
	assert_int_equal(sci_results_write(path, w), 0);
	assert_int_equal(sci_results_read(&r, path), 0);
	assert_int_equal(r->plugins.n, 1);
	assert_string_equal(r->plugins.v[0], sha);
	sci_results_free(r);
	sci_results_free(w);
}

static void test_results__no_base_is_null(void **state)
{
	sci_results *w = sample(), *r = NULL;

	(void)state;
	free(w->base_ref);
	free(w->base_sha);
	w->base_ref = w->base_sha = NULL;
	sci_diag_list_clear(&w->base);
	temp_path();
	assert_int_equal(sci_results_write(path, w), 0);
	assert_int_equal(sci_results_read(&r, path), 0);
	assert_null(r->base_ref);
	sci_results_free(r);
	sci_results_free(w);
}

/* A valid file with @member's value replaced: the reader must refuse it. */
static void expect_refused(const char *text, const char *want)
{
	sci_results *r = (sci_results *)1;
	int error = sci_results_parse(&r, text, strlen(text), "t.json");

	assert_true(error == SCI_EINVALID || error == SCI_EJSON);
	assert_null(r);
	if (!strstr(sci_error_last(), want) || !strstr(sci_error_last(), "t.json"))
		fail_msg("message '%s' lacks '%s'", sci_error_last(), want);
}

#define HEAD "\"version\":1,\"tool\":\"smatch-ci\",\"tool_version\":\"1\"," \
	"\"options\":\"x\",\"head\":\"h\",\"allow_unanalyzed\":false," \
	"\"base\":null,"
#define SHARD "\"shard\":{\"index\":1,\"count\":2},"
#define TUS "\"tus\":{\"planned\":2,\"analyzed\":1,\"failed\":0,\"unanalyzed\":0},"
#define LISTS "\"findings\":[],\"base_findings\":[],\"failures\":[]"

static void test_results__minimal_is_valid(void **state)
{
	const char *text = "{" HEAD SHARD TUS LISTS "}";
	sci_results *r = NULL;

	(void)state;
	assert_int_equal(sci_results_parse(&r, text, strlen(text), "t.json"), 0);
	assert_int_equal(r->nfindings, 0);
	sci_results_free(r);
}

static void test_results__malformed(void **state)
{
	(void)state;
	expect_refused("", "t.json");
	expect_refused("{", "t.json");
	expect_refused("[]", "not a JSON object");
	expect_refused("{}", "\"version\"");
	expect_refused("{\"version\":\"1\"}", "\"version\"");
	expect_refused("{\"version\":2}", "version 2 is not supported");
	expect_refused("{\"version\":1,\"tool\":\"other\"}", "\"tool\"");
	expect_refused("{\"version\":1,\"tool\":\"smatch-ci\"}", "\"tool_version\"");
	expect_refused("{" HEAD TUS LISTS "}", "\"shard\"");
	expect_refused("{" HEAD "\"shard\":{\"index\":3,\"count\":2}," TUS LISTS "}",
		       "K of N");
	expect_refused("{" HEAD "\"shard\":{\"index\":0,\"count\":2}," TUS LISTS "}",
		       "K of N");
	expect_refused("{" HEAD "\"shard\":{\"index\":1,\"count\":-2}," TUS LISTS "}",
		       "out of range");
	expect_refused("{" HEAD SHARD "\"tus\":{\"planned\":1,\"analyzed\":2,"
		       "\"failed\":0,\"unanalyzed\":0}," LISTS "}", "add up");
	expect_refused("{" HEAD SHARD "\"tus\":{}," LISTS "}", "\"planned\"");
	expect_refused("{" HEAD SHARD TUS "\"findings\":{},\"base_findings\":[],"
		       "\"failures\":[]}", "\"findings\"");
	expect_refused("{" HEAD SHARD TUS "\"findings\":[1],\"base_findings\":[],"
		       "\"failures\":[]}", "\"findings\"[0]");
	expect_refused("{" HEAD SHARD TUS "\"findings\":[{\"rule\":\"r\"}],"
		       "\"base_findings\":[],\"failures\":[]}", "\"findings\"[0]");
	expect_refused("{" HEAD SHARD TUS "\"findings\":[{\"rule\":\"r\",\"level\":"
		       "\"warning\",\"path\":\"a.c\",\"line\":1,\"message\":\"m\"}],"
		       "\"base_findings\":[],\"failures\":[]}", "\"touched\"");
	expect_refused("{" HEAD SHARD TUS "\"findings\":[{\"rule\":\"r\",\"level\":"
		       "\"warning\",\"path\":\"a.c\",\"line\":1,\"message\":\"m\","
		       "\"touched\":true,\"cause\":{\"path\":1}}],"
		       "\"base_findings\":[],\"failures\":[]}", "\"cause\"");
	expect_refused("{" HEAD SHARD TUS "\"findings\":[],\"base_findings\":"
		       "[{\"rule\":\"r\",\"level\":\"warning\",\"path\":\"a.c\","
		       "\"line\":1,\"message\":\"m\"}],\"failures\":[]}",
		       "without a \"base\"");
	expect_refused("{" HEAD SHARD TUS "\"findings\":[],\"base_findings\":[],"
		       "\"failures\":[{\"rule\":\"r\",\"level\":\"bad\","
		       "\"path\":\"a.c\",\"line\":1,\"message\":\"m\"}]}",
		       "\"failures\"[0]");
	expect_refused("{" HEAD SHARD TUS "\"version\":1," LISTS "}", "t.json");
	expect_refused("{" HEAD SHARD TUS "\"plugins\":\"x\"," LISTS "}",
		       "\"plugins\"");
	expect_refused("{" HEAD SHARD TUS "\"plugins\":[\"ABC\"]," LISTS "}",
		       "SHA-256");
	/* the optional members of in-source suppressions, when present */
	expect_refused("{" HEAD SHARD TUS LISTS ",\"files\":{}}", "\"files\"");
	expect_refused("{" HEAD SHARD TUS LISTS ",\"files\":[1]}", "\"files\"[0]");
	expect_refused("{" HEAD SHARD TUS LISTS ",\"base_suppressed\":{}}",
		       "\"base_suppressed\"");
	expect_refused("{" HEAD SHARD TUS "\"findings\":[{\"rule\":\"r\",\"level\":"
		       "\"warning\",\"path\":\"a.c\",\"line\":1,\"message\":\"m\","
		       "\"touched\":true,\"suppression\":1}],"
		       "\"base_findings\":[],\"failures\":[]}", "\"suppression\"");
}

static void test_results__missing_file(void **state)
{
	sci_results *r = NULL;

	(void)state;
	strcpy(path, "/tmp/sci-no-such-results.json");
	assert_int_equal(sci_results_read(&r, path), SCI_ENOTFOUND);
	assert_non_null(strstr(sci_error_last(), path));
}

static void test_shard__parse_and_assign(void **state)
{
	unsigned k = 0, n = 0, counts[4] = { 0 };
	char name[32];
	int i;

	(void)state;
	assert_int_equal(sci_shard_parse(&k, &n, "2/3"), 0);
	assert_int_equal(k, 2);
	assert_int_equal(n, 3);
	assert_int_equal(sci_shard_parse(&k, &n, "0/3"), SCI_EINVALID);
	assert_int_equal(sci_shard_parse(&k, &n, "4/3"), SCI_EINVALID);
	assert_int_equal(sci_shard_parse(&k, &n, "1/0"), SCI_EINVALID);
	assert_int_equal(sci_shard_parse(&k, &n, "1/"), SCI_EINVALID);
	assert_int_equal(sci_shard_parse(&k, &n, "/2"), SCI_EINVALID);
	assert_int_equal(sci_shard_parse(&k, &n, "1/2x"), SCI_EINVALID);
	assert_int_equal(sci_shard_parse(&k, &n, "1/2000"), SCI_EINVALID);
	assert_int_equal(sci_shard_parse(&k, &n, "-1/2"), SCI_EINVALID);
	/* documented in docs/results-file.md: must never change */
	assert_int_equal(sci_shard_of("w1.c", 3), 1);
	assert_int_equal(sci_shard_of("user.c", 3), 2);
	assert_int_equal(sci_shard_of("src/f2.c", 3), 3);
	assert_int_equal(sci_shard_of("anything", 1), 1);
	for (i = 0; i < 400; i++) {
		snprintf(name, sizeof(name), "src/file%d.c", i);
		counts[sci_shard_of(name, 3)]++;
	}
	assert_int_equal(counts[0], 0);
	for (i = 1; i <= 3; i++)
		assert_true(counts[i] > 100);	/* roughly a third each */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_results__round_trip, teardown),
		cmocka_unit_test_teardown(test_results__plugins, teardown),
		cmocka_unit_test_teardown(test_results__no_base_is_null, teardown),
		cmocka_unit_test(test_results__minimal_is_valid),
		cmocka_unit_test(test_results__malformed),
		cmocka_unit_test(test_results__missing_file),
		cmocka_unit_test(test_shard__parse_and_assign),
	};

	return cmocka_run_group_tests_name("cli/results", tests, NULL, NULL);
}
