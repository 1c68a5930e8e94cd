/*
 * text.c - Smatch-style one-line text report (see text.h for the shape).
 *
 * Paths, function names, messages and rule ids come from the analyzed code
 * (a file name is whatever the pull request says it is), while the lines
 * are read by people, terminals and CI runners.  So each of those fields
 * goes through put_text(): a newline in a file name must not start a
 * second "finding", an escape sequence must not reach a terminal, and a
 * line must not start with "::", which GitHub's runner obeys as a workflow
 * command.  Backslashes are not doubled: the text form is for reading, and
 * --json gives every field exactly.
 */
#include "report/text.h"
#include "report/report_int.h"
#include "util/error.h"
#include "util/utf8.h"

#include <string.h>

size_t sci_text_unsafe_len(const unsigned char *s)
{
	size_t n = sci_utf8_len(s);

	if (n == 0)
		return 1;	/* not UTF-8: one byte at a time */
	if (n == 1)
		return s[0] < 0x20 || s[0] == 0x7f;
	/* U+0080..U+009F: C1 controls (NEL is a line break, CSI an escape) */
	if (n == 2)
		return s[0] == 0xc2 && s[1] < 0xa0 ? 2 : 0;
	/* U+2028..U+202E: line and paragraph separators, bidi embeddings */
	if (n == 3 && s[0] == 0xe2 && s[1] == 0x80 && s[2] >= 0xa8 &&
	    s[2] <= 0xae)
		return 3;
	/* U+2066..U+2069: bidi isolates ("Trojan Source") */
	if (n == 3 && s[0] == 0xe2 && s[1] == 0x81 && s[2] >= 0xa6 &&
	    s[2] <= 0xa9)
		return 3;
	return 0;
}

static void put_escape(FILE *f, unsigned char c)
{
	switch (c) {
	case '\n':
		fputs("\\n", f);
		break;
	case '\r':
		fputs("\\r", f);
		break;
	case '\t':
		fputs("\\t", f);
		break;
	default:
		fprintf(f, "\\x%02x", c);
		break;
	}
}

void sci_report__put_text(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	size_t n, i;

	while (*p) {
		if ((n = sci_text_unsafe_len(p)) > 0) {
			for (i = 0; i < n; i++)
				put_escape(f, p[i]);
		} else {
			n = sci_utf8_len(p);
			fwrite(p, 1, n, f);
		}
		p += n;
	}
}

static int is_safe_first(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '/' || c == '.' || c == '_' ||
	       c == '-';
}

/*
 * The path starts the line.  The runner takes a line for a command when it
 * starts with "::" after any Unicode white space, and compares with the
 * culture's rules, where some code points are ignorable; rather than list
 * those, a path that starts with anything but a plain ASCII name character
 * gets "./" in front, which names the same file.
 */
static void put_path(FILE *f, const char *path)
{
	if (path && path[0] && !is_safe_first((unsigned char)path[0]))
		fputs("./", f);
	sci_report__put_text(f, path);
}

static int write_line(FILE *f, const sci_diag *d, const char *suffix)
{
	/* stdio errors are sticky: check once, at the end */
	put_path(f, d->path);
	if (strcmp(d->rule, SCI_RULE_ANALYSIS_FAILURE) == 0) {
		fputs(": error: analysis failed: ", f);
	} else {
		fprintf(f, ":%u ", d->line);
		if (d->function && d->function[0]) {
			sci_report__put_text(f, d->function);
			fputs("() ", f);
		}
		fprintf(f, "%s: ", sci_level_name(d->level));
	}
	sci_report__put_text(f, d->message);
	fputs(" [", f);
	sci_report__put_text(f, d->rule);
	fprintf(f, "]%s\n", suffix);
	if (ferror(f))
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
		suffix = r->in_source ? " (suppressed in source)"
				      : " (suppressed by the baseline)";
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
