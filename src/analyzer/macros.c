/*
 * macros.c - which macro produced the code at a position.  Our sparse
 * patch calls macro_expansion_hook for every expansion with the macro's
 * name token; every token of the expansion (arguments included) carries
 * that token's position, so the position alone identifies the macro.
 * The outermost macro wins when expansions nest.
 */
#include "analyzer/engine_int.h"
#include "util/alloc.h"

#include <stdint.h>
#include <string.h>

/*
 * A TU of redis or git expands tens of thousands of macros, most of them
 * in headers, and the engine asks about a few hundred positions: the
 * table grows with the expansions, entries come in blocks, and a macro's
 * name is copied out of sparse's ident only when asked for.
 */
#define FIRST_BUCKETS 4096
#define BLOCK 1024

typedef struct entry {
	const char *path;	/* stream_name(): one pointer per stream */
	unsigned line, col;
	const struct ident *ident;
	char *macro;		/* ident's name, once asked for */
	struct entry *next;
} entry;

typedef struct block {
	struct block *next;
	size_t used;
	entry v[BLOCK];
} block;

static entry **buckets;
static size_t nbuckets, nentries;
static block *blocks;

static size_t hash_pos(const char *path, unsigned line, unsigned col,
		       size_t n)
{
	uint64_t h = ((uint64_t)(uintptr_t)path >> 4) * 0x9e3779b97f4a7c15ull;

	h ^= ((uint64_t)line << 20 | col) * 0xc2b2ae3d27d4eb4full;
	return (size_t)(h ^ h >> 29) & (n - 1);
}

static entry *find(const char *path, unsigned line, unsigned col)
{
	entry *e;

	if (!nbuckets)
		return NULL;
	for (e = buckets[hash_pos(path, line, col, nbuckets)]; e; e = e->next)
		if (e->path == path && e->line == line && e->col == col)
			return e;
	return NULL;
}

static void grow(void)
{
	size_t n = nbuckets ? nbuckets * 2 : FIRST_BUCKETS, i;
	entry **v = sci_calloc(n, sizeof(*v));

	for (i = 0; i < nbuckets; i++) {
		entry *e = buckets[i], *next;

		for (; e; e = next) {
			size_t b = hash_pos(e->path, e->line, e->col, n);

			next = e->next;
			e->next = v[b];
			v[b] = e;
		}
	}
	free(buckets);
	buckets = v;
	nbuckets = n;
}

static void on_expand(struct token *name, struct symbol *macro)
{
	const char *path = stream_name(name->pos.stream);
	size_t b;
	entry *e;

	if (!path || find(path, name->pos.line, name->pos.pos))
		return;
	if (nentries >= nbuckets)
		grow();
	if (!blocks || blocks->used == BLOCK) {
		block *k = sci_malloc(sizeof(*k));

		k->next = blocks;
		k->used = 0;
		blocks = k;
	}
	e = &blocks->v[blocks->used++];
	e->path = path;
	e->line = name->pos.line;
	e->col = name->pos.pos;
	e->ident = macro->ident;
	e->macro = NULL;
	b = hash_pos(path, e->line, e->col, nbuckets);
	e->next = buckets[b];
	buckets[b] = e;
	nentries++;
}

void sci__macros_install(void)
{
	macro_expansion_hook = on_expand;
}

const char *sci_pos_macro(sci_pos pos)
{
	entry *e = find(pos.path, pos.line, pos.col);

	if (!e)
		return NULL;
	if (!e->macro)
		e->macro = sci_printf_dup("%.*s", e->ident ? e->ident->len : 0,
					  e->ident ? e->ident->name : "");
	return e->macro;
}
