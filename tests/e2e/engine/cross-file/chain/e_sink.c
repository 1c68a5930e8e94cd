/* expect-none */
#include <stdio.h>

void sink_e(int *data)
{
	printf("%d\n", *data);
}
