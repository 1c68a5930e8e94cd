/*
 * includes.c - the #include search without opening what is not there.
 *
 * Why: sparse looks for every header in each include directory in turn,
 * and opens the candidate to find out (a header named again, guarded, is
 * looked for the same way).  A TU of redis makes about 2 900 open() calls
 * that fail, one per -I directory per header; each is a path walk in the
 * kernel, and on a virtual machine a trap into the hypervisor.  A
 * directory read once answers all of them: the search asks
 * include_lookup_hook (sparse patch 0006) before each open(), and a
 * name the listing of its directory does not hold is skipped.
 *
 * The listings are the analysis's, taken the first time a directory is
 * asked about, so only a header written during the analysis could be
 * missed.  When a directory cannot be
 * read (no permission to list, too many names), the answer is "maybe",
 * and sparse opens the file as before.
 *
 * A driver that forks a worker per TU also keeps, in its own process, the
 * directories its workers listed (sci_analyzer_keep_include_dir(), told
 * through sci_analyze_opts.on_include_dir): the workers forked after find
 * them listed.  Every worker listed /usr/include and its neighbours again,
 * 4% of a redis run.  Then only a header written during the run could be
 * missed.
 */
#include "analyzer/engine_int.h"
#include "util/alloc.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* a directory holding more names than this is not listed */
#define MAX_NAMES 20000

enum { DIR_LISTED, DIR_MISSING, DIR_UNKNOWN };

/*
 * One table for both: a directory ("d" + path) with its state, and each
 * name it holds ("n" + path + "/" + name; "n" + name for the current
 * directory).  Open addressing, grown at half full.
 */
typedef struct {
	char *key;	/* NULL: free */
	size_t len;
	uint32_t hash;
	int state;
} slot;

/* the keys, a few thousand short strings per analysis: bump-allocated */
typedef struct keys_chunk keys_chunk;

typedef struct {
	slot *table;
	size_t cap, used;
	keys_chunk *chunks;
} listing;

/* this analysis's listings; the ones the driver kept before forking */
static listing mine, kept;

static void (*on_listed)(const char *dir, void *payload);
static void *on_listed_payload;

#define KEYS_CHUNK (64 * 1024)

struct keys_chunk {
	struct keys_chunk *next;
	size_t used, size;
	char data[];
};

static char *key_alloc(listing *l, size_t n)
{
	keys_chunk *c = l->chunks;

	if (!c || c->used + n > c->size) {
		size_t size = n > KEYS_CHUNK ? n : KEYS_CHUNK;

		c = sci_malloc(sizeof(*c) + size);
		c->next = l->chunks;
		c->used = 0;
		c->size = size;
		l->chunks = c;
	}
	c->used += n;
	return c->data + c->used - n;
}

static uint32_t hash_bytes(char kind, const char *s, size_t n)
{
	uint32_t h = 2166136261u ^ (unsigned char)kind;
	size_t i;

	h *= 16777619u;
	for (i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= 16777619u;
	}
	return h;
}

static slot *find(const listing *l, char kind, const char *s, size_t n,
		  uint32_t h)
{
	slot *table = l->table;
	size_t i, cap = l->cap;

	for (i = h & (cap - 1); table[i].key; i = (i + 1) & (cap - 1))
		if (table[i].hash == h && table[i].len == n + 1 &&
		    table[i].key[0] == kind && memcmp(table[i].key + 1, s, n) == 0)
			return &table[i];
	return &table[i];
}

static void grow(listing *l)
{
	slot *old = l->table;
	size_t oldcap = l->cap, i;

	l->cap = l->cap ? l->cap * 2 : 1024;
	l->table = sci_calloc(l->cap, sizeof(*l->table));
	for (i = 0; i < oldcap; i++)
		if (old[i].key) {
			size_t k = old[i].hash & (l->cap - 1);

			while (l->table[k].key)
				k = (k + 1) & (l->cap - 1);
			l->table[k] = old[i];
		}
	free(old);
}

static void put(listing *l, char kind, const char *s, size_t n, int state)
{
	uint32_t h;
	slot *e;

	if ((l->used + 1) * 2 > l->cap)
		grow(l);
	h = hash_bytes(kind, s, n);
	e = find(l, kind, s, n, h);
	if (e->key)
		return;
	e->key = key_alloc(l, n + 2);
	e->key[0] = kind;
	memcpy(e->key + 1, s, n);
	e->key[n + 1] = '\0';
	e->len = n + 1;
	e->hash = h;
	e->state = state;
	l->used++;
}

static int has_in(const listing *l, char kind, const char *s, size_t n,
		  int *state)
{
	slot *e;

	if (!l->cap)
		return 0;
	e = find(l, kind, s, n, hash_bytes(kind, s, n));
	if (!e->key)
		return 0;
	if (state)
		*state = e->state;
	return 1;
}

/* A directory and its names are in one listing: mine, else the kept. */
static int has(char kind, const char *s, size_t n, int *state)
{
	return has_in(&mine, kind, s, n, state) ||
	       has_in(&kept, kind, s, n, state);
}

/*
 * Lists the directory @dir (@n bytes; "" is the current one) into @l,
 * and returns its state.
 */
static int list(listing *l, const char *dir, size_t n)
{
	char *path = sci_malloc(n + 2), *key = NULL;
	size_t keycap = 0, count = 0;
	struct dirent *d;
	DIR *dp;
	int state;

	memcpy(path, n ? dir : ".", n ? n : 1);
	path[n ? n : 1] = '\0';
	dp = opendir(path);
	if (!dp) {
		/* gone, or not a directory: nothing below it exists */
		state = errno == ENOENT || errno == ENOTDIR ? DIR_MISSING :
							       DIR_UNKNOWN;
		put(l, 'd', dir, n, state);
		free(path);
		return state;
	}
	state = DIR_LISTED;
	while ((d = readdir(dp)) != NULL) {
		size_t len = strlen(d->d_name), k = n ? n + 1 + len : len;

		if (++count > MAX_NAMES) {
			state = DIR_UNKNOWN;
			break;
		}
		if (k + 1 > keycap) {
			keycap = k + 64;
			key = sci_realloc(key, keycap);
		}
		if (n) {
			memcpy(key, dir, n);
			key[n] = '/';
			memcpy(key + n + 1, d->d_name, len);
		} else {
			memcpy(key, d->d_name, len);
		}
		put(l, 'n', key, k, 0);
	}
	closedir(dp);
	free(key);
	free(path);
	/* a partial listing's names stay: asking for them says "maybe" */
	put(l, 'd', dir, n, state);
	return state;
}

/* Tells the driver the directory @dir (@n bytes of it) was listed. */
static void tell_listed(const char *dir, size_t n)
{
	char *copy = sci_malloc(n + 1);

	memcpy(copy, dir, n);
	copy[n] = '\0';
	on_listed(copy, on_listed_payload);
	free(copy);
}

/*
 * The hook: 0 when @fullname surely does not exist.  @dirlen is the length
 * of the include directory with its '/' (0 for the current directory).
 * Every directory on the way is checked, so "sys/types.h" is known missing
 * from a directory without "sys" and from a "sys" without "types.h".
 */
static int lookup(const char *fullname, int dirlen)
{
	size_t dir = dirlen > 0 ? (size_t)dirlen - 1 : 0;
	const char *p = fullname + (dirlen > 0 ? dirlen : 0);

	while (*p) {
		const char *end = strchr(p, '/');
		size_t end_at = end ? (size_t)(end - fullname) :
				      strlen(fullname);
		int state;

		/* "a//b": the keys have one slash, so no answer */
		if (end == p)
			return 1;
		if (!has('d', fullname, dir, &state)) {
			state = list(&mine, fullname, dir);
			if (on_listed && state != DIR_UNKNOWN)
				tell_listed(fullname, dir);
		}
		if (state == DIR_MISSING)
			return 0;
		if (state == DIR_UNKNOWN)
			return 1;
		if (!has('n', fullname, end_at, NULL))
			return 0;
		if (!end)
			return 1;
		dir = end_at;
		p = end + 1;
	}
	return 1;
}

/*
 * Starts with no listing of its own (a process may analyze TUs one after
 * another), with the ones kept before.
 */
void sci__includes_install(void (*listed)(const char *dir, void *payload),
			   void *payload)
{
	while (mine.chunks) {
		keys_chunk *next = mine.chunks->next;

		free(mine.chunks);
		mine.chunks = next;
	}
	free(mine.table);
	memset(&mine, 0, sizeof(mine));
	on_listed = listed;
	on_listed_payload = payload;
	include_lookup_hook = lookup;
}

void sci_analyzer_keep_include_dir(const char *dir)
{
	size_t n = strlen(dir);

	if (!has_in(&kept, 'd', dir, n, NULL))
		list(&kept, dir, n);
}
