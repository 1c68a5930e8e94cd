/* check_docs.c - lookup in the generated table (see check_docs.h). */
#include "cli/check_docs.h"

#include <string.h>

const char *sci_check_doc_find(const char *rule)
{
	size_t i;

	for (i = 0; i < sci_check_docs_count; i++)
		if (strcmp(sci_check_docs[i].rule, rule) == 0)
			return sci_check_docs[i].markdown;
	return NULL;
}
