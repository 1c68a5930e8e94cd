/* alloc.c - aborting allocation wrappers (see alloc.h for why). */
#include "util/alloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void (*oom_hook)(void);

void sci_alloc_set_oom_hook(void (*hook)(void))
{
	oom_hook = hook;
}

static void oom(size_t n)
{
	if (oom_hook)
		oom_hook();
	fprintf(stderr, "smatch-ci: out of memory (%zu bytes)\n", n);
	abort();
}

void *sci_malloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		oom(n);
	return p;
}

void *sci_calloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		oom(nmemb * size);
	return p;
}

void *sci_realloc(void *old, size_t n)
{
	void *p = realloc(old, n ? n : 1);

	if (!p)
		oom(n);
	return p;
}

void *sci_grow(void *p, size_t n, size_t size)
{
	if (n & (n - 1))
		return p;
	return sci_realloc(p, (n ? 2 * n : 1) * size);
}

char *sci_strdup(const char *s)
{
	size_t n;
	char *p;

	if (!s)
		return NULL;
	n = strlen(s) + 1;
	p = sci_malloc(n);
	memcpy(p, s, n);
	return p;
}

char *sci_vprintf_with(void *(*alloc)(size_t), const char *fmt, va_list ap)
{
	va_list ap2;
	char *p;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0)
		n = 0;
	p = alloc((size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *sci_printf_dup(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	p = sci_vprintf_with(sci_malloc, fmt, ap);
	va_end(ap);
	return p;
}
