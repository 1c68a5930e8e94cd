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
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#define ARENA_BLOCK (64 * 1024)	/* a standard chunk, header included */

struct chunk {
	struct chunk *next;
	size_t used, size;
	int from_region;
	max_align_t data[];
};

#define ARENA_CHUNK (ARENA_BLOCK - sizeof(struct chunk))

static struct chunk *chunks;
static size_t used;
/*
 * Standard chunks of earlier functions, kept for the next ones: freeing
 * and allocating them again for every function made glibc give the pages
 * back and fault them in again (madvise, page faults: a third of the time
 * on real code).
 */
static struct chunk *spare;

/*
 * Standard chunks are cut from regions of REGION bytes, aligned to their
 * size, asked for as one transparent huge page and populated when mapped
 * (as sparse's blobs are, patches/sparse/0005): every worker is a fresh
 * process, and touching a new arena page by page was 37% of the page
 * faults of a redis run (each a trap into the hypervisor on a virtual
 * machine).  Regions are never unmapped: the process ends with the TU.
 */
#define REGION (2UL << 20)

static char *region_next, *region_end;

static char *region_new(void)
{
	char *raw, *start;
	size_t lead;

#ifdef __SANITIZE_ADDRESS__
	/* malloc'd chunks, whose ends ASan guards */
	return NULL;
#endif
	raw = mmap(NULL, 2 * REGION, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (raw == MAP_FAILED)
		return NULL;
	lead = (REGION - (uintptr_t)raw % REGION) % REGION;
	start = raw + lead;
	if (lead)
		munmap(raw, lead);
	munmap(start + REGION, REGION - lead);
#ifdef MADV_HUGEPAGE
	madvise(start, REGION, MADV_HUGEPAGE);
#endif
#ifdef MADV_POPULATE_WRITE
	/* where it is unknown (before Linux 5.14), pages fault in as used */
	madvise(start, REGION, MADV_POPULATE_WRITE);
#endif
	return start;
}

void *sci__region_zeroed(size_t size)
{
	char *r = size <= REGION ? region_new() : NULL;

	/* a fresh anonymous mapping reads as zeros */
	return r ? r : sci_calloc(1, size);
}

static struct chunk *standard_chunk(void)
{
	struct chunk *c = spare;

	if (c) {
		spare = c->next;
		return c;
	}
	if ((size_t)(region_end - region_next) < ARENA_BLOCK) {
		char *r = region_new();

		if (!r) {
			c = sci_malloc(ARENA_BLOCK);
			c->from_region = 0;
			return c;
		}
		region_next = r;
		region_end = r + REGION;
	}
	c = (struct chunk *)region_next;
	region_next += ARENA_BLOCK;
	c->from_region = 1;
	return c;
}

void *sci_arena_alloc(size_t n)
{
	struct chunk *c = chunks;
	void *p;

	n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	used += n;
	if (!c || c->used + n > c->size) {
		if (n <= ARENA_CHUNK) {
			c = standard_chunk();
			c->size = ARENA_CHUNK;
		} else {
			c = sci_malloc(sizeof(*c) + n);
			c->from_region = 0;
			c->size = n;
		}
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

		if (chunks->size == ARENA_CHUNK) {
			chunks->next = spare;
			spare = chunks;
		} else {
			free(chunks);
		}
		chunks = next;
	}
}
