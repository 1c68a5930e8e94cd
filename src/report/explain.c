/* explain.c - a finding and its path as text (see explain.h). */
#include "report/explain.h"
#include "report/path.h"
#include "report/report_int.h"
#include "report/text.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/fs.h"

#include <stdlib.h>
#include <string.h>

/* The source line, tabs as spaces and the indentation dropped. */
static void put_source(FILE *f, const char *path, unsigned line,
		       const char *srcroot)
{
	char *full = NULL, *text, *p, *q;

	if (srcroot && path[0] != '/')
		full = sci_printf_dup("%s/%s", srcroot, path);
	text = sci_fs_line_dup(full ? full : path, line);
	free(full);
	if (!text)
		return;
	for (p = text; *p == ' ' || *p == '\t'; p++)
		;
	for (q = p; *q; q++)
		if (*q == '\t')
			*q = ' ';
	if (*p) {
		fprintf(f, "       %5u | ", line);
		sci_report__put_text(f, p);
		fputc('\n', f);
	}
	free(text);
}

int sci_explain_write(FILE *f, const sci_result *r, const char *srcroot)
{
	const sci_diag *d = r->diag;
	sci_step *steps;
	size_t n = sci_path_steps(d, &steps), i;
	int error;

	if ((error = sci_text_write_result(f, r)) < 0)
		goto done;
	if (r->fingerprint[0])
		fprintf(f, "  fingerprint %s\n", r->fingerprint);
	for (i = 0; i < n; i++) {
		const sci_step *s = &steps[i];

		fprintf(f, "  %*s%zu. ", (int)s->nesting * 2, "", i + 1);
		sci_report__put_text(f, s->path);
		fprintf(f, ":%u: ", s->line);
		sci_report__put_text(f, s->message);
		fputs(s->kind == SCI_STEP_FINDING ? " (the finding)\n" : "\n", f);
		put_source(f, s->path, s->line, srcroot);
	}
	if (ferror(f))
		error = sci_error_set(SCI_EIO, "cannot write the explanation");
done:
	free(steps);
	return error;
}
