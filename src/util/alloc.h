/*
 * alloc.h - allocation that never returns NULL.
 *
 * A static analyzer that runs out of memory cannot do anything useful, so,
 * as in sparse, allocation failure aborts the process (one worker = one TU).
 */
#ifndef SCI_UTIL_ALLOC_H
#define SCI_UTIL_ALLOC_H

#include <stddef.h>

/**
 * Calls @hook (NULL: none) when an allocation is about to abort, before
 * anything else happens: a worker records that it ran out of memory where
 * its driver can read it after the abort (cli/worker.h).  @hook must not
 * allocate.
 */
void sci_alloc_set_oom_hook(void (*hook)(void));

void *sci_malloc(size_t n);
void *sci_calloc(size_t nmemb, size_t size);
void *sci_realloc(void *p, size_t n);
/**
 * Room for one more after the @n elements of @size bytes at @p (NULL when
 * @n is 0): grows the array to twice @n when @n is a power of two, so
 * appending one at a time costs amortized constant copying with no stored
 * capacity.  An array made shorter (elements dropped from its end) keeps
 * enough room by the same rule.  Returns the array, maybe moved.
 */
void *sci_grow(void *p, size_t n, size_t size);
/** Returns: owned copy of @s (NULL stays NULL). */
char *sci_strdup(const char *s);
#include <stdarg.h>

/**
 * printf into memory from @alloc (which must not return NULL).
 * Returns: the string, owned as @alloc's memory is.
 */
char *sci_vprintf_with(void *(*alloc)(size_t), const char *fmt, va_list ap);
/** Returns: owned printf result. */
char *sci_printf_dup(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
