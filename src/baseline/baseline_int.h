/*
 * baseline_int.h - helpers private to src/baseline (support.c): files
 * and JSON strings that are always valid UTF-8.
 *
 * Nothing outside src/baseline may include this header.
 */
#ifndef SCI_BASELINE_BASELINE_INT_H
#define SCI_BASELINE_BASELINE_INT_H

#include <stddef.h>
#include <jansson.h>

/**
 * Reads the whole file at @path.  Returns 0, SCI_ENOTFOUND if it does not
 * exist (no message set: the caller decides whether that is an error), or
 * SCI_EIO.  *out: owned, NUL-terminated; *len excludes the NUL.
 */
int sci_baseline__read_file(char **out, size_t *len, const char *path);

/**
 * Returns: a new JSON string for @s (NULL -> ""), with bytes that are not
 * valid UTF-8 replaced by '?', since JSON text must be UTF-8.  NULL only
 * when jansson cannot allocate.
 */
json_t *sci_baseline__json_string(const char *s);

/** True if @s is NULL or valid UTF-8 that jansson accepts. */
int sci_baseline__is_utf8(const char *s);

#endif
