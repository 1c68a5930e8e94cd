/*
 * run.h - what the reports need to know about the run as a whole, beyond
 * its results: tool version, SARIF category, repository root, exit code,
 * the TUs that could not be analyzed, and the base it was compared with.
 *
 * Plain data filled by the driver; every report writer takes it read-only.
 */
#ifndef SCI_REPORT_RUN_H
#define SCI_REPORT_RUN_H

#include <stddef.h>
#include "util/diag.h"

/* NOTE: must match the process exit codes of src/cli/main.c. */
enum {
	SCI_RUN_EXIT_CLEAN = 0,		/* nothing new on changed code */
	SCI_RUN_EXIT_FINDINGS = 1,	/* the gate failed (wins over 3) */
	SCI_RUN_EXIT_ERROR = 2,		/* usage, configuration or VCS error */
	SCI_RUN_EXIT_INCOMPLETE = 3	/* a TU failed; the gate did not */
};

typedef struct {
	/* "0.1.0"; NULL: no version in the reports. */
	const char *tool_version;
	/* SARIF tool.driver.informationUri (absolute URI), or NULL. */
	const char *information_uri;
	/*
	 * The analysis category: SARIF automationDetails.id is category + "/"
	 * (GitHub keys alerts on it, so it must be stable from run to run).
	 * NULL or "": "smatch-ci".
	 */
	const char *category;
	/*
	 * Absolute path of the repository root that relative result paths
	 * are relative to, or NULL when the run is not inside a repository.
	 */
	const char *srcroot;
	/* The process exit code the run ends with (SCI_RUN_EXIT_*). */
	int exit_code;
	/*
	 * The "analysis-failure" diagnostics (a TU that did not parse,
	 * crashed or timed out): path of the TU and the reason.  Borrowed.
	 */
	const sci_diag *const *failures;
	size_t nfailures;
	/* How many of them hold changed code and fail the gate (0 with
	 * --allow-unanalyzed). */
	size_t nunanalyzed;
	/* The ref the run was compared with, or NULL (no base comparison). */
	const char *base_ref;
} sci_report_run;

#endif
