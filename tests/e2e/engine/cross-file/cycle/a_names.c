/*
 * Two files that call each other.  The first analysis of this one starts
 * before b_table.c has filed any summary, so it is walked for its
 * summaries alone (project.c, "light" analyses); its findings come from
 * the analysis that follows, with b_table.c's summaries.
 */
#include <stdlib.h>
#include <string.h>

const char *slot_name(int slot);	/* b_table.c: may return NULL */

void forget_name(char *name)
{
	free(name);
}

size_t name_length(int slot)
{
	const char *name = slot_name(slot);

	return strlen(name);	/* expect-error: null-deref "the result of slot_name() is not checked" */
}

size_t name_length_checked(int slot)
{
	const char *name = slot_name(slot);

	return name ? strlen(name) : 0;
}
