/* rules.c - resolves --enable/--disable against the checker catalogue. */
#include "cli/rules.h"
#include "analyzer/analyzer.h"
#include "util/alloc.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

/* Turns @rule ("all": every rule) on or off in @on; 0 or SCI_EINVALID. */
static int apply(char *on, const char *rule, int enable, const char *from)
{
	size_t n = sci_checks_count(), i;
	int found = 0;

	for (i = 0; i < n; i++) {
		if (strcmp(rule, "all") == 0 ||
		    strcmp(rule, sci_checks_at(i)->rule) == 0) {
			on[i] = (char)enable;
			found = 1;
		}
	}
	if (!found && strcmp(rule, "all") != 0)
		return sci_error_set(SCI_EINVALID,
				     "unknown rule '%s' in %s (see --list-checks)",
				     rule, from);
	return 0;
}

int sci_cli_rules_resolve_config(sci_strv *out, const sci_cli_options *o,
				 const sci_config *c)
{
	size_t n = sci_checks_count(), i, k;
	char *on = sci_calloc(n + 1, 1);
	int error = 0;

	for (i = 0; i < n; i++)
		on[i] = (char)sci_checks_at(i)->enabled_by_default;
	/* the file first: the command line of this one run wins over it */
	for (k = 0; c && k < c->enabled.n && !error; k++)
		error = apply(on, c->enabled.v[k], 1, c->path);
	for (k = 0; c && k < c->disabled.n && !error; k++)
		error = apply(on, c->disabled.v[k], 0, c->path);
	for (k = 0; k < o->nrule_ops && !error; k++)
		error = apply(on, o->rule_ops[k].rule, o->rule_ops[k].enable,
			      o->rule_ops[k].enable ? "--enable" : "--disable");
	if (error < 0)
		goto done;
	for (i = 0; i < n; i++)
		if (on[i])
			sci_strv_push(out, sci_checks_at(i)->rule);
done:
	free(on);
	return error;
}

int sci_cli_rules_resolve(sci_strv *out, const sci_cli_options *o)
{
	return sci_cli_rules_resolve_config(out, o, NULL);
}
