// SPDX-License-Identifier: MIT
/*
 * unchecked-return: the result of a function whose result must be checked
 * is thrown away by an expression statement.
 *
 *	setuid(getuid());	// if it fails the program keeps root
 *	realloc(buf, n);	// buf may be freed; the new block is lost
 *	parse_config(c);	// used at 9 of 10 call sites in the project
 *
 * Must-check comes from the library models' must-check (setuid, chdir,
 * realloc, read, the trylocks...), the project profile's "must_check", and
 * - when the profile sets "must_check_statistics": on real code they gave
 * more false positives than bugs (bench/triage/unchecked-return.md) -
 * statistics in the manner of Engler's "deviant behavior": a function
 * whose result the project's other call sites almost always use
 * (sci_profile_result_counts(): every TU's summaries count per callee the
 * call sites that use and that discard the result).  Statistics report a
 * discard when the callee has at least MIN_SITES call sites and at least
 * USED_PERCENT% of them use the result, the callee returns (not lua's
 * luaM_toobig(), which raises an error and returns void * only to fit an
 * expression), and the call takes no `&x` (a second result it may be
 * called for).  GCC's warn_unused_result is not
 * a source: sparse drops that attribute when it parses it.
 *
 * `(void)f();` is an explicit discard and never reported (it still counts
 * as a discard in the statistics).  Not reported either: calls in a macro
 * body (the macro's author decided for every expansion), the last
 * statement of a statement expression (its value), functions returning
 * void or a struct, and for the statistics functions whose result is
 * commonly and harmlessly ignored (the models' may-ignore: printf and its
 * family, fclose, close, fflush) or is one of their arguments (memcpy,
 * strcpy: returns=).
 *
 * False positives: statistics are evidence, not proof - a function whose
 * result only some callers need (a lookup that also inserts, a setter that
 * returns the old value) looks must-check when most of its callers are of
 * the first kind.  Such a callee belongs in (void) casts or a baseline.
 */
#include "analyzer/checker.h"

#include <string.h>

static sci_checker_id me;

/*
 * One deviant call site against at least nineteen that agree.  With 90%
 * of 10 sites, on redis and lua most findings were functions called for
 * their side effect by a few callers on purpose (lua's testnext() to skip
 * an optional ';', luaX_newstring() to anchor a string: 2 of 24 sites
 * each); at 95% those drop out and the slips stay (bench/triage/
 * unchecked-return.md).
 */
#define MIN_SITES 20
#define USED_PERCENT 95

/*
 * A call given the address of a variable (`raxNext(&it)`, `get(p, &len)`)
 * hands its caller a second result there: a caller that takes that one
 * and ignores the return value may want only it.  Statistics do not
 * report such a call; the explicit lists still do.
 */
static int has_out_argument(sci_expr *call)
{
	sci_expr *inner;
	int i;

	for (i = 0; i < sci_call_nargs(call); i++)
		if (sci_expr_is_addr_of(sci_call_arg(call, i), &inner))
			return 1;
	return 0;
}

/*
 * scanf() and fscanf() (and their wide forms) tell what they stored only
 * by their result: one that fails leaves the variables it was given as
 * they were.  That is a bug where one of them had no value yet
 * (`unsigned long b; fscanf(f, "%lu", &b); mark(b);`); where each had
 * one it is a default kept on purpose (`int data = -1; fscanf(stdin,
 * "%d", &data);`, Juliet's sources), not reported.  Asked at the
 * statement's start, before the `&b` of the call counts as b's
 * initialization.
 */
static sci_expr *scan_into_garbage;
static const char *garbage_name;

static int is_scan(const char *name)
{
	return name && (strcmp(name, "scanf") == 0 ||
			strcmp(name, "fscanf") == 0 ||
			strcmp(name, "wscanf") == 0 ||
			strcmp(name, "fwscanf") == 0);
}

static void on_stmt(sci_stmt *stmt, void *payload)
{
	sci_expr *e = sci_expr_strip(sci_stmt_expr(stmt)), *inner;
	const sci_key *key;
	int i;

	(void)payload;
	scan_into_garbage = NULL;
	if (!e || !sci_expr_is_call(e) || !is_scan(sci_call_name(e)))
		return;
	for (i = 0; i < sci_call_nargs(e); i++)
		if (sci_expr_is_addr_of(sci_call_arg(e, i), &inner) &&
		    (key = sci_key_expr(inner)) &&
		    sci_state_possible_of("uninitialized", key, "uninit")) {
			scan_into_garbage = e;
			garbage_name = sci_key_name(key);
			return;
		}
}

static void on_call(sci_expr *call, void *payload)
{
	const char *name = sci_call_name(call);
	unsigned used, discarded, total;
	sci_pos pos = sci_expr_pos(call);

	if (!name || sci_call_result_use(call) != SCI_RESULT_DISCARDED ||
	    !sci_expr_is_scalar(call) || sci_pos_macro(pos))
		return;
	if (is_scan(name) && sci_profile_is_must_check(name)) {
		if (call == scan_into_garbage)
			sci_report(me, pos, name,
				   "the result of %s() is ignored: where it fails, '%s' is left without a value",
				   name, garbage_name);
		return;
	}
	if (sci_profile_is_must_check(name)) {
		sci_report(me, pos, name,
			   "the result of %s() is ignored: it says whether the call "
			   "succeeded and must be checked", name);
		return;
	}
	if (!sci_profile_must_check_statistics() ||
	    sci_profile_result_ignorable(name) || sci_call_is_noreturn(call) ||
	    has_out_argument(call) ||
	    !sci_profile_result_counts(name, &used, &discarded))
		return;
	total = used + discarded;
	if (total < MIN_SITES || used * 100 < total * USED_PERCENT)
		return;
	sci_report(me, pos, name,
		   "the result of %s() is ignored here, but it is used at %u of "
		   "%u call sites", name, used, total);
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_stmt(me, on_stmt, NULL);
	sci_on_call(me, NULL, on_call, NULL);
}

const struct sci_checker sci_checker_unchecked_return = {
	.rule = "unchecked-return",
	.summary = "result of a must-check function ignored",
	.description = "A call's result is thrown away although the function "
		       "must be checked: the library models or the project "
		       "profile say so, or almost every other call site in "
		       "the project uses it.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-252",
	.tags = "correctness error-handling",
	.enabled_by_default = 1,
	.init = init,
};
