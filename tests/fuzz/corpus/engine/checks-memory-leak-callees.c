/*
 * memory-leak through functions of the same file: allocator and free
 * wrappers, and helpers that only read what they get, are known from their
 * own analysis (callees first), with no profile.
 */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

struct item { char *name; int n; };
static struct item *registry;

static struct item *item_new(const char *name)
{
	struct item *it = calloc(1, sizeof(*it));

	if (!it)
		return NULL;
	it->name = strdup(name);
	return it;
}

/* frees its argument; a NULL one has nothing to free */
static void item_free(struct item *it)
{
	if (!it)
		return;
	free(it->name);
	free(it);
}

/* only reads: passing memory to it is no escape */
static int item_len(const struct item *it)
{
	return it->name ? (int)strlen(it->name) : 0;
}

/* keeps its argument */
static void item_register(struct item *it)
{
	registry = it;
}

int leaked_after_read(const char *name)
{
	struct item *it = item_new(name);

	if (!it)
		return -1;
	return item_len(it);	/* expect-warning: memory-leak "memory leak of 'it'" */
}

int freed_by_wrapper(const char *name)
{
	struct item *it = item_new(name);
	int n;

	if (!it)
		return -1;
	n = item_len(it);
	item_free(it);
	return n;
}

int kept_by_callee(const char *name)
{
	struct item *it = item_new(name);

	if (!it)
		return -1;
	item_register(it);
	return 0;
}
