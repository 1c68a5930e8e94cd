/*
 * utf8.h - UTF-8 validity, as strict as jansson's: JSON strings (reports,
 * the baseline file, the cache) must be valid UTF-8, while file names and
 * messages from analyzed code need not be.
 */
#ifndef SCI_UTIL_UTF8_H
#define SCI_UTIL_UTF8_H

#include <stddef.h>

/** Length of the valid UTF-8 sequence at @s, or 0 if it is not one. */
size_t sci_utf8_len(const unsigned char *s);
/** True when all of @s (NULL counts as "") is valid UTF-8. */
int sci_utf8_valid(const char *s);
/** Returns: owned copy of @s (NULL: "") with invalid bytes replaced by '?'. */
char *sci_utf8_fix_dup(const char *s);

#endif
