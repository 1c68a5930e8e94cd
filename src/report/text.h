/*
 * text.h - the human-readable report, one line per diagnostic, in Smatch's
 * shape:
 *
 *   path:line function() level: message [rule-id]
 *   path:line level: message [rule-id]              (outside a function)
 *   path: error: analysis failed: message [analysis-failure]
 *
 * Related locations are not printed (use --json or SARIF for those).
 * The caller sorts the list first.
 */
#ifndef SCI_REPORT_TEXT_H
#define SCI_REPORT_TEXT_H

#include <stdio.h>
#include "util/diag.h"
#include "util/result.h"

/**
 * Writes @d to @f as one line.  Returns 0 or SCI_EIO.
 */
int sci_text_write(FILE *f, const sci_diag *d);

/**
 * Writes a classified finding like sci_text_write(), marked by its class:
 * "... [rule] (new)", "(new, on a changed line)", "(suppressed by the
 * baseline)", "(fixed)"; unchanged findings carry no mark.
 */
int sci_text_write_result(FILE *f, const sci_result *r);

/**
 * Writes every diagnostic of @list, in list order.  Returns 0 or SCI_EIO.
 */
int sci_text_write_list(FILE *f, const sci_diag_list *list);

#endif
