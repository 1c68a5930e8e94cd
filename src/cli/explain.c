/* explain.c - the findings an --explain argument names (explain.h). */
#include "cli/explain.h"
#include "cli/paths.h"
#include "report/explain.h"
#include "util/alloc.h"
#include "util/error.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* A fingerprint prefix shorter than this names too many findings. */
#define MIN_FP_PREFIX 8

typedef struct {
	char *file;		/* FILE of FILE:LINE, or NULL */
	unsigned line;
	const char *fp;		/* the fingerprint prefix, or NULL */
} spec;

static int is_fp(const char *s)
{
	size_t n = strlen(s), i;

	if (n < MIN_FP_PREFIX || n > SCI_FP_HEX - 1)
		return 0;
	for (i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]) || isupper((unsigned char)s[i]))
			return 0;
	return 1;
}

/* FILE:LINE wins over a fingerprint: "deadbeef:12" is a file. */
static int parse(spec *out, const char *s)
{
	const char *colon = strrchr(s, ':');
	unsigned long line;
	char *end;

	memset(out, 0, sizeof(*out));
	if (colon && colon > s && isdigit((unsigned char)colon[1])) {
		line = strtoul(colon + 1, &end, 10);
		if (*end || line == 0 || line > UINT_MAX)
			goto bad;
		out->file = sci_printf_dup("%.*s", (int)(colon - s), s);
		out->line = (unsigned)line;
		return 0;
	}
	if (is_fp(s)) {
		out->fp = s;
		return 0;
	}
bad:
	return sci_error_set(SCI_EINVALID,
			     "--explain '%s': expected FILE:LINE or a fingerprint (8 to 64 lower-case hex digits)",
			     s);
}

int sci_explain_spec_check(const char *s)
{
	spec sp;
	int error = parse(&sp, s);

	free(sp.file);
	return error;
}

/* @path under @dir, resolved when it exists.  Returns: owned. */
static char *resolve(const char *dir, const char *path)
{
	char *joined = sci_path_join_dup(dir, path), *real;

	real = realpath(joined, NULL);
	if (!real)
		return joined;
	free(joined);
	return real;
}

int sci_explain_results(FILE *f, const sci_result_list *list,
			const char *s, const char *srcroot, const char *cwd)
{
	char *want = NULL;
	size_t i;
	spec sp;
	int n = 0, error;

	if ((error = parse(&sp, s)) < 0)
		return error;
	if (sp.file)
		want = resolve(cwd, sp.file);
	for (i = 0; i < list->n; i++) {
		const sci_result *r = &list->items[i];
		const sci_diag *d = r->diag;

		if (r->cls == SCI_CLASS_FIXED || !sci_diag_is_finding(d))
			continue;
		if (sp.fp) {
			if (strncmp(r->fingerprint, sp.fp, strlen(sp.fp)) != 0)
				continue;
		} else {
			char *have;
			int same;

			if (d->line != sp.line)
				continue;
			have = resolve(srcroot ? srcroot : cwd, d->path);
			same = strcmp(have, want) == 0;
			free(have);
			if (!same)
				continue;
		}
		if (n && fputc('\n', f) == EOF)
			break;
		if ((error = sci_explain_write(f, r, srcroot ? srcroot : cwd)) < 0)
			goto done;
		n++;
	}
	error = n;
done:
	free(want);
	free(sp.file);
	return error;
}
