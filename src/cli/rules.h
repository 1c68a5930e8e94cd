/*
 * rules.h - which checks run: the catalogue's defaults, then the config
 * file's "checks" (its "enabled", then its "disabled"), then --enable and
 * --disable in command-line order ("all" names every check).
 */
#ifndef SCI_CLI_RULES_H
#define SCI_CLI_RULES_H

#include "cli/config.h"
#include "cli/options.h"
#include "cli/strv.h"

/**
 * Appends to @out the rule ids to run, in catalogue order.
 *
 * Returns 0, or SCI_EINVALID for a rule the catalogue does not know.
 */
int sci_cli_rules_resolve(sci_strv *out, const sci_cli_options *o);

/** The same, with the "checks" of config @c (may be NULL) first. */
int sci_cli_rules_resolve_config(sci_strv *out, const sci_cli_options *o,
				 const sci_config *c);

#endif
