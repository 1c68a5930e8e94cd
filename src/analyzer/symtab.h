/*
 * symtab.h - tables of per-symbol records: what the TU scan keeps per
 * function and variable (tu_facts.c), what callers pass per function
 * (callers.c), what functions leave in globals (gexits.c).  The records
 * are the caller's type, their first member the key.  Inline, so that a
 * record's size is a constant where the table is probed: the lookups are
 * on the walk's hot path.
 *
 * Why the records are a dense array beside a hash index of 32-bit
 * positions, not the slots of the hash table themselves: a redis TU
 * declares thousands of symbols and a fact is some 300 bytes, so an open
 * table of records at most half full, doubled as it grew, wrote (and
 * faulted in, page by page) several megabytes per worker: 9% of a redis
 * run's page faults.  Probing the index now touches 4 bytes a slot.
 */
#ifndef SCI_ANALYZER_SYMTAB_H
#define SCI_ANALYZER_SYMTAB_H

#include "util/alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct symbol;

/*
 * @recs holds @n records in the order they were added, each starting
 * with its `struct symbol *`, so a typed pointer walks it as an array.
 * @index has @cap entries (0 or a power of 2): 0 empty, else a record's
 * position + 1.  A record may move when another is added.
 */
typedef struct {
	void *recs;
	size_t n, caprecs;
	uint32_t *index;
	size_t cap;
} sci_symtab;

static inline size_t sci__symtab_slot(const struct symbol *sym, size_t cap)
{
	uintptr_t h = (uintptr_t)sym;

	h ^= h >> 17;
	h *= 0x9e3779b97f4a7c15ULL;
	return (size_t)(h >> 7) & (cap - 1);
}

static inline struct symbol *sci__symtab_key(const char *recs, size_t size,
					     size_t i)
{
	struct symbol *key;

	memcpy(&key, recs + i * size, sizeof(key));
	return key;
}

/* Index slot of @sym (@t->cap > 0): its record's, or the empty one. */
static inline size_t sci__symtab_find(const sci_symtab *t, size_t size,
				      const struct symbol *sym)
{
	size_t i;

	for (i = sci__symtab_slot(sym, t->cap); t->index[i];
	     i = (i + 1) & (t->cap - 1))
		if (sci__symtab_key(t->recs, size, t->index[i] - 1) == sym)
			break;
	return i;
}

static inline void *sci__symtab_get(sci_symtab *t, size_t size,
				    size_t first_cap, struct symbol *sym,
				    int add)
{
	size_t i, k;

	if (!sym || (!t->cap && !add))
		return NULL;
	if (add && (t->n + 1) * 2 > t->cap) {
		t->cap = t->cap ? t->cap * 2 : first_cap;
		free(t->index);
		t->index = sci_calloc(t->cap, sizeof(*t->index));
		for (k = 0; k < t->n; k++) {
			i = sci__symtab_slot(sci__symtab_key(t->recs, size, k),
					     t->cap);
			while (t->index[i])
				i = (i + 1) & (t->cap - 1);
			t->index[i] = (uint32_t)(k + 1);
		}
	}
	i = sci__symtab_find(t, size, sym);
	if (t->index[i])
		return (char *)t->recs + (size_t)(t->index[i] - 1) * size;
	if (!add)
		return NULL;
	if (t->n == t->caprecs) {
		t->caprecs = t->caprecs ? t->caprecs * 2 : first_cap / 2;
		t->recs = sci_realloc(t->recs, t->caprecs * size);
	}
	k = t->n++;
	memset((char *)t->recs + k * size, 0, size);
	memcpy((char *)t->recs + k * size, &sym, sizeof(sym));
	t->index[i] = (uint32_t)(k + 1);
	return (char *)t->recs + k * size;
}

static inline void sci__symtab_clear(sci_symtab *t)
{
	free(t->recs);
	free(t->index);
	memset(t, 0, sizeof(*t));
}

#endif
