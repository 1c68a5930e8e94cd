/* memory-leak: __attribute__((cleanup(fn))) - glib's g_autofree,
 * systemd's _cleanup_free_ - passes &var to fn wherever var goes out of
 * scope: the memory goes to fn, which frees it.  Overwriting such a
 * variable still loses what it held. */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

static inline void freep(void *p)
{
	free(*(void **)p);
}

void g_autoptr_cleanup_generic_gfree(void *p);

#define _cleanup_free_ __attribute__((cleanup(freep)))
#define g_autofree __attribute__((cleanup(g_autoptr_cleanup_generic_gfree)))
#define TAKE_PTR(p) ({ __typeof__(p) _ptr_ = (p); (p) = NULL; _ptr_; })

struct buf { char *data; };

static inline void buf_done(struct buf *b)
{
	free(b->data);
}

int early_returns(size_t n, int c)
{
	_cleanup_free_ char *p = malloc(n);

	if (!p)
		return -1;
	if (c)
		return 1;
	p[0] = 0;
	return 0;
}

void loop_exits(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		g_autofree char *s = strdup("x");

		if (i == 3)
			break;
		if (!s)
			continue;
	}
}

/* The cleanup of p runs on NULL: the block left with TAKE_PTR(). */
char *taken(const char *s)
{
	_cleanup_free_ char *p = strdup(s);

	if (!p)
		return NULL;
	return TAKE_PTR(p);
}

/* An attribute before the type applies to every declarator. */
int both_declarators(void)
{
	g_autofree char *a = strdup("a"), *b = strdup("b");

	return a && b;
}

/* One after a declarator applies to that declarator only. */
int first_declarator(void)
{
	char *a __attribute__((cleanup(freep))) = strdup("a"), *b = strdup("b");

	return a && b;	/* expect-warning: memory-leak "memory leak of 'b'" */
}

void struct_with_cleanup(const char *s)
{
	__attribute__((cleanup(buf_done))) struct buf b;

	b.data = strdup(s);
}

int overwritten(void)
{
	_cleanup_free_ char *p = strdup("x");

	p = strdup("y");	/* expect-warning: memory-leak "memory leak of 'p': overwritten while it holds allocated memory" */
	return p != NULL;
}
