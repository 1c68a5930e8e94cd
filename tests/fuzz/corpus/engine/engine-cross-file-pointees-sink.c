/*
 * Sinks that get a pointer to the pointer and dereference what it points
 * to (Juliet's "63" variants; `struct obj **` handles): a caller that
 * passes the address of a NULL pointer is reported at the call.
 */
/* expect-none */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

void print_value(int **data_ptr)
{
	int *data = *data_ptr;

	printf("%d\n", *data);
}

void print_direct(int **data_ptr)
{
	printf("%d\n", **data_ptr);
}

/* checks first: a NULL pointee is fine */
void print_checked(int **data_ptr)
{
	int *data = *data_ptr;

	if (data)
		printf("%d\n", *data);
}

/* reloads: the local no longer holds *data_ptr */
void print_other(int **data_ptr, int *fallback)
{
	int *data = *data_ptr;

	data = fallback;
	if (data)
		printf("%d\n", *data);
}

struct s { int x; };

/* writes *pp first: what it then reads is its own */
void set_and_use(struct s **pp, struct s *v)
{
	*pp = v;
	(*pp)->x = 1;
}

void init_obj(struct s **pp);

/* a callee may write *pp first */
void init_and_use(struct s **pp)
{
	init_obj(pp);
	(*pp)->x = 1;
}
