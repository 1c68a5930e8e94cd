/*
 * project.h - a run over a project's translation units with what each
 * function does known across TUs (issue "Cross-function knowledge"):
 *
 *   1. summarize: every TU is walked without checkers and sends the
 *      summary of each of its functions (summary/summary.h);
 *   2. analyze: every TU is analyzed with all summaries at hand, and sends
 *      its findings and its summaries again, now made with what its
 *      callees in other TUs do;
 *   3. settle: where a summary changed in step 2 (a wrapper of another
 *      TU's wrapper now knows it allocates), the TUs that call it are
 *      analyzed again with the new summaries, at most SCI_PROJECT_ROUNDS
 *      analyses in all.
 *
 * Why a bound: each round carries a fact one more TU up a call chain and
 * re-runs only the TUs whose callees changed; chains of wrappers spread
 * over more than SCI_PROJECT_ROUNDS files are rare, and a fact that would
 * need more rounds is missed (a finding lost), never invented.
 *
 * Workers are forked from the driver, so the summary set reaches them
 * with the address space: nothing is written to disk for it.
 *
 * A run of a single TU has no other TU to learn from and skips step 1.
 *
 * With a project database (sci_project_opts.db), a TU whose input files
 * have the content they had when it was stored skips step 1 (its stored
 * summaries serve), and skips step 2 as well when what its callees in
 * other TUs do is also unchanged (its stored findings serve); every TU
 * analyzed is stored again.  A one-file pull request thus re-summarizes
 * one TU and re-analyzes it and the TUs whose callees it changed.
 */
#ifndef SCI_CLI_PROJECT_H
#define SCI_CLI_PROJECT_H

#include "cli/driver.h"
#include "db/db.h"
#include "summary/summary.h"

/*
 * Analyses of one TU at most: the first and four to settle.  Measured on
 * redis (97 TUs): the first settling round re-runs 85 TUs, the next ones
 * 6 in all, so a longer chain costs little; five rounds carry a fact
 * through a chain of five files (a caller, three pass-through functions
 * and the function that dereferences: Juliet's "54" variants).
 */
#define SCI_PROJECT_ROUNDS 5

/* What a run did, for `db build` and progress lines. */
typedef struct {
	size_t summarized;	/* TUs summarized (step 1) */
	size_t analyses;	/* analyses run (steps 2 and 3) */
	size_t reused;		/* TUs whose stored findings served */
	unsigned rounds;	/* analysis rounds */
} sci_project_stats;

typedef struct {
	/*
	 * The name a TU's summaries are filed under in the set (two TUs must
	 * not share one); NULL: the TU's display name.  Returns owned.
	 */
	char *(*origin)(const sci_tu *tu, void *payload);
	void *origin_payload;
	/*
	 * Summaries of TUs outside this run (may be NULL): the base side of
	 * a comparison analyzes only the TUs a change affects, and learns
	 * about the others from the head side.  A TU of this run replaces
	 * what @background says under its origin.
	 */
	const sci_summary_set *background;
	/* The project database (may be NULL: nothing kept between runs). */
	sci_db *db;
	const char *cwd;	/* of the run: part of a TU's identity */
	/* Receives what the run did, if not NULL. */
	sci_project_stats *stats_out;
	/* Receives the run's final summary set (owned), if not NULL. */
	sci_summary_set **set_out;
} sci_project_opts;

/**
 * Runs @tus as above; like sci_driver_run(), appends every finding to
 * @out (sorted, no exact duplicates), keeps each TU's own in its `diags`
 * and, when dopts->analyze_opts asks, its inputs.  Each TU's `summaries`
 * hold its functions' final summaries.  @popts may be NULL.
 *
 * Returns 0, or SCI_EIO if no worker can be started at all.
 */
int sci_project_run(sci_diag_list *out, sci_driver_stats *stats,
		    sci_tu_list *tus, const sci_driver_opts *dopts,
		    const sci_project_opts *popts);

#endif
