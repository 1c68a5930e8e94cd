/*
 * driver.c - fork one worker per TU, multiplex their pipes with poll(),
 * enforce the per-TU timeout, and turn abnormal ends into diagnostics.
 *
 * Why fork without exec: sparse_initialize() is cheap, but exec would need
 * the TU's plan serialized onto a command line; the forked child already
 * has it.  Why not threads: sparse is neither thread-safe nor reentrant.
 */
#include "cli/driver.h"
#include "cli/cleanup.h"
#include "cli/memlimit.h"
#include "cli/paths.h"
#include "cli/progress.h"
#include "cli/worker.h"
#include "report/jsonl.h"
#include "util/alloc.h"
#include "util/error.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define ERR_KEEP_LINES 20
#define ERR_KEEP_BYTES 8192
#define QUOTE_MAX 300
/* exit status of a worker that could not set up or report */
#define WORKER_SETUP_FAILED 125

typedef struct {
	char *buf;
	size_t n, cap;
} buffer;

typedef struct {
	pid_t pid;		/* 0: free slot */
	size_t tu;
	int out_fd, err_fd;	/* -1 once at EOF */
	buffer line;		/* the JSON line being received */
	buffer err;		/* the first lines of the worker's stderr */
	unsigned err_lines;
	int64_t deadline_ms;	/* 0: none */
	int timed_out;
	int sent_failure;	/* the worker itself reported one (limits) */
	char *bad_line;		/* first protocol error, owned */
} slot;

typedef struct {
	sci_diag_list *out;
	sci_driver_stats *stats;
	sci_tu_list *tus;
	const sci_driver_opts *opts;
	slot *slots;
	unsigned nslots;
	unsigned running;
	sci_worker_status *status;	/* one page per slot, or NULL */
} pool;

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void buffer_add(buffer *b, const char *data, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		while (b->n + n + 1 > b->cap)
			b->cap = b->cap ? b->cap * 2 : 1024;
		b->buf = sci_realloc(b->buf, b->cap);
	}
	memcpy(b->buf + b->n, data, n);
	b->n += n;
	b->buf[b->n] = '\0';
}

/* ---- the worker (child) side ---- */

typedef struct {
	int fd;
	int lost;	/* a diagnostic could not be formatted */
	buffer out;	/* records not sent yet */
	sci_worker_status *status;
} worker_sink;

/* The worker's sink, for the exit handler. */
static worker_sink *exit_sink;

static void write_all(int fd, const char *p, size_t n)
{
	ssize_t w;

	while (n > 0) {
		w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			_exit(WORKER_SETUP_FAILED);	/* the driver is gone */
		p += w;
		n -= (size_t)w;
	}
}

static void sink_flush(worker_sink *sink)
{
	if (sink->out.n)
		write_all(sink->fd, sink->out.buf, sink->out.n);
	sink->out.n = 0;
}

/*
 * Buffered up to the start of the next function (publish_function()), the
 * end of the TU, or SINK_MAX bytes: what a function sent survives a crash
 * in a later one, and a TU costs a write, a poll and a read in the driver
 * per function, not per record (git: 13 000 writes for 45 analyses).
 */
#define SINK_MAX (64 * 1024)

/*
 * A summary goes as its own JSON, one line after SUMMARY_MARK, not as the
 * message of a JSON diagnostic: escaped into one JSON text and parsed out
 * of it again, every function's summary cost the driver a second parse
 * (summaries are most of what workers send: their transport was a tenth
 * of a redis run).  The record's path and line are the summary's own.
 */
#define SUMMARY_MARK 'S'

static void worker_emit(sci_diag *d, void *payload)
{
	worker_sink *sink = payload;
	char *text = NULL;

	if (strcmp(d->rule, SCI_RULE_SUMMARY) == 0 && d->message &&
	    !strchr(d->message, '\n')) {
		char mark = SUMMARY_MARK;

		buffer_add(&sink->out, &mark, 1);
		buffer_add(&sink->out, d->message, strlen(d->message));
		buffer_add(&sink->out, "\n", 1);
		if (sink->out.n >= SINK_MAX)
			sink_flush(sink);
		sci_diag_free(d);
		return;
	}
	if (sci_jsonl_format(&text, d) == 0) {
		buffer_add(&sink->out, text, strlen(text));
		buffer_add(&sink->out, "\n", 1);
		if (sink->out.n >= SINK_MAX)
			sink_flush(sink);
	} else {
		fprintf(stderr, "cannot send a diagnostic: %s\n",
			sci_error_last());
		sink->lost = 1;
	}
	free(text);
	sci_diag_free(d);
}

static int fd_above_stdio(int fd)
{
	int high;

	if (fd > STDERR_FILENO)
		return fd;
	if ((high = fcntl(fd, F_DUPFD, STDERR_FILENO + 1)) < 0)
		_exit(WORKER_SETUP_FAILED);
	return high;
}

/*
 * sparse ends a worker with exit(1) on fatal errors (a missing #include).
 * Leave right there with the same status: running exit handlers would flush
 * stdio buffers inherited from the driver and, under ASan, let LeakSanitizer
 * report sparse's never-freed arenas and change the status.
 */
static void worker_at_exit(void)
{
	if (exit_sink)
		sink_flush(exit_sink);
	_exit(1);
}

typedef struct {
	const sci_tu *tu;
	sci_driver_analyze_fn analyze;
	sci_analyze_opts aopts;
	worker_sink *sink;
} worker_job;

static int run_job(void *payload)
{
	worker_job *j = payload;

	return j->analyze(j->tu->path, j->tu->argv, &j->aopts, worker_emit,
			  j->sink);
}

static void publish_function(const char *name, void *payload)
{
	worker_sink *sink = payload;

	sink_flush(sink);
	sci_worker_status_publish(sink->status, name);
}

/*
 * An include directory the analysis listed, as a line of its own (marked
 * INCLUDE_DIR_MARK): the driver lists it too, for the workers it forks
 * after (analyzer/includes.c).
 */
#define INCLUDE_DIR_MARK 'D'

static void publish_include_dir(const char *dir, void *payload)
{
	worker_sink *sink = payload;
	char mark = INCLUDE_DIR_MARK;

	if (strchr(dir, '\n'))
		return;
	buffer_add(&sink->out, &mark, 1);
	buffer_add(&sink->out, dir, strlen(dir));
	buffer_add(&sink->out, "\n", 1);
}

static void __attribute__((noreturn))
run_worker(const sci_tu *tu, int out_fd, int err_fd,
	   const sci_driver_opts *opts, sci_worker_status *status)
{
	worker_sink sink;
	worker_job job;
	int r;

	/* if the driver ran with fd 0-2 closed, a pipe may sit there */
	out_fd = fd_above_stdio(out_fd);
	err_fd = fd_above_stdio(err_fd);
	memset(&sink, 0, sizeof(sink));
	sink.fd = out_fd;
	sink.status = status;
	exit_sink = &sink;
	/* stdout too: nothing the analyzer prints may reach our report */
	if (dup2(err_fd, STDERR_FILENO) < 0 || dup2(err_fd, STDOUT_FILENO) < 0)
		_exit(WORKER_SETUP_FAILED);
	close(err_fd);
	signal(SIGPIPE, SIG_DFL);
	atexit(worker_at_exit);
	if (tu->directory && chdir(tu->directory) < 0) {
		fprintf(stderr, "cannot change to directory '%s': %s\n",
			tu->directory, strerror(errno));
		_exit(WORKER_SETUP_FAILED);
	}
	/* unlimited is better than not analyzed: say so and go on */
	if (sci_memlimit_apply(opts->tu_memory_mb, opts->worker_stack_mib ?
			       opts->worker_stack_mib : SCI_WORKER_STACK_MIB) < 0)
		fprintf(stderr, "smatch-ci: warning: no memory limit: %s\n",
			sci_error_last());
	sci_worker_status_watch_memory(status);
	memset(&job, 0, sizeof(job));
	job.tu = tu;
	job.analyze = opts->analyze ? opts->analyze : sci_analyze_tu;
	if (opts->analyze_opts)
		job.aopts = *opts->analyze_opts;
	if (tu->inputs_known)
		job.aopts.report_inputs = 0;
	if (tu->summaries_only) {
		static const char *const no_rules[] = { NULL };

		job.aopts.rules = no_rules;
		job.aopts.nrules = 0;
	}
	job.aopts.on_function = publish_function;
	job.aopts.on_include_dir = publish_include_dir;
	job.aopts.on_function_payload = &sink;
	job.sink = &sink;
	r = sci_worker_call(run_job, &job, status, opts->worker_stack_mib);
	sink_flush(&sink);
	if (sink.lost)
		_exit(WORKER_SETUP_FAILED);
	_exit(r == SCI_TU_FRONTEND_ERRORS ? 1 : 0);
}

/* ---- the driver (parent) side ---- */

static void set_nonblock(int fd)
{
	int fl = fcntl(fd, F_GETFL);

	if (fl >= 0)
		fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void add_failure(pool *p, size_t tu, const char *message)
{
	sci_diag *d = sci_diag_new(SCI_RULE_ANALYSIS_FAILURE, SCI_LEVEL_ERROR,
				   p->tus->items[tu].display, 0, 0, "", "",
				   message);

	sci_diag_list_take(&p->tus->items[tu].diags, sci_diag_dup(d));
	sci_diag_list_take(p->out, d);
	p->stats->failed++;
}

/*
 * The child side of fork(), signals still blocked: the worker must die
 * with the driver however the driver dies, and sits in a process group
 * of its own so that killing it kills anything it started.
 */
static void __attribute__((noreturn))
become_worker(pool *p, size_t tu, sci_worker_status *status, pid_t parent,
	      int out[2], int err[2])
{
	sci_cleanup_child();
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0)
		_exit(WORKER_SETUP_FAILED);
	/* the driver may have died before the line above */
	if (getppid() != parent)
		_exit(WORKER_SETUP_FAILED);
	setpgid(0, 0);
	close(out[0]);
	close(err[0]);
	run_worker(&p->tus->items[tu], out[1], err[1], p->opts, status);
}

static const char *tu_name(const sci_tu *tu)
{
	return tu->display ? tu->display : tu->path;
}

/*
 * Starts TU @tu in @s.  Returns 0, or a negative errno-style failure with
 * nothing started (the caller decides whether to retry).
 */
static int start(pool *p, slot *s, size_t tu)
{
	int out[2] = { -1, -1 }, err[2] = { -1, -1 };
	sci_worker_status *status =
		sci_worker_status_at(p->status, (unsigned)(s - p->slots));
	pid_t pid, parent = getpid();
	sigset_t mask;
	int e;

	if (pipe(out) < 0)
		goto fail;
	if (pipe(err) < 0)
		goto fail;
	if (p->opts->on_tu_start)
		p->opts->on_tu_start(tu, p->opts->hook_payload);
	sci_worker_status_reset(status);
	/* the child would flush anything pending a second time */
	fflush(NULL);
	/* a signal between fork() and the registration would miss the child */
	sci_cleanup_block(&mask);
	if ((pid = fork()) < 0) {
		e = errno;
		sci_cleanup_unblock(&mask);
		errno = e;
		goto fail;
	}
	if (pid == 0)
		become_worker(p, tu, status, parent, out, err);
	setpgid(pid, pid);	/* the child does too: whoever runs first */
	sci_cleanup_add_worker(pid);
	sci_cleanup_unblock(&mask);
	close(out[1]);
	close(err[1]);
	set_nonblock(out[0]);
	set_nonblock(err[0]);
	memset(s, 0, sizeof(*s));
	s->pid = pid;
	s->tu = tu;
	s->out_fd = out[0];
	s->err_fd = err[0];
	if (p->opts->tu_timeout)
		s->deadline_ms = now_ms() + (int64_t)p->opts->tu_timeout * 1000;
	p->running++;
	p->stats->tus++;
	sci_progress_tu_start(p->opts->progress, (unsigned)(s - p->slots),
			      tu_name(&p->tus->items[tu]));
	return 0;
fail:
	e = errno;
	close_fd(&out[0]);
	close_fd(&out[1]);
	close_fd(&err[0]);
	close_fd(&err[1]);
	return -e;
}

typedef struct {
	const char *dir;
	const char *cwd;
	const char *given;	/* the TU's path, when it has no directory */
} display_ctx;

static char *display_map(const char *path, void *payload)
{
	const display_ctx *c = payload;

	if (!c->dir && (path[0] != '/' || strcmp(path, c->given) == 0))
		return sci_strdup(path);
	return sci_path_display_dup(path, c->dir ? c->dir : c->cwd, c->cwd);
}

/*
 * A TU of the command line (no directory) keeps its path as given, but
 * sparse names a header found through -I by an absolute path: a finding
 * there is shown relative to the cwd when under it, like a compile
 * database's.  Its inputs and summaries keep the absolute path, as
 * before: the database reads those files again from other directories.
 */
static void rebase_paths(const pool *p, const sci_tu *tu, sci_diag *d)
{
	display_ctx c = { tu->directory, p->opts->cwd, tu->path };
	char *s;

	if (!tu->directory &&
	    (!p->opts->cwd || strcmp(d->rule, SCI_RULE_INPUT) == 0 ||
	     strcmp(d->rule, SCI_RULE_SUMMARY) == 0))
		return;
	if (d->path[0]) {
		s = display_map(d->path, &c);
		free(d->path);
		d->path = s;
	}
	sci_diag_map_loc_paths(d, display_map, &c);
}

/*
 * A summary line (SUMMARY_MARK, then the summary): its file is made
 * relative as findings' paths are (rebase_paths()).
 */
static void take_summary(pool *p, slot *s, const char *text)
{
	const sci_tu *tu = &p->tus->items[s->tu];
	display_ctx c = { tu->directory, p->opts->cwd, tu->path };
	sci_summary *sum = NULL;

	if (sci_summary_parse(&sum, text) < 0) {
		if (!s->bad_line)
			s->bad_line = sci_strdup(sci_error_last());
		return;
	}
	if (tu->directory && sum->file && sum->file[0]) {
		char *rel = display_map(sum->file, &c);

		free(sum->file);
		sum->file = rel;
	}
	sci_tu_summaries_add(&p->tus->items[s->tu], sum);
}

static void take_line(pool *p, slot *s, const char *text)
{
	sci_diag *d = NULL;

	if (text[0] == SUMMARY_MARK) {
		take_summary(p, s, text + 1);
		return;
	}
	if (text[0] == INCLUDE_DIR_MARK) {
		const sci_tu *tu = &p->tus->items[s->tu];

		/* a relative one is the worker's, which may run elsewhere */
		if (text[1] == '/' || !tu->directory)
			sci_analyzer_keep_include_dir(text + 1);
		return;
	}

	if (sci_jsonl_parse(&d, text) < 0) {
		if (!s->bad_line)
			s->bad_line = sci_strdup(sci_error_last());
		return;
	}
	rebase_paths(p, &p->tus->items[s->tu], d);
	if (strcmp(d->rule, SCI_RULE_ANALYSIS_FAILURE) == 0)
		s->sent_failure = 1;
	if (strcmp(d->rule, SCI_RULE_INPUT) == 0) {
		sci_strv_push(&p->tus->items[s->tu].inputs, d->path);
		sci_diag_free(d);
		return;
	}
	if (strcmp(d->rule, SCI_RULE_SUMMARY) == 0) {
		/* one the worker could not send as a line of its own */
		take_summary(p, s, d->message);
		sci_diag_free(d);
		return;
	}
	sci_diag_list_take(&p->tus->items[s->tu].diags, sci_diag_dup(d));
	sci_diag_list_take(p->out, d);
}

static void take_output(pool *p, slot *s, const char *data, size_t n)
{
	const char *nl;
	size_t k;

	while (n > 0) {
		nl = memchr(data, '\n', n);
		k = nl ? (size_t)(nl - data) : n;
		buffer_add(&s->line, data, k);
		if (!nl)
			return;
		if (s->line.n > 0)
			take_line(p, s, s->line.buf);
		s->line.n = 0;
		data += k + 1;
		n -= k + 1;
	}
}

static void take_stderr(slot *s, const char *data, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (s->err_lines >= ERR_KEEP_LINES || s->err.n >= ERR_KEEP_BYTES)
			return;
		buffer_add(&s->err, &data[i], 1);
		if (data[i] == '\n')
			s->err_lines++;
	}
}

/* Reads what @fd has; closes it at EOF. */
static void drain(pool *p, slot *s, int *fd, int is_err)
{
	char buf[65536];
	ssize_t n;

	for (;;) {
		n = read(*fd, buf, sizeof(buf));
		if (n > 0) {
			if (is_err)
				take_stderr(s, buf, (size_t)n);
			else
				take_output(p, s, buf, (size_t)n);
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return;
		close_fd(fd);
		return;
	}
}

static const char *signal_name(int sig)
{
	switch (sig) {
	case SIGSEGV: return "SIGSEGV";
	case SIGABRT: return "SIGABRT";
	case SIGBUS: return "SIGBUS";
	case SIGFPE: return "SIGFPE";
	case SIGILL: return "SIGILL";
	case SIGKILL: return "SIGKILL";
	case SIGTERM: return "SIGTERM";
	case SIGINT: return "SIGINT";
	case SIGHUP: return "SIGHUP";
	case SIGPIPE: return "SIGPIPE";
	case SIGTRAP: return "SIGTRAP";
	case SIGSYS: return "SIGSYS";
	case SIGXCPU: return "SIGXCPU";
	case SIGXFSZ: return "SIGXFSZ";
	default: return "unknown signal";
	}
}

/*
 * The worker's most telling stderr line, copied into @out: the first
 * "...: error: ..." line (sparse's format), else the first non-empty one.
 */
static void quote_stderr(char *out, size_t size, const buffer *err)
{
	const char *text = err->buf ? err->buf : "";
	const char *pick = NULL, *p, *end;
	size_t n;

	for (p = text; *p; p = *end ? end + 1 : end) {
		end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		if (end == p)
			continue;
		if (!pick)
			pick = p;
		n = (size_t)(end - p);
		if (memmem(p, n, ": error: ", 9)) {
			pick = p;
			break;
		}
	}
	out[0] = '\0';
	if (!pick)
		return;
	n = strcspn(pick, "\n");
	while (n > 0 && (pick[n - 1] == ' ' || pick[n - 1] == '\r' ||
			 pick[n - 1] == '\t'))
		n--;
	if (n >= size)
		n = size - 1;
	memcpy(out, pick, n);
	out[n] = '\0';
}

/* " in function 'f'" if the worker said where it was, else "". */
static char *where_dup(const pool *p, const slot *s)
{
	const sci_worker_status *st =
		sci_worker_status_at(p->status, (unsigned)(s - p->slots));
	char fn[SCI_WORKER_NAME_MAX];

	if (!sci_worker_status_function(st, fn, sizeof(fn)))
		return sci_strdup("");
	return sci_printf_dup(" in function '%s'", fn);
}

/*
 * sparse's die("out of memory") line, not a line of the analyzed code
 * that says it (#error out of memory is sparse's "...: error: ...").
 */
static int said_out_of_memory(const buffer *err)
{
	static const char what[] = "out of memory";
	const char *p = err->buf, *end;
	size_t n, k = sizeof(what) - 1;

	for (; p && *p; p = *end ? end + 1 : end) {
		end = strchr(p, '\n');
		if (!end)
			end = p + strlen(p);
		n = (size_t)(end - p);
		if (n >= k && memcmp(end - k, what, k) == 0 &&
		    !memmem(p, n, ": error: ", 9))
			return 1;
	}
	return 0;
}

/*
 * Our allocators say so on the status page; sparse's dies with "out of
 * memory" on stderr (allocate.c), which only a limit makes likely.
 */
static int ran_out_of_memory(const pool *p, const slot *s)
{
	if (!p->opts->tu_memory_mb)
		return 0;
	if (sci_worker_status_out_of_memory(sci_worker_status_at(
		    p->status, (unsigned)(s - p->slots))))
		return 1;
	return said_out_of_memory(&s->err);
}

/* The reason a worker's TU is incomplete, or NULL if it is not. */
static char *failure_message(const pool *p, const slot *s, int status)
{
	char quote[QUOTE_MAX + 1];
	char *where, *msg;

	quote_stderr(quote, sizeof(quote), &s->err);
	where = where_dup(p, s);
	msg = NULL;
	if (s->timed_out)
		msg = sci_printf_dup("timed out after %u s%s",
				     p->opts->tu_timeout, where);
	else if (ran_out_of_memory(p, s))
		msg = sci_printf_dup("out of memory: over the limit of %u MB per translation unit (--tu-memory)%s",
				     p->opts->tu_memory_mb, where);
	else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV &&
		 sci_worker_status_overflowed(sci_worker_status_at(
			 p->status, (unsigned)(s - p->slots))))
		msg = sci_printf_dup("worker killed by signal %d (SIGSEGV)%s: stack overflow, the code is nested too deeply (see Limits in docs/engine.md)",
				     SIGSEGV, where);
	else if (WIFSIGNALED(status))
		msg = sci_printf_dup("worker killed by signal %d (%s)%s%s%s",
				     WTERMSIG(status),
				     signal_name(WTERMSIG(status)), where,
				     quote[0] ? ": " : "", quote);
	free(where);
	if (msg)
		return msg;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 1)
		return sci_printf_dup("sparse could not parse the file%s%s",
				      quote[0] ? ": " : "", quote);
	if (WIFEXITED(status) && WEXITSTATUS(status) != 0)
		return sci_printf_dup("worker exited with status %d%s%s",
				      WEXITSTATUS(status),
				      quote[0] ? ": " : "", quote);
	if (s->bad_line)
		return sci_printf_dup("worker sent a malformed diagnostic: %s",
				      s->bad_line);
	if (s->line.n > 0)
		return sci_strdup("worker output ended in the middle of a line");
	return NULL;
}

static size_t count_findings(const sci_tu *tu)
{
	size_t k, n = 0;

	for (k = 0; k < tu->diags.n; k++)
		n += sci_diag_is_finding(tu->diags.items[k]) != 0;
	return n;
}

static void finish(pool *p, slot *s, int status)
{
	char *msg = failure_message(p, s, status);

	if (msg)
		add_failure(p, s->tu, msg);
	else if (s->sent_failure)
		p->stats->failed++;
	sci_progress_tu_done(p->opts->progress, (int)(s - p->slots),
			     count_findings(&p->tus->items[s->tu]));
	if (p->opts->on_tu_done)
		p->opts->on_tu_done(&p->tus->items[s->tu], s->tu,
				    p->opts->hook_payload);
	free(msg);
	free(s->line.buf);
	free(s->err.buf);
	free(s->bad_line);
	memset(s, 0, sizeof(*s));
	s->out_fd = s->err_fd = -1;
	p->running--;
}

/* Reaps @s if its worker has exited; returns 1 if it did. */
static int try_reap(pool *p, slot *s)
{
	int status = 0;
	sigset_t mask;
	pid_t r;

	/* reaped and still registered, its number could be killed reused */
	sci_cleanup_block(&mask);
	do {
		r = waitpid(s->pid, &status, WNOHANG);
	} while (r < 0 && errno == EINTR);
	if (r != 0)
		sci_cleanup_remove_worker(s->pid);
	sci_cleanup_unblock(&mask);
	if (r == 0)
		return 0;
	if (r < 0)
		status = 0;	/* not ours any more: nothing to learn */
	finish(p, s, status);
	return 1;
}

static void enforce_deadlines(pool *p, int64_t now)
{
	unsigned i;

	for (i = 0; i < p->nslots; i++) {
		slot *s = &p->slots[i];

		if (s->pid && s->deadline_ms && !s->timed_out &&
		    now >= s->deadline_ms) {
			kill(-s->pid, SIGKILL);
			kill(s->pid, SIGKILL);
			s->timed_out = 1;
		}
	}
}

/* The poll() timeout: the nearest deadline, or 10 ms to reap exits. */
static int poll_timeout(const pool *p, int64_t now)
{
	int64_t best = -1, left;
	unsigned i;

	for (i = 0; i < p->nslots; i++) {
		const slot *s = &p->slots[i];

		if (!s->pid)
			continue;
		if (s->out_fd < 0 && s->err_fd < 0)
			left = 10;
		else if (s->deadline_ms && !s->timed_out)
			left = s->deadline_ms > now ? s->deadline_ms - now : 0;
		else
			continue;
		if (best < 0 || left < best)
			best = left;
	}
	return best > INT32_MAX ? INT32_MAX : (int)best;
}

static int wait_some(pool *p)
{
	struct pollfd *fds = sci_calloc(p->nslots * 2 + 1, sizeof(*fds));
	unsigned i, nfds = 0;
	int r, timeout, due, error = 0;

	for (i = 0; i < p->nslots; i++) {
		if (p->slots[i].out_fd >= 0) {
			fds[nfds].fd = p->slots[i].out_fd;
			fds[nfds++].events = POLLIN;
		}
		if (p->slots[i].err_fd >= 0) {
			fds[nfds].fd = p->slots[i].err_fd;
			fds[nfds++].events = POLLIN;
		}
	}
	timeout = poll_timeout(p, now_ms());
	due = sci_progress_due_ms(p->opts->progress);
	if (due >= 0 && (timeout < 0 || due < timeout))
		timeout = due;
	r = poll(fds, nfds, timeout);
	if (r < 0 && errno != EINTR) {
		error = sci_error_set(SCI_EIO, "poll failed: %s",
				      strerror(errno));
		goto done;
	}
	/* draining a quiet non-blocking fd costs one EAGAIN read */
	for (i = 0; i < p->nslots; i++) {
		slot *s = &p->slots[i];

		if (!s->pid)
			continue;
		if (s->out_fd >= 0)
			drain(p, s, &s->out_fd, 0);
		if (s->err_fd >= 0)
			drain(p, s, &s->err_fd, 1);
	}
	enforce_deadlines(p, now_ms());
	for (i = 0; i < p->nslots; i++) {
		slot *s = &p->slots[i];

		if (s->pid && s->out_fd < 0 && s->err_fd < 0)
			try_reap(p, s);
	}
	sci_progress_tick(p->opts->progress);
done:
	free(fds);
	return error;
}

/*
 * sci_diag_cmp() ignores the level and the related locations; ties on
 * those would leave the order (and the JSON) to the workers' timing.
 */
static int cmp_full(const void *pa, const void *pb)
{
	return sci_diag_cmp_full(*(sci_diag *const *)pa, *(sci_diag *const *)pb);
}

/*
 * Sorts @l totally and drops exact duplicates: the same file analyzed
 * twice (given twice, or with two sets of flags) finds the same things.
 */
void sci_driver_sort_unique(sci_diag_list *l, size_t from)
{
	size_t i, n;

	if (l->n - from < 2)
		return;
	qsort(l->items + from, l->n - from, sizeof(*l->items), cmp_full);
	for (i = n = from + 1; i < l->n; i++) {
		if (cmp_full(&l->items[n - 1], &l->items[i]) == 0)
			sci_diag_free(l->items[i]);
		else
			l->items[n++] = l->items[i];
	}
	l->n = n;
}

static slot *free_slot(pool *p)
{
	unsigned i;

	for (i = 0; i < p->nslots; i++)
		if (!p->slots[i].pid)
			return &p->slots[i];
	return NULL;
}

/*
 * How far past the first TU not started the driver looks for one that
 * may start: the hook orders its list so that the TUs that may are near
 * the front, and a bound keeps a run of many TUs linear.
 */
#define READY_WINDOW 256

/*
 * The first TU from @next on, not started, that may start now (an
 * invalid one always may: it runs no worker); tus->n when none.
 */
static size_t next_ready(const pool *p, const unsigned char *started,
			 size_t next)
{
	size_t k, end = p->tus->n;

	if (end - next > READY_WINDOW)
		end = next + READY_WINDOW;
	for (k = next; k < end; k++)
		if (!started[k] && (p->tus->items[k].invalid ||
				    !p->opts->ready ||
				    p->opts->ready(k, p->opts->hook_payload)))
			return k;
	return p->tus->n;
}

int sci_driver_run(sci_diag_list *out, sci_driver_stats *stats,
		   sci_tu_list *tus, const sci_driver_opts *opts)
{
	size_t next = 0, first = out->n;
	unsigned char *started;
	unsigned i;
	pool p;
	int error = 0, e;

	memset(stats, 0, sizeof(*stats));
	memset(&p, 0, sizeof(p));
	p.out = out;
	p.stats = stats;
	p.tus = tus;
	p.opts = opts;
	p.nslots = opts->jobs ? opts->jobs : 1;
	if (p.nslots > tus->n)
		p.nslots = tus->n ? (unsigned)tus->n : 1;
	p.slots = sci_calloc(p.nslots, sizeof(*p.slots));
	p.status = sci_worker_status_new(p.nslots);
	sci_memlimit_prepare(opts->tu_memory_mb);
	sci_analyzer_prepare();
	for (i = 0; i < p.nslots; i++)
		p.slots[i].out_fd = p.slots[i].err_fd = -1;
	sci_progress_begin(opts->progress, tus->n);

	started = sci_calloc(tus->n ? tus->n : 1, 1);
	while (next < tus->n || p.running > 0) {
		slot *s;
		size_t k;

		while (next < tus->n && (s = free_slot(&p)) != NULL) {
			k = next_ready(&p, started, next);
			if (k == tus->n) {
				if (p.running > 0)
					break;	/* wait for a worker to end */
				k = next;
			}
			if (tus->items[k].invalid) {
				/* no worker could open it: fail it alone */
				stats->tus++;
				add_failure(&p, k, tus->items[k].invalid);
				sci_progress_tu_done(opts->progress, -1, 0);
			} else if ((e = start(&p, s, k)) != 0) {
				char *msg;

				if (p.running > 0)
					break;	/* retry once a worker is done */
				msg = sci_printf_dup("cannot start worker: %s",
						     strerror(-e));
				stats->tus++;
				add_failure(&p, k, msg);
				sci_progress_tu_done(opts->progress, -1, 0);
				free(msg);
			}
			started[k] = 1;
			while (next < tus->n && started[next])
				next++;
		}
		if (p.running > 0 && (error = wait_some(&p)) < 0)
			break;
	}
	free(started);
	if (error < 0) {
		for (i = 0; i < p.nslots; i++) {
			slot *s = &p.slots[i];

			if (!s->pid)
				continue;
			kill(-s->pid, SIGKILL);
			kill(s->pid, SIGKILL);
			close_fd(&s->out_fd);
			close_fd(&s->err_fd);
			waitpid(s->pid, NULL, 0);
			sci_cleanup_remove_worker(s->pid);
			free(s->line.buf);
			free(s->err.buf);
			free(s->bad_line);
		}
	}
	sci_progress_end(opts->progress);
	free(p.slots);
	sci_worker_status_free(p.status, p.nslots);
	sci_driver_sort_unique(out, first);
	return error;
}
