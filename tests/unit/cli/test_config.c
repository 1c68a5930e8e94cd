/* Unit tests: the configuration file (src/cli/config.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/config.h"
#include "util/error.h"

#include "cli_test.h"

static void test_config__reads_every_key(void **state)
{
	sci_config c;

	write_temp("config", "{\n"
		     "  \"version\": 1,\n"
		     "  \"profile\": \"kernel\",\n"
		     "  \"allocators\": [\"xmalloc\"],\n"
		     "  \"deallocators\": [\"xfree\"],\n"
		     "  \"noreturn\": [\"die\"],\n"
		     "  \"returns_nonnull\": [\"must\"],\n"
		     "  \"untrusted_sources\": [\"read_int\"],\n"
		     "  \"locks\": [{\"acquire\": \"lk\", \"release\": \"ulk\"}],\n"
		     "  \"checks\": {\"enabled\": [\"uninitialized\", \"all\"],\n"
		     "             \"disabled\": [\"double-free\"]},\n"
		     "  \"exclude\": [\"third_party\", \"*.gen.c\"]\n"
		     "}\n");
	assert_int_equal(sci_config_load(&c, path), 0);
	assert_string_equal(c.path, path);
	assert_string_equal(c.models, "kernel");
	assert_string_equal(c.profile.allocators.v[0], "xmalloc");
	assert_string_equal(c.profile.deallocators.v[0], "xfree");
	assert_string_equal(c.profile.noreturn.v[0], "die");
	assert_string_equal(c.profile.returns_nonnull.v[0], "must");
	assert_string_equal(c.profile.untrusted_sources.v[0], "read_int");
	assert_string_equal(c.profile.lock_acquire.v[0], "lk");
	assert_string_equal(c.profile.lock_release.v[0], "ulk");
	assert_int_equal(c.enabled.n, 2);
	assert_string_equal(c.disabled.v[0], "double-free");
	assert_int_equal(c.exclude.n, 2);
	sci_config_clear(&c);
	assert_null(c.path);
}

static void test_config__version_alone(void **state)
{
	sci_config c;

	write_temp("config", "{\"version\": 1}");
	assert_int_equal(sci_config_load(&c, path), 0);
	assert_string_equal(c.models, "generic");
	assert_int_equal(c.profile.allocators.n, 0);
	assert_int_equal(c.exclude.n, 0);
	sci_config_clear(&c);
}

/* @text fails with SCI_EINVALID, naming the file, ":@line:" and @want. */
static void expect_bad(const char *text, unsigned line, const char *want)
{
	sci_config c;
	char where[80];

	write_temp("config", text);
	assert_int_equal(sci_config_load(&c, path), SCI_EINVALID);
	snprintf(where, sizeof(where), "%s:%u:", path, line);
	if (strncmp(sci_error_last(), where, strlen(where)) != 0)
		fail_msg("'%s' does not start with '%s'", sci_error_last(), where);
	if (!strstr(sci_error_last(), want))
		fail_msg("'%s' does not mention '%s'", sci_error_last(), want);
	assert_null(c.path);
	assert_int_equal(c.profile.allocators.n, 0);
	unlink(path);
}

static void test_config__syntax_errors(void **state)
{
	/* jansson's line and column */
	expect_bad("{\n  \"version\": 1,\n  \"exclude\": [\"a\",]\n}\n", 3, "");
	expect_bad("{\"version\": 1,\n\"exclude\": [], \"exclude\": []}\n", 2,
		   "duplicate object key");
	expect_bad("[1]\n", 1, "must be a JSON object");
}

static void test_config__version(void **state)
{
	expect_bad("{\n\"profile\": \"kernel\"\n}\n", 1, "\"version\": missing");
	expect_bad("{\n  \"exclude\": [],\n  \"version\": 2\n}\n", 3,
		   "\"version\": must be 1");
	expect_bad("{\n  \"version\": \"1\"\n}\n", 2, "\"version\": must be 1");
}

static void test_config__unknown_keys(void **state)
{
	expect_bad("{\n  \"version\": 1,\n  \"allocator\": [\"x\"]\n}\n", 3,
		   "\"allocator\": unknown key (known: version, profile, checks, exclude, allocators");
	expect_bad("{\"version\": 1,\n \"checks\": {\n  \"enable\": []}}\n", 3,
		   "\"checks\".\"enable\": unknown key (known: enabled, disabled)");
}

static void test_config__wrong_types(void **state)
{
	expect_bad("{\"version\": 1,\n\n\"profile\": \"linux\"}\n", 3,
		   "\"profile\": must be \"generic\"");
	expect_bad("{\"version\": 1,\n\"profile\": [\"kernel\"]}\n", 2,
		   "\"profile\": must be");
	/* the profile's own reader, with the line added */
	expect_bad("{\"version\": 1,\n\"allocators\": \"xmalloc\"}\n", 2,
		   "\"allocators\": \"allocators\" must be an array of function names");
	expect_bad("{\"version\": 1,\n\"noreturn\": [\"die\", 3]}\n", 2,
		   "\"noreturn\"[1] must be a non-empty string");
	expect_bad("{\"version\": 1,\n\n\"locks\": [{\"acquire\": \"x\"}]}\n", 3,
		   "\"locks\"[0] must be");
	expect_bad("{\"version\": 1,\n\"checks\": [\"x\"]}\n", 2,
		   "\"checks\": must be an object");
	expect_bad("{\"version\": 1, \"checks\": {\n\"disabled\": \"double-free\"}}\n",
		   2, "\"checks\".\"disabled\": must be an array of rule ids");
	expect_bad("{\"version\": 1,\n\"exclude\": \"vendor\"}\n", 2,
		   "\"exclude\": must be an array of path patterns");
	expect_bad("{\"version\": 1,\n\"exclude\": [\"a\", \"\"]}\n", 2,
		   "\"exclude\": item 1 must be a non-empty string");
}

static void test_config__unknown_rule(void **state)
{
	expect_bad("{\"version\": 1,\n\"checks\": {\n \"enabled\": [\"null-deref\"],\n"
		   " \"disabled\": [\"double-fre\"]}}\n", 4,
		   "\"checks\".\"disabled\": unknown rule 'double-fre'");
}

static void test_config__unreadable(void **state)
{
	sci_config c;

	assert_int_equal(sci_config_load(&c, "/nonexistent/.smatch-ci.json"),
			 SCI_EIO);
	assert_non_null(strstr(sci_error_last(), "cannot read config"));
}

static void test_config__key_line(void **state)
{
	const char *text = "{\n"
			   "  \"note\": \"\\\"exclude\\\": in a string\",\n"
			   "  \"x\": {\"exclude\": 1},\n"
			   "  \"checks\": {\n"
			   "    \"list\": [{\"enabled\": 0}],\n"
			   "    \"enabled\" : []\n"
			   "  },\n"
			   "  \"exclude\": []\n"
			   "}\n";

	/* not the one in a string, nor the one in another object */
	assert_int_equal(sci_config_key_line(text, NULL, "exclude"), 8);
	/* not the one a level deeper */
	assert_int_equal(sci_config_key_line(text, "checks", "enabled"), 6);
	assert_int_equal(sci_config_key_line(text, "checks", "disabled"), 0);
	assert_int_equal(sci_config_key_line(text, NULL, "nothing"), 0);
}

static void test_config__excludes(void **state)
{
	sci_config c;

	memset(&c, 0, sizeof(c));
	sci_strv_push(&c.exclude, "third_party");
	sci_strv_push(&c.exclude, "*.gen.c");
	sci_strv_push(&c.exclude, "src/*/old_*.c");
	assert_true(sci_config_excludes(&c, "third_party/zlib/inflate.c"));
	assert_true(sci_config_excludes(&c, "third_party"));
	assert_false(sci_config_excludes(&c, "third_party_not/x.c"));
	assert_false(sci_config_excludes(&c, "src/third_party.c"));
	assert_true(sci_config_excludes(&c, "lib/parse.gen.c"));
	assert_true(sci_config_excludes(&c, "src/a/b/old_x.c"));
	assert_false(sci_config_excludes(&c, "src/new_x.c"));
	assert_false(sci_config_excludes(&c, NULL));
	sci_config_clear(&c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_config__reads_every_key, teardown),
		cmocka_unit_test_teardown(test_config__version_alone, teardown),
		cmocka_unit_test(test_config__syntax_errors),
		cmocka_unit_test(test_config__version),
		cmocka_unit_test(test_config__unknown_keys),
		cmocka_unit_test(test_config__wrong_types),
		cmocka_unit_test(test_config__unknown_rule),
		cmocka_unit_test(test_config__unreadable),
		cmocka_unit_test(test_config__key_line),
		cmocka_unit_test(test_config__excludes),
	};

	return cmocka_run_group_tests_name("cli/config", tests, NULL, NULL);
}
