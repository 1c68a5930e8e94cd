/*
 * markdown.h - the run summary for $GITHUB_STEP_SUMMARY or a merge-request
 * note (GitHub-flavoured Markdown, which GitLab renders the same way):
 *
 *   ## smatch-ci: failed
 *
 *   New findings on changed code.  Compared with origin/main.
 *
 *   | New | Fixed | Unchanged | Suppressed |
 *   |----:|------:|----------:|-----------:|
 *   | 2 | 1 | 7 | 0 |
 *
 *   ### New findings
 *
 *   | Location | Rule | Message | Changed line |
 *   |---|---|---|---|
 *   | src/a.c:12 | `memory-leak` | memory leak of 'p' | yes |
 *
 *   ### Analysis failures
 *
 *   | File | Reason |
 *   |---|---|
 *   | src/b.c | parse error |
 *
 * The verdict comes from run->exit_code alone: 0 passed, 1 failed,
 * 3 incomplete, anything else error.  New findings on changed lines are
 * listed first, then the others, each group in list order; each table
 * stops after SCI_MARKDOWN_MAX_ROWS rows with "and N more".  Text from
 * findings is escaped (Markdown punctuation, '|', backticks, '$'), put on
 * one line, cut after SCI_MARKDOWN_MAX_CELL bytes, and made valid UTF-8.
 * Counts are of findings only (analysis failures have their own table).
 */
#ifndef SCI_REPORT_MARKDOWN_H
#define SCI_REPORT_MARKDOWN_H

#include <stdio.h>
#include "report/run.h"
#include "util/result.h"

#define SCI_MARKDOWN_MAX_ROWS 50
#define SCI_MARKDOWN_MAX_CELL 300

/**
 * Writes the summary of @results and @run to @f.
 *
 * Returns 0 or SCI_EIO if the write fails.
 */
int sci_markdown_write(FILE *f, const sci_result_list *results,
		       const sci_report_run *run);

#endif
