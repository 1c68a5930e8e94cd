// SPDX-License-Identifier: MIT
/*
 * use-after-free: memory is used after it was released - dereferenced or
 * passed to a function that reads or writes through it - when every path
 * reaching the use freed it, or, for a local or a parameter, some path
 * that no test since rules out did.
 *
 *	free(node);
 *	node->next = NULL;	// use after free
 *
 * Releases are those double-free knows (free(), the models' and the
 * profile's deallocators, functions whose summary frees a parameter).
 * Copies count: `q = p; free(p); q->x` uses freed memory.  Passing freed
 * memory is a use for callees known to use it (library functions that
 * take a buffer or string: strlen, memcpy, printf...; project functions
 * whose summary reads or writes through that parameter on some path) and
 * for functions nothing is known of (declared only: a file outside the
 * run), as Smatch and clang's analyzer count it; a project function whose
 * summary says it only compares or stores the pointer is not a use, nor
 * is a call through a pointer.  Passing it to a deallocator again is
 * double-free's.  Comparing the pointer (`if (p == last)`) is not a use.
 *
 * Returning freed memory is not reported where it is returned: a caller
 * that only tests the result for NULL does no harm (redis
 * dictGenericDelete()), and one that uses it is reported at the use, since
 * the function's summary says it returns memory it freed.
 *
 *	char *drop(char *s) { free(s); return s; }
 *	t = drop(s);
 *	puts(t);	// use after free, freed by drop()
 *
 * Known false-positive sources: the pointer reassigned where the value
 * model cannot see it (through a pointer to it, by an unknown function).
 * Paths are told apart by the implied states; "some path" trusts them,
 * so a correlation they miss (two tests of one fact through different
 * variables) is a false positive.  Members and globals need every path:
 * the callee that freed them may have cleared them (a back pointer).
 */
#include "analyzer/checker.h"

#include <string.h>

static sci_checker_id me;

/*
 * 1 when every path reaching here freed what @e points to, 2 when some
 * path the implied states still allow did; @freed gets a release.
 */
static int freed_how(sci_expr *e, sci_pos *freed)
{
	if (sci_value_freed(e, freed))
		return 1;
	return sci_value_maybe_freed(e, freed) ? 2 : 0;
}

static void report(sci_expr *ptr, sci_pos pos, sci_pos freed, int how_freed,
		   const char *how, const char *callee)
{
	sci_finding *f;

	f = sci_report(me, pos, sci_expr_text(ptr),
		       "use after free: '%s' %s%s%s after %s",
		       sci_expr_text(ptr), how, callee ? callee : "",
		       callee ? "()" : "",
		       how_freed == 1 ? "it was freed" :
				       "a path reaching here freed it");
	sci_finding_related(f, freed, "freed here");
}

static void on_deref(sci_expr *ptr, sci_pos pos, void *payload)
{
	sci_pos freed;
	int how = freed_how(ptr, &freed);

	(void)payload;
	if (how)
		report(ptr, pos, freed, how, "is dereferenced", NULL);
}

/*
 * A function called by name that nothing says anything of; compiler
 * builtins (__builtin_prefetch...) are the compiler's, not unknown code.
 */
static int is_unknown(const char *name)
{
	return name && strncmp(name, "__builtin_", 10) != 0 &&
	       !sci_profile_is_known(name);
}

/*
 * The pointer whose memory the argument @arg points into: p for `p`,
 * `p + 1`, `&p[0]`, `&p->m`, `p->name + 1` (a member array); @arg itself
 * when it is none of these.
 */
static sci_expr *pointer_passed(sci_expr *arg)
{
	sci_expr *e = sci_expr_strip(arg), *inner, *l, *r;
	int op, steps;

	for (steps = 0; steps < 8; steps++) {
		if (sci_expr_is_addr_of(e, &inner) &&
		    (inner = sci_expr_address_of_lvalue(inner)))
			e = sci_expr_strip(inner);
		else if (((op = sci_expr_binop(e, &l, &r)) == '+' || op == '-') &&
			 (sci_expr_is_pointer(l) || sci_expr_is_array(l)))
			e = sci_expr_strip(l);
		else if (sci_expr_is_array(e) &&
			 (inner = sci_expr_address_of_lvalue(e)))
			e = sci_expr_strip(inner);
		else
			break;
	}
	return sci_expr_is_pointer(e) ? e : arg;
}

static void on_call(sci_expr *call, void *payload)
{
	const char *name = sci_call_name(call);
	int i, n = sci_call_nargs(call), skip = sci_profile_free_arg(name);
	sci_pos freed;
	int how;

	(void)payload;
	for (i = 0; i < n; i++) {
		sci_expr *arg = pointer_passed(sci_call_arg(call, i));

		if (i == skip || !(how = freed_how(arg, &freed)))
			continue;
		if (!sci_profile_uses_arg(name, i) && !is_unknown(name))
			continue;
		report(arg, sci_expr_pos(call), freed, how, "is passed to ",
		       name);
	}
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_deref(me, on_deref, NULL);
	sci_on_call(me, NULL, on_call, NULL);
}

const struct sci_checker sci_checker_use_after_free = {
	.rule = "use-after-free",
	.summary = "memory is used after it was freed",
	.description = "Memory that a path reaching the use has freed - every "
		       "path, or for a local variable one that no test since "
		       "rules out - is dereferenced, or handed to a function "
		       "that reads or writes through it or that nothing is "
		       "known of.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-416",
	.tags = "memory security",
	.enabled_by_default = 1,
	.init = init,
};
