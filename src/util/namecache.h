/*
 * namecache.h - answers about names kept by the name's address, for
 * lookups asked millions of times with the same few hundred names (the
 * engine asks the models and the summaries about a callee's name for
 * every hook of every call it walks).  A hit costs a compare of the
 * name's text, kept with the answer: a freed name's address is reused.
 * Names longer than SCI_NAMECACHE_TEXT are never kept.
 */
#ifndef SCI_UTIL_NAMECACHE_H
#define SCI_UTIL_NAMECACHE_H

#define SCI_NAMECACHE_SLOTS 512
#define SCI_NAMECACHE_TEXT 40

typedef struct {
	struct {
		const char *name;
		char text[SCI_NAMECACHE_TEXT];
		const void *value;
		unsigned epoch;
	} slot[SCI_NAMECACHE_SLOTS];
	unsigned epoch;		/* answers of earlier epochs are forgotten */
} sci_namecache;

/** 1 and *@value when an answer for @name is kept, else 0. */
int sci_namecache_get(const sci_namecache *c, const char *name,
		      const void **value);
/** Keeps @value (NULL too: a known miss) as the answer for @name. */
void sci_namecache_put(sci_namecache *c, const char *name, const void *value);
/** Forgets every answer (what the names mean has changed). */
void sci_namecache_clear(sci_namecache *c);

#endif
