/*
 * A pointer handed down a chain of functions in five files, the last of
 * which dereferences it: every link is known from its callee's summary
 * only after the run settles, one file per round.
 */
#include <stddef.h>

void sink_b(int *data);

void bad(void)
{
	int *data = NULL;

	sink_b(data);	/* expect-error: null-deref "'data' is NULL when passed to sink_b()" */
}

void good(void)
{
	int value = 5;

	sink_b(&value);
}
