/* test_options.c - command-line parsing (src/cli/options.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "cli/options.h"
#include "cli/memlimit.h"
#include "util/error.h"

#define ARGC(a) ((int)(sizeof(a) / sizeof((a)[0])))

static sci_cli_options *parse_ok(int argc, char **argv)
{
	sci_cli_options *o = NULL;

	assert_int_equal(sci_cli_options_parse(&o, argc, argv), 0);
	assert_non_null(o);
	return o;
}

static void parse_fails(int argc, char **argv, const char *msg_part)
{
	sci_cli_options *o = (sci_cli_options *)1;

	sci_error_clear();
	assert_int_equal(sci_cli_options_parse(&o, argc, argv), SCI_EINVALID);
	assert_null(o);
	assert_non_null(strstr(sci_error_last(), msg_part));
}

static void test_options__defaults(void **state)
{
	char *argv[] = { "smatch-ci", "a.c" };
	sci_cli_options *o = parse_ok(ARGC(argv), argv);

	assert_int_equal(o->files.n, 1);
	assert_string_equal(o->files.v[0], "a.c");
	assert_int_equal(o->flags.n, 0);
	assert_null(o->compdb);
	assert_null(o->json);
	assert_int_equal(o->jobs, 0);
	assert_int_equal(o->tu_timeout, SCI_CLI_DEFAULT_TU_TIMEOUT);
	assert_int_equal(o->tu_memory, SCI_CLI_DEFAULT_TU_MEMORY);
	assert_int_equal(o->cache_max_mb, SCI_CLI_DEFAULT_CACHE_MAX_MB);
	assert_false(o->progress);
	assert_int_equal(o->fail_level, SCI_LEVEL_WARNING);
	assert_int_equal(o->nrule_ops, 0);
	assert_false(o->help || o->version || o->list_checks);
	sci_cli_options_free(o);
}

static void test_options__check_word_is_skipped(void **state)
{
	char *argv[] = { "smatch-ci", "check", "a.c", "check" };
	sci_cli_options *o = parse_ok(ARGC(argv), argv);

	/* only the first word is the command; a later "check" is a file */
	assert_int_equal(o->files.n, 2);
	assert_string_equal(o->files.v[0], "a.c");
	assert_string_equal(o->files.v[1], "check");
	sci_cli_options_free(o);
}

static void test_options__no_arguments_is_not_a_parse_error(void **state)
{
	char *argv[] = { "smatch-ci" };
	sci_cli_options *o = parse_ok(ARGC(argv), argv);

	assert_int_equal(o->files.n, 0);
	sci_cli_options_free(o);
}

static void test_options__preprocessor_flags_joined_and_separate(void **state)
{
	char *argv[] = { "smatch-ci", "-I", "inc", "-Iinc2", "-D", "A=1",
			 "-DB", "-U", "C", "-UD", "-include", "pre.h",
			 "-imacros", "m.h", "-isystem", "sys",
			 "-idirafter", "late", "-std=c11", "x.c" };
	const char *want[] = { "-I", "inc", "-I", "inc2", "-D", "A=1",
			       "-D", "B", "-U", "C", "-U", "D", "-include",
			       "pre.h", "-imacros", "m.h", "-isystem", "sys",
			       "-idirafter", "late", "-std=c11" };
	sci_cli_options *o = parse_ok(ARGC(argv), argv);
	size_t i;

	assert_int_equal(o->flags.n, sizeof(want) / sizeof(want[0]));
	for (i = 0; i < o->flags.n; i++)
		assert_string_equal(o->flags.v[i], want[i]);
	assert_null(o->flags.v[o->flags.n]);
	assert_int_equal(o->files.n, 1);
	assert_string_equal(o->files.v[0], "x.c");
	sci_cli_options_free(o);
}

static void test_options__std_c2x_is_mapped(void **state)
{
	char *argv[] = { "smatch-ci", "-std=gnu2x", "-std=c23", "x.c" };
	sci_cli_options *o = parse_ok(ARGC(argv), argv);

	assert_int_equal(o->flags.n, 2);
	assert_string_equal(o->flags.v[0], "-std=gnu17");
	assert_string_equal(o->flags.v[1], "-std=gnu17");
	sci_cli_options_free(o);
}

static void test_options__std_unknown_is_rejected(void **state)
{
	char *argv[] = { "smatch-ci", "-std=c++17", "x.c" };

	parse_fails(ARGC(argv), argv, "c++17");
}

static void test_options__compdb(void **state)
{
	char *argv[] = { "smatch-ci", "-p", "build", "a.c" };
	sci_cli_options *o = parse_ok(ARGC(argv), argv);

	assert_string_equal(o->compdb, "build");
	assert_int_equal(o->files.n, 1);
	sci_cli_options_free(o);
}

static void test_options__compdb_twice_is_rejected(void **state)
{
	char *argv[] = { "smatch-ci", "-p", "a", "-p", "b" };

	parse_fails(ARGC(argv), argv, "-p");
}

static void test_options__shard_and_results(void **state)
{
	char *argv[] = { "smatch-ci", "--shard", "2/3", "--results=r.json" };
	sci_cli_options *o = parse_ok(ARGC(argv), argv);

	assert_int_equal(o->shard_k, 2);
	assert_int_equal(o->shard_n, 3);
	assert_string_equal(o->results, "r.json");
	assert_int_equal(o->command, SCI_CMD_CHECK);
	sci_cli_options_free(o);
}

static void test_options__shard_bad_values(void **state)
{
	char *a[] = { "smatch-ci", "--shard", "3/2" };
	char *b[] = { "smatch-ci", "--shard", "x" };
	char *c[] = { "smatch-ci", "--shard" };

	parse_fails(ARGC(a), a, "K/N");
	parse_fails(ARGC(b), b, "K/N");
	parse_fails(ARGC(c), c, "--shard");
}

static void test_options__merge_command(void **state)
{
	char *argv[] = { "smatch-ci", "merge", "--sarif", "m.sarif", "a.json",
			 "b.json" };
	sci_cli_options *o = parse_ok(ARGC(argv), argv);

	assert_int_equal(o->command, SCI_CMD_MERGE);
	assert_int_equal(o->files.n, 2);
	assert_string_equal(o->files.v[1], "b.json");
	assert_string_equal(o->sarif, "m.sarif");
	sci_cli_options_free(o);
}

static void test_options__json_forms(void **state)
{
	char *a1[] = { "smatch-ci", "--json", "out.jsonl", "x.c" };
	char *a2[] = { "smatch-ci", "--json=-", "x.c" };
	sci_cli_options *o = parse_ok(ARGC(a1), a1);

	assert_string_equal(o->json, "out.jsonl");
	assert_int_equal(o->files.n, 1);
	sci_cli_options_free(o);
	o = parse_ok(ARGC(a2), a2);
	assert_string_equal(o->json, "-");
	sci_cli_options_free(o);
}

static void test_options__json_needs_argument(void **state)
{
	char *argv[] = { "smatch-ci", "--json" };
	char *empty[] = { "smatch-ci", "--json=", "x.c" };

	parse_fails(ARGC(argv), argv, "needs an argument");
	parse_fails(ARGC(empty), empty, "--json");
}

static void test_options__jobs_forms(void **state)
{
	char *a1[] = { "smatch-ci", "-j", "4", "x.c" };
	char *a2[] = { "smatch-ci", "-j7", "x.c" };
	char *a3[] = { "smatch-ci", "--jobs=2", "x.c" };
	sci_cli_options *o;

	o = parse_ok(ARGC(a1), a1);
	assert_int_equal(o->jobs, 4);
	sci_cli_options_free(o);
	o = parse_ok(ARGC(a2), a2);
	assert_int_equal(o->jobs, 7);
	sci_cli_options_free(o);
	o = parse_ok(ARGC(a3), a3);
	assert_int_equal(o->jobs, 2);
	sci_cli_options_free(o);
}

static void test_options__jobs_bad_values(void **state)
{
	char *zero[] = { "smatch-ci", "-j", "0", "x.c" };
	char *neg[] = { "smatch-ci", "-j", "-3", "x.c" };
	char *word[] = { "smatch-ci", "-j", "many", "x.c" };
	char *huge[] = { "smatch-ci", "-j", "99999999999999999999", "x.c" };
	char *missing[] = { "smatch-ci", "-j" };

	parse_fails(ARGC(zero), zero, "'0'");
	parse_fails(ARGC(neg), neg, "'-3'");
	parse_fails(ARGC(word), word, "'many'");
	parse_fails(ARGC(huge), huge, "-j");
	parse_fails(ARGC(missing), missing, "needs an argument");
}

static void test_options__tu_timeout(void **state)
{
	char *a1[] = { "smatch-ci", "--tu-timeout", "5", "x.c" };
	char *a2[] = { "smatch-ci", "--tu-timeout=0", "x.c" };
	char *bad[] = { "smatch-ci", "--tu-timeout", "1.5", "x.c" };
	sci_cli_options *o;

	o = parse_ok(ARGC(a1), a1);
	assert_int_equal(o->tu_timeout, 5);
	sci_cli_options_free(o);
	o = parse_ok(ARGC(a2), a2);
	assert_int_equal(o->tu_timeout, 0);
	sci_cli_options_free(o);
	parse_fails(ARGC(bad), bad, "'1.5'");
}

static void test_options__tu_memory_and_progress(void **state)
{
	char *a1[] = { "smatch-ci", "--tu-memory", "20", "--progress", "x.c" };
	char *a2[] = { "smatch-ci", "--tu-memory=0", "--cache-max-mb", "3", "x.c" };
	char *bad[] = { "smatch-ci", "--tu-memory", "-5", "x.c" };
	sci_cli_options *o;

	o = parse_ok(ARGC(a1), a1);
	assert_int_equal(o->tu_memory, 20);
	assert_true(o->progress);
	sci_cli_options_free(o);
	o = parse_ok(ARGC(a2), a2);
	assert_int_equal(o->tu_memory, 0);
	assert_int_equal(o->cache_max_mb, 3);
	sci_cli_options_free(o);
	parse_fails(ARGC(bad), bad, "'-5'");
}

static void test_options__fail_level(void **state)
{
	char *a1[] = { "smatch-ci", "--fail-level", "error", "x.c" };
	char *a2[] = { "smatch-ci", "--fail-level=note", "x.c" };
	char *bad[] = { "smatch-ci", "--fail-level", "fatal", "x.c" };
	sci_cli_options *o;

	o = parse_ok(ARGC(a1), a1);
	assert_int_equal(o->fail_level, SCI_LEVEL_ERROR);
	sci_cli_options_free(o);
	o = parse_ok(ARGC(a2), a2);
	assert_int_equal(o->fail_level, SCI_LEVEL_NOTE);
	sci_cli_options_free(o);
	parse_fails(ARGC(bad), bad, "'fatal'");
}

static void test_options__enable_disable_keep_order(void **state)
{
	char *argv[] = { "smatch-ci", "--enable", "a,b", "--disable=c",
			 "--enable=all", "x.c" };
	sci_cli_options *o = parse_ok(ARGC(argv), argv);

	assert_int_equal(o->nrule_ops, 4);
	assert_true(o->rule_ops[0].enable);
	assert_string_equal(o->rule_ops[0].rule, "a");
	assert_true(o->rule_ops[1].enable);
	assert_string_equal(o->rule_ops[1].rule, "b");
	assert_false(o->rule_ops[2].enable);
	assert_string_equal(o->rule_ops[2].rule, "c");
	assert_true(o->rule_ops[3].enable);
	assert_string_equal(o->rule_ops[3].rule, "all");
	sci_cli_options_free(o);
}

static void test_options__empty_rule_is_rejected(void **state)
{
	char *a1[] = { "smatch-ci", "--enable", "a,,b", "x.c" };
	char *a2[] = { "smatch-ci", "--disable=", "x.c" };

	parse_fails(ARGC(a1), a1, "empty rule");
	parse_fails(ARGC(a2), a2, "empty rule");
}

static void test_options__help_version_list(void **state)
{
	char *argv[] = { "smatch-ci", "--help", "-h", "--version",
			 "--list-checks" };
	sci_cli_options *o = parse_ok(ARGC(argv), argv);

	assert_true(o->help);
	assert_true(o->version);
	assert_true(o->list_checks);
	sci_cli_options_free(o);
	assert_non_null(strstr(sci_cli_usage(), "--fail-level"));
	assert_true(strlen(sci_cli_version()) > 0);
}

static void test_options__unknown_option(void **state)
{
	char *a1[] = { "smatch-ci", "--frobnicate", "x.c" };
	char *a2[] = { "smatch-ci", "-Z", "x.c" };
	char *a3[] = { "smatch-ci", "--jsonx=1", "x.c" };
	char *a4[] = { "smatch-ci", "-f", "x.c" };

	parse_fails(ARGC(a1), a1, "unknown option '--frobnicate'");
	parse_fails(ARGC(a2), a2, "unknown option '-Z'");
	parse_fails(ARGC(a3), a3, "unknown option '--jsonx=1'");
	parse_fails(ARGC(a4), a4, "unknown option '-f'");
}

/* A build's flags can be pasted: kept for sci_flags_sanitize to judge. */
static void test_options__compiler_flags_are_accepted(void **state)
{
	char *argv[] = { "smatch-ci", "-O2", "-O0", "-Os", "-g", "-g3",
			 "-Wall", "-Wextra", "-Werror", "-Wno-unused",
			 "-fPIC", "-fno-common", "-m64", "-pipe", "-MD", "-MF",
			 "x.d", "-MMD", "-MT", "x.o", "-MQ", "y.o", "-c", "-o",
			 "x.o", "-pthread", "a.c", "-DX" };
	const char *want[] = { "-O2", "-O0", "-Os", "-g", "-g3", "-Wall",
			       "-Wextra", "-Werror", "-Wno-unused", "-fPIC",
			       "-fno-common", "-m64", "-pipe", "-MD", "-MF",
			       "x.d", "-MMD", "-MT", "x.o", "-MQ", "y.o", "-c",
			       "-o", "x.o", "-pthread", "-D", "X" };
	sci_cli_options *o = parse_ok(ARGC(argv), argv);
	size_t i;

	assert_int_equal(o->flags.n, sizeof(want) / sizeof(want[0]));
	for (i = 0; i < o->flags.n; i++)
		assert_string_equal(o->flags.v[i], want[i]);
	/* the arguments of -MF, -MT, -MQ and -o are not files */
	assert_int_equal(o->files.n, 1);
	assert_string_equal(o->files.v[0], "a.c");
	sci_cli_options_free(o);
}

static void test_options__compiler_flag_arguments_are_required(void **state)
{
	char *a1[] = { "smatch-ci", "x.c", "-MF" };
	char *a2[] = { "smatch-ci", "x.c", "-o" };

	parse_fails(ARGC(a1), a1, "'-MF' needs an argument");
	parse_fails(ARGC(a2), a2, "'-o' needs an argument");
}

static void test_options__missing_flag_arguments(void **state)
{
	char *a1[] = { "smatch-ci", "x.c", "-I" };
	char *a2[] = { "smatch-ci", "x.c", "-include" };
	char *a3[] = { "smatch-ci", "x.c", "-p" };

	parse_fails(ARGC(a1), a1, "'-I' needs an argument");
	parse_fails(ARGC(a2), a2, "'-include' needs an argument");
	parse_fails(ARGC(a3), a3, "'-p' needs an argument");
}

static void test_options__double_dash_ends_options(void **state)
{
	char *argv[] = { "smatch-ci", "-j", "2", "--", "-odd.c", "--json" };
	sci_cli_options *o = parse_ok(ARGC(argv), argv);

	assert_int_equal(o->jobs, 2);
	assert_null(o->json);
	assert_int_equal(o->files.n, 2);
	assert_string_equal(o->files.v[0], "-odd.c");
	assert_string_equal(o->files.v[1], "--json");
	sci_cli_options_free(o);
}

static void test_options__gate_options(void **state)
{
	char *argv[] = { "smatch-ci", "--baseline", "origin/main",
			 "--base-sha=0123abcd", "--baseline-file", "bl.json",
			 "--fail-on", "new:error", "--sarif", "out.sarif",
			 "--sarif-suppressed=sup.sarif", "--gitlab", "gl.json",
			 "--markdown", "sum.md", "--category", "lint",
			 "--cache", "c.sqlite", "--no-cache", "-q" };
	sci_cli_options *o = parse_ok(ARGC(argv), argv);

	assert_int_equal(o->command, SCI_CMD_CHECK);
	assert_string_equal(o->base_ref, "origin/main");
	assert_string_equal(o->base_sha, "0123abcd");
	assert_string_equal(o->baseline_file, "bl.json");
	assert_string_equal(o->fail_on, "new:error");
	assert_string_equal(o->sarif, "out.sarif");
	assert_string_equal(o->sarif_suppressed, "sup.sarif");
	assert_string_equal(o->gitlab, "gl.json");
	assert_string_equal(o->markdown, "sum.md");
	assert_string_equal(o->category, "lint");
	assert_string_equal(o->cache, "c.sqlite");
	assert_true(o->no_cache);
	assert_true(o->quiet);
	sci_cli_options_free(o);
}

static void test_options__baseline_commands(void **state)
{
	char *upd[] = { "smatch-ci", "baseline", "update", "-p", "build" };
	char *prune[] = { "smatch-ci", "baseline", "prune" };
	char *chk[] = { "smatch-ci", "baseline", "check", "a.c" };
	char *bad[] = { "smatch-ci", "baseline", "frobnicate" };
	char *none[] = { "smatch-ci", "baseline" };
	char *empty[] = { "smatch-ci", "--sarif=" };
	sci_cli_options *o;

	o = parse_ok(ARGC(upd), upd);
	assert_int_equal(o->command, SCI_CMD_BASELINE_UPDATE);
	assert_string_equal(o->compdb, "build");
	sci_cli_options_free(o);
	o = parse_ok(ARGC(prune), prune);
	assert_int_equal(o->command, SCI_CMD_BASELINE_PRUNE);
	sci_cli_options_free(o);
	o = parse_ok(ARGC(chk), chk);
	assert_int_equal(o->command, SCI_CMD_BASELINE_CHECK);
	assert_string_equal(o->files.v[0], "a.c");
	sci_cli_options_free(o);
	parse_fails(ARGC(bad), bad, "update, prune or check");
	parse_fails(ARGC(none), none, "update, prune or check");
	parse_fails(ARGC(empty), empty, "'--sarif' needs a value");
}

static void test_options__stdin_and_empty_names_are_rejected(void **state)
{
	char *a1[] = { "smatch-ci", "-" };
	char *a2[] = { "smatch-ci", "" };

	parse_fails(ARGC(a1), a1, "standard input");
	parse_fails(ARGC(a2), a2, "empty file name");
}

static void test_options__config(void **state)
{
	char *given[] = { "smatch-ci", "--config", "ci/sci.json", "a.c" };
	char *joined[] = { "smatch-ci", "--config=x.json", "--no-config", "a.c" };
	char *empty[] = { "smatch-ci", "--config=", "a.c" };
	char *missing[] = { "smatch-ci", "a.c", "--config" };
	sci_cli_options *o = parse_ok(ARGC(given), given);

	assert_string_equal(o->config, "ci/sci.json");
	assert_false(o->no_config);
	sci_cli_options_free(o);
	o = parse_ok(ARGC(joined), joined);
	assert_string_equal(o->config, "x.json");
	assert_true(o->no_config);
	sci_cli_options_free(o);
	parse_fails(ARGC(empty), empty, "'--config' needs a value");
	parse_fails(ARGC(missing), missing, "'--config' needs an argument");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_options__defaults),
		cmocka_unit_test(test_options__check_word_is_skipped),
		cmocka_unit_test(test_options__no_arguments_is_not_a_parse_error),
		cmocka_unit_test(test_options__preprocessor_flags_joined_and_separate),
		cmocka_unit_test(test_options__std_c2x_is_mapped),
		cmocka_unit_test(test_options__std_unknown_is_rejected),
		cmocka_unit_test(test_options__compdb),
		cmocka_unit_test(test_options__compdb_twice_is_rejected),
		cmocka_unit_test(test_options__json_forms),
		cmocka_unit_test(test_options__json_needs_argument),
		cmocka_unit_test(test_options__jobs_forms),
		cmocka_unit_test(test_options__jobs_bad_values),
		cmocka_unit_test(test_options__tu_timeout),
		cmocka_unit_test(test_options__tu_memory_and_progress),
		cmocka_unit_test(test_options__fail_level),
		cmocka_unit_test(test_options__enable_disable_keep_order),
		cmocka_unit_test(test_options__empty_rule_is_rejected),
		cmocka_unit_test(test_options__help_version_list),
		cmocka_unit_test(test_options__unknown_option),
		cmocka_unit_test(test_options__shard_and_results),
		cmocka_unit_test(test_options__shard_bad_values),
		cmocka_unit_test(test_options__merge_command),
		cmocka_unit_test(test_options__compiler_flags_are_accepted),
		cmocka_unit_test(test_options__compiler_flag_arguments_are_required),
		cmocka_unit_test(test_options__missing_flag_arguments),
		cmocka_unit_test(test_options__double_dash_ends_options),
		cmocka_unit_test(test_options__gate_options),
		cmocka_unit_test(test_options__baseline_commands),
		cmocka_unit_test(test_options__stdin_and_empty_names_are_rejected),
		cmocka_unit_test(test_options__config),
	};

	return cmocka_run_group_tests_name("cli/options", tests, NULL, NULL);
}
