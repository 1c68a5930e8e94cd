/* strv.c - NULL-terminated string vectors. */
#include "cli/strv.h"
#include "util/alloc.h"

#include <stdlib.h>
#include <string.h>

void sci_strv_push_take(sci_strv *sv, char *s)
{
	if (sv->n + 1 >= sv->cap) {
		sv->cap = sv->cap ? sv->cap * 2 : 8;
		sv->v = sci_realloc(sv->v, sv->cap * sizeof(*sv->v));
	}
	sv->v[sv->n++] = s;
	sv->v[sv->n] = NULL;
}

void sci_strv_push(sci_strv *sv, const char *s)
{
	sci_strv_push_take(sv, sci_strdup(s));
}

void sci_strv_extend(sci_strv *sv, const sci_strv *other)
{
	size_t i;

	for (i = 0; i < other->n; i++)
		sci_strv_push(sv, other->v[i]);
}

long sci_strv_index(const sci_strv *sv, const char *s)
{
	size_t i;

	for (i = 0; i < sv->n; i++)
		if (strcmp(sv->v[i], s) == 0)
			return (long)i;
	return -1;
}

void sci_strv_remove(sci_strv *sv, size_t i)
{
	if (i >= sv->n)
		return;
	free(sv->v[i]);
	memmove(&sv->v[i], &sv->v[i + 1], (sv->n - i) * sizeof(*sv->v));
	sv->n--;
}

void sci_strv_clear(sci_strv *sv)
{
	size_t i;

	if (!sv)
		return;
	for (i = 0; i < sv->n; i++)
		free(sv->v[i]);
	free(sv->v);
	memset(sv, 0, sizeof(*sv));
}

char **sci_strv_detach(sci_strv *sv)
{
	char **v = sv->v;

	if (!v)
		v = sci_calloc(1, sizeof(*v));
	memset(sv, 0, sizeof(*sv));
	return v;
}

void sci_strv_free_array(char **v)
{
	char **p;

	if (!v)
		return;
	for (p = v; *p; p++)
		free(*p);
	free(v);
}
