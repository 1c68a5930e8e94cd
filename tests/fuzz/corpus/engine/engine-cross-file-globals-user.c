typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

int *g_data;

void use_global(void);
void use_direct(void);
void use_checked(void);
void use_after_reset(void);
void use_after_init(void);
int read_cache(void);
static int *cache;

void bad(void)
{
	g_data = NULL;
	use_global();	/* expect-error: null-deref "'g_data' is NULL when use_global() dereferences it" */
}

void bad_direct(void)
{
	int *data = NULL;

	g_data = data;
	use_direct();	/* expect-error: null-deref "'g_data' is NULL when use_direct() dereferences it" */
}

void good(void)
{
	static int value = 5;

	g_data = &value;
	use_global();
	g_data = NULL;
	use_checked();
	use_after_reset();
	g_data = NULL;
	use_after_init();
}

int other_cache(void)
{
	cache = NULL;
	return read_cache();
}
