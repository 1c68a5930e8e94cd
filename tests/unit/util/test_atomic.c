/* Unit tests: atomic file writes (util/atomic.c). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/atomic.h"
#include "util/error.h"

static char dir[64];

static int setup(void **state)
{
	strcpy(dir, "/tmp/sci-atomic-XXXXXX");
	assert_non_null(mkdtemp(dir));
	return 0;
}

static int entries(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

static void slurp(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "r");
	size_t got;

	assert_non_null(f);
	got = fread(buf, 1, n - 1, f);
	buf[got] = '\0';
	fclose(f);
}

static int teardown(void **state)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_atomic__commit_replaces_target(void **state)
{
	sci_atomic_file *f;
	char path[128], buf[64];
	FILE *old;

	snprintf(path, sizeof(path), "%s/out.json", dir);
	old = fopen(path, "w");
	fputs("old", old);
	fclose(old);
	assert_int_equal(sci_atomic_open(&f, path), 0);
	fputs("new", sci_atomic_stream(f));
	slurp(path, buf, sizeof(buf));
	assert_string_equal(buf, "old");	/* untouched until commit */
	assert_int_equal(sci_atomic_commit(f), 0);
	slurp(path, buf, sizeof(buf));
	assert_string_equal(buf, "new");
	assert_int_equal(entries(), 1);
}

static void test_atomic__abort_leaves_nothing(void **state)
{
	sci_atomic_file *f;
	char path[128];

	snprintf(path, sizeof(path), "%s/never.json", dir);
	assert_int_equal(sci_atomic_open(&f, path), 0);
	fputs("partial", sci_atomic_stream(f));
	sci_atomic_abort(f);
	assert_int_equal(entries(), 0);
	assert_int_equal(access(path, F_OK), -1);
}

static void test_atomic__missing_directory_fails_clearly(void **state)
{
	sci_atomic_file *f = (sci_atomic_file *)1;
	char path[128];

	snprintf(path, sizeof(path), "%s/no/such/dir/x.json", dir);
	assert_int_equal(sci_atomic_open(&f, path), SCI_EIO);
	assert_null(f);
	assert_non_null(strstr(sci_error_last(), "x.json"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_atomic__commit_replaces_target, setup, teardown),
		cmocka_unit_test_setup_teardown(test_atomic__abort_leaves_nothing, setup, teardown),
		cmocka_unit_test_setup_teardown(test_atomic__missing_directory_fails_clearly, setup, teardown),
	};

	return cmocka_run_group_tests_name("util/atomic", tests, NULL, NULL);
}
