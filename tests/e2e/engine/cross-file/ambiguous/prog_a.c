/* Two programs in one tree, each with its own usage(): which one a caller
 * links with is not known, so neither summary is used. */
/* expect-none */
#include <stdlib.h>

void *usage(void)
{
	return malloc(1);
}
