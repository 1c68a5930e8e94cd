/* utf8.c - UTF-8 validity (see utf8.h). */
#include "util/utf8.h"
#include "util/alloc.h"

#include <string.h>

size_t sci_utf8_len(const unsigned char *s)
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

int sci_utf8_valid(const char *s)
{
	const unsigned char *p;
	size_t n;

	if (!s)
		return 1;
	for (p = (const unsigned char *)s; *p; p += n)
		if ((n = sci_utf8_len(p)) == 0)
			return 0;
	return 1;
}

char *sci_utf8_fix_dup(const char *s)
{
	const unsigned char *p;
	char *fixed, *q;
	size_t n;

	if (!s)
		s = "";
	q = fixed = sci_malloc(strlen(s) + 1);
	for (p = (const unsigned char *)s; *p; p += n) {
		if ((n = sci_utf8_len(p)) == 0) {
			*q++ = '?';
			n = 1;
		} else {
			memcpy(q, p, n);
			q += n;
		}
	}
	*q = '\0';
	return fixed;
}
