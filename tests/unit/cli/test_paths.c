/* test_paths.c - path arithmetic (src/cli/paths.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/paths.h"

static void expect_norm(const char *in, const char *want)
{
	char *got = sci_path_normalize_dup(in);

	assert_string_equal(got, want);
	free(got);
}

static void test_paths__normalize(void **state)
{
	expect_norm("/a/b/../c/./d//e/", "/a/c/d/e");
	expect_norm("a/./b", "a/b");
	expect_norm("./a", "a");
	expect_norm("a/..", ".");
	expect_norm("../../x", "../../x");
	expect_norm("a/../../x", "../x");
	expect_norm("/..", "/");
	expect_norm("/../a", "/a");
	expect_norm("/", "/");
	expect_norm("", ".");
	expect_norm(".", ".");
}

static void test_paths__join(void **state)
{
	char *p;

	p = sci_path_join_dup("/d", "x.c");
	assert_string_equal(p, "/d/x.c");
	free(p);
	p = sci_path_join_dup("/d/", "../e/x.c");
	assert_string_equal(p, "/e/x.c");
	free(p);
	p = sci_path_join_dup("/d", "/abs/x.c");
	assert_string_equal(p, "/abs/x.c");
	free(p);
	p = sci_path_join_dup(NULL, "./rel.c");
	assert_string_equal(p, "rel.c");
	free(p);
}

static void test_paths__under(void **state)
{
	assert_string_equal(sci_path_under("/a/b/c.c", "/a"), "b/c.c");
	assert_null(sci_path_under("/ab/c.c", "/a"));
	assert_null(sci_path_under("/a", "/a"));
	assert_null(sci_path_under("/b/c.c", "/a"));
	assert_string_equal(sci_path_under("/x.c", "/"), "x.c");
}

static void test_paths__display(void **state)
{
	char *p;

	/* under the working directory: relative */
	p = sci_path_display_dup("src/a.c", "/nonexistent/proj",
				 "/nonexistent/proj");
	assert_string_equal(p, "src/a.c");
	free(p);
	p = sci_path_display_dup("../inc/a.h", "/nonexistent/proj/build",
				 "/nonexistent/proj");
	assert_string_equal(p, "inc/a.h");
	free(p);
	/* elsewhere: absolute */
	p = sci_path_display_dup("a.c", "/nonexistent/other",
				 "/nonexistent/proj");
	assert_string_equal(p, "/nonexistent/other/a.c");
	free(p);
	p = sci_path_display_dup("/usr/include/stdio.h", "/nonexistent/proj",
				 "/nonexistent/proj");
	assert_string_equal(p, "/usr/include/stdio.h");
	free(p);
	/* no working directory known: absolute */
	p = sci_path_display_dup("a.c", "/d", NULL);
	assert_string_equal(p, "/d/a.c");
	free(p);
}

static void test_paths__real_dup(void **state)
{
	char dir[] = "/tmp/sci-paths-XXXXXX", *real_dir, *p, *q;
	char file[64], link[64];
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	real_dir = realpath(dir, NULL);
	assert_non_null(real_dir);
	snprintf(file, sizeof(file), "%s/a.c", dir);
	snprintf(link, sizeof(link), "%s/l.c", dir);
	assert_int_equal(symlink("a.c", link), 0);
	/* a link to nothing does not resolve, and that is not remembered */
	assert_null(sci_path_real_dup(link));
	f = fopen(file, "w");
	assert_non_null(f);
	fclose(f);
	p = sci_path_real_dup(link);
	assert_non_null(p);
	assert_string_equal(p + strlen(real_dir), "/a.c");
	/* asked again: the same answer, a copy of its own */
	q = sci_path_real_dup(link);
	assert_string_equal(p, q);
	assert_ptr_not_equal(p, q);
	free(p);
	free(q);
	unlink(link);
	unlink(file);
	rmdir(dir);
	free(real_dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_paths__normalize),
		cmocka_unit_test(test_paths__join),
		cmocka_unit_test(test_paths__under),
		cmocka_unit_test(test_paths__display),
		cmocka_unit_test(test_paths__real_dup),
	};

	return cmocka_run_group_tests_name("cli/paths", tests, NULL, NULL);
}
