// SPDX-License-Identifier: MIT
/*
 * format-string: the format of a printf-style function holds input, so
 * whoever writes the input chooses the conversions: `%s` and `%x` read
 * the stack, `%n` writes through it.
 *
 *	if (fgets(line, sizeof line, stdin))
 *		printf(line);		// input is the format
 *	printf("%s", line);		// fine: the input is an argument
 *
 * The functions are the library models' format=N (printf, fprintf,
 * snprintf, vprintf, syslog, err, warn...) and the project's functions
 * whose summary says they pass a parameter on as such a format (a
 * logging wrapper around vfprintf()).  Input is the value layer's
 * "untrusted": a buffer fgets(), read() or recv() filled, what getenv()
 * returns, main's argv, the profile's untrusted sources, and a project
 * function whose summary says it returns input; in a project function, a
 * pointer a caller handed over in memory (a global, `&data`, an element,
 * a member) while it pointed to input.  A format that is a
 * string literal, or any other pointer the program built, is not
 * reported: a format chosen among the program's own strings is common and
 * safe, and gcc's -Wformat-security already lints a non-literal format
 * with no arguments.
 *
 * Known false-positive sources: a program whose job is to format what its
 * user gives (a printf utility: the format comes from argv on purpose),
 * and input checked for conversions by a helper the engine does not read
 * as a check.  Suppress those with a reason.
 */
#include "analyzer/checker.h"

static sci_checker_id me;

/*
 * A pointer to input that a caller handed over in memory - through a
 * global, `&data`, an array element or a struct member - rather than as
 * the argument itself: the engine starts the callee's walk with this
 * state on that place (sci_carry_state_if()), and local copies of it
 * (`char *data = *dataPtr;`) take it.  Kept to this rule: the value
 * layer's input does not travel that way, since other rules
 * (tainted-size) would read counts a program keeps in its own buffers
 * as input.
 */
SCI_STATE(input);

static int holds_input(sci_expr *e)
{
	const sci_key *key;

	if (sci_value_untrusted(e))
		return 1;
	key = sci_key_expr(e);
	return key && sci_state_get(me, key) == &input;
}

static void on_call(sci_expr *call, void *payload)
{
	const char *name = sci_call_name(call);
	int n = sci_profile_format_arg(name);
	sci_expr *format;

	(void)payload;
	if (n < 0 || n >= sci_call_nargs(call))
		return;
	format = sci_call_arg(call, n);
	if (!sci_expr_is_pointer(format) || !holds_input(format))
		return;
	sci_report(me, sci_expr_pos(call), sci_expr_text(format),
		   "the format of %s() is '%s', which holds input: the input chooses the conversions",
		   name, sci_expr_text(format));
}

/* `data = *dataPtr;`: the copy holds what the place held (or not). */
static void on_assign(sci_expr *left, sci_expr *right, sci_pos pos,
		      void *payload)
{
	const sci_key *key = sci_key_expr(left), *from;

	(void)pos;
	(void)payload;
	if (!key || !sci_expr_is_pointer(left))
		return;
	from = right ? sci_key_expr(right) : NULL;
	if (from && sci_state_get(me, from) == &input)
		sci_state_set(me, key, &input);
	else if (sci_state_get(me, key) == &input)
		sci_state_set(me, key, &sci_undefined);
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_call(me, NULL, on_call, NULL);
	sci_on_assign(me, on_assign, NULL);
	sci_carry_state_if(me, &input, sci_key_untrusted);
}

const struct sci_checker sci_checker_format_string = {
	.rule = "format-string",
	.summary = "the format of a printf-style function holds input",
	.description = "A printf-style function (printf, fprintf, snprintf, "
		       "syslog...) gets as its format a string that holds "
		       "data read from input: whoever writes the input "
		       "chooses the conversions, which read the stack or, "
		       "with %n, write memory.  Pass the input as an "
		       "argument: printf(\"%s\", s).",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-134",
	.tags = "security",
	.enabled_by_default = 1,
	.init = init,
};
