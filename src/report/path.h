/*
 * path.h - a finding's path as the steps a reader follows: where the value
 * came from and what happened to it (the related locations), the branches
 * taken (sci_diag.steps) and the finding itself, in the order the code
 * runs.  SARIF's codeFlows and `smatch-ci --explain` both show it.
 */
#ifndef SCI_REPORT_PATH_H
#define SCI_REPORT_PATH_H

#include <stddef.h>
#include "util/diag.h"

typedef enum {
	SCI_STEP_EVENT = 0,	/* a related location */
	SCI_STEP_BRANCH,	/* a branch taken */
	SCI_STEP_FINDING	/* the finding's own location */
} sci_step_kind;

typedef struct {
	sci_step_kind kind;
	/* borrowed from the diagnostic; for SCI_STEP_FINDING, its path,
	 * line, column and message */
	const char *path;
	unsigned line;
	unsigned col;
	const char *message;
	/* 0: in the finding's function; 1: elsewhere (a callee's line, a
	 * changed definition), shown after the finding */
	unsigned nesting;
} sci_step;

/**
 * The steps of @d's path: the steps and related locations inside the
 * finding's function and the finding, ordered by line and column (a
 * branch before an event on the same spot), then the locations outside
 * the function in the order @d lists them.
 *
 * Returns: the number of steps (at least 1, the finding); *out: owned
 * array (free()), pointing into @d.
 */
size_t sci_path_steps(const sci_diag *d, sci_step **out);

#endif
