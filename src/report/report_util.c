/* report_util.c - helpers shared by the report writers (report_int.h). */
#include "report/report_int.h"
#include "util/alloc.h"

#include <stdlib.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at @s (as strict as jansson), or 0. */
size_t sci_report__utf8_len(const unsigned char *s)
{
	unsigned char c = s[0];
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		if (c == 0xe0)
			lo = 0xa0;	/* overlong */
		else if (c == 0xed)
			hi = 0x9f;	/* surrogates */
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		if (c == 0xf0)
			lo = 0x90;	/* overlong */
		else if (c == 0xf4)
			hi = 0x8f;	/* above U+10FFFF */
	} else {
		return 0;
	}
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

json_t *sci_report__str_new(const char *s)
{
	const unsigned char *p;
	json_t *j;
	char *fixed, *q;
	size_t n;

	if (!s)
		s = "";
	if ((j = json_string(s)) != NULL)
		return j;
	fixed = sci_malloc(strlen(s) + 1);
	q = fixed;
	for (p = (const unsigned char *)s; *p; p += n) {
		n = sci_report__utf8_len(p);
		if (n == 0) {
			*q++ = '?';
			n = 1;
		} else {
			memcpy(q, p, n);
			q += n;
		}
	}
	*q = '\0';
	j = json_string(fixed);
	free(fixed);
	return j;
}


const char *sci_report__rel_path(const char *path, const char *srcroot)
{
	size_t n;

	if (srcroot && path[0] == '/') {
		n = strlen(srcroot);
		while (n > 0 && srcroot[n - 1] == '/')
			n--;
		if (strncmp(path, srcroot, n) == 0 && path[n] == '/')
			path += n + 1;
	}
	while (path[0] == '.' && path[1] == '/')
		for (path += 2; *path == '/'; path++)
			;
	return path;
}
