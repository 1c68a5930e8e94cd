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
