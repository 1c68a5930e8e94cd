/*
 * rule.h - what reports need to know about a rule (SARIF rules[],
 * GitLab check_name, Markdown), as plain data so src/report never includes
 * analyzer headers.  The driver fills these from the checker catalogue and
 * the docs/checks/<rule>.md pages compiled into the binary.
 */
#ifndef SCI_UTIL_RULE_H
#define SCI_UTIL_RULE_H

#include <stddef.h>
#include "util/diag.h"

typedef struct {
	const char *id;			/* kebab-case */
	const char *summary;		/* shortDescription */
	const char *description;	/* fullDescription */
	const char *help_markdown;	/* docs/checks/<id>.md, or NULL */
	const char *help_uri;		/* or NULL */
	sci_level level;		/* default level */
	const char *cwe;		/* "CWE-401" or NULL */
	const char *tags;		/* space separated, or NULL */
} sci_rule_info;

#endif
