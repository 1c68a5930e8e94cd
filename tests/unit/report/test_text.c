/* test_text.c - the one-line text report (src/report/text.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "report_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/text.h"
#include "util/error.h"

static sci_diag *diag(const char *rule, const char *path, unsigned line,
		      const char *function, const char *message)
{
	return sci_diag_new(rule, SCI_LEVEL_WARNING, path, line, 1, function,
			    "k", message);
}

/* The line(s) sci_text_write() prints for @d.  Returns: owned. */
static char *text(sci_diag *d)
{
	char *out = NULL;
	size_t len;
	FILE *f = open_memstream(&out, &len);

	assert_non_null(f);
	assert_int_equal(sci_text_write(f, d), 0);
	assert_int_equal(fclose(f), 0);
	sci_diag_free(d);
	return out;
}

static void assert_text(sci_diag *d, const char *want)
{
	char *got = text(d);

	assert_string_equal(got, want);
	free(got);
}

/*
 * What a CI log must be able to rely on: exactly one line, and no line
 * that GitHub's runner would take for a workflow command ("::" after any
 * leading white space).  Only ASCII white space can survive escaping at
 * the start; the path rule keeps any other character from leading.
 */
static void assert_one_safe_line(const char *out)
{
	const char *nl = strchr(out, '\n');
	const char *p = out;

	if (!nl || nl[1] != '\0')
		fail_msg("not exactly one line: \"%s\"", out);
	assert_null(strchr(out, '\r'));
	while (*p == ' ')
		p++;
	if (strncmp(p, "::", 2) == 0)
		fail_msg("line starts with a workflow command: \"%s\"", out);
	for (p = out; *p; p++)
		if (((unsigned char)*p < 0x20 && *p != '\n') || *p == 0x7f)
			fail_msg("raw control character 0x%02x in \"%s\"",
				 (unsigned char)*p, out);
}

/* ---- tests ---- */

static void test_text__shapes(void **state)
{
	sci_diag *d;
	sci_result r;
	char *out = NULL;
	size_t len;
	FILE *f;

	assert_text(diag("memory-leak", "wrapper.c", 61, "do_xmalloc",
			 "memory leak of 'ret'"),
		    "wrapper.c:61 do_xmalloc() warning: memory leak of 'ret' "
		    "[memory-leak]\n");
	assert_text(diag("null-deref", "a.c", 3, "", "deref of NULL 'p'"),
		    "a.c:3 warning: deref of NULL 'p' [null-deref]\n");
	assert_text(diag(SCI_RULE_ANALYSIS_FAILURE, "src/b.c", 0, "",
			 "parse error"),
		    "src/b.c: error: analysis failed: parse error "
		    "[analysis-failure]\n");

	d = diag("null-deref", "a.c", 3, "f", "m");
	memset(&r, 0, sizeof(r));
	r.diag = d;
	r.cls = SCI_CLASS_NEW;
	r.touched = 1;
	f = open_memstream(&out, &len);
	assert_non_null(f);
	assert_int_equal(sci_text_write_result(f, &r), 0);
	r.touched = 0;
	assert_int_equal(sci_text_write_result(f, &r), 0);
	r.cls = SCI_CLASS_SUPPRESSED;
	assert_int_equal(sci_text_write_result(f, &r), 0);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(out,
		"a.c:3 f() warning: m [null-deref] (new, on a changed line)\n"
		"a.c:3 f() warning: m [null-deref] (new)\n"
		"a.c:3 f() warning: m [null-deref] (suppressed by the baseline)\n");
	free(out);
	sci_diag_free(d);
}

static void test_text__control_characters_are_escaped(void **state)
{
	char *out;

	out = text(diag("memory-leak", "evil\n::error::x.c", 4,
			"f\r\nn", "leak of 'p'\n::add-mask::secret\x1b[31m"));
	assert_string_equal(out,
			    "evil\\n::error::x.c:4 f\\r\\nn() warning: leak of "
			    "'p'\\n::add-mask::secret\\x1b[31m [memory-leak]\n");
	assert_one_safe_line(out);
	free(out);

	/* tab, DEL, and a rule id is escaped too */
	assert_text(diag("r\nx", "a\tb.c", 1, "", "del\x7f"),
		    "a\\tb.c:1 warning: del\\x7f [r\\nx]\n");
}

static void test_text__line_breaking_unicode_is_escaped(void **state)
{
	/* U+0085 NEL, U+009B CSI, U+2028 LS, U+2029 PS, U+202E RLO,
	 * U+2066 LRI: each byte of each escaped */
	assert_text(diag("r", "a.c", 1, "",
			 "x\xc2\x85y\xc2\x9bz\xe2\x80\xa8\xe2\x80\xa9"
			 "\xe2\x80\xae\xe2\x81\xa6."),
		    "a.c:1 warning: x\\xc2\\x85y\\xc2\\x9bz\\xe2\\x80\\xa8"
		    "\\xe2\\x80\\xa9\\xe2\\x80\\xae\\xe2\\x81\\xa6. [r]\n");
	/* ordinary UTF-8 (and U+00A0, U+2027, U+202F) passes through */
	assert_text(diag("r", "\xc3\xbc.c", 1, "", "\xc2\xa0\xe2\x80\xa7"
			 "\xe2\x80\xaf\xe2\x86\x92"),
		    "./\xc3\xbc.c:1 warning: \xc2\xa0\xe2\x80\xa7\xe2\x80\xaf"
		    "\xe2\x86\x92 [r]\n");
	/* bytes that are not UTF-8, a truncated sequence at the end too */
	assert_text(diag("r", "a.c", 1, "", "caf\xe9 \xff\xe2\x80"),
		    "a.c:1 warning: caf\\xe9 \\xff\\xe2\\x80 [r]\n");
}

static void test_text__path_never_starts_a_command(void **state)
{
	static const struct {
		const char *path, *want;
	} cases[] = {
		{ "::add-mask::x.c", "./::add-mask::x.c:2 " },
		{ ":x.c", "./:x.c:2 " },
		{ " ::error::x.c", "./ ::error::x.c:2 " },
		{ "\xc2\xa0::error::x.c", "./\xc2\xa0::error::x.c:2 " },
		{ "\xe3\x80\x80::x.c", "./\xe3\x80\x80::x.c:2 " },
		{ "\xe2\x80\x8b::x.c", "./\xe2\x80\x8b::x.c:2 " },
		{ "\n::x.c", "./\\n::x.c:2 " },
		{ "\t::x.c", "./\\t::x.c:2 " },
		/* ordinary paths are left alone */
		{ "src/a.c", "src/a.c:2 " },
		{ "/abs/a.c", "/abs/a.c:2 " },
		{ "./a.c", "./a.c:2 " },
		{ "../a.c", "../a.c:2 " },
		{ "_a.c", "_a.c:2 " },
		{ "-a.c", "-a.c:2 " },
		{ "9.c", "9.c:2 " },
		{ "a::b.c", "a::b.c:2 " },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *out = text(diag("r", cases[i].path, 2, "", "m"));

		if (strncmp(out, cases[i].want, strlen(cases[i].want)) != 0)
			fail_msg("path \"%s\": got \"%s\", want \"%s...\"",
				 cases[i].path, out, cases[i].want);
		assert_one_safe_line(out);
		free(out);
	}
	/* the failure line too */
	assert_text(diag(SCI_RULE_ANALYSIS_FAILURE, "::stop-commands::x.c", 0,
			 "", "timed out"),
		    "./::stop-commands::x.c: error: analysis failed: timed out "
		    "[analysis-failure]\n");
}

/* Every byte, in every field, at the start and after a newline. */
static void test_text__any_byte_keeps_one_safe_line(void **state)
{
	char s[8];
	unsigned c;

	for (c = 1; c < 256; c++) {
		char *out;

		snprintf(s, sizeof(s), "%c::x", (char)c);
		out = text(diag(s, s, 1, s, s));
		assert_one_safe_line(out);
		free(out);
		snprintf(s, sizeof(s), "a%c::x", (char)c);
		out = text(diag(s, s, 1, s, s));
		assert_one_safe_line(out);
		free(out);
	}
}

static size_t unsafe(const char *s)
{
	return sci_text_unsafe_len((const unsigned char *)s);
}

static void test_text__unsafe_len(void **state)
{
	assert_int_equal(unsafe("a"), 0);
	assert_int_equal(unsafe("\n"), 1);
	assert_int_equal(unsafe("\x7f"), 1);
	assert_int_equal(unsafe("\x80"), 1);
	assert_int_equal(unsafe("\xc2\x85"), 2);
	assert_int_equal(unsafe("\xc2\xa0"), 0);
	assert_int_equal(unsafe("\xe2\x80\xa8"), 3);
	assert_int_equal(unsafe("\xe2\x80\xa7"), 0);
	assert_int_equal(unsafe("\xe2\x81\xa9"), 3);
	assert_int_equal(unsafe("\xe2\x81\xaa"), 0);
	assert_int_equal(unsafe("\xf0\x9f\x98\x80"), 0);
}

static void test_text__write_error_is_eio(void **state)
{
	sci_diag *d = diag("r", "a.c", 1, "", "m");
	FILE *f = fopen("/dev/full", "w");

	if (!f) {
		sci_diag_free(d);
		skip();
	}
	setvbuf(f, NULL, _IONBF, 0);
	assert_int_equal(sci_text_write(f, d), SCI_EIO);
	fclose(f);
	sci_diag_free(d);
}

static void test_text__golden(void **state)
{
	sci_diag_list l = { 0 };
	char *out = NULL;
	size_t len;
	FILE *f;

	sci_diag_list_take(&l, diag("memory-leak", "src/a.c", 12, "f",
				    "memory leak of 'p'"));
	sci_diag_list_take(&l, diag("null-deref", "::add-mask::x.c", 3, "",
				    "dereference of NULL 'q'"));
	sci_diag_list_take(&l, diag("deref-before-check", "dir\n::error::y.c",
				    7, "g\x1b[2J", "checked\r\nlate"));
	sci_diag_list_take(&l, diag(SCI_RULE_ANALYSIS_FAILURE, "src/broken.c",
				    0, "", "parse error: expected ';'"));
	f = open_memstream(&out, &len);
	assert_non_null(f);
	assert_int_equal(sci_text_write_list(f, &l), 0);
	assert_int_equal(fclose(f), 0);
	report_test_assert_golden("escape.txt", out);
	free(out);
	sci_diag_list_clear(&l);
}

static int setup(void **state)
{
	return report_test_find_srcdir();
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_text__shapes),
		cmocka_unit_test(test_text__control_characters_are_escaped),
		cmocka_unit_test(test_text__line_breaking_unicode_is_escaped),
		cmocka_unit_test(test_text__path_never_starts_a_command),
		cmocka_unit_test(test_text__any_byte_keeps_one_safe_line),
		cmocka_unit_test(test_text__unsafe_len),
		cmocka_unit_test(test_text__write_error_is_eio),
		cmocka_unit_test(test_text__golden),
	};

	return cmocka_run_group_tests_name("report/text", tests, setup, NULL);
}
