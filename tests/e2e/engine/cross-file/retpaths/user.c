/* A caller in another file learns from slot_get()'s return paths. */
#include <stddef.h>

struct slot { int used; int v; };
struct slot *slot_get(int i);

int slot_value(int i)
{
	struct slot *s = slot_get(i);

	if (!s) {
		__sci_value(i);	/* expect-note: sci-debug "value 'i' = min--1,8-max" */
		return -1;
	}
	__sci_value(i);		/* expect-note: sci-debug "value 'i' = 0-7" */
	return s->v;
}

extern int g_strict;
int checked_len(int n);

int strict_len(int n)
{
	int r;

	g_strict = 1;
	r = checked_len(n);
	__sci_value(r);	/* expect-note: sci-debug "value 'r' = -1" */
	return r;
}
