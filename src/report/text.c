/* text.c - Smatch-style one-line text report (see text.h for the shape). */
#include "report/text.h"
#include "util/error.h"

#include <string.h>

static int write_line(FILE *f, const sci_diag *d, const char *suffix)
{
	int n;

	if (strcmp(d->rule, SCI_RULE_ANALYSIS_FAILURE) == 0)
		n = fprintf(f, "%s: error: analysis failed: %s [%s]%s\n",
			    d->path, d->message, d->rule, suffix);
	else if (d->function[0])
		n = fprintf(f, "%s:%u %s() %s: %s [%s]%s\n", d->path, d->line,
			    d->function, sci_level_name(d->level), d->message,
			    d->rule, suffix);
	else
		n = fprintf(f, "%s:%u %s: %s [%s]%s\n", d->path, d->line,
			    sci_level_name(d->level), d->message, d->rule,
			    suffix);
	if (n < 0)
		return sci_error_set(SCI_EIO, "cannot write text output");
	return 0;
}

int sci_text_write(FILE *f, const sci_diag *d)
{
	return write_line(f, d, "");
}

int sci_text_write_result(FILE *f, const sci_result *r)
{
	const char *suffix = "";

	if (r->cls == SCI_CLASS_NEW)
		suffix = r->touched ? " (new, on a changed line)" : " (new)";
	else if (r->cls == SCI_CLASS_SUPPRESSED)
		suffix = " (suppressed by the baseline)";
	else if (r->cls == SCI_CLASS_FIXED)
		suffix = " (fixed)";
	return write_line(f, r->diag, suffix);
}

int sci_text_write_list(FILE *f, const sci_diag_list *list)
{
	size_t i;
	int error;

	for (i = 0; i < list->n; i++)
		if ((error = sci_text_write(f, list->items[i])) < 0)
			return error;
	return 0;
}
