/*
 * vcs_test.h - what the git module's tests share: a scratch directory
 * `root` with a git environment that does not depend on the machine's
 * configuration, and helpers that run shell commands and write files
 * there.  Include after <cmocka.h>; each test program has its own copy.
 */
#ifndef SCI_TESTS_VCS_TEST_H
#define SCI_TESTS_VCS_TEST_H

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/alloc.h"
#include "util/error.h"

/* Short enough that every path and command built from it fits. */
static char root[512];

/* Runs a shell command in root; fails the test if it fails. */
static void sh(const char *fmt, ...) __attribute__((format(printf, 1, 2), unused));
static void sh(const char *fmt, ...)
{
	char cmd[4096], full[8192];
	va_list ap;
	int rc;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	snprintf(full, sizeof(full), "cd '%s' && ( %s ) >/dev/null", root, cmd);
	rc = system(full);
	if (rc != 0)
		print_error("command failed (%d): %s\n", rc, cmd);
	assert_int_equal(rc, 0);
}

/* First line of a command's output, run in root. */
static void capture(char *out, size_t n, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), unused));
static void capture(char *out, size_t n, const char *fmt, ...)
{
	char cmd[4096], full[8192];
	va_list ap;
	FILE *p;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	snprintf(full, sizeof(full), "cd '%s' && %s", root, cmd);
	p = popen(full, "r");
	assert_non_null(p);
	out[0] = '\0';
	assert_non_null(fgets(out, (int)n, p));
	out[strcspn(out, "\n")] = '\0';
	assert_int_equal(pclose(p), 0);
}

/* Writes @len bytes to root/@rel, creating directories. */
static __attribute__((unused)) void put_bytes(const char *rel, const char *data, size_t len)
{
	char path[PATH_MAX];
	FILE *f;

	sh("mkdir -p \"$(dirname '%s')\"", rel);
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static __attribute__((unused)) void put(const char *rel, const char *text)
{
	put_bytes(rel, text, strlen(text));
}

/* Reads root/@rel whole; owned. */
static __attribute__((unused)) char *slurp(const char *rel, size_t *len)
{
	char path[PATH_MAX], *buf;
	long n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "rb");
	if (!f)
		fail_msg("cannot open %s", path);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = sci_malloc((size_t)n + 1);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static __attribute__((unused)) void assert_contains(const char *hay, const char *needle)
{
	if (!strstr(hay, needle))
		fail_msg("\"%s\" does not contain \"%s\"", hay, needle);
}

static __attribute__((unused)) int setup(void **state)
{
	char tmpl[PATH_MAX], path[PATH_MAX];
	const char *tmp = getenv("TMPDIR");

	snprintf(tmpl, sizeof(tmpl), "%s/sci-vcs-XXXXXX", tmp ? tmp : "/tmp");
	if (!mkdtemp(tmpl) || !realpath(tmpl, path) ||
	    strlen(path) >= sizeof(root))
		return -1;
	strcpy(root, path);
	setenv("HOME", root, 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("GIT_AUTHOR_NAME", "Test", 1);
	setenv("GIT_AUTHOR_EMAIL", "test@example.com", 1);
	setenv("GIT_COMMITTER_NAME", "Test", 1);
	setenv("GIT_COMMITTER_EMAIL", "test@example.com", 1);
	unsetenv("GIT_DIR");
	unsetenv("GIT_WORK_TREE");
	sci_error_clear();
	return 0;
}

static __attribute__((unused)) int teardown(void **state)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	return system(cmd) == 0 ? 0 : -1;
}

#endif
