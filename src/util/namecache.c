/*
 * namecache.c - answers kept by a name's address (namecache.h).
 */
#include "util/namecache.h"

#include <stdint.h>
#include <string.h>

static unsigned slot_of(const char *name)
{
	return ((uintptr_t)name >> 3) & (SCI_NAMECACHE_SLOTS - 1);
}

int sci_namecache_get(const sci_namecache *c, const char *name,
		      const void **value)
{
	unsigned i;

	if (!name)
		return 0;
	i = slot_of(name);
	if (c->slot[i].name != name || c->slot[i].epoch != c->epoch ||
	    strcmp(c->slot[i].text, name) != 0)
		return 0;
	*value = c->slot[i].value;
	return 1;
}

void sci_namecache_put(sci_namecache *c, const char *name, const void *value)
{
	size_t n;
	unsigned i;

	if (!name || (n = strlen(name)) >= SCI_NAMECACHE_TEXT)
		return;
	i = slot_of(name);
	c->slot[i].name = name;
	memcpy(c->slot[i].text, name, n + 1);
	c->slot[i].value = value;
	c->slot[i].epoch = c->epoch;
}

void sci_namecache_clear(sci_namecache *c)
{
	c->epoch++;
}
