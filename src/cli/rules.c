/* rules.c - resolves --enable/--disable against the checker catalogue. */
#include "cli/rules.h"
#include "analyzer/analyzer.h"
#include "util/alloc.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

int sci_cli_rules_resolve(sci_strv *out, const sci_cli_options *o)
{
	size_t n = sci_checks_count(), i, k;
	char *on = sci_calloc(n + 1, 1);
	int error = 0;

	for (i = 0; i < n; i++)
		on[i] = (char)sci_checks_at(i)->enabled_by_default;
	for (k = 0; k < o->nrule_ops; k++) {
		const sci_cli_rule_op *op = &o->rule_ops[k];
		int found = 0;

		for (i = 0; i < n; i++) {
			if (strcmp(op->rule, "all") == 0 ||
			    strcmp(op->rule, sci_checks_at(i)->rule) == 0) {
				on[i] = (char)op->enable;
				found = 1;
			}
		}
		if (!found && strcmp(op->rule, "all") != 0) {
			error = sci_error_set(SCI_EINVALID,
					      "unknown rule '%s' in %s (see --list-checks)",
					      op->rule,
					      op->enable ? "--enable" : "--disable");
			goto done;
		}
	}
	for (i = 0; i < n; i++)
		if (on[i])
			sci_strv_push(out, sci_checks_at(i)->rule);
done:
	free(on);
	return error;
}
