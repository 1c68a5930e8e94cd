/*
 * gitlab.h - the GitLab Code Quality report (artifacts:reports:codequality),
 * a JSON array in the Code Climate issue format:
 *
 *   [{"categories": ["Bug Risk"], "check_name": "memory-leak",
 *     "description": "memory leak of 'p'", "fingerprint": "<sha-256 hex>",
 *     "location": {"lines": {"begin": 12}, "path": "src/a.c"},
 *     "severity": "major", "type": "issue"}, ...]
 *
 * Only new and unchanged findings are written: fixed ones are gone and
 * suppressed ones were accepted in review.  GitLab compares the report of
 * the merge request with the target branch's by fingerprint, so every item
 * needs a distinct one.
 *
 * Severity (GitLab: info, minor, major, critical, blocker):
 *   note    -> "info"
 *   warning -> "major"
 *   error   -> "critical"
 * "blocker" is left for the gate's verdict, not used for single findings.
 *
 * Paths are relative to the repository root as GitLab expects (absolute
 * paths under run->srcroot are made relative; "./" is dropped).  A finding
 * on line 0 (the file as a whole) is given line 1: GitLab needs a line.
 *
 * Output is deterministic: list order, sorted keys, two-space indent,
 * trailing newline.
 */
#ifndef SCI_REPORT_GITLAB_H
#define SCI_REPORT_GITLAB_H

#include <stdio.h>
#include "report/run.h"
#include "util/result.h"

/** "info", "major" or "critical" for @level (see above). */
const char *sci_gitlab_severity(sci_level level);

/**
 * Writes the Code Quality report for @results to @f.  @run may be NULL.
 *
 * Returns 0; SCI_EINVALID if a written finding has no fingerprint or two
 * share one (a bug upstream: GitLab would merge them), before anything is
 * written; SCI_EJSON if jansson fails; SCI_EIO if the write fails.
 */
int sci_gitlab_write(FILE *f, const sci_result_list *results,
		     const sci_report_run *run);

#endif
