/*
 * Unit tests: the #include search's directory listings (analyzer/
 * includes.c) say "no" only for files that do not exist - in an include
 * directory, in a subdirectory of it, in a missing directory, relative to
 * the current directory, through a link - and forget everything when a
 * new analysis starts, but the listings a driver kept.
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

static void make(const char *rel, int dir)
{
	char path[PATH_MAX + 64];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	if (dir) {
		assert_int_equal(mkdir(path, 0700), 0);
		return;
	}
	f = fopen(path, "w");
	assert_non_null(f);
	fclose(f);
}

/*
 * What the hook answers for @name looked up in the include directory
 * @dir (under root; NULL: the current directory), as sparse asks it.
 */
static int ask(const char *dir, const char *name)
{
	char full[PATH_MAX + 128];
	int dirlen = 0;

	if (dir)
		dirlen = snprintf(full, sizeof(full), "%s/%s/", root, dir);
	snprintf(full + dirlen, sizeof(full) - (size_t)dirlen, "%s", name);
	assert_non_null(include_lookup_hook);
	return include_lookup_hook(full, dirlen);
}

/* The hook never says "no" for a file that exists. */
static void exists(const char *dir, const char *name)
{
	char full[PATH_MAX + 128];

	if (dir)
		snprintf(full, sizeof(full), "%s/%s/%s", root, dir, name);
	else
		snprintf(full, sizeof(full), "%s", name);
	assert_int_equal(access(full, F_OK), 0);
	assert_int_equal(ask(dir, name), 1);
}

static int setup(void **state)
{
	char tmpl[] = "/tmp/sci-includes-XXXXXX", path[PATH_MAX + 64];

	(void)state;
	assert_non_null(mkdtemp(tmpl));
	snprintf(root, sizeof(root), "%s", tmpl);
	make("inc", 1);
	make("inc/a.h", 0);
	make("inc/sys", 1);
	make("inc/sys/t.h", 0);
	make("empty", 1);
	snprintf(path, sizeof(path), "%s/link", root);
	assert_int_equal(symlink("inc", path), 0);
	sci__includes_install(NULL, NULL);
	return 0;
}

static int teardown(void **state)
{
	char cmd[PATH_MAX + 16];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd);
}

static void test_includes__only_missing_files_are_skipped(void **state)
{
	(void)state;
	exists("inc", "a.h");
	exists("inc", "a.h");		/* listed already */
	exists("inc", "sys/t.h");
	exists("link", "sys/t.h");
	exists("empty", "../inc/a.h");
	assert_int_equal(ask("inc", "missing.h"), 0);
	assert_int_equal(ask("empty", "a.h"), 0);
	assert_int_equal(ask("inc", "sys/u.h"), 0);
	assert_int_equal(ask("inc", "nosys/t.h"), 0);
	assert_int_equal(ask("inc", "a.h/x.h"), 0);	/* a file, no dir */
	assert_int_equal(ask("nowhere", "a.h"), 0);
	/* an empty component: no answer, sparse opens it */
	assert_int_equal(ask("inc", "sys//t.h"), 1);
	assert_int_equal(ask("inc", "sys//u.h"), 1);
}

static void test_includes__current_directory(void **state)
{
	char cwd[PATH_MAX];

	(void)state;
	assert_non_null(getcwd(cwd, sizeof(cwd)));
	assert_int_equal(chdir(root), 0);
	exists(NULL, "inc/a.h");
	assert_int_equal(ask(NULL, "inc/zz.h"), 0);
	assert_int_equal(ask(NULL, "zz.h"), 0);
	assert_int_equal(chdir(cwd), 0);
}

static void test_includes__install_forgets(void **state)
{
	(void)state;
	assert_int_equal(ask("inc", "new.h"), 0);
	make("inc/new.h", 0);
	/* one analysis keeps its listing... */
	assert_int_equal(ask("inc", "new.h"), 0);
	/* ...the next one reads the directory again */
	sci__includes_install(NULL, NULL);
	exists("inc", "new.h");
}

static char told[8][PATH_MAX + 16];
static int ntold;

static void note_listed(const char *dir, void *payload)
{
	(void)payload;
	if (ntold < 8)
		snprintf(told[ntold++], sizeof(told[0]), "%s", dir);
}

/*
 * Each directory an analysis lists is told; one the driver kept is not
 * listed again by the analyses after, whose answers come from it (a file
 * made since is missed: the listing is the driver's), and a new analysis
 * does not forget it.
 */
static void test_includes__kept_listings(void **state)
{
	char inc[PATH_MAX + 16];

	(void)state;
	snprintf(inc, sizeof(inc), "%s/inc", root);
	ntold = 0;
	sci__includes_install(note_listed, NULL);
	exists("inc", "a.h");
	assert_int_equal(ntold, 1);
	assert_string_equal(told[0], inc);
	exists("inc", "sys/t.h");
	assert_int_equal(ntold, 2);

	sci_analyzer_keep_include_dir(inc);
	make("inc/late.h", 0);
	ntold = 0;
	sci__includes_install(note_listed, NULL);
	exists("inc", "a.h");
	assert_int_equal(ask("inc", "late.h"), 0);
	assert_int_equal(ask("inc", "nothere.h"), 0);
	/* "inc" came from the kept listing; its "sys" is listed anew */
	exists("inc", "sys/t.h");
	assert_int_equal(ntold, 1);
	snprintf(inc, sizeof(inc), "%s/inc/sys", root);
	assert_string_equal(told[0], inc);
	sci__includes_install(NULL, NULL);
	assert_int_equal(ask("inc", "late.h"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_includes__only_missing_files_are_skipped, setup, teardown),
		cmocka_unit_test_setup_teardown(test_includes__current_directory, setup, teardown),
		cmocka_unit_test_setup_teardown(test_includes__install_forgets, setup, teardown),
		cmocka_unit_test_setup_teardown(test_includes__kept_listings, setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
