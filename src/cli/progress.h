/*
 * progress.h - the progress line on stderr (issue "Scale and robustness"):
 *
 *   smatch-ci: analyzing 37/97 TUs, 12 findings, 0:14 elapsed,
 *              ETA 0:20, slowest: src/server.c 9s
 *
 * A run has phases (cli/project.h): "analyzing" every TU, "settling N"
 * for the rounds that re-analyze the TUs whose callees' summaries changed
 * after they ran; the gate adds the merge base's.  The line names the
 * phase and counts the TUs of that phase alone, because the number of
 * settling rounds and their TUs is known only once the previous round is
 * done: a single run-wide total would have to be a guess.  The ETA is the
 * phase's, from its own pace.  Findings are those of the TUs done so far,
 * counted before the report drops the duplicates of a header's functions
 * analyzed in several TUs.
 *
 * On a terminal the line is redrawn in place (\r, erase to the end of the
 * line), at most SCI_PROGRESS_TTY_MS apart, and erased at the end of each
 * phase, so nothing else ever has to share the line: the driver's workers
 * write no stderr of their own (it comes back over their pipes), and
 * everything else smatch-ci prints comes between phases.  Forced onto a
 * pipe or a file (--progress), it is a plain line at most
 * SCI_PROGRESS_PIPE_MS apart, plus one at the end of each phase.
 *
 * Every function takes a NULL progress and does nothing then, so the
 * driver can call them whether or not there is a line.
 */
#ifndef SCI_CLI_PROGRESS_H
#define SCI_CLI_PROGRESS_H

#include <stddef.h>

#define SCI_PROGRESS_TTY_MS 200
#define SCI_PROGRESS_PIPE_MS 5000

typedef struct sci_progress sci_progress;

/**
 * The progress line for a run: on stderr when it is a terminal and
 * @quiet is 0, or whenever @forced (--progress).  Returns: owned
 * (sci_progress_free), or NULL when there is to be no line.
 */
sci_progress *sci_progress_new(int forced, int quiet);

/** Erases the line if it is shown.  NULL-safe. */
void sci_progress_free(sci_progress *p);

/**
 * Names the next phase (copied, cut at 63 bytes) and the
 * findings already known that it will not redo (TUs taken from the
 * database, TUs a settling round does not re-run).  Without it, a phase
 * is "analyzing" with none.
 */
void sci_progress_label(sci_progress *p, const char *phase,
			size_t base_findings);

/**
 * Which side of a comparison the phases to come are on ("merge base"),
 * shown before their names; NULL or "": the run's own.
 */
void sci_progress_side(sci_progress *p, const char *side);

/** The driver: a phase of @total TUs starts. */
void sci_progress_begin(sci_progress *p, size_t total);

/**
 * The driver: worker @slot started TU @name (borrowed until its
 * sci_progress_tu_done).
 */
void sci_progress_tu_start(sci_progress *p, unsigned slot, const char *name);

/**
 * The driver: a TU is done with @findings findings; @slot is its
 * worker's, or -1 for one that never had a worker.
 */
void sci_progress_tu_done(sci_progress *p, int slot, size_t findings);

/** Redraws the line if it is due.  Cheap: call it on every wake-up. */
void sci_progress_tick(sci_progress *p);

/**
 * The driver: the phase is over.  A terminal's line is erased; a pipe
 * gets the phase's final line.  The next phase needs a new label.
 */
void sci_progress_end(sci_progress *p);

/** Milliseconds until the line is next due, for the driver's poll(). */
int sci_progress_due_ms(const sci_progress *p);

#endif
