/*
 * insource.h - in-source suppressions (baseline/suppress.h) for the runs
 * without the gate: `smatch-ci FILE...` and `-p` alone.  The gate applies
 * them itself, per side of a comparison (gate.c).
 */
#ifndef SCI_CLI_INSOURCE_H
#define SCI_CLI_INSOURCE_H

#include "analyzer/analyzer.h"
#include "cli/plan.h"
#include "util/diag.h"

/**
 * What @rule is to a run with @a's rules: SCI_SUPPRESS_RULE_UNKNOWN (no
 * such checker), _OFF or _RAN.  A sci_suppress_rule_fn with @a as payload.
 */
int sci_cli_suppress_rule(const char *rule, void *a);

/**
 * Drops from @diags the findings a comment suppresses, and appends the
 * invalid-suppression and unused-suppression findings of the files the
 * completed, checked TUs of @tus read (their inputs) under @root; @cwd
 * resolves relative paths.  Returns 0, or the reader's error (a file that
 * cannot be read) with sci_error_set(); @diags is then unchanged.
 */
int sci_cli_suppress_plain(sci_diag_list *diags, const sci_tu_list *tus,
			   const sci_analyze_opts *a, const char *cwd,
			   const char *root);

#endif
