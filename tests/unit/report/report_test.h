/*
 * report_test.h - what the report writers' tests share: the source tree
 * (for golden files and tests/tools/validate_reports.py), a scratch
 * directory, and schema validation of written files.  Include it after
 * <cmocka.h>; each test file is its own program, so the statics are its.
 */
#ifndef SCI_TESTS_REPORT_TEST_H
#define SCI_TESTS_REPORT_TEST_H

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static char srcdir[PATH_MAX] __attribute__((unused));
static char tmpdir[64] __attribute__((unused));

/* The source tree from __FILE__ (absolute in CMake builds), else the env. */
static inline int report_test_find_srcdir(void)
{
	const char *marker = "/tests/unit/report/";
	const char *file = __FILE__, *p = strstr(file, marker);

	if (file[0] == '/' && p) {
		snprintf(srcdir, sizeof(srcdir), "%.*s", (int)(p - file), file);
	} else if (getenv("SCI_SOURCE_DIR")) {
		snprintf(srcdir, sizeof(srcdir), "%s", getenv("SCI_SOURCE_DIR"));
	} else {
		fprintf(stderr, "cannot find the source tree: __FILE__ is %s "
			"and SCI_SOURCE_DIR is not set\n", file);
		return -1;
	}
	return 0;
}

/* Setup for tests that write files: the source tree and a scratch dir. */
static inline int report_test_setup(const char *name)
{
	if (report_test_find_srcdir() < 0)
		return -1;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/sci-%s-XXXXXX", name);
	return mkdtemp(tmpdir) ? 0 : -1;
}

static inline int report_test_teardown(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

/* Fails the test unless validate_reports.py accepts @files for @flag. */
static inline void report_test_assert_valid(const char *flag, const char *files)
{
	char cmd[PATH_MAX * 5], out[8192];
	size_t n;
	FILE *p;
	int status;

	snprintf(cmd, sizeof(cmd),
		 "python3 '%s/tests/tools/validate_reports.py' %s %s 2>&1",
		 srcdir, flag, files);
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(out, 1, sizeof(out) - 1, p);
	out[n] = '\0';
	status = pclose(p);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		fail_msg("%s\nexit status %d:\n%s", cmd,
			 WIFEXITED(status) ? WEXITSTATUS(status) : -1, out);
}

/*
 * Fails unless @text equals tests/unit/report/golden/@name byte for byte;
 * SCI_UPDATE_GOLDEN=1 rewrites the file first.
 */
static inline void report_test_assert_golden(const char *name, const char *text)
{
	char golden[PATH_MAX + 64];
	char *want = NULL;
	size_t len = 0;
	FILE *f;

	snprintf(golden, sizeof(golden), "%s/tests/unit/report/golden/%s",
		 srcdir, name);
	if (getenv("SCI_UPDATE_GOLDEN")) {
		f = fopen(golden, "w");
		assert_non_null(f);
		fputs(text, f);
		assert_int_equal(fclose(f), 0);
	}
	f = fopen(golden, "r");
	if (!f)
		fail_msg("%s: missing (SCI_UPDATE_GOLDEN=1 writes it)", golden);
	assert_int_not_equal(getdelim(&want, &len, '\0', f), -1);
	fclose(f);
	if (strcmp(text, want) != 0)
		fail_msg("output differs from %s (SCI_UPDATE_GOLDEN=1 "
			 "rewrites it):\n%s", golden, text);
	free(want);
}

#endif
