// SPDX-License-Identifier: MIT
/*
 * free-nonheap: free() (or another deallocator) gets a pointer that no
 * allocator returned: a local or static array, the address of a variable,
 * a string literal, alloca() memory, or a pointer into the middle of a
 * block.
 *
 *	char buf[64], *p = buf;
 *	if (n > sizeof buf)
 *		p = malloc(n);
 *	...
 *	free(p);		// buf on the first path: not from malloc
 *
 * What a pointer points into comes from the value layer
 * (sci_value_object): `p = buf`, `p = &x`, `p = "text"`, `p = alloca(n)`,
 * `p = malloc(16) + 4`, through copies and pointer arithmetic; a pointer
 * into a block that moved on some path (`for (; *p; p++) if (*p == c)
 * break;` then `free(p)`) can point past its start.  A pointer
 * that points into different objects on different paths (the example
 * above) is followed path by path as the implied states allow; a join of
 * a heap block with a stack array on one path is not an object the value
 * layer keeps, so that case is reported only where the paths stay apart.
 *
 * Known false-positive sources: a deallocator of the project profile that
 * accepts non-heap memory on purpose (a pool's free that ignores pointers
 * outside it): remove it from "deallocators" or suppress the finding.
 */
#include "analyzer/checker.h"

#include <string.h>

static sci_checker_id me;
static const char *walked;	/* the function walked, by name */

static const char *kind_text(int kind)
{
	switch (kind) {
	case SCI_OBJECT_STACK:
		return "is on the stack";
	case SCI_OBJECT_STATIC:
		return "is a global or static object";
	case SCI_OBJECT_STRING:
		return "is a string literal";
	default:
		return NULL;
	}
}

/*
 * @arg is the parameter that the walked function frees on every path:
 * its callers report passing their object at the call (its summary).
 */
static int callers_report(sci_expr *arg)
{
	sci_sym *var = sci_expr_var(sci_expr_strip(arg));

	return var && sci_sym_is_param(var) && walked &&
	       sci_sym_param_index(var) == sci_profile_free_arg(walked);
}

static void on_func_start(sci_sym *fn, void *payload)
{
	(void)payload;
	walked = sci_sym_name(fn);
}

static void on_call(sci_expr *call, void *payload)
{
	const char *name = sci_call_name(call);
	int i = sci_profile_free_arg(name);
	sci_expr *arg = i >= 0 ? sci_call_arg(call, i) : NULL;
	sci_object obj;
	const char *what;
	int kind;

	(void)payload;
	if (!arg || !sci_value_object(arg, &obj))
		return;
	/* what every caller passed: where their object lives, when known */
	kind = obj.kind == SCI_OBJECT_CALLER ? obj.origin : obj.kind;
	what = kind_text(kind);
	/* its callers report passing their stack or static object */
	if (what && obj.kind == SCI_OBJECT_CALLER && callers_report(arg))
		return;
	if (what && obj.kind == SCI_OBJECT_CALLER) {
		sci_report(me, sci_expr_pos(call), sci_expr_text(arg),
			   "%s() of '%s', which points to its callers' '%s': that %s, not memory from an allocator",
			   name, sci_expr_text(arg), obj.name, what);
		return;
	}
	if (what && strcmp(obj.name, sci_expr_text(arg)) == 0) {
		sci_report(me, sci_expr_pos(call), sci_expr_text(arg),
			   "%s() of '%s': it %s, not memory from an allocator",
			   name, obj.name, what);
		return;
	}
	if (what) {
		sci_report(me, sci_expr_pos(call), sci_expr_text(arg),
			   "%s() of '%s', which points to '%s': that %s, not memory from an allocator",
			   name, sci_expr_text(arg), obj.name, what);
		return;
	}
	/*
	 * The block's own address only: a step the program made is known.
	 * A parameter freed unchanged got its step from the callers, who
	 * report it at their calls.
	 */
	if (kind == SCI_OBJECT_HEAP && (obj.known & SCI_VALUE_MIN_KNOWN) &&
	    obj.off_min > 0) {
		if (obj.kind != SCI_OBJECT_CALLER || !callers_report(arg))
			sci_report(me, sci_expr_pos(call), sci_expr_text(arg),
				   "%s() of '%s', which points %lld bytes into '%s': only the start of a block can be freed",
				   name, sci_expr_text(arg), obj.off_min, obj.name);
	}
	/*
	 * Moved on some path (a search loop stepping it, `if (c) p++`): it
	 * is the start only where it did not move.
	 */
	else if (kind == SCI_OBJECT_HEAP &&
		 (obj.known & SCI_VALUE_MIN_KNOWN) && obj.off_min == 0 &&
		 obj.off_max > 0)
		sci_report(me, sci_expr_pos(call), sci_expr_text(arg),
			   "%s() of '%s', which can point past the start of '%s' (the program moved it): only the start of a block can be freed",
			   name, sci_expr_text(arg), obj.name);
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_func_start(me, on_func_start, NULL);
	sci_on_call(me, NULL, on_call, NULL);
}

const struct sci_checker sci_checker_free_nonheap = {
	.rule = "free-nonheap",
	.summary = "free() of memory that no allocator returned",
	.description = "A deallocator gets a pointer to a local or static "
		       "object, a string literal, alloca() memory or the middle "
		       "of a block: the allocator's state is corrupted.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-590",
	.tags = "memory security",
	.enabled_by_default = 1,
	.init = init,
};
