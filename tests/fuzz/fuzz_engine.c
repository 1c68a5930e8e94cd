/*
 * fuzz_engine.c - the analyzer, every checker on, on one C file whose
 * tokens are fuzzed, run the way smatch-ci runs a project: through the
 * driver (cli/driver.h), one forked worker per analysis, first the
 * summaries, then the checkers with those summaries.
 *
 * Why through the driver and not sci_analyze_tu() in this process: sparse
 * keeps global state, never frees, and ends the process with exit(1) on
 * fatal input errors (a missing #include, too many errors), so it can
 * analyze one TU per process (analyzer.h).  In-process, every input after
 * the first would run on the previous one's state, and every die() would
 * end the fuzzer ("fuzz target exited").  The driver's forked worker is
 * also exactly what has to survive garbage: the property checked here is
 * the driver's, that whatever a TU does ends as findings or as an
 * "analysis-failure" diagnostic, never as a dead run.
 *
 * What counts as a finding (abort, so libFuzzer keeps the input):
 *   - a sanitizer report in the worker (its death callback marks it, and
 *     the report goes to this process's stderr);
 *   - a worker killed by a signal, except a stack overflow on code nested
 *     too deeply (a documented limit), or ending in any way the driver
 *     calls a protocol error;
 *   - a worker that times out (SCI_FUZZ_TU_TIMEOUT seconds, default 30;
 *     0 turns the timeout off): the engine's limits should stop it first;
 *   - the driver failing, or not reporting the TU at all.
 * "sparse could not parse the file" is an expected outcome on garbage.
 * A worker's own SIGSEGV handler (cli/worker.c, which tells a stack
 * overflow from other faults) replaces the sanitizer's, so a plain
 * segfault there is reported without a stack trace: replay the input
 * under a debugger.
 *
 * Coverage: libFuzzer's inline 8-bit counters live in this process's
 * memory, and a forked worker's increments would be lost.  The worker
 * zeroes its copy when it starts and, when it ends (return, sparse's
 * exit(), a sanitizer's death), copies the counters into a shared
 * mapping, which the parent adds into its own.  Without libFuzzer (the
 * standalone replay build) there are no counters and this is skipped.
 *
 * Mutations stay mostly token-level: LLVMFuzzerCustomMutator splits the
 * input into C tokens and deletes, duplicates, swaps or replaces them, or
 * inserts C keywords and punctuators; one mutation in four is libFuzzer's
 * own byte-level one (which also uses tests/fuzz/engine.dict when
 * scripts/fuzz.sh passes it).
 */
#include "fuzz.h"
#include "analyzer/analyzer.h"
#include "cli/driver.h"
#include "cli/plan.h"
#include "cli/strv.h"
#include "summary/summary.h"
#include "util/diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/*
 * libFuzzer's counters: the region every instrumented object's constructor
 * hands to __sanitizer_cov_8bit_counters_init(), caught on its way with
 * the linker's --wrap (tests/fuzz/CMakeLists.txt).  Naming the section's
 * __start_/__stop_ symbols here instead makes GNU ld resolve the
 * constructors' own weak references to them to 0, and libFuzzer then
 * sees no coverage at all.  NULL without libFuzzer.
 */
static uint8_t *counters;
static size_t ncounters;

#ifdef SCI_FUZZ_LIBFUZZER
void __real___sanitizer_cov_8bit_counters_init(uint8_t *start, uint8_t *stop);
void __wrap___sanitizer_cov_8bit_counters_init(uint8_t *start, uint8_t *stop);

void __wrap___sanitizer_cov_8bit_counters_init(uint8_t *start, uint8_t *stop)
{
	/* one linked section: every object passes the same region */
	if (stop > start && (!counters || start < counters)) {
		counters = start;
		ncounters = (size_t)(stop - start);
	}
	__real___sanitizer_cov_8bit_counters_init(start, stop);
}
#endif
/* sanitizer runtime (absent without sanitizers) */
void __sanitizer_set_death_callback(void (*cb)(void)) __attribute__((weak));
void __sanitizer_set_report_fd(void *fd) __attribute__((weak));
/* libFuzzer's own mutation, for the byte-level share */
size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size)
	__attribute__((weak));
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
			       unsigned int seed);

typedef struct {
	int sanitizer;		/* the worker died of a sanitizer report */
	uint8_t coverage[];	/* the worker's coverage */
} shared_page;

static shared_page *shared;
static int report_fd = -1;	/* this process's stderr, for the worker */
static char **base_flags;	/* sparse's default flags (plan.h) */
static const char **rules;	/* every checker */
static size_t nrules;
static unsigned tu_timeout = 30;

/* ---- the worker side ---- */

static void export_coverage(void)
{
	if (shared && ncounters)
		memcpy(shared->coverage, counters, ncounters);
}

static void on_sanitizer_death(void)
{
	if (shared)
		shared->sanitizer = 1;
	export_coverage();
}

static int analyze(const char *path, char **argv, const sci_analyze_opts *opts,
		   sci_diag_emit_fn emit, void *payload)
{
	int r;

	if (ncounters)
		memset(counters, 0, ncounters);
	if (__sanitizer_set_death_callback)
		__sanitizer_set_death_callback(on_sanitizer_death);
	if (__sanitizer_set_report_fd && report_fd >= 0)
		__sanitizer_set_report_fd((void *)(long)report_fd);
	/* sparse's exit(1): runs before the driver's own handler, which
	 * was registered earlier and ends the worker with _exit(1) */
	atexit(export_coverage);
	r = sci_analyze_tu(path, argv, opts, emit, payload);
	export_coverage();
	return r;
}

/* ---- the parent side ---- */

static void import_coverage(void)
{
	size_t i;

	if (!shared || !ncounters)
		return;
	for (i = 0; i < ncounters; i++) {
		unsigned sum = counters[i] + shared->coverage[i];

		counters[i] = sum > 255 ? 255 : (uint8_t)sum;
	}
	memset(shared->coverage, 0, ncounters);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char *base = NULL, *multiarch = NULL;
	sci_plan_env env = { "/", NULL, NULL, NULL };
	sci_strv flags = { 0 };
	const char *t = getenv("SCI_FUZZ_TU_TIMEOUT");
	size_t i;

	(void)argc;
	(void)argv;
	if (t && *t)
		tu_timeout = (unsigned)strtoul(t, NULL, 10);
	shared = mmap(NULL, sizeof(*shared) + ncounters, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED)
		sci_fuzz_fail("cannot map the shared page");
	report_fd = dup(STDERR_FILENO);
	sci_plan_probe_gcc(&base, &multiarch);
	env.gcc_base_dir = base;
	env.multiarch_dir = multiarch;
	sci_strv_push(&flags, "smatch-ci");
	sci_plan_base_flags(&flags, &env);
	base_flags = sci_strv_detach(&flags);
	free(base);
	free(multiarch);
	nrules = sci_checks_count();
	rules = calloc(nrules + 1, sizeof(*rules));
	if (!rules)
		abort();
	for (i = 0; i < nrules; i++)
		rules[i] = sci_checks_at(i)->rule;
	return 0;
}

static void make_tu(sci_tu_list *l, const char *path)
{
	sci_strv argv = { 0 };
	char **f;

	memset(l, 0, sizeof(*l));
	l->items = calloc(1, sizeof(*l->items));
	if (!l->items)
		abort();
	l->n = 1;
	l->items[0].path = strdup(path);
	l->items[0].display = strdup("fuzz.c");
	for (f = base_flags; *f; f++)
		sci_strv_push(&argv, *f);
	l->items[0].argv = sci_strv_detach(&argv);
	if (!l->items[0].path || !l->items[0].display)
		abort();
}

/* Aborts if @d says the worker ended in a way that is a bug. */
static void check_failure(const sci_diag *d)
{
	const char *m = d->message;

	if (strncmp(m, "sparse could not parse the file", 31) == 0)
		return;
	if (strstr(m, "stack overflow, the code is nested too deeply"))
		return;
	/* a limit the engine itself reported (docs/engine.md, "Limits") */
	if (!strstr(m, "worker ") && !strstr(m, "timed out after"))
		return;
	sci_fuzz_fail("analysis failure: %s", m);
}

/* One driver run over @l; aborts on what check_failure() calls a bug. */
static void run(sci_tu_list *l, const sci_analyze_opts *aopts)
{
	sci_diag_list out = { NULL, 0, 0 };
	sci_driver_stats stats;
	sci_driver_opts dopts;
	size_t i;

	memset(&dopts, 0, sizeof(dopts));
	dopts.jobs = 1;
	dopts.tu_timeout = tu_timeout;
	dopts.analyze_opts = aopts;
	dopts.cwd = "/";
	dopts.analyze = analyze;
	shared->sanitizer = 0;
	if (sci_driver_run(&out, &stats, l, &dopts) < 0)
		sci_fuzz_fail("the driver failed");
	import_coverage();
	if (shared->sanitizer)
		sci_fuzz_fail("sanitizer report in the worker (above)");
	if (stats.tus != 1)
		sci_fuzz_fail("the driver ran %zu TUs, not 1", stats.tus);
	for (i = 0; i < out.n; i++)
		if (strcmp(out.items[i]->rule, SCI_RULE_ANALYSIS_FAILURE) == 0)
			check_failure(out.items[i]);
	sci_diag_list_clear(&out);
}

/* A project profile (--profile), so its names mean something too. */
static const char *const allocators[] = { "xmalloc", NULL };
static const char *const deallocators[] = { "xfree", NULL };
static const char *const noreturn[] = { "die", NULL };
static const char *const returns_nonnull[] = { "xstrdup", NULL };
static const char *const untrusted_sources[] = { "read_int", NULL };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const no_rules[] = { NULL };
	char path[4096];
	sci_analyze_opts a1, a2;
	sci_summary_set *set = sci_summary_set_new();
	sci_tu_list l;
	size_t i;

	snprintf(path, sizeof(path), "%s", sci_fuzz_path("fuzz.c"));
	sci_fuzz_write(path, data, size);
	make_tu(&l, path);

	/* 1. summaries only, as sci_project_run() does for a project */
	memset(&a1, 0, sizeof(a1));
	a1.allocators = allocators;
	a1.deallocators = deallocators;
	a1.noreturn = noreturn;
	a1.returns_nonnull = returns_nonnull;
	a1.untrusted_sources = untrusted_sources;
	a1.report_inputs = 1;
	a1.rules = no_rules;
	a1.emit_summaries = 1;
	a1.summaries = set;
	run(&l, &a1);
	for (i = 0; i < l.items[0].nsummaries; i++)
		sci_summary_set_add(set, l.items[0].summaries[i], "fuzz.c");
	sci_tu_summaries_clear(&l.items[0]);
	sci_diag_list_clear(&l.items[0].diags);

	/* 2. every checker, with the summaries */
	a2 = a1;
	a2.rules = rules;
	a2.nrules = nrules;
	run(&l, &a2);

	sci_tu_list_clear(&l);
	sci_summary_set_free(set);
	return 0;
}

/* ---- token-level mutation ---- */

#define MAX_TOKENS 8192

typedef struct {
	size_t start, len;
} token;

static const char *const extra_tokens[] = {
	"if", "else", "while", "for", "do", "switch", "case 1:", "default:",
	"break;", "continue;", "return", "goto out;", "out:", "sizeof",
	"struct s", "union u", "enum e", "typedef", "static", "const",
	"volatile", "extern", "inline", "unsigned", "signed", "char", "short",
	"int", "long", "float", "double", "void", "_Bool", "__attribute__((noreturn))",
	"__typeof__", "{", "}", "(", ")", "[", "]", ";", ",", "*", "&", "->",
	".", "=", "==", "!=", "<", "<=", ">", ">=", "+", "-", "/", "%", "<<",
	">>", "&&", "||", "!", "~", "^", "|", "?", ":", "++", "--", "+=",
	"-=", "...", "0", "1", "-1", "255", "4096", "0x7fffffff",
	"2147483648u", "18446744073709551615ull", "1.5", "'a'", "\"s\"",
	"NULL", "((void *)0)", "p", "q", "i", "n", "buf", "len", "malloc(n)",
	"free(p);", "realloc(p, n)", "memcpy(p, q, n);", "strlen(p)", "exit(1);",
	"#define M(x) x\n", "#if 1\n", "#endif\n", "#include <stdlib.h>\n",
	"__sci_range(i);", "xmalloc(n)", "xfree(p);", "die();", "xstrdup(p)",
	"read_int()", "\n",
};

static uint32_t next_rand(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static int is_ident(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* Length of the token at @p (p < end, not white space). */
static size_t token_len(const uint8_t *p, const uint8_t *end)
{
	static const char *const punct[] = {
		"...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=",
		"==", "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=",
		"|=", "^=", "##",
	};
	const uint8_t *q = p;
	size_t i;

	if (is_ident(*p)) {
		while (q < end && (is_ident(*q) || *q == '.'))
			q++;
		return (size_t)(q - p);
	}
	if (*p == '"' || *p == '\'') {
		for (q = p + 1; q < end && *q != *p && *q != '\n'; q++)
			if (*q == '\\' && q + 1 < end)
				q++;
		return (size_t)(q < end ? q + 1 - p : q - p);
	}
	if (*p == '/' && p + 1 < end && p[1] == '*') {
		for (q = p + 2; q + 1 < end && !(q[0] == '*' && q[1] == '/'); q++)
			;
		return (size_t)(q + 1 < end ? q + 2 - p : end - p);
	}
	for (i = 0; i < sizeof(punct) / sizeof(punct[0]); i++) {
		size_t n = strlen(punct[i]);

		if ((size_t)(end - p) >= n && memcmp(p, punct[i], n) == 0)
			return n;
	}
	return 1;
}

static size_t tokenize(const uint8_t *data, size_t size, token *t)
{
	const uint8_t *p = data, *end = data + size;
	size_t n = 0;

	while (p < end && n < MAX_TOKENS) {
		if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
			p++;
			continue;
		}
		t[n].start = (size_t)(p - data);
		t[n].len = token_len(p, end);
		p += t[n++].len;
	}
	return n;
}

/* Appends @n bytes at @src to @out (size *len, capacity @max); 0 if full. */
static int put(uint8_t *out, size_t *len, size_t max, const void *src, size_t n)
{
	if (*len + n > max)
		return 0;
	memcpy(out + *len, src, n);
	*len += n;
	return 1;
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size,
			       unsigned int seed)
{
	static token t[MAX_TOKENS];
	static uint8_t out[1 << 20];
	uint32_t s = seed ? seed : 1;
	size_t n, i, j, len = 0, k;
	const char *extra;
	int op;

	if (max_size > sizeof(out))
		max_size = sizeof(out);
	n = tokenize(data, size, t);
	if ((next_rand(&s) % 4 == 0 || n < 2) && LLVMFuzzerMutate)
		return LLVMFuzzerMutate(data, size, max_size);
	if (n == 0)
		return size;
	i = next_rand(&s) % n;
	j = next_rand(&s) % n;
	op = (int)(next_rand(&s) % 5);
	extra = extra_tokens[next_rand(&s) %
			     (sizeof(extra_tokens) / sizeof(extra_tokens[0]))];
	/* rebuild: everything up to token k's start, then token k as op says */
	for (k = 0; k <= n; k++) {
		size_t from = k ? t[k - 1].start + t[k - 1].len : 0;
		size_t to = k < n ? t[k].start : size;
		const uint8_t *tok = k < n ? data + t[k].start : NULL;
		size_t tlen = k < n ? t[k].len : 0;

		if (!put(out, &len, max_size, data + from, to - from))
			goto fallback;
		if (k == n)
			break;
		if (k == i) {
			switch (op) {
			case 0:		/* delete */
				continue;
			case 1:		/* duplicate token j before it */
				if (!put(out, &len, max_size, data + t[j].start, t[j].len) ||
				    !put(out, &len, max_size, " ", 1))
					goto fallback;
				break;
			case 2:		/* swap with token j */
				tok = data + t[j].start;
				tlen = t[j].len;
				break;
			case 3:		/* insert a C token before it */
				if (!put(out, &len, max_size, extra, strlen(extra)) ||
				    !put(out, &len, max_size, " ", 1))
					goto fallback;
				break;
			default:	/* replace it with a C token */
				tok = (const uint8_t *)extra;
				tlen = strlen(extra);
				break;
			}
		} else if (k == j && op == 2) {
			tok = data + t[i].start;
			tlen = t[i].len;
		}
		/* a moved token must not fuse with its neighbours */
		if ((k == i && (op == 2 || op == 4)) || (k == j && op == 2)) {
			if (!put(out, &len, max_size, " ", 1) ||
			    !put(out, &len, max_size, tok, tlen) ||
			    !put(out, &len, max_size, " ", 1))
				goto fallback;
			continue;
		}
		if (!put(out, &len, max_size, tok, tlen))
			goto fallback;
	}
	memcpy(data, out, len);
	return len;
fallback:
	return LLVMFuzzerMutate ? LLVMFuzzerMutate(data, size, max_size) : size;
}
