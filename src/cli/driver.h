/*
 * driver.h - the worker pool: one forked process per translation unit.
 *
 * sparse keeps global state, never frees, and may exit(1) (sparse-notes
 * §5.9), so every TU is analyzed in a child of its own (fork, no exec).
 * The child sends its diagnostics as JSON lines (report/jsonl.h) over a
 * pipe; its stderr, where sparse prints, comes back over a second pipe.
 * A crash, a non-zero exit, a timeout or sparse's own errors turn into an
 * "analysis-failure" diagnostic for that TU, naming the function the
 * worker was in when it has one; what the child sent for the functions
 * before that one is kept (it sends what a function found when the next
 * function starts, or at the end).  One TU never hides another's findings.
 *
 * Workers never outlive the driver: each dies with it (PR_SET_PDEATHSIG,
 * even when the driver is SIGKILLed), sits in a process group of its own,
 * and is registered with cli/cleanup.h, which kills it on SIGINT, SIGTERM
 * and SIGHUP.
 */
#ifndef SCI_CLI_DRIVER_H
#define SCI_CLI_DRIVER_H

#include <stddef.h>
#include "analyzer/analyzer.h"
#include "cli/plan.h"
#include "util/diag.h"

/* The analyzer entry point; sci_analyze_tu, or a fake in tests. */
typedef int (*sci_driver_analyze_fn)(const char *path, char **argv,
				     const sci_analyze_opts *opts,
				     sci_diag_emit_fn emit, void *payload);

typedef struct {
	unsigned jobs;			/* workers at a time, >= 1 */
	unsigned tu_timeout;		/* seconds per TU; 0: no limit */
	const sci_analyze_opts *analyze_opts;
	/*
	 * Paths reported by TUs that have a directory are resolved against
	 * it and shown relative to @cwd when under it (sci_path_display_dup).
	 */
	const char *cwd;
	sci_driver_analyze_fn analyze;	/* NULL: sci_analyze_tu */
	/*
	 * MiB of stack for the analysis (cli/worker.h); 0: the default,
	 * SCI_WORKER_STACK_MIB.  Tests make it small to overflow it cheaply.
	 */
	unsigned worker_stack_mib;
	/*
	 * MiB a worker may map for its TU (cli/memlimit.h, --tu-memory);
	 * 0: no limit.
	 */
	unsigned tu_memory_mb;
	/* The progress line (cli/progress.h), or NULL: none. */
	struct sci_progress *progress;
	/*
	 * Called in the driver, with the TU's index in the list: just before
	 * its worker is forked (what the parent's memory holds then is what
	 * the worker sees), and once its worker has ended and everything it
	 * sent is in @tu.  Either may be NULL.  A TU no worker runs for
	 * (sci_tu.invalid, a failed fork) gets no on_tu_done.
	 */
	void (*on_tu_start)(size_t index, void *payload);
	void (*on_tu_done)(sci_tu *tu, size_t index, void *payload);
	/*
	 * May the TU at @index start now?  NULL: every TU may.  The driver
	 * starts, in list order, the first TUs that may; a TU that may not
	 * waits for a worker to end, unless none runs: then the first TU
	 * not started starts anyway, so a wait never deadlocks.
	 */
	int (*ready)(size_t index, void *payload);
	void *hook_payload;
} sci_driver_opts;

typedef struct {
	size_t tus;		/* TUs run */
	size_t failed;		/* TUs with an analysis-failure */
} sci_driver_stats;

/**
 * Analyzes every TU of @tus, at most opts->jobs at a time, and appends all
 * diagnostics to @out, sorted and without exact duplicates (so the result
 * does not depend on -j).  Each TU also keeps a copy of its own in `diags`
 * (which TU a finding came from); SCI_RULE_INPUT records go to its
 * `inputs` instead.
 *
 * Returns 0 (failed TUs are diagnostics, not errors), or SCI_EIO if no
 * worker can be started at all (pipe/poll failure).
 */
int sci_driver_run(sci_diag_list *out, sci_driver_stats *stats,
		   sci_tu_list *tus, const sci_driver_opts *opts);

/**
 * Sorts @l from index @from on totally (sci_diag_cmp, then level and
 * related locations) and drops exact duplicates there.
 */
void sci_driver_sort_unique(sci_diag_list *l, size_t from);

#endif
