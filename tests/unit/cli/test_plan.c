/* test_plan.c - translation units and their sparse argv (src/cli/plan.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/plan.h"
#include "util/error.h"

/* A scratch tree: top/{a.c,sub/b.c,compile_commands.json}. */
typedef struct {
	char top[PATH_MAX];
	char path[PATH_MAX];
} tree;

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static int setup(void **state)
{
	static tree t;
	char tmpl[] = "/tmp/sci-plan-XXXXXX";
	char p[PATH_MAX + 32];

	if (!mkdtemp(tmpl) || !realpath(tmpl, t.top))
		return -1;
	snprintf(p, sizeof(p), "%s/sub", t.top);
	mkdir(p, 0700);
	snprintf(p, sizeof(p), "%s/a.c", t.top);
	write_file(p, "int a;\n");
	snprintf(p, sizeof(p), "%s/sub/b.c", t.top);
	write_file(p, "int b;\n");
	*state = &t;
	return 0;
}

static int teardown(void **state)
{
	tree *t = *state;
	char p[PATH_MAX + 32];

	snprintf(p, sizeof(p), "%s/compile_commands.json", t->top);
	unlink(p);
	snprintf(p, sizeof(p), "%s/sub/b.c", t->top);
	unlink(p);
	snprintf(p, sizeof(p), "%s/a.c", t->top);
	unlink(p);
	snprintf(p, sizeof(p), "%s/sub", t->top);
	rmdir(p);
	rmdir(t->top);
	return 0;
}

static void write_db(const tree *t, const char *fmt)
{
	char p[PATH_MAX + 32], *text;
	size_t n = strlen(fmt) + 4 * strlen(t->top) + 1;

	/* every %s in @fmt is the tree's top directory */
	text = malloc(n);
	snprintf(text, n, fmt, t->top, t->top, t->top, t->top);
	snprintf(p, sizeof(p), "%s/compile_commands.json", t->top);
	write_file(p, text);
	free(text);
}

static sci_cli_options *options(int argc, char **argv)
{
	sci_cli_options *o = NULL;

	assert_int_equal(sci_cli_options_parse(&o, argc, argv), 0);
	return o;
}

static long index_of(char **argv, const char *s)
{
	long i;

	for (i = 0; argv[i]; i++)
		if (strcmp(argv[i], s) == 0)
			return i;
	return -1;
}

static void test_plan__base_flags(void **state)
{
	sci_plan_env env = { "/", "/gcc/12/", "x86_64-linux-gnu", NULL };
	sci_plan_env bare = { "/", NULL, NULL, NULL };
	sci_strv v = { 0 };

	sci_plan_base_flags(&v, &env);
	assert_int_equal(v.n, 8);
	assert_string_equal(v.v[0], "-std=gnu17");
	assert_string_equal(v.v[1], "-D__STDC_NO_VLA__");
	assert_string_equal(v.v[2], "-fmax-warnings=0");
	assert_string_equal(v.v[3], "-Wno-one-bit-signed-bitfield");
	assert_string_equal(v.v[4], "-gcc-base-dir");
	assert_string_equal(v.v[5], "/gcc/12/");
	assert_string_equal(v.v[6], "-multiarch-dir");
	assert_string_equal(v.v[7], "x86_64-linux-gnu");
	sci_strv_clear(&v);
	sci_plan_base_flags(&v, &bare);
	assert_int_equal(v.n, 4);
	sci_strv_clear(&v);
}

static void test_plan__files_are_tus_as_given(void **state)
{
	tree *t = *state;
	char a[PATH_MAX + 8];
	char *argv[] = { "smatch-ci", "-Iinc", "-std=c11", a };
	sci_plan_env env = { t->top, NULL, NULL, NULL };
	sci_cli_options *o;
	sci_tu_list l;

	snprintf(a, sizeof(a), "%s/a.c", t->top);
	o = options(4, argv);
	assert_int_equal(sci_plan_build(&l, o, &env), 0);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.items[0].path, a);
	assert_string_equal(l.items[0].display, a);
	assert_null(l.items[0].directory);
	assert_string_equal(l.items[0].argv[0], "smatch-ci");
	assert_string_equal(l.items[0].argv[1], "-std=gnu17");
	/* relative include dirs are made absolute against the cwd, so the
	 * TU reads the same headers wherever a worker runs it */
	{
		char inc[PATH_MAX + 8];

		snprintf(inc, sizeof(inc), "%s/inc", t->top);
		assert_true(index_of(l.items[0].argv, inc) > 0);
	}
	/* the user's -std comes after the default, so it wins */
	assert_true(index_of(l.items[0].argv, "-std=c11") >
		    index_of(l.items[0].argv, "-std=gnu17"));
	sci_tu_list_clear(&l);
	sci_cli_options_free(o);
}

static void test_plan__missing_file(void **state)
{
	char *argv[] = { "smatch-ci", "/nonexistent/sci/x.c" };
	sci_plan_env env = { "/", NULL, NULL, NULL };
	sci_cli_options *o = options(2, argv);
	sci_tu_list l;

	assert_int_equal(sci_plan_build(&l, o, &env), SCI_ENOTFOUND);
	assert_non_null(strstr(sci_error_last(), "/nonexistent/sci/x.c"));
	assert_int_equal(l.n, 0);
	sci_cli_options_free(o);
}

static void test_plan__no_input(void **state)
{
	char *argv[] = { "smatch-ci", "-DX" };
	sci_plan_env env = { "/", NULL, NULL, NULL };
	sci_cli_options *o = options(2, argv);
	sci_tu_list l;

	assert_int_equal(sci_plan_build(&l, o, &env), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "no input"));
	sci_cli_options_free(o);
}

static void test_plan__compdb_entries(void **state)
{
	tree *t = *state;
	char *argv[] = { "smatch-ci", "-p", t->top, "-Iextra" };
	sci_plan_env env = { t->top, "/gcc/", NULL, NULL };
	char want[PATH_MAX + 32];
	sci_cli_options *o;
	sci_tu_list l;
	char **av;

	write_db(t, "[{\"directory\": \"%s/sub\", \"file\": \"b.c\","
		    " \"command\": \"cc -I../inc -iquote q -std=c2x -c b.c\"},"
		    " {\"directory\": \"%s\", \"file\": \"a.c\","
		    " \"arguments\": [\"cc\", \"-DA\", \"-c\", \"a.c\"]},"
		    " {\"directory\": \"%s\", \"file\": \"sub/../a.c\","
		    " \"arguments\": [\"cc\", \"-DDUP\", \"a.c\"]}]");
	o = options(4, argv);
	assert_int_equal(sci_plan_build(&l, o, &env), 0);
	/* the second entry of a.c is a duplicate */
	assert_int_equal(l.n, 2);
	snprintf(want, sizeof(want), "%s/sub/b.c", t->top);
	assert_string_equal(l.items[0].path, want);
	assert_string_equal(l.items[0].display, "sub/b.c");
	snprintf(want, sizeof(want), "%s/sub", t->top);
	assert_string_equal(l.items[0].directory, want);
	av = l.items[0].argv;
	snprintf(want, sizeof(want), "%s/inc", t->top);
	assert_true(index_of(av, want) > 0);
	assert_true(index_of(av, "-iquote") < 0);
	assert_true(index_of(av, "q") < 0);
	assert_true(index_of(av, "-c") < 0);
	assert_true(index_of(av, "b.c") < 0);
	assert_true(index_of(av, "-gcc-base-dir") > 0);
	assert_true(index_of(av, "-std=gnu17") > 0);
	/* the command line's -I is relative to where smatch-ci runs */
	snprintf(want, sizeof(want), "%s/extra", t->top);
	assert_true(index_of(av, want) > 0);
	assert_string_equal(l.items[1].display, "a.c");
	assert_true(index_of(l.items[1].argv, "A") > 0);
	assert_true(index_of(l.items[1].argv, "DUP") < 0);
	sci_tu_list_clear(&l);
	sci_cli_options_free(o);
}

static void test_plan__compdb_outside_cwd_is_absolute(void **state)
{
	tree *t = *state;
	char db[PATH_MAX + 32], want[PATH_MAX + 32];
	char *argv[] = { "smatch-ci", "-p", db };
	sci_plan_env env = { "/nonexistent/elsewhere", NULL, NULL, NULL };
	sci_cli_options *o;
	sci_tu_list l;

	write_db(t, "[{\"directory\": \"%s\", \"file\": \"a.c\","
		    " \"arguments\": [\"cc\", \"a.c\"]}]");
	snprintf(db, sizeof(db), "%s/compile_commands.json", t->top);
	o = options(3, argv);
	assert_int_equal(sci_plan_build(&l, o, &env), 0);
	snprintf(want, sizeof(want), "%s/a.c", t->top);
	assert_string_equal(l.items[0].display, want);
	sci_tu_list_clear(&l);
	sci_cli_options_free(o);
}

static void test_plan__compdb_filters(void **state)
{
	tree *t = *state;
	char b[PATH_MAX + 32], a[PATH_MAX + 32];
	char *argv[] = { "smatch-ci", "-p", t->top, b, a };
	sci_plan_env env = { t->top, NULL, NULL, NULL };
	sci_cli_options *o;
	sci_tu_list l;

	write_db(t, "[{\"directory\": \"%s\", \"file\": \"a.c\","
		    " \"arguments\": [\"cc\", \"a.c\"]}]");
	/* a different spelling of the same file still matches */
	snprintf(b, sizeof(b), "%s/sub/b.c", t->top);
	snprintf(a, sizeof(a), "%s/sub/../a.c", t->top);
	o = options(5, argv);
	assert_int_equal(sci_plan_build(&l, o, &env), 0);
	assert_int_equal(l.n, 1);
	assert_string_equal(l.items[0].display, "a.c");
	assert_int_equal(l.unmatched.n, 1);
	assert_string_equal(l.unmatched.v[0], b);
	sci_tu_list_clear(&l);
	sci_cli_options_free(o);
}

static void test_plan__compdb_filter_matching_nothing(void **state)
{
	tree *t = *state;
	char b[PATH_MAX + 32];
	char *argv[] = { "smatch-ci", "-p", t->top, b };
	sci_plan_env env = { t->top, NULL, NULL, NULL };
	sci_cli_options *o;
	sci_tu_list l;

	write_db(t, "[{\"directory\": \"%s\", \"file\": \"a.c\","
		    " \"arguments\": [\"cc\", \"a.c\"]}]");
	snprintf(b, sizeof(b), "%s/sub/b.c", t->top);
	o = options(4, argv);
	assert_int_equal(sci_plan_build(&l, o, &env), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "none of the given files"));
	sci_cli_options_free(o);
}

static void test_plan__compdb_empty(void **state)
{
	tree *t = *state;
	char *argv[] = { "smatch-ci", "-p", t->top };
	sci_plan_env env = { t->top, NULL, NULL, NULL };
	sci_cli_options *o;
	sci_tu_list l;

	write_db(t, "[]");
	o = options(3, argv);
	assert_int_equal(sci_plan_build(&l, o, &env), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "no entries"));
	sci_cli_options_free(o);
}

static void test_plan__compdb_missing(void **state)
{
	char *argv[] = { "smatch-ci", "-p", "/nonexistent/sci" };
	sci_plan_env env = { "/", NULL, NULL, NULL };
	sci_cli_options *o = options(3, argv);
	sci_tu_list l;

	assert_int_equal(sci_plan_build(&l, o, &env), SCI_ENOTFOUND);
	assert_non_null(strstr(sci_error_last(),
			       "cannot open compilation database '/nonexistent/sci'"));
	sci_cli_options_free(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plan__base_flags),
		cmocka_unit_test(test_plan__files_are_tus_as_given),
		cmocka_unit_test(test_plan__missing_file),
		cmocka_unit_test(test_plan__no_input),
		cmocka_unit_test(test_plan__compdb_entries),
		cmocka_unit_test(test_plan__compdb_outside_cwd_is_absolute),
		cmocka_unit_test(test_plan__compdb_filters),
		cmocka_unit_test(test_plan__compdb_filter_matching_nothing),
		cmocka_unit_test(test_plan__compdb_empty),
		cmocka_unit_test(test_plan__compdb_missing),
	};

	return cmocka_run_group_tests_name("cli/plan", tests, setup, teardown);
}
