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
 *
 * One diagnostic is always exactly one line, whatever its strings hold:
 * in the path, function name, message and rule id, control characters
 * (C0, DEL, C1), U+2028/U+2029, bidi controls and bytes that are not
 * UTF-8 are written as C escapes (\n, \r, \t, \xHH per byte).  A path
 * that does not start with an ASCII letter, digit, '/', '.', '_' or '-'
 * is written with "./" in front, so no line can start with "::" (a
 * workflow command on GitHub's runners) or with white space before it.
 */
#ifndef SCI_REPORT_TEXT_H
#define SCI_REPORT_TEXT_H

#include <stddef.h>
#include <stdio.h>
#include "util/diag.h"
#include "util/result.h"

/**
 * Number of bytes at @s that must not reach a line of a report or log
 * raw: 1 for a control character or a byte that does not start valid
 * UTF-8, 2 or 3 for a C1 control, a line separator or a bidi control
 * encoded in UTF-8; 0 when the character at @s is safe.  @s is
 * NUL-terminated and not at its end.  The Markdown summary shares it.
 */
size_t sci_text_unsafe_len(const unsigned char *s);

/**
 * Writes @d to @f as one line.  Returns 0 or SCI_EIO.
 */
int sci_text_write(FILE *f, const sci_diag *d);

/**
 * Writes a classified finding like sci_text_write(), marked by its class:
 * "... [rule] (new)", "(new, on a changed line)", "(suppressed by the
 * baseline)", "(suppressed in source)", "(fixed)"; unchanged findings
 * carry no mark.
 */
int sci_text_write_result(FILE *f, const sci_result *r);

/**
 * Writes every diagnostic of @list, in list order.  Returns 0 or SCI_EIO.
 */
int sci_text_write_list(FILE *f, const sci_diag_list *list);

#endif
