/* The callee: its return paths travel to callers in other files. */
/* expect-none */
#include <stddef.h>

struct slot { int used; int v; };
static struct slot slots[8];

struct slot *slot_get(int i)
{
	if (i < 0 || i >= 8)
		return NULL;
	return &slots[i];
}

/* a flag of this file the caller sets: part of each return path */
int g_strict;

int checked_len(int n)
{
	if (g_strict)
		n = -1;
	return n;
}
