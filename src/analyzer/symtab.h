/*
 * symtab.h - tables of per-symbol records, by open addressing on the
 * symbol's address: what the TU scan keeps per function and variable
 * (tu_facts.c) and what callers pass per function (callers.c).  The
 * records are the caller's type, their first member the key.  Inline, so
 * that a record's size is a constant where the table is probed: the
 * lookups are on the walk's hot path.
 */
#ifndef SCI_ANALYZER_SYMTAB_H
#define SCI_ANALYZER_SYMTAB_H

#include "util/alloc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct symbol;

/*
 * @slots holds @cap records, each starting with its `struct symbol *`
 * (NULL: an empty slot), so a typed pointer walks it as an array.
 */
typedef struct {
	void *slots;
	size_t n, cap;		/* cap: 0 or a power of 2 */
} sci_symtab;

static inline size_t sci__symtab_slot(const struct symbol *sym, size_t cap)
{
	uintptr_t h = (uintptr_t)sym;

	h ^= h >> 17;
	h *= 0x9e3779b97f4a7c15ULL;
	return (size_t)(h >> 7) & (cap - 1);
}

static inline struct symbol *sci__symtab_key(const char *slots, size_t size,
					     size_t i)
{
	struct symbol *key;

	memcpy(&key, slots + i * size, sizeof(key));
	return key;
}

/*
 * @sym's record in @t (records of @size bytes, @first_cap slots when the
 * table is made), added zeroed but for its key when @add; NULL when
 * absent.  Adding may move every record.
 */
static inline void *sci__symtab_get(sci_symtab *t, size_t size,
				    size_t first_cap, struct symbol *sym,
				    int add)
{
	char *slots = t->slots;
	size_t i, k;

	if (!sym || (!t->cap && !add))
		return NULL;
	if (add && (t->n + 1) * 2 > t->cap) {
		size_t oldcap = t->cap;
		char *old = slots;

		t->cap = t->cap ? t->cap * 2 : first_cap;
		slots = sci_calloc(t->cap, size);
		for (k = 0; k < oldcap; k++) {
			struct symbol *key = sci__symtab_key(old, size, k);

			if (!key)
				continue;
			i = sci__symtab_slot(key, t->cap);
			while (sci__symtab_key(slots, size, i))
				i = (i + 1) & (t->cap - 1);
			memcpy(slots + i * size, old + k * size, size);
		}
		free(old);
		t->slots = slots;
	}
	for (i = sci__symtab_slot(sym, t->cap); sci__symtab_key(slots, size, i);
	     i = (i + 1) & (t->cap - 1))
		if (sci__symtab_key(slots, size, i) == sym)
			return slots + i * size;
	if (!add)
		return NULL;
	memcpy(slots + i * size, &sym, sizeof(sym));
	t->n++;
	return slots + i * size;
}

/* Frees the slots (not what the records own); @t is empty again. */
static inline void sci__symtab_clear(sci_symtab *t)
{
	free(t->slots);
	t->slots = NULL;
	t->n = t->cap = 0;
}

#endif
