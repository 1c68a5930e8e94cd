/* the other half of a_names.c's cycle: it needs a_names.c's summaries */
#include <stdio.h>
#include <stdlib.h>

void forget_name(char *name);	/* a_names.c: frees it */

static const char *const names[2] = { "SLOT_A", "SLOT_B" };

/* NULL when the slot's variable is not set */
const char *slot_name(int slot)
{
	return getenv(names[slot & 1]);
}

void rename_slot(char *name)
{
	forget_name(name);
	printf("%s\n", name);	/* expect-error: use-after-free "name" */
}

void drop_slot(char *name)
{
	forget_name(name);
}
