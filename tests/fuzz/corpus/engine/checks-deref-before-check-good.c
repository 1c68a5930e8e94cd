/* expect-none */
/* deref-before-check: checks that are not late, or not on every path. */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

struct node { int x; struct node *next; };
struct node *lookup(int key);

#define SAFE_X(p) ((p) ? (p)->x : 0)

int checked_first(struct node *n)
{
	if (!n)
		return 0;
	return n->x;
}

int reassigned(struct node *n)
{
	int x = n->x;

	n = lookup(x);
	if (!n)
		return -1;
	return n->x;
}

int address_only(struct node *n)
{
	int *px = &n->x;

	if (!n)
		return 0;
	return *px;
}

int sizeof_only(struct node *n)
{
	size_t sz = sizeof(*n);

	if (!n)
		return 0;
	return (int)sz + n->x;
}

int one_path_only(struct node *n, int c)
{
	int x = 0;

	if (c)
		x = n->x;
	if (n)
		return n->x + x;
	return x;
}

int walk(struct node *head)
{
	struct node *p;
	int sum = 0;

	for (p = head; p; p = p->next)
		sum += p->x;
	return sum;
}

int in_macro(struct node *n)
{
	int a = n->x;

	return a + SAFE_X(n);
}

struct with_array { int v; int arr[4]; struct with_array *next; };

int array_member_address(struct with_array *p)
{
	int *x = p->arr;
	int *y = &p->arr[2];
	int *z = p->arr + 1;

	if (!p)
		return 0;
	return *x + *y + *z;
}

/* Known non-NULL through a flag: the late test is only redundant. */
int flag_checked(struct node *reply)
{
	int success = (reply != NULL);
	int x;

	if (!success)
		return 0;
	x = reply->x;
	if (reply != NULL)
		x++;
	return x;
}
