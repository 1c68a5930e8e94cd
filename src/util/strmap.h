/*
 * strmap.h - a map from strings to sizes (an index into the caller's
 * array, most often), by open addressing.  The keys are the caller's:
 * the map keeps the pointers, so a key must outlive its entry.
 */
#ifndef SCI_UTIL_STRMAP_H
#define SCI_UTIL_STRMAP_H

#include <stddef.h>

typedef struct {
	const char **keys;	/* NULL: a free slot */
	size_t *vals;
	size_t cap, n;		/* cap: 0 or a power of two */
} sci_strmap;

/** Maps @key to @val, replacing what it mapped to. */
void sci_strmap_put(sci_strmap *m, const char *key, size_t val);
/** 1 and *@val when @key is mapped, else 0. */
int sci_strmap_get(const sci_strmap *m, const char *key, size_t *val);
/** Forgets every entry and frees the map's memory (not the keys). */
void sci_strmap_clear(sci_strmap *m);

#endif
