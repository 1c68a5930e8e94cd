/*
 * Functions that hand their caller a fresh block through a pointer
 * parameter on every path (`*out = malloc(n)`), and ones that do so only
 * on some paths (the caller cannot tell which without the return value:
 * not counted).
 */
/* expect-none */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

void make_buf(char **out, size_t n)
{
	char *b = malloc(n);

	if (!b)
		abort();
	memset(b, 0, n);
	*out = b;
}

void make_direct(int **out)
{
	*out = calloc(4, sizeof(int));
}

/* only on success: *out is untouched on the error path */
int try_make(char **out, size_t n)
{
	char *b;

	if (n > 4096)
		return -1;
	b = malloc(n);
	if (!b)
		return -1;
	*out = b;
	return 0;
}

struct node { struct node *next; int v; };

/* links the new node into *list and returns it: not the caller's alone */
struct node *node_push(int v, struct node **list)
{
	struct node *n = malloc(sizeof(*n));

	if (!n)
		abort();
	n->v = v;
	n->next = *list;
	*list = n;
	return n;
}

/* every path stores malloc()'s result, but the error path stores NULL */
int make_checked(char **out, size_t n)
{
	*out = malloc(n);
	if (!*out)
		return -1;
	return 0;
}
