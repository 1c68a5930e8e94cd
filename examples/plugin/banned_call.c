// SPDX-License-Identifier: MIT
/*
 * banned-call: a call of a function this project has banned, with the
 * project's reason and what to call instead.  An out-of-tree checker:
 * built against the installed <smatch-ci/checker.h> only and loaded with
 * `smatch-ci --plugin banned_call.so` (README.md).
 *
 *	char name[16];
 *	gets(name);		// banned: no bound on what it writes
 *
 * The list is the project's policy, so it lives here, in the project's
 * own plugin, not in smatch-ci: edit `banned` below and rebuild.  Each
 * entry registers a call hook for its name; the hook's payload is the
 * entry, so no lookup happens per call.
 *
 * Not reported: calls through function pointers (no name) and a project
 * function that merely has a banned name is reported as the library one
 * is: the ban is on the name.
 */
#include <smatch-ci/checker.h>

static sci_checker_id me;

typedef struct {
	const char *name;
	const char *instead;
} banned_fn;

static const banned_fn banned[] = {
	{ "gets", "it cannot be told the buffer's size; use fgets()" },
	{ "strcpy", "it does not know the destination's size; use strlcpy() or snprintf()" },
	{ "strcat", "it does not know the destination's size; use strlcat() or snprintf()" },
	{ "sprintf", "it does not know the destination's size; use snprintf()" },
	{ "tmpnam", "another process can take the name first; use mkstemp()" },
};

static void on_banned_call(sci_expr *call, void *payload)
{
	const banned_fn *b = payload;

	sci_report(me, sci_expr_pos(call), b->name,
		   "call of banned function '%s': %s", b->name, b->instead);
}

static void init(sci_checker_id id)
{
	size_t i;

	me = id;
	for (i = 0; i < sizeof(banned) / sizeof(banned[0]); i++)
		sci_on_call(me, banned[i].name, on_banned_call,
			    (void *)&banned[i]);
}

static const struct sci_checker banned_call = {
	.rule = "banned-call",
	.summary = "a call of a function the project bans",
	.description = "The project bans some functions (gets, strcpy, "
		       "sprintf...) because a safer one does the same job; "
		       "the message says which to use instead.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-676",
	.tags = "security",
	.enabled_by_default = 1,
	.init = init,
};

static const struct sci_checker *const checkers[] = { &banned_call, NULL };

SCI_PLUGIN_EXPORT const struct sci_plugin sci_plugin = {
	.api_version = SCI_CHECKER_API_VERSION,
	.name = "banned-calls example",
	.checkers = checkers,
};
