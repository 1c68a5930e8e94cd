// SPDX-License-Identifier: MIT
/*
 * stack-address-escape: a function returns the address of its own stack
 * memory - a local variable or array, or alloca() memory - which is gone
 * once it returns.
 *
 *	char *name(int id)
 *	{
 *		char buf[32];
 *
 *		snprintf(buf, sizeof(buf), "id%d", id);
 *		return buf;	// the caller reads a dead frame
 *	}
 *
 * Through copies and offsets too (`char *p = buf + 1; return p;`): what
 * the value model knows of the object a pointer points into
 * (sci_value_object()).  A static local lives on; so does what a
 * parameter points to.
 *
 * Known false-positive sources: none known; a pointer that points into a
 * local on one path and elsewhere on another is not reported (the joined
 * value names no object).
 */
#include "analyzer/checker.h"

static sci_checker_id me;

static void on_return(sci_expr *value, sci_pos pos, void *payload)
{
	sci_object o;

	(void)payload;
	if (!value || !sci_expr_is_pointer(value) ||
	    !sci_value_object(value, &o) || o.kind != SCI_OBJECT_STACK)
		return;
	sci_report(me, pos, o.name,
		   "the address of '%s' is returned: it is stack memory of "
		   "this function, gone once it returns", o.name);
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_return(me, on_return, NULL);
}

const struct sci_checker sci_checker_stack_address_escape = {
	.rule = "stack-address-escape",
	.summary = "a function returns the address of its own stack memory",
	.description = "A pointer to a local variable or array of the "
		       "function, or to alloca() memory, is returned: the "
		       "memory is reused by the next call, so the caller reads "
		       "or writes whatever lives there then.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-562",
	.tags = "memory reliability",
	.enabled_by_default = 1,
	.init = init,
};
