/*
 * support.c - small helpers shared inside src/baseline (see baseline_int.h).
 */
#include "baseline/baseline_int.h"
#include "util/alloc.h"
#include "util/error.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int sci_baseline__mkdirs(const char *path)
{
	char *dir = sci_strdup(path);
	char *slash = strrchr(dir, '/');
	char *p;
	int error = 0;

	if (!slash || slash == dir)
		goto done;	/* current directory or "/" */
	*slash = '\0';
	/* Walk forward so each level exists before its child is made;
	 * EEXIST is fine at every level (another run may race us). */
	for (p = dir + 1;; p++) {
		char c = *p;

		if (c != '/' && c != '\0')
			continue;
		*p = '\0';
		if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
			error = sci_error_set(SCI_EIO,
					      "cannot create directory '%s': %s",
					      dir, strerror(errno));
			goto done;
		}
		*p = c;
		if (c == '\0')
			break;
	}
done:
	free(dir);
	return error;
}

int sci_baseline__read_file(char **out, size_t *len, const char *path)
{
	FILE *f = NULL;
	char *buf = NULL;
	size_t cap = 0, n = 0, got;
	int error = 0;

	*out = NULL;
	*len = 0;
	if (!(f = fopen(path, "rb"))) {
		if (errno == ENOENT)
			return SCI_ENOTFOUND;
		return sci_error_set(SCI_EIO, "cannot read '%s': %s", path,
				     strerror(errno));
	}
	do {
		if (cap - n < 4096) {
			cap = cap ? cap * 2 : 8192;
			buf = sci_realloc(buf, cap);
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0);
	if (ferror(f)) {
		error = sci_error_set(SCI_EIO, "cannot read '%s'", path);
		goto done;
	}
	if (!buf)
		buf = sci_malloc(1);
	buf[n] = '\0';
	*out = buf;
	*len = n;
	buf = NULL;
done:
	free(buf);
	fclose(f);
	return error;
}

void sci_baseline__hash_field(sci_sha256_ctx *ctx, const char *s)
{
	unsigned char len[8];
	uint64_t n;
	int i;

	if (!s)
		s = "";
	n = strlen(s);
	for (i = 7; i >= 0; i--, n >>= 8)
		len[i] = (unsigned char)(n & 0xff);
	sci_sha256_update(ctx, len, sizeof(len));
	sci_sha256_update(ctx, s, strlen(s));
}

/* Length of the valid UTF-8 sequence at @s (as strict as jansson), or 0. */
static size_t utf8_seq_len(const unsigned char *s)
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

int sci_baseline__is_utf8(const char *s)
{
	const unsigned char *p;
	size_t n;

	if (!s)
		return 1;
	for (p = (const unsigned char *)s; *p; p += n)
		if ((n = utf8_seq_len(p)) == 0)
			return 0;
	return 1;
}

json_t *sci_baseline__json_string(const char *s)
{
	const unsigned char *p;
	char *fixed, *q;
	json_t *j;
	size_t n;

	if (!s)
		s = "";
	if (sci_baseline__is_utf8(s))
		return json_string(s);
	q = fixed = sci_malloc(strlen(s) + 1);
	for (p = (const unsigned char *)s; *p; p += n) {
		if ((n = utf8_seq_len(p)) == 0) {
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
