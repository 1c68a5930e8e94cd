/* deref-before-check: the NULL check comes after a dereference. */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

struct buf { int len; char *data; };
struct node { int x; struct node *next; };

int length(struct buf *b)
{
	int n = b->len;

	if (!b)		/* expect-warning: deref-before-check "variable dereferenced before check 'b'" */
		return 0;
	return n;
}

void set(struct node *n)
{
	n->x = 1;
	if (n == NULL)	/* expect-warning: deref-before-check "variable dereferenced before check 'n'" */
		return;
	n->next = NULL;
}

int member_path(struct node *n)
{
	int v = n->next->x;

	if (n->next != NULL)	/* expect-warning: deref-before-check "variable dereferenced before check 'n->next'" */
		return v;
	return 0;
}

struct with_array { int v; int arr[4]; };

int array_member_read(struct with_array *p)
{
	int first = p->arr[0];

	if (!p)		/* expect-warning: deref-before-check "variable dereferenced before check 'p'" */
		return 0;
	return first;
}
