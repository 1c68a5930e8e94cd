/*
 * compare.h - classifying findings against the base and the baseline file,
 * and the gate that turns the classes into the exit status.
 *
 * Classes (util/result.h):
 *   new         in head, not in base, not in the baseline file
 *   unchanged   in head and in base (same fingerprint)
 *   fixed       in base, gone from head
 *   suppressed  in head and in the baseline file (whatever the base says)
 *
 * This module does not compute fingerprints (fingerprint.h), find touched
 * lines (src/git) or print anything (src/report).
 */
#ifndef SCI_BASELINE_COMPARE_H
#define SCI_BASELINE_COMPARE_H

#include "baseline/baseline.h"
#include "util/diag.h"
#include "util/result.h"

/**
 * Says whether the change caused head finding @d (head paths): the policy
 * lives with the caller, which knows the change (see docs/baseline.md,
 * "What the change caused").  Returns 1 touched, 0 not, or a negative
 * SCI_E* code (with sci_error_set()) to abort the comparison.
 */
typedef int (*sci_touched_fn)(const sci_diag *d, void *payload);

/**
 * Classifies @head against @base and @bl, appending every result to @out
 * (then sorted with sci_result_list_sort()).
 *
 * @head, @base: taken (even on failure; emptied).  Fingerprints must be
 *   assigned on both (sci_fp_assign()), base ones with base paths mapped
 *   to head names.  @base NULL means there is no base (a plain run): every
 *   head result is new unless suppressed, and nothing is fixed.
 * @bl: the baseline file, or NULL.  A head result whose fingerprint is in
 *   it is suppressed, and gets a copy of the entry's justification.  A
 *   head result marked in_source (baseline/suppress.h) is suppressed with
 *   its own justification, whatever @bl says; it still matches a base
 *   result, so silencing an old finding does not make it fixed.
 * @touched: called for every head result (new, unchanged, suppressed) to
 *   set its touched flag; NULL means no change information, so every head
 *   result counts as touched.  Fixed results are not in head: touched = 0.
 *
 * Each head result is unchanged if a base result has its fingerprint; a
 * base result matches at most one head result.  Unchanged results keep the
 * head's diagnostic.
 *
 * Returns 0; SCI_EINVALID if a result has no fingerprint; or the negative
 * code returned by @touched.  On failure @out is left as it was.
 */
int sci_compare(sci_result_list *out, sci_result_list *head,
		sci_result_list *base, const sci_baseline *bl,
		sci_touched_fn touched, void *payload);

/* --fail-on modes. */
typedef enum {
	SCI_FAIL_ON_TOUCHED = 0,	/* new findings on touched lines (default) */
	SCI_FAIL_ON_NEW,		/* new findings anywhere */
	SCI_FAIL_ON_ANY,		/* any new or unchanged finding */
	SCI_FAIL_ON_NONE		/* never */
} sci_fail_on;

typedef struct {
	sci_fail_on mode;
	sci_level min_level;	/* findings below this level never fail */
} sci_gate;

/* The default gate: touched, every level. */
#define SCI_GATE_INIT { SCI_FAIL_ON_TOUCHED, SCI_LEVEL_NOTE }

/**
 * Parses a --fail-on value into @out:
 *
 *   MODE            touched | new | any | none  (all levels)
 *   MODE:LEVEL      e.g. "new:error": only findings of LEVEL or above
 *   LEVEL           note | warning | error: same as "touched:LEVEL"
 *
 * "none" takes no level.  Returns 0 or SCI_EINVALID (message lists the
 * accepted values); @out is unchanged on failure.
 */
int sci_gate_parse(sci_gate *out, const char *spec);

/**
 * Returns 1 if @results fail @gate, else 0:
 *   touched  a NEW finding with touched = 1 and level >= min_level
 *   new      a NEW finding with level >= min_level
 *   any      a NEW or UNCHANGED finding with level >= min_level
 *   none     never
 * Suppressed and fixed results never fail the gate, nor do results that
 * are not findings (analysis failures, debug output: sci_diag_is_finding).
 */
int sci_gate_fails(const sci_gate *gate, const sci_result_list *results);

#endif
