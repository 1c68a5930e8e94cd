/*
 * arena.c - function-lifetime bump allocator.  States, keys, range lists
 * and strees of one function die together at its end, so nothing in the
 * engine frees them one by one.
 */
#include "analyzer/engine_int.h"
#include "util/alloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_CHUNK (64 * 1024)

struct chunk {
	struct chunk *next;
	size_t used, size;
	max_align_t data[];
};

static struct chunk *chunks;
static size_t used;
/*
 * Standard chunks of earlier functions, kept for the next ones: freeing
 * and allocating them again for every function made glibc give the pages
 * back and fault them in again (madvise, page faults: a third of the time
 * on real code).  At most ARENA_KEEP of them are kept.
 */
#define ARENA_KEEP 64
static struct chunk *spare;
static int nspare;

void *sci_arena_alloc(size_t n)
{
	struct chunk *c = chunks;
	void *p;

	n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	used += n;
	if (!c || c->used + n > c->size) {
		size_t size = n > ARENA_CHUNK ? n : ARENA_CHUNK;

		if (size == ARENA_CHUNK && spare) {
			c = spare;
			spare = c->next;
			nspare--;
		} else {
			c = sci_malloc(sizeof(*c) + size);
		}
		c->size = size;
		c->used = 0;
		c->next = chunks;
		chunks = c;
	}
	p = (char *)c->data + c->used;
	c->used += n;
	memset(p, 0, n);
	return p;
}

char *sci_arena_strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = sci_arena_alloc(n);

	memcpy(p, s, n);
	return p;
}

char *sci_arena_printf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = sci_vprintf_with(sci_arena_alloc, fmt, ap);
	va_end(ap);
	return p;
}

size_t sci__arena_used(void)
{
	return used;
}

void sci_arena_reset(void)
{
	used = 0;
	while (chunks) {
		struct chunk *next = chunks->next;

		if (chunks->size == ARENA_CHUNK && nspare < ARENA_KEEP) {
			chunks->next = spare;
			spare = chunks;
			nspare++;
		} else {
			free(chunks);
		}
		chunks = next;
	}
}
