/*
 * test_suppress.c - in-source suppression comments: parsing, matching a
 * finding on its line or the next, and the findings about bad or unused
 * suppressions (src/baseline/suppress.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "baseline/compare.h"
#include "baseline/suppress.h"
#include "util/alloc.h"
#include "util/error.h"

static sci_suppress_file *parse(const char *text)
{
	return sci_suppress_parse(text, strlen(text));
}

static void test_suppress__block_and_line_comments(void **state)
{
	sci_suppress_file *f = parse(
		"int x; /* smatch-ci: ignore[memory-leak] freed at exit */\n"
		"// smatch-ci: ignore[null-deref, double-free]: caller checks\n"
		"int y;\n");
	const sci_suppression *s;

	(void)state;
	assert_int_equal(sci_suppress_count(f), 2);
	s = sci_suppress_at(f, 0);
	assert_null(s->problem);
	assert_int_equal(s->line, 1);
	assert_int_equal(s->col, 8);
	assert_int_equal(s->nrules, 1);
	assert_string_equal(s->rules[0], "memory-leak");
	assert_string_equal(s->reason, "freed at exit");
	s = sci_suppress_at(f, 1);
	assert_null(s->problem);
	assert_int_equal(s->line, 2);
	assert_int_equal(s->nrules, 2);
	assert_string_equal(s->rules[0], "null-deref");
	assert_string_equal(s->rules[1], "double-free");
	assert_string_equal(s->reason, "caller checks");
	assert_null(sci_suppress_at(f, 2));
	sci_suppress_file_free(f);
}

static void test_suppress__multi_line_block_comment(void **state)
{
	sci_suppress_file *f = parse(
		"/*\n"
		" * smatch-ci: ignore[memory-leak] the block lives\n"
		" *   until the process exits\n"
		" */\n"
		"p = malloc(n);\n");
	const sci_suppression *s;

	(void)state;
	assert_int_equal(sci_suppress_count(f), 1);
	s = sci_suppress_at(f, 0);
	assert_null(s->problem);
	assert_int_equal(s->line, 1);
	assert_int_equal(s->last_line, 4);
	assert_string_equal(s->reason, "the block lives until the process exits");
	/* the line after the comment's end, and nothing further */
	assert_non_null(sci_suppress_match(f, "memory-leak", 5));
	assert_null(sci_suppress_match(f, "memory-leak", 6));
	sci_suppress_file_free(f);
}

static void test_suppress__problems_are_kept(void **state)
{
	sci_suppress_file *f = parse(
		"/* smatch-ci: ignore[memory-leak] */\n"
		"/* smatch-ci: ignore[] why */\n"
		"/* smatch-ci: ignore[a,,b] why */\n"
		"/* smatch-ci: please ignore this */\n"
		"/* smatch-ci: ignore[memory leak] why */\n"
		"/* smatch-ci: ignore[memory-leak why */\n");
	size_t i;

	(void)state;
	assert_int_equal(sci_suppress_count(f), 6);
	for (i = 0; i < 6; i++)
		assert_non_null(sci_suppress_at(f, i)->problem);
	assert_non_null(strstr(sci_suppress_at(f, 0)->problem, "no reason"));
	/* a malformed comment suppresses nothing */
	assert_null(sci_suppress_match(f, "memory-leak", 1));
	assert_null(sci_suppress_match(f, "memory-leak", 2));
	sci_suppress_file_free(f);
}

static void test_suppress__not_ours(void **state)
{
	sci_suppress_file *f = parse(
		"const char *s = \"/* smatch-ci: ignore[a] b */\";\n"
		"char c = '\"'; // see smatch-ci: ignore[a] b\n"
		"/* a comment about smatch-ci: ignore[a] b */\n"
		"const char *t = \"// smatch-ci: ignore[a] b\\\" \";\n");

	(void)state;
	assert_int_equal(sci_suppress_count(f), 0);
	sci_suppress_file_free(f);
}

static void test_suppress__match_this_line_or_the_next(void **state)
{
	sci_suppress_file *f = parse(
		"\n"
		"/* smatch-ci: ignore[memory-leak] ok */\n"
		"x;\n"
		"y;\n");
	const sci_suppression *s;

	(void)state;
	assert_null(sci_suppress_match(f, "memory-leak", 1));
	assert_non_null(sci_suppress_match(f, "memory-leak", 2));
	assert_non_null(s = sci_suppress_match(f, "memory-leak", 3));
	assert_int_equal(s->used[0], 1);
	assert_null(sci_suppress_match(f, "memory-leak", 4));
	/* another rule is not suppressed */
	assert_null(sci_suppress_match(f, "null-deref", 3));
	sci_suppress_file_free(f);
}

static int read_fake(char **out, size_t *len, const char *path, void *payload)
{
	(void)payload;
	if (strcmp(path, "a.c") != 0)
		return SCI_ENOTFOUND;
	*out = sci_strdup(
		"/* smatch-ci: ignore[memory-leak] owned by the pool */\n"	/* 1 */
		"p = malloc(1);\n"						/* 2 */
		"// smatch-ci: ignore[null-deref] tested by the caller\n"	/* 3 */
		"*q = 1;\n"							/* 4 */
		"// smatch-ci: ignore[double-free]\n"				/* 5 */
		"// smatch-ci: ignore[no-such-rule, divide-by-zero] x\n");	/* 6 */
	*len = strlen(*out);
	return 0;
}

static int rule_of(const char *rule, void *payload)
{
	(void)payload;
	if (strcmp(rule, "divide-by-zero") == 0)
		return SCI_SUPPRESS_RULE_OFF;
	if (strcmp(rule, "memory-leak") == 0 || strcmp(rule, "null-deref") == 0 ||
	    strcmp(rule, "double-free") == 0)
		return SCI_SUPPRESS_RULE_RAN;
	return SCI_SUPPRESS_RULE_UNKNOWN;
}

static void test_suppress__apply_and_problems(void **state)
{
	sci_suppress_set *s = sci_suppress_set_new(read_fake, NULL);
	sci_result_list l = { 0 };
	sci_diag_list probs = { 0 };
	size_t i;

	(void)state;
	sci_result_list_take(&l, sci_diag_new("memory-leak", SCI_LEVEL_WARNING,
					      "a.c", 2, 1, "f", "p", "leak"));
	sci_result_list_take(&l, sci_diag_new("memory-leak", SCI_LEVEL_WARNING,
					      "b.c", 2, 1, "f", "p", "leak"));
	sci_result_list_take(&l, sci_diag_new(SCI_RULE_ANALYSIS_FAILURE,
					      SCI_LEVEL_ERROR, "a.c", 2, 1, "",
					      "", "parse error"));
	assert_int_equal(sci_suppress_apply(s, &l), 0);
	assert_true(l.items[0].in_source);
	assert_string_equal(l.items[0].justification, "owned by the pool");
	assert_false(l.items[1].in_source);	/* no such file: no comments */
	assert_false(l.items[2].in_source);	/* not a finding */

	assert_int_equal(sci_suppress_problems(&probs, s, "a.c", rule_of, NULL), 0);
	/* line 3 unused, line 5 reason-less, line 6 an unknown id; the
	 * rule that did not run is not judged unused */
	assert_int_equal(probs.n, 3);
	assert_string_equal(probs.items[0]->rule, SCI_RULE_UNUSED_SUPPRESSION);
	assert_int_equal(probs.items[0]->line, 3);
	assert_string_equal(probs.items[0]->key, "null-deref");
	assert_string_equal(probs.items[1]->rule, SCI_RULE_INVALID_SUPPRESSION);
	assert_int_equal(probs.items[1]->line, 5);
	assert_string_equal(probs.items[2]->rule, SCI_RULE_INVALID_SUPPRESSION);
	assert_int_equal(probs.items[2]->line, 6);
	assert_string_equal(probs.items[2]->key, "no-such-rule");
	for (i = 0; i < probs.n; i++)
		assert_true(sci_diag_is_finding(probs.items[i]));
	/* a file without comments has no problems */
	i = probs.n;
	assert_int_equal(sci_suppress_problems(&probs, s, "b.c", rule_of, NULL), 0);
	assert_int_equal(probs.n, i);
	sci_diag_list_clear(&probs);
	sci_result_list_clear(&l);
	sci_suppress_set_free(s);
}

static void test_suppress__compare_keeps_the_reason(void **state)
{
	sci_result_list head = { 0 }, base = { 0 }, out = { 0 };
	sci_result *r;

	(void)state;
	r = sci_result_list_take(&head, sci_diag_new("memory-leak",
						     SCI_LEVEL_WARNING, "a.c",
						     2, 1, "f", "p", "leak"));
	strcpy(r->fingerprint, "aa");
	r->in_source = 1;
	r->justification = sci_strdup("why");
	r = sci_result_list_take(&base, sci_diag_new("memory-leak",
						     SCI_LEVEL_WARNING, "a.c",
						     2, 1, "f", "p", "leak"));
	strcpy(r->fingerprint, "aa");
	assert_int_equal(sci_compare(&out, &head, &base, NULL, NULL, NULL), 0);
	/* suppressed, and the base finding is not "fixed" */
	assert_int_equal(out.n, 1);
	assert_int_equal(out.items[0].cls, SCI_CLASS_SUPPRESSED);
	assert_true(out.items[0].in_source);
	assert_string_equal(out.items[0].justification, "why");
	sci_result_list_clear(&out);
	sci_result_list_clear(&head);
	sci_result_list_clear(&base);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_suppress__block_and_line_comments),
		cmocka_unit_test(test_suppress__multi_line_block_comment),
		cmocka_unit_test(test_suppress__problems_are_kept),
		cmocka_unit_test(test_suppress__not_ours),
		cmocka_unit_test(test_suppress__match_this_line_or_the_next),
		cmocka_unit_test(test_suppress__apply_and_problems),
		cmocka_unit_test(test_suppress__compare_keeps_the_reason),
	};

	return cmocka_run_group_tests_name("baseline/suppress", tests, NULL,
					   NULL);
}
