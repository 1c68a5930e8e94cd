// SPDX-License-Identifier: MIT
/*
 * realloc-leak: `p = realloc(p, n)` loses the block p pointed to when
 * realloc() fails: it returns NULL, p is overwritten with it, and nothing
 * points to the old block any more.
 *
 *	buf = realloc(buf, size * 2);	// on failure the old buf leaks
 *	if (!buf)
 *		return -ENOMEM;
 *
 * The fix keeps the old pointer until the new one is known good:
 *
 *	tmp = realloc(buf, size * 2);
 *	if (!tmp)
 *		return -ENOMEM;		// buf is still ours to free
 *	buf = tmp;
 *
 * As clang-tidy's bugprone-suspicious-realloc-usage and cppcheck's
 * memleakOnRealloc, the pattern itself is reported: the target is the
 * pointer passed (the same variable or member path).  Not reported: a
 * pointer known to be NULL there (realloc(NULL, n) is malloc), code
 * written inside a macro expansion, and the profile's allocators that
 * never return NULL (xrealloc...).
 *
 * False positives: programs that end on allocation failure right after
 * (`if (!p) abort();`) lose nothing that matters; suppress them in the
 * baseline file, or use an xrealloc() that never returns NULL.
 */
#include "analyzer/checker.h"

#include <string.h>

static sci_checker_id me;

/* reallocf() frees the block itself when it fails: not one of these */
static int is_realloc(const char *name)
{
	return name && (strcmp(name, "realloc") == 0 ||
			strcmp(name, "reallocarray") == 0);
}

static void on_assign_before(sci_expr *left, sci_expr *right, sci_pos pos,
			     void *payload)
{
	const char *name;
	const sci_key *target, *arg;

	if (!sci_expr_is_call(right))
		return;
	name = sci_call_name(right);
	if (!is_realloc(name) || sci_pos_macro(pos))
		return;
	target = sci_key_expr(left);
	arg = sci_key_expr(sci_call_arg(right, 0));
	if (!target || target != arg || sci_value_is_null(sci_call_arg(right, 0)))
		return;
	sci_report(me, pos, sci_key_name(target),
		   "'%s' = %s('%s', ...): if %s() fails, the block '%s' pointed to is lost",
		   sci_key_name(target), name, sci_key_name(target), name,
		   sci_key_name(target));
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_assign_before(me, on_assign_before, NULL);
}

const struct sci_checker sci_checker_realloc_leak = {
	.rule = "realloc-leak",
	.summary = "p = realloc(p, n) loses the old block when realloc fails",
	.description = "The result of realloc() is stored in the pointer that "
		       "was passed to it; when realloc() fails it returns NULL, "
		       "the pointer is overwritten and the old block leaks.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-401",
	.tags = "memory reliability",
	.enabled_by_default = 1,
	.init = init,
};
