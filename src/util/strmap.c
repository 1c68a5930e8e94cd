/*
 * strmap.c - see strmap.h.  Grown at half full, so a probe is short and
 * a miss ends at a free slot soon.
 */
#include "util/strmap.h"
#include "util/alloc.h"

#include <stdlib.h>
#include <string.h>

static size_t hash(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h;
}

/* The slot of @key, or the free slot where it would go. */
static size_t slot(const sci_strmap *m, const char *key)
{
	size_t i = hash(key) & (m->cap - 1);

	while (m->keys[i] && strcmp(m->keys[i], key) != 0)
		i = (i + 1) & (m->cap - 1);
	return i;
}

static void grow(sci_strmap *m)
{
	sci_strmap bigger = { 0 };
	size_t i;

	bigger.cap = m->cap ? m->cap * 2 : 64;
	bigger.keys = sci_calloc(bigger.cap, sizeof(*bigger.keys));
	bigger.vals = sci_calloc(bigger.cap, sizeof(*bigger.vals));
	for (i = 0; i < m->cap; i++)
		if (m->keys[i]) {
			size_t k = slot(&bigger, m->keys[i]);

			bigger.keys[k] = m->keys[i];
			bigger.vals[k] = m->vals[i];
		}
	bigger.n = m->n;
	free(m->keys);
	free(m->vals);
	*m = bigger;
}

void sci_strmap_put(sci_strmap *m, const char *key, size_t val)
{
	size_t i;

	if ((m->n + 1) * 2 > m->cap)
		grow(m);
	i = slot(m, key);
	if (!m->keys[i])
		m->n++;
	/* the newest holder of the string: an older one may go first */
	m->keys[i] = key;
	m->vals[i] = val;
}

int sci_strmap_get(const sci_strmap *m, const char *key, size_t *val)
{
	size_t i;

	if (!m->cap)
		return 0;
	i = slot(m, key);
	if (!m->keys[i])
		return 0;
	*val = m->vals[i];
	return 1;
}

void sci_strmap_clear(sci_strmap *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}
