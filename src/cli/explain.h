/*
 * explain.h - `--explain FILE:LINE` or `--explain FINGERPRINT`: which
 * findings of the run the user asked about (report/explain.h prints them).
 */
#ifndef SCI_CLI_EXPLAIN_H
#define SCI_CLI_EXPLAIN_H

#include <stdio.h>
#include "util/result.h"

/**
 * Checks an --explain argument: FILE:LINE (LINE a positive number), or a
 * fingerprint or its first 8 or more hex digits.  Returns 0 or
 * SCI_EINVALID with the reason.
 */
int sci_explain_spec_check(const char *spec);

/**
 * Writes the explanation of every result in @list that @spec names (fixed
 * ones, gone from the code, are skipped), in list order.  A result's
 * relative path is taken under @srcroot (NULL: @cwd); FILE is taken under
 * @cwd, and both name the same file when they resolve to one.
 *
 * Returns the number of findings explained (0: none matched), or SCI_EIO.
 */
int sci_explain_results(FILE *f, const sci_result_list *list,
			const char *spec, const char *srcroot,
			const char *cwd);

#endif
