/*
 * project.h - a run over a project's translation units with what each
 * function does known across TUs (issue "Cross-function knowledge"):
 *
 *   1. analyze: every TU is analyzed, one after the other (or -j at a
 *      time), with the summaries known when its worker starts; as soon as
 *      a TU is done its summaries (summary/summary.h) are filed, so every
 *      TU started later knows them;
 *   2. settle: a TU whose callees in other TUs now have other summaries
 *      than those its analysis saw is analyzed again, round after round,
 *      at most SCI_PROJECT_ROUNDS analyses of a TU in all; in each round
 *      callee TUs go first (round_order.h).
 *
 * What "saw" means: when a TU is done, the digest of its callees'
 * summaries (project_db.h, its deps) is taken from the set before its own
 * summaries are filed; a TU that another worker's summaries changed under
 * while it ran (-j) is marked stale instead.  A TU's findings are final
 * when its deps are those of the final set, as in the database.
 *
 * Why not a summary pass first: that walked every TU twice before any
 * settling (redis: 97 summaries, 97 analyses, then 91 to settle); filing
 * summaries as they come makes the first analysis of most TUs know most
 * callees (redis: 206 analyses in all, same findings).
 *
 * Light analyses: a TU's first analysis that starts while a TU it calls
 * in its own cycle of files has filed no summaries yet is sure to run
 * again (that TU's summaries will differ from none), so it walks without
 * checkers, for its summaries alone, and a whole analysis always follows
 * (not counted against the bound).  That costs about two thirds of an
 * analysis: redis 36 of 211 analyses were light, git 160 of 577.
 *
 * Why a bound: each round carries a fact one more TU up a call chain;
 * chains of wrappers spread over more than SCI_PROJECT_ROUNDS files are
 * rare, and a fact that would need more rounds is missed (a finding lost),
 * never invented.
 *
 * Workers are forked from the driver, so the summary set reaches them
 * with the address space: nothing is written to disk for it.
 *
 * A run of a single TU has no other TU to learn from and is a plain
 * driver run.
 *
 * With a project database (sci_project_opts.db), a TU whose input files
 * have the content they had when it was stored has its stored summaries
 * filed from the start, and its stored findings serve when what its
 * callees in other TUs do is also unchanged once the changed TUs are
 * analyzed; every TU analyzed is stored again.  A one-file pull request
 * thus analyzes that TU, then the TUs whose callees it changed.
 */
#ifndef SCI_CLI_PROJECT_H
#define SCI_CLI_PROJECT_H

#include "cli/driver.h"
#include "db/db.h"
#include "summary/summary.h"

/*
 * Analyses of one TU at most: the first and four to settle.  Measured on
 * redis (97 TUs, -j1): the settling rounds re-run 63, 39 and 7 TUs, so a
 * longer chain costs little; five rounds carry a fact through a chain of
 * five files (a caller, three pass-through functions and the function
 * that dereferences: Juliet's "54" variants).
 */
#define SCI_PROJECT_ROUNDS 5

/* What a run did, for `db build` and progress lines. */
typedef struct {
	size_t summarized;	/* TUs analyzed (their summaries made) here */
	size_t analyses;	/* analyses run, settling included */
	size_t light;		/* of them, walks for summaries alone */
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
