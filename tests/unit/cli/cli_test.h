/*
 * cli_test.h - what the CLI readers' tests share: a scratch file holding a
 * test's JSON text, removed after each test.  Include it after <cmocka.h>;
 * each test file is its own program, so the statics are its.
 */
#ifndef SCI_TESTS_CLI_TEST_H
#define SCI_TESTS_CLI_TEST_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* the scratch file of the running test */
static char path[64];

/* Writes @text to a new /tmp/sci-@stem-XXXXXX, named in path. */
static inline void write_temp(const char *stem, const char *text)
{
	FILE *f;
	int fd;

	snprintf(path, sizeof(path), "/tmp/sci-%s-XXXXXX", stem);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	fputs(text, f);
	fclose(f);
}

static inline int teardown(void **state)
{
	(void)state;
	unlink(path);
	return 0;
}

#endif
