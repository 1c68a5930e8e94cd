/*
 * sarif.h - the SARIF 2.1.0 report, shaped for GitHub code scanning.
 *
 * One log, one run.  What goes in:
 *
 *   tool.driver      name "smatch-ci", version, every rule of @rules (in
 *                    that order) plus a rule for any result whose rule id
 *                    @rules lacks, and the "analysis-failure" notification
 *                    descriptor.  A rule's properties.tags are its tags
 *                    followed by "external/cwe/cwe-NNN" for its CWE
 *                    (CodeQL's spelling, zero-padded to three digits).
 *                    helpUri and informationUri are written only when
 *                    they are absolute URIs (a docs path is left out).
 *   automationDetails.id   "<category>/" (stable across runs).
 *   originalUriBaseIds     %SRCROOT% -> file:///<srcroot>/, when known.
 *   results          new and unchanged findings (and suppressed ones when
 *                    asked: kind "external" for the baseline's, "inSource"
 *                    for those a comment in the code suppresses), in list
 *                    order.  Fixed findings are not
 *                    results of this run and are left out; failures and
 *                    debug output are never results.  baselineState:
 *                    new -> "new", unchanged and suppressed ->
 *                    "unchanged".  Relative paths become percent-encoded
 *                    URIs relative to %SRCROOT%; absolute paths become
 *                    file:// URIs (with @srcroot stripped if under it).
 *                    relatedLocations get ids 1..n; when there are any,
 *                    one codeFlow walks them in order, then the primary.
 *                    partialFingerprints {"smatchCi/v1": fingerprint}.
 *   invocations[0]   executionSuccessful (exit code 0 or 1), exitCode, one
 *                    error notification per analysis failure.
 *
 * Output is deterministic: sorted keys, two-space indent, trailing newline.
 */
#ifndef SCI_REPORT_SARIF_H
#define SCI_REPORT_SARIF_H

#include <stdio.h>
#include "report/run.h"
#include "util/result.h"
#include "util/rule.h"

/* The partialFingerprints key; bump the version when fingerprints change. */
#define SCI_SARIF_FINGERPRINT_KEY "smatchCi/v1"

/**
 * Writes the SARIF log for @results to @f.
 *
 * @rules: the rule catalogue (may be NULL when @nrules is 0).
 * @include_suppressed: also write suppressed results, each with an
 *	accepted suppression carrying its justification: kind "external"
 *	for the baseline's, "inSource" for a comment in the code.  GitHub
 *	ignores suppressions, so leave this 0 for the code-scanning upload.
 *
 * Returns 0; SCI_EINVALID for bad input (duplicate rule id, a CWE that is
 * not "CWE-<n>", more than 20 tags on a rule, a relative @srcroot);
 * SCI_EJSON if jansson fails; SCI_EIO if the write fails.  Nothing is
 * written unless the whole log could be built.
 */
int sci_sarif_write(FILE *f, const sci_result_list *results,
		    const sci_rule_info *rules, size_t nrules,
		    const sci_report_run *run, int include_suppressed);

#endif
