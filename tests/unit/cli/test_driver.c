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

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cleanup.h"
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

/* Uses about @n KiB of stack; the volatile buffer keeps every frame. */
static unsigned long burn_stack(unsigned long n)
{
	volatile char buf[1024];

	buf[0] = (char)n;
	buf[sizeof(buf) - 1] = 0;
	if (n == 0)
		return 0;
	return burn_stack(n - 1) + (unsigned char)buf[sizeof(buf) - 1];
}

static void say_function(const sci_analyze_opts *opts, const char *name)
{
	if (opts->on_function)
		opts->on_function(name, opts->on_function_payload);
}

/* Appends our pid to $SCI_TEST_PIDS, so the test knows its workers. */
static void record_pid(void)
{
	const char *file = getenv("SCI_TEST_PIDS");
	char line[32];
	int fd, n;

	if (!file || (fd = open(file, O_WRONLY | O_APPEND | O_CREAT, 0600)) < 0)
		return;
	n = snprintf(line, sizeof(line), "%d\n", (int)getpid());
	if (write(fd, line, (size_t)n) != n)
		abort();
	close(fd);
}

static int fake_analyze(const char *path, char **argv,
			const sci_analyze_opts *opts, sci_diag_emit_fn emit,
			void *payload)
{
	char cwd[1024];
	int i;

	if (ends_with(path, "fn_hang.c")) {
		say_function(opts, "slow_one");
		sleep(60);
	}
	if (ends_with(path, "fn_done_hang.c")) {
		say_function(opts, "early");
		say_function(opts, NULL);
		sleep(60);
	}
	if (ends_with(path, "fn_crash.c")) {
		say_function(opts, "boom");
		signal(SIGSEGV, SIG_DFL);
		raise(SIGSEGV);
	}
	if (ends_with(path, "deep.c")) {
		/* 32 MiB: four times what a main thread gets */
		emit_finding(path, (unsigned)burn_stack(32 * 1024) + 1,
			     "deep", emit, payload);
		return SCI_TU_OK;
	}
	if (ends_with(path, "overflow.c")) {
		/* the worker's SIGSEGV handler replaced cmocka's */
		say_function(opts, "recursive");
		burn_stack((unsigned long)-1 / 2);
		return SCI_TU_OK;
	}
	if (ends_with(path, "limit.c")) {
		emit(sci_diag_new(SCI_RULE_ANALYSIS_FAILURE, SCI_LEVEL_ERROR,
				  path, 3, 1, "f", "", "analysis of function 'f' stopped"),
		     payload);
		emit_finding(path, 1, "found", emit, payload);
		return SCI_TU_OK;
	}
	if (ends_with(path, "whoami.c")) {
		char msg[96];

		snprintf(msg, sizeof(msg), "pgid=%d pid=%d",
			 (int)getpgid(0), (int)getpid());
		emit_finding(path, 1, msg, emit, payload);
		return SCI_TU_OK;
	}
	if (ends_with(path, "pid_hang.c")) {
		record_pid();
		sleep(60);
	}

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
		/* what a function sent is kept once the next one starts */
		say_function(opts, "f");
		emit_finding(path, 4, "before crash", emit, payload);
		say_function(opts, "g");
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
		say_function(opts, "f");
		emit_finding(path, 5, "before hang", emit, payload);
		say_function(opts, NULL);	/* past the functions */
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

static void run_stack(sci_diag_list *out, sci_driver_stats *stats,
		      sci_tu_list *tus, unsigned jobs, unsigned timeout,
		      const char *cwd, unsigned stack_mib)
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
	o.worker_stack_mib = stack_mib;
	assert_int_equal(sci_driver_run(out, stats, tus, &o), 0);
}

static void run(sci_diag_list *out, sci_driver_stats *stats,
		sci_tu_list *tus, unsigned jobs, unsigned timeout,
		const char *cwd)
{
	run_stack(out, stats, tus, jobs, timeout, cwd, 0);
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

static void test_driver__timeout_names_the_function(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;
	const sci_diag *f;

	add_tu(&tus, "fn_hang.c", NULL);
	add_tu(&tus, "fn_done_hang.c", NULL);
	run(&out, &st, &tus, 2, 1, NULL);
	assert_int_equal(st.failed, 2);
	f = find(&out, "analysis-failure", "fn_hang.c");
	assert_non_null(f);
	assert_string_equal(f->message,
			    "timed out after 1 s in function 'slow_one'");
	/* after the last function, there is none to name */
	f = find(&out, "analysis-failure", "fn_done_hang.c");
	assert_non_null(f);
	assert_string_equal(f->message, "timed out after 1 s");
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

static void test_driver__crash_names_the_function(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;
	const sci_diag *f;

	add_tu(&tus, "fn_crash.c", NULL);
	run(&out, &st, &tus, 1, 10, NULL);
	f = find(&out, "analysis-failure", "fn_crash.c");
	assert_non_null(f);
	assert_string_equal(f->message,
			    "worker killed by signal 11 (SIGSEGV) in function 'boom'");
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

/* The analysis runs on a thread whose stack is far above 8 MiB. */
static void test_driver__deep_recursion_fits(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;

	add_tu(&tus, "deep.c", NULL);
	run(&out, &st, &tus, 1, 60, NULL);
	assert_int_equal(st.failed, 0);
	assert_non_null(find(&out, "memory-leak", "deep.c"));
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

static void test_driver__stack_overflow_is_named(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;
	const sci_diag *f;

	add_tu(&tus, "overflow.c", NULL);
	add_tu(&tus, "z_ok.c", NULL);
	run_stack(&out, &st, &tus, 2, 60, NULL, 16);
	assert_int_equal(st.failed, 1);
	f = find(&out, "analysis-failure", "overflow.c");
	assert_non_null(f);
	assert_string_equal(f->message,
			    "worker killed by signal 11 (SIGSEGV) in function 'recursive': "
			    "stack overflow, the code is nested too deeply "
			    "(see Limits in docs/engine.md)");
	assert_non_null(find(&out, "memory-leak", "z_ok.c"));
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

/* A TU over an engine limit reports its own failure: it counts. */
static void test_driver__failure_sent_by_the_worker_counts(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;

	add_tu(&tus, "limit.c", NULL);
	add_tu(&tus, "a_ok.c", NULL);
	run(&out, &st, &tus, 2, 10, NULL);
	assert_int_equal(st.tus, 2);
	assert_int_equal(st.failed, 1);
	assert_int_equal(out.n, 3);
	assert_non_null(find(&out, "analysis-failure", "limit.c"));
	assert_non_null(find(&out, "memory-leak", "limit.c"));
	assert_int_equal(tus.items[0].diags.n, 2);
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

/* Killing the group kills whatever a worker started too. */
static void test_driver__workers_have_their_own_group(void **state)
{
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;
	int pgid, pid;

	add_tu(&tus, "whoami.c", NULL);
	run(&out, &st, &tus, 1, 10, NULL);
	assert_int_equal(out.n, 1);
	assert_int_equal(sscanf(out.items[0]->message, "pgid=%d pid=%d",
				&pgid, &pid), 2);
	assert_int_equal(pgid, pid);
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

/* Waits up to 20 s for @path to hold @n lines of pids; returns them. */
static int read_pids(const char *path, int *pids, int n)
{
	int tries, k = 0;

	for (tries = 0; tries < 400; tries++) {
		FILE *f = fopen(path, "r");

		k = 0;
		if (f) {
			while (k < n && fscanf(f, "%d", &pids[k]) == 1)
				k++;
			fclose(f);
		}
		if (k == n)
			return k;
		usleep(50 * 1000);
	}
	return k;
}

/* Gone, or a zombie nobody reaps: in any case not running. */
static int is_running(int pid)
{
	char path[64], buf[512], *p;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%d/stat", pid);
	if (!(f = fopen(path, "r")))
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' && p[2] != 'Z' && p[2] != 'X';
}

static int wait_not_running(const int *pids, int n)
{
	int tries, i, any = 1;

	for (tries = 0; tries < 100 && any; tries++) {
		any = 0;
		for (i = 0; i < n; i++)
			any |= is_running(pids[i]);
		if (any)
			usleep(50 * 1000);
	}
	return !any;
}

/*
 * A driver process with two hanging workers and a registered temporary
 * tree, killed by @sig: returns its wait status; the workers' pids are
 * left in @pids.
 */
static int kill_a_driver(int sig, const char *top, const char *tree, int *pids)
{
	char pidfile[256];
	pid_t child;
	int status = 0;

	snprintf(pidfile, sizeof(pidfile), "%s/pids", top);
	child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		sci_tu_list tus = { 0 };
		sci_diag_list out = { 0 };
		sci_driver_stats st;

		setenv("SCI_TEST_PIDS", pidfile, 1);
		sci_cleanup_install();
		sci_cleanup_add_path(tree);
		add_tu(&tus, "a_pid_hang.c", NULL);
		add_tu(&tus, "b_pid_hang.c", NULL);
		run(&out, &st, &tus, 2, 60, NULL);
		_exit(0);
	}
	assert_int_equal(read_pids(pidfile, pids, 2), 2);
	kill(child, sig);
	assert_int_equal(waitpid(child, &status, 0), child);
	unlink(pidfile);
	return status;
}

static void make_tree(const char *tree)
{
	char path[256];
	FILE *f;

	assert_int_equal(mkdir(tree, 0700), 0);
	snprintf(path, sizeof(path), "%s/sub", tree);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/sub/file.c", tree);
	assert_non_null(f = fopen(path, "w"));
	fclose(f);
}

static void test_driver__sigterm_and_sigint_clean_up(void **state)
{
	static const int sigs[] = { SIGTERM, SIGINT, SIGHUP };
	char top[] = "/tmp/sci-driver-sig-XXXXXX", tree[128];
	int pids[2], status;
	size_t i;

	assert_non_null(mkdtemp(top));
	snprintf(tree, sizeof(tree), "%s/checkout", top);
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++) {
		make_tree(tree);
		status = kill_a_driver(sigs[i], top, tree, pids);
		/* died of the very signal: 128 + its number to a shell */
		assert_true(WIFSIGNALED(status));
		assert_int_equal(WTERMSIG(status), sigs[i]);
		assert_true(wait_not_running(pids, 2));
		assert_int_not_equal(access(tree, F_OK), 0);
	}
	rmdir(top);
}

static void test_driver__sigkill_takes_the_workers_along(void **state)
{
	char top[] = "/tmp/sci-driver-sig-XXXXXX", tree[128], path[160];
	int pids[2], status;

	assert_non_null(mkdtemp(top));
	snprintf(tree, sizeof(tree), "%s/checkout", top);
	make_tree(tree);
	status = kill_a_driver(SIGKILL, top, tree, pids);
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGKILL);
	assert_true(wait_not_running(pids, 2));
	/* nothing can run on SIGKILL: the tree stays (documented) */
	snprintf(path, sizeof(path), "%s/sub/file.c", tree);
	assert_int_equal(unlink(path), 0);
	snprintf(path, sizeof(path), "%s/sub", tree);
	assert_int_equal(rmdir(path), 0);
	assert_int_equal(rmdir(tree), 0);
	assert_int_equal(rmdir(top), 0);
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

/* The ready hook: which TUs are done, in which order they started. */
typedef struct {
	size_t n;
	unsigned char done[8];
	size_t started[8], nstarted;
	int never;		/* no TU is ever ready */
} order_ctx;

static void order_start(size_t k, void *payload)
{
	order_ctx *c = payload;

	c->started[c->nstarted++] = k;
}

static void order_done(sci_tu *tu, size_t k, void *payload)
{
	order_ctx *c = payload;

	(void)tu;
	c->done[k] = 1;
}

/* TU k may start once TU k + 1 is done: the list runs backwards. */
static int order_ready(size_t k, void *payload)
{
	order_ctx *c = payload;

	return !c->never && (k + 1 == c->n || c->done[k + 1]);
}

static void run_ordered(order_ctx *c, unsigned jobs)
{
	static const char *const names[] = {
		"a_ok.c", "b_ok.c", "c_ok.c", "d_ok.c", "e_ok.c"
	};
	sci_tu_list tus = { 0 };
	sci_diag_list out = { 0 };
	sci_driver_stats st;
	sci_analyze_opts aopts;
	sci_driver_opts o;
	size_t i;

	for (i = 0; i < 5; i++)
		add_tu(&tus, names[i], NULL);
	c->n = tus.n;
	memset(&aopts, 0, sizeof(aopts));
	memset(&o, 0, sizeof(o));
	o.jobs = jobs;
	o.analyze_opts = &aopts;
	o.analyze = fake_analyze;
	o.on_tu_start = order_start;
	o.on_tu_done = order_done;
	o.ready = order_ready;
	o.hook_payload = c;
	assert_int_equal(sci_driver_run(&out, &st, &tus, &o), 0);
	assert_int_equal(st.tus, 5);
	assert_int_equal(out.n, 5);	/* every TU ran once */
	sci_diag_list_clear(&out);
	sci_tu_list_clear(&tus);
}

static void test_driver__a_tu_waits_until_it_is_ready(void **state)
{
	order_ctx c;
	size_t i;

	memset(&c, 0, sizeof(c));
	run_ordered(&c, 3);
	assert_int_equal(c.nstarted, 5);
	for (i = 0; i < 5; i++)
		assert_int_equal(c.started[i], 4 - i);
}

static void test_driver__waiting_never_deadlocks(void **state)
{
	order_ctx c;
	size_t i;

	memset(&c, 0, sizeof(c));
	c.never = 1;
	run_ordered(&c, 2);
	/* nothing is ever ready: each starts, in order, once none runs */
	assert_int_equal(c.nstarted, 5);
	for (i = 0; i < 5; i++)
		assert_int_equal(c.started[i], i);
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
		cmocka_unit_test(test_driver__timeout_names_the_function),
		cmocka_unit_test(test_driver__crash_names_the_function),
		cmocka_unit_test(test_driver__deep_recursion_fits),
		cmocka_unit_test(test_driver__stack_overflow_is_named),
		cmocka_unit_test(test_driver__failure_sent_by_the_worker_counts),
		cmocka_unit_test(test_driver__workers_have_their_own_group),
		cmocka_unit_test(test_driver__sigterm_and_sigint_clean_up),
		cmocka_unit_test(test_driver__sigkill_takes_the_workers_along),
		cmocka_unit_test(test_driver__full_pipes_do_not_block),
		cmocka_unit_test(test_driver__runs_in_directory_and_rebases_paths),
		cmocka_unit_test(test_driver__missing_directory_is_a_failure),
		cmocka_unit_test(test_driver__same_result_for_any_job_count),
		cmocka_unit_test(test_driver__identical_diagnostics_are_merged),
		cmocka_unit_test(test_driver__a_tu_waits_until_it_is_ready),
		cmocka_unit_test(test_driver__waiting_never_deadlocks),
		cmocka_unit_test(test_driver__empty_list),
	};

	return cmocka_run_group_tests_name("cli/driver", tests, NULL, NULL);
}
