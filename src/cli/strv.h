/*
 * strv.h - a growable, NULL-terminated vector of owned strings: argument
 * vectors for sparse, file lists, rule lists.
 */
#ifndef SCI_CLI_STRV_H
#define SCI_CLI_STRV_H

#include <stddef.h>

typedef struct {
	char **v;	/* v[n] == NULL once anything was pushed */
	size_t n;
	size_t cap;
} sci_strv;

/** Appends a copy of @s. */
void sci_strv_push(sci_strv *sv, const char *s);
/** Appends @s itself; takes ownership. */
void sci_strv_push_take(sci_strv *sv, char *s);
/** Appends copies of every string of @other. */
void sci_strv_extend(sci_strv *sv, const sci_strv *other);
/** Returns: the index of @s in @sv, or -1. */
long sci_strv_index(const sci_strv *sv, const char *s);
/** Removes entry @i, keeping the order. */
void sci_strv_remove(sci_strv *sv, size_t i);
/** Frees every string and the array; @sv is left empty (NULL-safe). */
void sci_strv_clear(sci_strv *sv);
/**
 * Returns: the NULL-terminated array, detached from @sv (which is left
 * empty); owned, free with sci_strv_free_array().
 */
char **sci_strv_detach(sci_strv *sv);
/** Frees a NULL-terminated array of owned strings (NULL-safe). */
void sci_strv_free_array(char **v);

#endif
