typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

void print_value(int **data_ptr);
void print_direct(int **data_ptr);
void print_checked(int **data_ptr);
void print_other(int **data_ptr, int *fallback);
struct s;
void set_and_use(struct s **pp, struct s *v);
void init_and_use(struct s **pp);

void bad(void)
{
	int *data = NULL;

	print_value(&data);	/* expect-error: null-deref "'data' is NULL when passed to print_value()" */
}

void bad_direct(void)
{
	int *data = NULL;

	print_direct(&data);	/* expect-error: null-deref "'data' is NULL when passed to print_direct()" */
}

void good(void)
{
	int value = 5, *data = &value;

	print_value(&data);
}

void good_checked(void)
{
	int *data = NULL;

	print_checked(&data);
	print_other(&data, NULL);
}

void good_written(struct s *v)
{
	struct s *cur = NULL;

	set_and_use(&cur, v);
	cur = NULL;
	init_and_use(&cur);
}
