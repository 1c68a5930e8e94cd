/*
 * gate.h - the CI gatekeeper run: analyze head (and the merge base for
 * the TUs a change affects), fingerprint and classify the findings against
 * the base and the reviewed baseline file, write the reports, and decide
 * the exit code.  Also the `baseline update|prune|check` commands.
 */
#ifndef SCI_CLI_GATE_H
#define SCI_CLI_GATE_H

#include "analyzer/analyzer.h"
#include "cli/config.h"
#include "cli/driver.h"
#include "cli/options.h"
#include "cli/plan.h"

typedef struct {
	const sci_cli_options *o;
	const sci_analyze_opts *aopts;	/* rules and profile of this run */
	const sci_driver_opts *dopts;	/* jobs, timeout, cwd */
	const sci_plan_env *env;
	const char *cwd;		/* absolute */
	const sci_config *config;	/* its "exclude" drops findings */
} sci_gate_setup;

/**
 * True when @o asks for the gate: a base (--baseline/--base-sha), a gate
 * report or policy (--sarif, --gitlab, --markdown, --fail-on), a baseline
 * command, or no input at all (then the TUs come from the repository).
 */
int sci_cli_gate_wanted(const sci_cli_options *o);

/** Runs the gate; returns the process exit code (0, 1, 2 or 3). */
int sci_cli_gate_run(const sci_gate_setup *s);

#endif
