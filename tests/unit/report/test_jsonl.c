/* test_jsonl.c - diagnostics as JSON lines (src/report/jsonl.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/jsonl.h"
#include "util/error.h"

static sci_diag *sample(void)
{
	sci_diag *d = sci_diag_new("memory-leak", SCI_LEVEL_WARNING, "src/a.c",
				   12, 5, "f", "p",
				   "memory leak of 'p': \"quoted\"\ttab");

	sci_diag_add_related(d, "src/a.c", 3, 9, "allocated here");
	sci_diag_add_related(d, "inc/b.h", 7, 1, "via macro");
	sci_diag_add_step(d, "src/a.c", 10, 2, "taking the false branch");
	return d;
}

static void assert_diag_equal(const sci_diag *a, const sci_diag *b)
{
	size_t i;

	assert_int_equal(sci_diag_cmp(a, b), 0);
	assert_int_equal(a->level, b->level);
	assert_int_equal(a->nsteps, b->nsteps);
	assert_int_equal(sci_diag_cmp_full(a, b), 0);
	assert_int_equal(a->nrelated, b->nrelated);
	for (i = 0; i < a->nrelated; i++) {
		assert_string_equal(a->related[i].path, b->related[i].path);
		assert_int_equal(a->related[i].line, b->related[i].line);
		assert_int_equal(a->related[i].col, b->related[i].col);
		assert_string_equal(a->related[i].message,
				    b->related[i].message);
	}
}

static void test_jsonl__format_is_compact_sorted_one_line(void **state)
{
	sci_diag *d = sci_diag_new("null-deref", SCI_LEVEL_ERROR, "a.c", 2, 3,
				   "", "q", "m");
	char *text = NULL;

	assert_int_equal(sci_jsonl_format(&text, d), 0);
	assert_string_equal(text,
			    "{\"column\":3,\"function\":\"\",\"key\":\"q\","
			    "\"level\":\"error\",\"line\":2,\"message\":\"m\","
			    "\"path\":\"a.c\",\"related\":[],"
			    "\"rule\":\"null-deref\"}");
	free(text);
	sci_diag_free(d);
}

static void test_jsonl__round_trip(void **state)
{
	sci_diag *d = sample(), *back = NULL;
	char *text = NULL;

	assert_int_equal(sci_jsonl_format(&text, d), 0);
	assert_null(strchr(text, '\n'));
	assert_int_equal(sci_jsonl_parse(&back, text), 0);
	assert_non_null(back);
	assert_diag_equal(d, back);
	free(text);
	sci_diag_free(back);
	sci_diag_free(d);
}

static void test_jsonl__write_then_parse_line(void **state)
{
	sci_diag *d = sample(), *back = NULL;
	char line[4096];
	FILE *f = tmpfile();

	assert_non_null(f);
	assert_int_equal(sci_jsonl_write(f, d), 0);
	assert_int_equal(sci_jsonl_write(f, d), 0);
	rewind(f);
	assert_non_null(fgets(line, sizeof(line), f));
	assert_int_equal(line[strlen(line) - 1], '\n');
	/* the trailing newline is accepted */
	assert_int_equal(sci_jsonl_parse(&back, line), 0);
	assert_diag_equal(d, back);
	sci_diag_free(back);
	assert_non_null(fgets(line, sizeof(line), f));
	assert_null(fgets(line, sizeof(line), f));
	fclose(f);
	sci_diag_free(d);
}

static void test_jsonl__every_level_round_trips(void **state)
{
	sci_level levels[] = { SCI_LEVEL_NOTE, SCI_LEVEL_WARNING,
			       SCI_LEVEL_ERROR };
	size_t i;

	for (i = 0; i < 3; i++) {
		sci_diag *d = sci_diag_new("r", levels[i], "a.c", 1, 0, "",
					   "", "m"), *back = NULL;
		char *text = NULL;

		assert_int_equal(sci_jsonl_format(&text, d), 0);
		assert_int_equal(sci_jsonl_parse(&back, text), 0);
		assert_int_equal(back->level, levels[i]);
		free(text);
		sci_diag_free(back);
		sci_diag_free(d);
	}
}

static void test_jsonl__invalid_utf8_is_replaced(void **state)
{
	sci_diag *d = sci_diag_new("r", SCI_LEVEL_NOTE, "caf\xe9.c", 1, 0, "",
				   "", "ok \xc3\xa9 bad \xff"), *back = NULL;
	char *text = NULL;

	assert_int_equal(sci_jsonl_format(&text, d), 0);
	assert_int_equal(sci_jsonl_parse(&back, text), 0);
	assert_string_equal(back->path, "caf?.c");
	assert_string_equal(back->message, "ok \xc3\xa9 bad ?");
	free(text);
	sci_diag_free(back);
	sci_diag_free(d);
}

static void test_jsonl__optional_members_default(void **state)
{
	sci_diag *d = NULL;

	assert_int_equal(sci_jsonl_parse(&d,
		"{\"rule\":\"r\",\"level\":\"note\",\"path\":\"p.c\","
		"\"line\":4,\"message\":\"m\"}"), 0);
	assert_string_equal(d->rule, "r");
	assert_int_equal(d->level, SCI_LEVEL_NOTE);
	assert_int_equal(d->line, 4);
	assert_int_equal(d->col, 0);
	assert_string_equal(d->function, "");
	assert_string_equal(d->key, "");
	assert_int_equal(d->nrelated, 0);
	sci_diag_free(d);
}

static void parse_fails(const char *line, int code, const char *msg_part)
{
	sci_diag *d = (sci_diag *)1;

	sci_error_clear();
	assert_int_equal(sci_jsonl_parse(&d, line), code);
	assert_null(d);
	assert_non_null(strstr(sci_error_last(), msg_part));
}

static void test_jsonl__bad_lines(void **state)
{
	parse_fails("", SCI_EJSON, "diagnostic:");
	parse_fails("{\"rule\":", SCI_EJSON, "diagnostic:1:");
	parse_fails("{} {}", SCI_EJSON, "diagnostic:");
	parse_fails("[1,2]", SCI_EINVALID, "not a JSON object");
	parse_fails("{\"level\":\"note\",\"path\":\"p\",\"line\":1,"
		    "\"message\":\"m\"}", SCI_EINVALID, "missing \"rule\"");
	parse_fails("{\"rule\":\"\",\"level\":\"note\",\"path\":\"p\","
		    "\"line\":1,\"message\":\"m\"}", SCI_EINVALID,
		    "empty \"rule\"");
	parse_fails("{\"rule\":\"r\",\"level\":\"fatal\",\"path\":\"p\","
		    "\"line\":1,\"message\":\"m\"}", SCI_EINVALID, "'fatal'");
	parse_fails("{\"rule\":\"r\",\"level\":\"note\",\"path\":\"p\","
		    "\"line\":\"1\",\"message\":\"m\"}", SCI_EINVALID,
		    "\"line\" is not an integer");
	parse_fails("{\"rule\":\"r\",\"level\":\"note\",\"path\":\"p\","
		    "\"line\":-1,\"message\":\"m\"}", SCI_EINVALID,
		    "out of range");
	parse_fails("{\"rule\":\"r\",\"level\":\"note\",\"path\":\"p\","
		    "\"line\":99999999999,\"message\":\"m\"}", SCI_EINVALID,
		    "out of range");
	parse_fails("{\"rule\":\"r\",\"level\":\"note\",\"path\":7,"
		    "\"line\":1,\"message\":\"m\"}", SCI_EINVALID,
		    "\"path\" is not a string");
	parse_fails("{\"rule\":\"r\",\"level\":\"note\",\"path\":\"p\","
		    "\"line\":1}", SCI_EINVALID, "missing \"message\"");
	parse_fails("{\"rule\":\"r\",\"rule\":\"s\",\"level\":\"note\","
		    "\"path\":\"p\",\"line\":1,\"message\":\"m\"}", SCI_EJSON,
		    "duplicate");
}

static void test_jsonl__fix_round_trips(void **state)
{
	sci_diag *d = sci_diag_new("sizeof-pointer", SCI_LEVEL_WARNING, "a.c",
				   4, 20, "f", "p", "m"), *back = NULL, *c, *bad = NULL;
	char *text = NULL;

	sci_diag_set_fix(d, 4, 30, 31, "*p");
	assert_int_equal(sci_jsonl_format(&text, d), 0);
	assert_non_null(strstr(text, "\"fix\":{\"column\":30,\"end_column\":31,"
				     "\"line\":4,\"text\":\"*p\"}"));
	assert_int_equal(sci_jsonl_parse(&back, text), 0);
	assert_int_equal(back->fix_line, 4);
	assert_int_equal(back->fix_col, 30);
	assert_int_equal(back->fix_end_col, 31);
	assert_string_equal(back->fix_text, "*p");
	c = sci_diag_dup(back);
	assert_string_equal(c->fix_text, "*p");
	assert_int_equal(sci_jsonl_parse(&bad,
		"{\"rule\":\"r\",\"level\":\"note\",\"path\":\"a.c\","
		"\"line\":1,\"message\":\"m\",\"fix\":{\"line\":1,"
		"\"column\":5,\"end_column\":2,\"text\":\"x\"}}"), SCI_EINVALID);
	free(text);
	sci_diag_free(d);
	sci_diag_free(back);
	sci_diag_free(c);
	assert_null(bad);
}

static void test_jsonl__bad_related(void **state)
{
	parse_fails("{\"rule\":\"r\",\"level\":\"note\",\"path\":\"p\","
		    "\"line\":1,\"message\":\"m\",\"related\":{}}",
		    SCI_EINVALID, "not an array");
	parse_fails("{\"rule\":\"r\",\"level\":\"note\",\"path\":\"p\","
		    "\"line\":1,\"message\":\"m\",\"related\":[3]}",
		    SCI_EINVALID, "not an object");
	parse_fails("{\"rule\":\"r\",\"level\":\"note\",\"path\":\"p\","
		    "\"line\":1,\"message\":\"m\",\"related\":"
		    "[{\"path\":\"q\"}]}",
		    SCI_EINVALID, "missing \"line\"");
	parse_fails("{\"rule\":\"r\",\"level\":\"note\",\"path\":\"p\","
		    "\"line\":1,\"message\":\"m\",\"steps\":\"x\"}",
		    SCI_EINVALID, "\"steps\" is not an array");
	parse_fails("{\"rule\":\"r\",\"level\":\"note\",\"path\":\"p\","
		    "\"line\":1,\"message\":\"m\",\"steps\":"
		    "[{\"path\":\"q\",\"line\":-1}]}",
		    SCI_EINVALID, "steps");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jsonl__format_is_compact_sorted_one_line),
		cmocka_unit_test(test_jsonl__round_trip),
		cmocka_unit_test(test_jsonl__write_then_parse_line),
		cmocka_unit_test(test_jsonl__every_level_round_trips),
		cmocka_unit_test(test_jsonl__invalid_utf8_is_replaced),
		cmocka_unit_test(test_jsonl__optional_members_default),
		cmocka_unit_test(test_jsonl__bad_lines),
		cmocka_unit_test(test_jsonl__bad_related),
		cmocka_unit_test(test_jsonl__fix_round_trips),
	};

	return cmocka_run_group_tests_name("report/jsonl", tests, NULL, NULL);
}
