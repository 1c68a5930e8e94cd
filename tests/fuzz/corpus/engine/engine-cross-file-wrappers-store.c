/* Functions that keep what they get, and functions that only read it. */
/* expect-none */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

struct node { struct node *next; char *text; };
static struct node *head;

void keep(struct node *n)
{
	n->next = head;
	head = n;
}

size_t measure(const struct node *n)
{
	return n->text ? strlen(n->text) : 0;
}
