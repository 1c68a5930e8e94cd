/*
 * markdown.c - the Markdown run summary (see markdown.h for the shape).
 *
 * Everything that comes from analyzed code (paths, messages, reasons) goes
 * through md_text(), which escapes rather than quotes: a code span cannot
 * hold a backtick portably, a backslash escape works everywhere in
 * CommonMark and GitHub's and GitLab's table cells.
 */
#include "report/report_int.h"
#include "util/utf8.h"
#include "report/markdown.h"
#include "report/text.h"
#include "util/error.h"

#include <string.h>

/* CommonMark may read these as markup; '|' ends a cell, '$' starts math. */
#define MD_SPECIAL "\\`*_[]<>|~&#!$"

/*
 * Writes @s as inline text of one table cell: markup escaped, control
 * characters (newlines too), line separators and bidi controls as spaces
 * (so a cell stays on its row and reads in order), invalid UTF-8 as
 * U+FFFD, and at most @max bytes of input before an ellipsis.
 */
static void md_text(FILE *f, const char *s, size_t max)
{
	const unsigned char *p = (const unsigned char *)(s ? s : "");
	const unsigned char *start = p;
	size_t n;

	for (; *p; p += n) {
		if ((size_t)(p - start) >= max) {
			fputs("\xe2\x80\xa6", f);	/* U+2026 */
			return;
		}
		n = sci_utf8_len(p);
		if (n == 0) {
			fputs("\xef\xbf\xbd", f);	/* U+FFFD */
			n = 1;
		} else if (sci_text_unsafe_len(p)) {
			fputc(' ', f);
		} else if (n > 1) {
			fwrite(p, 1, n, f);
		} else {
			if (strchr(MD_SPECIAL, *p))
				fputc('\\', f);
			fputc(*p, f);
		}
	}
}

/* A rule id as a code span when that is safe, else as escaped text. */
static void md_rule(FILE *f, const char *rule)
{
	if (rule[0] && strspn(rule, "abcdefghijklmnopqrstuvwxyz"
			      "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") ==
	    strlen(rule))
		fprintf(f, "`%s`", rule);
	else
		md_text(f, rule, SCI_MARKDOWN_MAX_CELL);
}

static void verdict(FILE *f, const sci_report_run *run)
{
	switch (run->exit_code) {
	case SCI_RUN_EXIT_CLEAN:
		fputs("## smatch-ci: passed\n\nNo new findings on changed "
		      "code.", f);
		break;
	case SCI_RUN_EXIT_FINDINGS:
		/* a TU with changed lines that failed also fails the gate */
		fputs(run->nunanalyzed ?
		      "## smatch-ci: failed\n\nChanged code could not be "
		      "analyzed (see *Analysis failures*), so the gate cannot "
		      "vouch for it." :
		      "## smatch-ci: failed\n\nNew findings on changed code.",
		      f);
		break;
	case SCI_RUN_EXIT_INCOMPLETE:
		fputs("## smatch-ci: incomplete\n\nNothing failed the gate, "
		      "but some translation units could not be analyzed; "
		      "their findings are missing.", f);
		break;
	default:
		fprintf(f, "## smatch-ci: error\n\nsmatch-ci stopped with "
			"exit code %d; the results below may be partial.",
			run->exit_code);
		break;
	}
	if (run->base_ref) {
		fputs(" Compared with ", f);
		md_text(f, run->base_ref, SCI_MARKDOWN_MAX_CELL);
		fputc('.', f);
	}
	fputs("\n\n", f);
}

static void counts(FILE *f, const sci_result_list *results)
{
	size_t n[SCI_CLASS_SUPPRESSED + 1] = { 0 };
	size_t i, in_source = 0;

	for (i = 0; i < results->n; i++) {
		const sci_result *r = &results->items[i];

		if (sci_diag_is_finding(r->diag) &&
		    (unsigned)r->cls <= SCI_CLASS_SUPPRESSED)
			n[r->cls]++;
		in_source += sci_diag_is_finding(r->diag) && r->in_source;
	}
	fprintf(f, "| New | Fixed | Unchanged | Suppressed |\n"
		"|----:|------:|----------:|-----------:|\n"
		"| %zu | %zu | %zu | %zu |\n\n",
		n[SCI_CLASS_NEW], n[SCI_CLASS_FIXED], n[SCI_CLASS_UNCHANGED],
		n[SCI_CLASS_SUPPRESSED]);
	if (in_source)
		fprintf(f, "%zu suppressed in source (`smatch-ci: ignore[...]` comments).\n\n",
			in_source);
}

static int is_new_finding(const sci_result *r)
{
	return r->cls == SCI_CLASS_NEW && sci_diag_is_finding(r->diag);
}

static void finding_row(FILE *f, const sci_result *r)
{
	const sci_diag *d = r->diag;

	fputs("| ", f);
	md_text(f, d->path, SCI_MARKDOWN_MAX_CELL);
	if (d->line)
		fprintf(f, ":%u", d->line);
	fputs(" | ", f);
	md_rule(f, d->rule);
	fputs(" | ", f);
	md_text(f, d->message, SCI_MARKDOWN_MAX_CELL);
	fprintf(f, " | %s |\n", r->touched ? "yes" : "no");
}

static void more(FILE *f, size_t shown, size_t total)
{
	if (total > shown)
		fprintf(f, "\n_and %zu more_\n", total - shown);
	fputc('\n', f);
}

static void new_findings(FILE *f, const sci_result_list *results)
{
	size_t i, total = 0, shown = 0;
	int touched;

	for (i = 0; i < results->n; i++)
		total += is_new_finding(&results->items[i]);
	if (total == 0)
		return;
	fputs("### New findings\n\n"
	      "| Location | Rule | Message | Changed line |\n"
	      "|---|---|---|---|\n", f);
	/* those on changed lines first: they are what fails the gate */
	for (touched = 1; touched >= 0; touched--) {
		for (i = 0; i < results->n; i++) {
			const sci_result *r = &results->items[i];

			if (!is_new_finding(r) || !r->touched != !touched)
				continue;
			if (shown == SCI_MARKDOWN_MAX_ROWS)
				break;
			finding_row(f, r);
			shown++;
		}
	}
	more(f, shown, total);
}

static void failures(FILE *f, const sci_report_run *run)
{
	size_t i;

	if (run->nfailures == 0)
		return;
	fputs("### Analysis failures\n\n"
	      "| File | Reason |\n"
	      "|---|---|\n", f);
	for (i = 0; i < run->nfailures && i < SCI_MARKDOWN_MAX_ROWS; i++) {
		fputs("| ", f);
		md_text(f, run->failures[i]->path, SCI_MARKDOWN_MAX_CELL);
		fputs(" | ", f);
		md_text(f, run->failures[i]->message, SCI_MARKDOWN_MAX_CELL);
		fputs(" |\n", f);
	}
	more(f, i, run->nfailures);
}

int sci_markdown_write(FILE *f, const sci_result_list *results,
		       const sci_report_run *run)
{
	/* stdio errors are sticky: check once, at the end */
	verdict(f, run);
	counts(f, results);
	new_findings(f, results);
	failures(f, run);
	if (fflush(f) == EOF || ferror(f))
		return sci_error_set(SCI_EIO, "cannot write the Markdown "
				     "summary");
	return 0;
}
