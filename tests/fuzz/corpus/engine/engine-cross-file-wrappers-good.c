/* The same wrappers used right: no finding. */
/* expect-none */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

void *my_alloc(size_t n);
void *try_alloc(size_t n);
void my_free(void *p);
struct node;
void keep(struct node *n);

int freed(int fail)
{
	char *buf = my_alloc(64);

	if (fail) {
		my_free(buf);
		return -1;
	}
	my_free(buf);
	return 0;
}

int checked(void)
{
	int *v = try_alloc(sizeof(*v));

	if (!v)
		return -1;
	*v = 1;
	my_free(v);
	return 0;
}

/* my_alloc() never returns NULL: no check needed */
int never_null(void)
{
	int *v = my_alloc(sizeof(*v));

	*v = 2;
	my_free(v);
	return 0;
}

/* keep() stores it in a list: the list owns it now */
void handed_over(void)
{
	struct node *n = my_alloc(16);

	keep(n);
}

int tested_in_assignment(void)
{
	char *p;

	if ((p = try_alloc(8)) == NULL)
		return -1;
	my_free(p);
	return 0;
}

/* the test goes through a flag the caller also sees */
int flag_checked(int *failed)
{
	char *p = try_alloc(8);

	*failed = p == NULL;
	if (*failed)
		return -1;
	my_free(p);
	return 0;
}
