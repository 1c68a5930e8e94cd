// SPDX-License-Identifier: MIT
/*
 * double-close: a stream or a file descriptor is closed again - passed to
 * fclose(), pclose(), closedir() or close(), or to a project function
 * that closes it on every path (its summary's `closes`), when every path
 * reaching the call already closed it.
 *
 *	fclose(f);
 *	if (err)
 *		goto out;
 *	...
 * out:
 *	fclose(f);		// double close on the err path
 *
 * Closing a FILE twice frees its buffer twice (glibc aborts, or worse);
 * closing a descriptor twice may close one another thread has just been
 * given the same number for.
 *
 * Copies count (`g = f; fclose(f); fclose(g);`), and any new value ends it
 * (`f = NULL`, `fd = -1`, `f = fopen(...)`).  A path on which the stream
 * is NULL or the descriptor negative counts as closed: nothing was open.
 *
 * Known false-positive sources: a variable reassigned where the engine
 * cannot see it (through a pointer to it stored elsewhere, or by a
 * function called through a pointer) still looks closed.
 */
#include "analyzer/checker.h"

static sci_checker_id me;

static void on_call(sci_expr *call, void *payload)
{
	int n = sci_call_close_arg(call);
	sci_expr *arg = n >= 0 ? sci_call_arg(call, n) : NULL;
	sci_finding *f;
	sci_pos first;
	long long v;

	(void)payload;
	if (!arg || !sci_value_closed(arg, &first) ||
	    (sci_value_known(arg, &v) && (v < 0 || sci_value_is_null(arg))))
		return;
	f = sci_report(me, sci_expr_pos(call), sci_expr_text(arg),
		       "'%s' is closed twice: %s() closes it again",
		       sci_expr_text(arg), sci_call_name(call));
	sci_finding_related(f, first, "first closed here");
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_call(me, NULL, on_call, NULL);
}

const struct sci_checker sci_checker_double_close = {
	.rule = "double-close",
	.summary = "a stream or file descriptor is closed twice",
	.description = "A FILE or DIR stream or a file descriptor that every "
		       "path reaching fclose(), pclose(), closedir() or close() "
		       "has already closed is closed again: a FILE's memory is "
		       "freed twice, a descriptor number may already belong "
		       "to another file.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-1341",
	.tags = "reliability security",
	.enabled_by_default = 1,
	.init = init,
};
