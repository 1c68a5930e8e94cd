/*
 * fuzz_records.c - the two record formats that cross a process or a run
 * boundary as text: a function summary (summary/summary.h; workers send
 * them, the database stores them) and a diagnostic as a JSON line
 * (report/jsonl.h; workers send them, the database stores findings so).
 * The bytes are parsed as both.
 *
 * Properties: whatever parses formats again, and what is formatted parses
 * back to the same record (summary: sci_summary_same_facts() and the same
 * text; diagnostic: the same line).
 */
#include "fuzz.h"
#include "report/jsonl.h"
#include "summary/summary.h"
#include "util/diag.h"

#include <stdlib.h>
#include <string.h>

static void check_summary(const char *text)
{
	sci_summary *s = NULL, *again = NULL;
	char *out, *out2;

	if (sci_summary_parse(&s, text) < 0)
		return;
	out = sci_summary_format(s);
	if (sci_summary_parse(&again, out) < 0)
		sci_fuzz_fail("a formatted summary does not parse: %s", out);
	if (!sci_summary_same_facts(s, again))
		sci_fuzz_fail("format and parse changed a summary: %s", out);
	out2 = sci_summary_format(again);
	if (strcmp(out, out2) != 0)
		sci_fuzz_fail("a summary formats two ways: %s / %s", out, out2);
	free(out);
	free(out2);
	sci_summary_free(s);
	sci_summary_free(again);
}

static void check_diag(const char *text)
{
	sci_diag *d = NULL, *again = NULL;
	char *out = NULL, *out2 = NULL;

	if (sci_jsonl_parse(&d, text) < 0)
		return;
	/* text that is not UTF-8 cannot be formatted: a documented error */
	if (sci_jsonl_format(&out, d) < 0)
		goto done;
	if (sci_jsonl_parse(&again, out) < 0)
		sci_fuzz_fail("a formatted diagnostic does not parse: %s", out);
	if (sci_jsonl_format(&out2, again) < 0 || strcmp(out, out2) != 0)
		sci_fuzz_fail("a diagnostic formats two ways: %s", out);
done:
	free(out);
	free(out2);
	sci_diag_free(d);
	sci_diag_free(again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);

	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	check_summary(text);
	check_diag(text);
	free(text);
	return 0;
}
