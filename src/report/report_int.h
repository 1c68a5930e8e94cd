/*
 * report_int.h - helpers shared by the report writers (never exported
 * beyond src/report).
 */
#ifndef SCI_REPORT_REPORT_INT_H
#define SCI_REPORT_REPORT_INT_H

#include <jansson.h>
#include <stddef.h>
#include <stdio.h>

/* A JSON string for @s (NULL: ""), invalid UTF-8 bytes replaced by '?'. */
json_t *sci_report__str_new(const char *s);

/*
 * @path as reports show it: relative to @srcroot when it lies under it,
 * without leading "./".  Borrowed from @path.
 */
const char *sci_report__rel_path(const char *path, const char *srcroot);

/*
 * Writes @s (NULL: "") to @f with every byte that must not reach a report
 * line raw (sci_text_unsafe_len()) as a C-style escape.
 */
void sci_report__put_text(FILE *f, const char *s);

#endif
