/*
 * jsonl.h - one diagnostic as one line of JSON: the `--json` output format
 * and the protocol a worker speaks to the driver over its pipe.
 *
 * A line is a compact JSON object with sorted keys:
 *
 *   {"column":5,"function":"f","key":"p","level":"warning","line":3,
 *    "message":"...","path":"a.c","related":[{"column":1,"line":2,
 *    "message":"...","path":"a.c"}],"rule":"memory-leak"}
 *
 * and, when present, "steps" (the branches taken, as "related"),
 * "function_lines" ([first, last]) and "fix".
 *
 * This module does not decide which diagnostics are written or in what
 * order; callers sort (sci_diag_list_sort) before writing.
 */
#ifndef SCI_REPORT_JSONL_H
#define SCI_REPORT_JSONL_H

#include <stdio.h>
#include "util/diag.h"
#include "util/result.h"

/**
 * Formats @d as one JSON object without the trailing newline.  Bytes that
 * are not valid UTF-8 (e.g. a Latin-1 file name) are replaced by '?', since
 * JSON strings must be UTF-8.
 *
 * Returns 0, or SCI_EJSON if jansson fails.  *out: owned (free()).
 */
int sci_jsonl_format(char **out, const sci_diag *d);

/**
 * Like sci_jsonl_format(), for a classified finding: the diagnostic's keys
 * plus "class" (new/unchanged/fixed/suppressed), "fingerprint",
 * "touched" (a boolean), and "in_source": true when a comment in the code
 * suppresses it (its reason is not repeated here).  *out: owned.
 */
int sci_jsonl_format_result(char **out, const sci_result *r);
/** Writes a classified finding as one line. */
int sci_jsonl_write_result(FILE *f, const sci_result *r);

/**
 * Writes @d to @f as one line (object + '\n').
 *
 * Returns 0, SCI_EJSON, or SCI_EIO if the write fails.
 */
int sci_jsonl_write(FILE *f, const sci_diag *d);

/**
 * Parses one line written by sci_jsonl_write() (a trailing newline is
 * allowed).  "rule", "level", "path", "line" and "message" are required;
 * "column", "function", "key" and "related" default to 0, "" and none.
 *
 * Returns 0, SCI_EJSON for text that is not JSON, or SCI_EINVALID for a
 * JSON value of the wrong shape; both explained through sci_error_set().
 * *out: owned (sci_diag_free()), NULL on failure.
 */
int sci_jsonl_parse(sci_diag **out, const char *line);

#endif
