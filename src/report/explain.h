/*
 * explain.h - `smatch-ci --explain`: one finding and the path that led to
 * it (report/path.h) as text, each step with its source line:
 *
 *   src/a.c:13 f() error: 'p' could be NULL ... [null-deref] (new)
 *     fingerprint 3f2a...
 *     1. src/a.c:5: malloc() can return NULL
 *          5 | struct s *p = malloc(sizeof(*p));
 *     2. src/a.c:6: taking the true branch
 *          6 | if (x > 3) {
 *     3. src/a.c:13: 'p' could be NULL ... (the finding)
 *         13 | return p->v;
 *
 * Strings are escaped as in the text report (text.h): no line can start
 * a CI runner's workflow command.
 */
#ifndef SCI_REPORT_EXPLAIN_H
#define SCI_REPORT_EXPLAIN_H

#include <stdio.h>
#include "util/result.h"

/**
 * Writes @r's explanation to @f.  Relative paths are read under @srcroot
 * (NULL: the current directory) for the source lines; a line that cannot
 * be read is left out.  Returns 0 or SCI_EIO.
 */
int sci_explain_write(FILE *f, const sci_result *r, const char *srcroot);

#endif
