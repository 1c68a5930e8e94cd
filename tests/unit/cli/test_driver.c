/*
 * test_driver.c - the worker pool (src/cli/driver.c), with a fake analyzer
 * whose behaviour is chosen by the TU's file name: it reports, crashes,
 * exits, hangs or floods its pipes, all in a real forked worker.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli/driver.h"
#include "util/alloc.h"

static void emit_finding(const char *path, unsigned line, const char *msg,
			 sci_diag_emit_fn emit, void *payload)
{
	emit(sci_diag_new("memory-leak", SCI_LEVEL_WARNING, path, line, 1,
			  "f", "p", msg), payload);
}

static int ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	return n >= k && strcmp(s + n - k, suffix) == 0;
}

static int fake_analyze(const char *path, char **argv,
			const sci_analyze_opts *opts, sci_diag_emit_fn emit,
			void *payload)
{
	char cwd[1024];
	int i;

	if (ends_with(path, "ok.c")) {
		emit_finding(path, 1, "found", emit, payload);
		return SCI_TU_OK;
	}
	if (ends_with(path, "degraded.c")) {
		fprintf(stderr, "first noise\n%s:3:1: error: bad thing  \n",
			path);
		emit_finding(path, 2, "kept", emit, payload);
		return SCI_TU_FRONTEND_ERRORS;
	}
	if (ends_with(path, "crash.c")) {
		emit_finding(path, 4, "before crash", emit, payload);
		/* cmocka catches SIGSEGV in the test process */
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
	}
	if (ends_with(path, "exit1.c")) {
		fprintf(stderr, "%s:1:10: error: unable to open 'y.h'\n", path);
		exit(1);
	}
	if (ends_with(path, "exit7.c"))
		_exit(7);
	if (ends_with(path, "hang.c")) {
		emit_finding(path, 5, "before hang", emit, payload);
		sleep(60);
	}
	if (ends_with(path, "flood.c")) {
		for (i = 0; i < 3000; i++) {
			fprintf(stderr, "stderr line %d of a chatty worker\n",
				i);
			emit_finding(path, (unsigned)i + 1,
				     "a finding with a reasonably long message to fill the pipe",
				     emit, payload);
		}
		return SCI_TU_OK;
	}
	if (ends_with(path, "inputs.c")) {
		emit(sci_diag_new(SCI_RULE_INPUT, SCI_LEVEL_NOTE, "/abs/inputs.c",
				  0, 0, "", "", ""), payload);
		emit(sci_diag_new(SCI_RULE_INPUT, SCI_LEVEL_NOTE, "/abs/inc.h",
				  0, 0, "", "", ""), payload);
		emit_finding(path, 1, "found", emit, payload);
		return SCI_TU_OK;
	}
	if (ends_with(path, "where.c")) {
		if (!getcwd(cwd, sizeof(cwd)))
			cwd[0] = '\0';
		emit(sci_diag_new("sci-debug", SCI_LEVEL_NOTE, "../src/where.c",
				  1, 1, "", "", cwd), payload);
		{
			sci_diag *d = sci_diag_new("memory-leak",
						   SCI_LEVEL_WARNING,
						   "/elsewhere/x.c", 2, 1, "f",
						   "p", argv[1]);

			sci_diag_add_related(d, "inc.h", 3, 1, "here");
			emit(d, payload);
		}
		return SCI_TU_OK;
	}
	return SCI_TU_OK;
}

static void add_tu(sci_tu_list *l, const char *path, const char *dir)
{
	sci_strv argv = { 0 };
	sci_tu *tu;

	l->items = sci_realloc(l->items, (l->n + 1) * sizeof(*l->items));
	tu = &l->items[l->n++];
	memset(tu, 0, sizeof(*tu));
	sci_strv_push(&argv, "smatch-ci");
	sci_strv_push(&argv, "-DMARK");
	tu->path = sci_strdup(path);
	tu->display = sci_strdup(path);
	tu->directory = dir ? sci_strdup(dir) : NULL;
	tu->argv = sci_strv_detach(&argv);
}

static void run(sci_diag_list *out, sci_driver_stats *stats,
		sci_tu_list *tus, unsigned jobs, unsigned timeout,
		const char *cwd)
{
	sci_analyze_opts aopts;
	sci_driver_opts o;

	memset(&aopts, 0, sizeof(aopts));
	memset(&o, 0, sizeof(o));
	o.jobs = jobs;
	o.tu_timeout = timeout;
	o.analyze_opts = &aopts;
	o.cwd = cwd;
	o.analyze = fake_analyze;
	assert_int_equal(sci_driver_run(out, stats, tus, &o), 0);
}

static const sci_diag *find(const sci_diag_list *l, const char *rule,
			    const char *path)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		if (strcmp(l->items[i]->rule, rule) == 0 &&
		    strcmp(l->items[i]->path, path) == 0)
			return l->items[i];
	return NULL;
}

static void test_driver__findings_are_collected(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;

	add_tu(&tus, "a_ok.c", NULL);
	add_tu(&tus, "b_ok.c", NULL);
	run(&out, &st, &tus, 2, 10, NULL);
	assert_int_equal(st.tus, 2);
	assert_int_equal(st.failed, 0);
	assert_int_equal(out.n, 2);
	assert_string_equal(out.items[0]->path, "a_ok.c");
	assert_string_equal(out.items[1]->path, "b_ok.c");
	assert_string_equal(out.items[1]->message, "found");
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

static void test_driver__inputs_go_to_their_tu(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;

	add_tu(&tus, "a_ok.c", NULL);
	add_tu(&tus, "inputs.c", NULL);
	run(&out, &st, &tus, 2, 10, NULL);
	assert_int_equal(out.n, 2);	/* the two findings only */
	assert_int_equal(tus.items[0].inputs.n, 0);
	assert_int_equal(tus.items[1].inputs.n, 2);
	assert_int_equal(tus.items[0].diags.n, 1);
	assert_string_equal(tus.items[0].diags.items[0]->path, "a_ok.c");
	assert_int_equal(tus.items[1].diags.n, 1);
	assert_string_equal(tus.items[1].diags.items[0]->path, "inputs.c");
	assert_string_equal(tus.items[1].inputs.v[0], "/abs/inputs.c");
	assert_string_equal(tus.items[1].inputs.v[1], "/abs/inc.h");
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

static void test_driver__frontend_errors_keep_findings(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;
	const sci_diag *f;

	add_tu(&tus, "degraded.c", NULL);
	run(&out, &st, &tus, 1, 10, NULL);
	assert_int_equal(st.failed, 1);
	assert_non_null(find(&out, "memory-leak", "degraded.c"));
	f = find(&out, "analysis-failure", "degraded.c");
	assert_non_null(f);
	assert_int_equal(f->level, SCI_LEVEL_ERROR);
	assert_string_equal(f->message,
			    "sparse could not parse the file: "
			    "degraded.c:3:1: error: bad thing");
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

static void test_driver__crash_is_a_failure_not_the_end(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;
	const sci_diag *f;

	add_tu(&tus, "crash.c", NULL);
	add_tu(&tus, "z_ok.c", NULL);
	run(&out, &st, &tus, 1, 10, NULL);
	assert_int_equal(st.tus, 2);
	assert_int_equal(st.failed, 1);
	f = find(&out, "analysis-failure", "crash.c");
	assert_non_null(f);
	assert_non_null(strstr(f->message,
			       "worker killed by signal 11 (SIGSEGV)"));
	assert_non_null(find(&out, "memory-leak", "crash.c"));
	assert_non_null(find(&out, "memory-leak", "z_ok.c"));
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

static void test_driver__exit_statuses(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;
	const sci_diag *f;

	add_tu(&tus, "exit1.c", NULL);
	add_tu(&tus, "exit7.c", NULL);
	run(&out, &st, &tus, 2, 10, NULL);
	assert_int_equal(st.failed, 2);
	f = find(&out, "analysis-failure", "exit1.c");
	assert_non_null(f);
	assert_string_equal(f->message,
			    "sparse could not parse the file: "
			    "exit1.c:1:10: error: unable to open 'y.h'");
	f = find(&out, "analysis-failure", "exit7.c");
	assert_non_null(f);
	assert_string_equal(f->message, "worker exited with status 7");
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

static void test_driver__timeout_kills_only_that_worker(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;
	const sci_diag *f;
	time_t t0 = time(NULL);

	add_tu(&tus, "hang.c", NULL);
	add_tu(&tus, "m_ok.c", NULL);
	run(&out, &st, &tus, 2, 1, NULL);
	assert_true(time(NULL) - t0 < 10);
	assert_int_equal(st.failed, 1);
	f = find(&out, "analysis-failure", "hang.c");
	assert_non_null(f);
	assert_string_equal(f->message, "timed out after 1 s");
	assert_non_null(find(&out, "memory-leak", "hang.c"));
	assert_non_null(find(&out, "memory-leak", "m_ok.c"));
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

static void test_driver__full_pipes_do_not_block(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;

	add_tu(&tus, "flood.c", NULL);
	run(&out, &st, &tus, 1, 30, NULL);
	assert_int_equal(st.failed, 0);
	assert_int_equal(out.n, 3000);
	assert_int_equal(out.items[0]->line, 1);
	assert_int_equal(out.items[2999]->line, 3000);
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

static void test_driver__runs_in_directory_and_rebases_paths(void **state)
{
	char top[] = "/tmp/sci-driver-XXXXXX";
	char build[64], want_cwd[64];
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;
	const sci_diag *d;

	assert_non_null(mkdtemp(top));
	snprintf(build, sizeof(build), "%s/build", top);
	assert_int_equal(mkdir(build, 0700), 0);
	add_tu(&tus, "where.c", build);
	run(&out, &st, &tus, 1, 10, top);
	assert_int_equal(st.failed, 0);
	/* "../src/where.c" from build/ is src/where.c from top */
	d = find(&out, "sci-debug", "src/where.c");
	assert_non_null(d);
	snprintf(want_cwd, sizeof(want_cwd), "%s", build);
	assert_string_equal(d->message, want_cwd);
	/* outside the working directory: absolute; related paths too */
	d = find(&out, "memory-leak", "/elsewhere/x.c");
	assert_non_null(d);
	assert_string_equal(d->message, "-DMARK");
	assert_int_equal(d->nrelated, 1);
	assert_string_equal(d->related[0].path, "build/inc.h");
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
	rmdir(build);
	rmdir(top);
}

static void test_driver__missing_directory_is_a_failure(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;
	const sci_diag *f;

	add_tu(&tus, "a_ok.c", "/nonexistent/sci/dir");
	run(&out, &st, &tus, 1, 10, "/");
	assert_int_equal(st.failed, 1);
	f = find(&out, "analysis-failure", "a_ok.c");
	assert_non_null(f);
	assert_non_null(strstr(f->message, "cannot change to directory"));
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

static char *format_all(const sci_diag_list *l)
{
	char *s = sci_strdup(""), *t;
	size_t i;

	for (i = 0; i < l->n; i++) {
		t = sci_printf_dup("%s%s:%u:%s:%s\n", s, l->items[i]->path,
				   l->items[i]->line, l->items[i]->rule,
				   l->items[i]->message);
		free(s);
		s = t;
	}
	return s;
}

static void test_driver__same_result_for_any_job_count(void **state)
{
	static const char *const names[] = {
		"t9_ok.c", "crash.c", "t1_ok.c", "degraded.c", "exit7.c",
		"t5_ok.c", "t3_ok.c", "exit1.c", "t7_ok.c", "t2_ok.c"
	};
	sci_tu_list tus = { 0 };
	sci_diag_list one = { 0 }, many = { 0 };
	sci_driver_stats s1, s2;
	char *a, *b;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		add_tu(&tus, names[i], NULL);
	run(&one, &s1, &tus, 1, 10, NULL);
	run(&many, &s2, &tus, 4, 10, NULL);
	assert_int_equal(s1.tus, 10);
	assert_int_equal(s2.tus, 10);
	assert_int_equal(s1.failed, 4);
	assert_int_equal(s2.failed, 4);
	a = format_all(&one);
	b = format_all(&many);
	assert_string_equal(a, b);
	/* six ok TUs, two findings before a failure, four failures */
	assert_int_equal(one.n, 6 + 2 + 4);
	free(a);
	free(b);
	sci_diag_list_clear(&one);
	sci_diag_list_clear(&many);
	sci_tu_list_clear(&tus);
}

static void test_driver__identical_diagnostics_are_merged(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;

	add_tu(&tus, "same_ok.c", NULL);
	add_tu(&tus, "other_ok.c", NULL);
	add_tu(&tus, "same_ok.c", NULL);
	run(&out, &st, &tus, 3, 10, NULL);
	assert_int_equal(st.tus, 3);
	assert_int_equal(out.n, 2);
	assert_string_equal(out.items[0]->path, "other_ok.c");
	assert_string_equal(out.items[1]->path, "same_ok.c");
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

static void test_driver__empty_list(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;

	run(&out, &st, &tus, 4, 10, NULL);
	assert_int_equal(st.tus, 0);
	assert_int_equal(out.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_driver__findings_are_collected),
		cmocka_unit_test(test_driver__inputs_go_to_their_tu),
		cmocka_unit_test(test_driver__frontend_errors_keep_findings),
		cmocka_unit_test(test_driver__crash_is_a_failure_not_the_end),
		cmocka_unit_test(test_driver__exit_statuses),
		cmocka_unit_test(test_driver__timeout_kills_only_that_worker),
		cmocka_unit_test(test_driver__full_pipes_do_not_block),
		cmocka_unit_test(test_driver__runs_in_directory_and_rebases_paths),
		cmocka_unit_test(test_driver__missing_directory_is_a_failure),
		cmocka_unit_test(test_driver__same_result_for_any_job_count),
		cmocka_unit_test(test_driver__identical_diagnostics_are_merged),
		cmocka_unit_test(test_driver__empty_list),
	};

	return cmocka_run_group_tests_name("cli/driver", tests, NULL, NULL);
}
