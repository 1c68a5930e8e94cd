/* expect-none */
#include <stdlib.h>

void fatal(const char *msg);

int first(void)
{
	int *v = malloc(sizeof(*v));

	if (!v)
		fatal("out of memory");
	*v = 1;
	free(v);
	return 0;
}
