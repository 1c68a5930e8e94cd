/*
 * call_scan.h - a guess at what a TU's file defines and calls, from its
 * text alone, for the order of a run's first round (round_order.h).
 *
 * Why: the first round of a run with no stored summaries ran in list
 * order, so a TU often ran before the TUs it calls and was analyzed again
 * once their summaries came in.  The scan reads the main file only, with
 * no preprocessing: calls made through macros of headers are missed, and
 * code under a false #if counts.  A wrong guess costs one more analysis
 * of a TU, never a different result: the settling rounds still decide.
 * It costs a read of the file (about a millisecond on redis's largest).
 */
#ifndef SCI_CLI_CALL_SCAN_H
#define SCI_CLI_CALL_SCAN_H

#include "cli/strv.h"

#include <stddef.h>

/**
 * Scans the C text @text (@len bytes): @defs gets the names of the
 * functions it defines that are not static; @calls the names it calls
 * (an identifier before `(` inside braces, keywords aside) that it does
 * not define itself.  Both sorted, each name once.
 */
void sci_call_scan_text(sci_strv *defs, sci_strv *calls, const char *text,
			size_t len);

/**
 * The same for the file at @path (relative to @dir when not absolute and
 * @dir is not NULL).  Returns 0, or -1 when it cannot be read (then both
 * are left empty).
 */
int sci_call_scan_file(sci_strv *defs, sci_strv *calls, const char *path,
		       const char *dir);

#endif
