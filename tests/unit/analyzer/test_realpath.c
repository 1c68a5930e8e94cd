/*
 * Unit tests: realpath(3) cached per directory (analyzer/realpath.c) gives
 * what realpath(3) gives, through symbolic links to directories and to
 * files, for missing files, and after the files change between TUs.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "analyzer/engine_int.h"

static char root[PATH_MAX];

static void touch(const char *rel)
{
	char path[PATH_MAX + 64];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
}

/* sci__realpath(@rel) and realpath(@rel) agree (both NULL, or equal). */
static void same(const char *rel)
{
	char path[PATH_MAX + 64];
	char *want, *got;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	want = realpath(path, NULL);
	got = sci__realpath(path);
	if (!want) {
		assert_null(got);
	} else {
		assert_non_null(got);
		assert_string_equal(got, want);
	}
	free(want);
	free(got);
}

static int setup(void **state)
{
	char tmpl[] = "/tmp/sci-realpath-XXXXXX", path[PATH_MAX + 64];

	(void)state;
	assert_non_null(mkdtemp(tmpl));
	snprintf(root, sizeof(root), "%s", tmpl);
	snprintf(path, sizeof(path), "%s/inc", root);
	assert_int_equal(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/real", root);
	assert_int_equal(mkdir(path, 0700), 0);
	touch("inc/a.h");
	touch("real/b.h");
	snprintf(path, sizeof(path), "%s/link", root);
	assert_int_equal(symlink("real", path), 0);
	snprintf(path, sizeof(path), "%s/inc/c.h", root);
	assert_int_equal(symlink("../real/b.h", path), 0);
	sci__realpath_reset();
	return 0;
}

static int teardown(void **state)
{
	char cmd[PATH_MAX + 16];

	(void)state;
	sci__realpath_reset();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd);
}

static void test_realpath__agrees_with_realpath(void **state)
{
	(void)state;
	same("inc/a.h");
	same("inc/a.h");		/* cached */
	same("inc/../inc/a.h");
	same("link/b.h");		/* a directory link */
	same("inc/c.h");		/* a file link */
	same("inc/missing.h");
	same("nowhere/a.h");
	same("inc");
	same("inc/..");
}

static void test_realpath__reset_forgets(void **state)
{
	char path[PATH_MAX + 64];

	(void)state;
	same("inc/new.h");		/* missing, and cached so */
	touch("inc/new.h");
	sci__realpath_reset();
	same("inc/new.h");
	snprintf(path, sizeof(path), "%s/inc/new.h", root);
	unlink(path);
}

static void test_realpath__relative_paths(void **state)
{
	char cwd[PATH_MAX], *want, *got;

	(void)state;
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(root), 0);
	sci__realpath_reset();
	want = realpath("inc/a.h", NULL);
	got = sci__realpath("inc/a.h");
	assert_non_null(want);
	assert_non_null(got);
	assert_string_equal(got, want);
	free(want);
	free(got);
	assert_int_equal(chdir(cwd), 0);
}

/* Only a regular file, after links: not a directory, not a missing file. */
static void test_realpath__regular_files_only(void **state)
{
	char path[PATH_MAX + 64], *want, *got;

	(void)state;
	snprintf(path, sizeof(path), "%s/inc/c.h", root);	/* a file link */
	want = realpath(path, NULL);
	got = sci__realpath_file(path);
	assert_non_null(want);
	assert_non_null(got);
	assert_string_equal(got, want);
	free(want);
	free(got);
	snprintf(path, sizeof(path), "%s/inc/a.h", root);
	got = sci__realpath_file(path);
	assert_non_null(got);
	free(got);
	snprintf(path, sizeof(path), "%s/inc", root);
	assert_null(sci__realpath_file(path));
	got = sci__realpath(path);	/* still resolved as a path */
	assert_non_null(got);
	free(got);
	snprintf(path, sizeof(path), "%s/link", root);	/* a directory link */
	assert_null(sci__realpath_file(path));
	snprintf(path, sizeof(path), "%s/inc/missing.h", root);
	assert_null(sci__realpath_file(path));
}

/* Many files: each is found again, with its own answer. */
static void test_realpath__many_files(void **state)
{
	char rel[64], path[PATH_MAX + 64], *got;
	int i;

	(void)state;
	for (i = 0; i < 600; i++) {
		snprintf(rel, sizeof(rel), "inc/f%d.h", i);
		if (i % 2)
			touch(rel);
	}
	for (i = 0; i < 600; i++) {
		snprintf(path, sizeof(path), "%s/inc/f%d.h", root, i);
		got = sci__realpath_file(path);
		if (i % 2)
			assert_non_null(got);
		else
			assert_null(got);
		free(got);
	}
	for (i = 599; i >= 0; i--) {
		snprintf(rel, sizeof(rel), "inc/f%d.h", i);
		same(rel);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_realpath__agrees_with_realpath, setup, teardown),
		cmocka_unit_test_setup_teardown(test_realpath__reset_forgets, setup, teardown),
		cmocka_unit_test_setup_teardown(test_realpath__relative_paths, setup, teardown),
		cmocka_unit_test_setup_teardown(test_realpath__regular_files_only, setup, teardown),
		cmocka_unit_test_setup_teardown(test_realpath__many_files, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
