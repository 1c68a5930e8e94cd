/*
 * merge.h - `smatch-ci merge RESULTS...`: the results files of the N
 * shards of one run (cli/results.h) checked against each other and joined
 * into the lists the gate classifies (gate.c), so the verdict and the
 * reports are those of a single-machine run.
 *
 * Refused (SCI_EINVALID, the message names the files): a shard missing
 * or given twice, shards of different N, commits (head or base), tool
 * versions or result-changing options, TU counts that do not add up, and
 * a merge by another smatch-ci version than the shards'.
 */
#ifndef SCI_CLI_MERGE_H
#define SCI_CLI_MERGE_H

#include <stddef.h>
#include "util/diag.h"
#include "util/result.h"

typedef struct sci_merge sci_merge;

/**
 * Reads and checks the @n files at @paths; @version is this smatch-ci's.
 * Returns 0, or the reader's errors, or SCI_EINVALID for shards that do
 * not belong together.  *out: owned (sci_merge_free), NULL on failure.
 */
int sci_merge_load(sci_merge **out, const char *const *paths, size_t n,
		   const char *version);
void sci_merge_free(sci_merge *m);

/**
 * Moves the joined head findings (in the order a single run collects
 * them), base findings and analysis failures into @head, @base and
 * @failures (appended).  In-source suppressions come as the shards
 * applied them: head results marked in_source with their reason, base
 * results the base's text suppresses marked in_source (for the caller to
 * drop after the fingerprints); an unused-suppression finding is kept only
 * when every shard that read its file reported it (suppress.h).
 */
void sci_merge_take(sci_merge *m, sci_result_list *head, sci_result_list *base,
		    sci_diag_list *failures);

/** The base ref the shards compared with, or NULL.  Borrowed. */
const char *sci_merge_base_ref(const sci_merge *m);
/** Failed TUs holding changed code, over all shards. */
size_t sci_merge_unanalyzed(const sci_merge *m);
/** Whether the shards ran with --allow-unanalyzed. */
int sci_merge_allow_unanalyzed(const sci_merge *m);
/** TUs of the run, and how many failed. */
size_t sci_merge_tus(const sci_merge *m);
size_t sci_merge_failed(const sci_merge *m);

/** The touched flag the shard gave head finding @d (0 if unknown). */
int sci_merge_touched(const sci_merge *m, const sci_diag *d);
/** The changed callee the shard named for @d, or NULL.  Borrowed. */
const sci_diag_loc *sci_merge_cause(const sci_merge *m, const sci_diag *d);

#endif
