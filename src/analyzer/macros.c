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

#define NBUCKETS 4096

typedef struct entry {
	const char *path;	/* stream_name(): one pointer per stream */
	unsigned line, col;
	const char *macro;
	struct entry *next;
} entry;

static entry *buckets[NBUCKETS];

static unsigned hash_pos(const char *path, unsigned line, unsigned col)
{
	return (unsigned)(((uintptr_t)path >> 4) * 31u + line * 1009u + col) %
	       NBUCKETS;
}

static entry *find(const char *path, unsigned line, unsigned col)
{
	entry *e;

	for (e = buckets[hash_pos(path, line, col)]; e; e = e->next)
		if (e->path == path && e->line == line && e->col == col)
			return e;
	return NULL;
}

static void on_expand(struct token *name, struct symbol *macro)
{
	const char *path = stream_name(name->pos.stream);
	unsigned b;
	entry *e;

	if (!path || find(path, name->pos.line, name->pos.pos))
		return;
	e = sci_calloc(1, sizeof(*e));
	e->path = path;
	e->line = name->pos.line;
	e->col = name->pos.pos;
	e->macro = sci_printf_dup("%.*s", macro->ident ? macro->ident->len : 0,
				  macro->ident ? macro->ident->name : "");
	b = hash_pos(path, e->line, e->col);
	e->next = buckets[b];
	buckets[b] = e;
}

void sci__macros_install(void)
{
	macro_expansion_hook = on_expand;
}

const char *sci_pos_macro(sci_pos pos)
{
	entry *e = find(pos.path, pos.line, pos.col);

	return e ? e->macro : NULL;
}
