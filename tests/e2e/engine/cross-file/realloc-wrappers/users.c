/* expect-none */
/* The old block after a failed grow() is still the caller's to free. */
#include <stdlib.h>

void *grow(void *ptr, size_t size);
int more(void);

char **split(size_t want)
{
	size_t slots = 4, n = 0, i;
	char **v = malloc(slots * sizeof(*v));

	if (!v)
		return NULL;
	while (n < want && more()) {
		if (n + 1 >= slots) {
			char **bigger;

			slots *= 2;
			bigger = grow(v, slots * sizeof(*v));
			if (!bigger)
				goto fail;
			v = bigger;
		}
		v[n] = malloc(8);
		if (!v[n])
			goto fail;
		n++;
	}
	v[n] = NULL;
	return v;
fail:
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
	return NULL;
}

char **push_one(char **v)
{
	char **bigger;

	if (more()) {
		bigger = grow(v, 64);
		if (!bigger)
			goto fail;
		v = bigger;
	}
	v[0] = NULL;
	return v;
fail:
	free(v);
	return NULL;
}
