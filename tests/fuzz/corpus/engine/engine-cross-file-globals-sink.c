/*
 * A sink that dereferences a global the caller sets (Juliet's "68"
 * variants): a caller that leaves the global NULL is reported at the
 * call.  A sink that checks, or sets the global first, is not.
 */
/* expect-none */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

extern int *g_data;

void use_global(void)
{
	int *data = g_data;

	printf("%d\n", *data);
}

void use_direct(void)
{
	printf("%d\n", *g_data);
}

void use_checked(void)
{
	if (g_data)
		printf("%d\n", *g_data);
}

static int fallback = 7;

void set_default(void)
{
	if (!g_data)
		g_data = &fallback;
}

/* a project function runs first and may set it */
void use_after_init(void)
{
	set_default();
	printf("%d\n", *g_data);
}

void use_after_reset(void)
{
	g_data = &fallback;
	printf("%d\n", *g_data);
}

static int *cache;

void set_cache(int *p)
{
	cache = p;
}

/* a static of this file: not the caller's global of the same name */
int read_cache(void)
{
	return *cache;
}
