/*
 * check_docs.h - the docs/checks/<rule>.md pages, compiled in (generated
 * by cmake/EmbedDocs.cmake) for SARIF rules[].help.markdown.
 */
#ifndef SCI_CLI_CHECK_DOCS_H
#define SCI_CLI_CHECK_DOCS_H

#include <stddef.h>

typedef struct {
	const char *rule;
	const char *markdown;
} sci_check_doc;

extern const sci_check_doc sci_check_docs[];
extern const size_t sci_check_docs_count;

/** The page for @rule, or NULL. */
const char *sci_check_doc_find(const char *rule);

#endif
