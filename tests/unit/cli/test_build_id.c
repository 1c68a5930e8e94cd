/*
 * test_build_id.c - the build identity that keys the result cache and the
 * project database (src/cli/build_id.c): the version, then the linker's
 * build ID of this very program (what readelf -n shows), stable within
 * a process.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "cli/options.h"

/* readelf's "Build ID: <hex>" for this program, or "" without readelf. */
static void readelf_id(char *out, size_t size)
{
	char line[256];
	FILE *p = popen("readelf -n /proc/$PPID/exe 2>/dev/null", "r");

	out[0] = '\0';
	if (!p)
		return;
	while (fgets(line, sizeof(line), p)) {
		const char *at = strstr(line, "Build ID: ");

		if (at && sscanf(at + 10, "%127s", out) == 1)
			break;
	}
	pclose(p);
	(void)size;
}

static void test_build_id__version_then_the_programs_build_id(void **state)
{
	const char *id = sci_cli_build_id();
	size_t n = strlen(sci_cli_version()), i;
	char want[128];

	(void)state;
	assert_int_equal(strncmp(id, sci_cli_version(), n), 0);
	assert_int_equal(id[n], '+');
	assert_true(strlen(id) > n + 1);
	assert_ptr_equal(id, sci_cli_build_id());
	readelf_id(want, sizeof(want));
	if (want[0]) {
		assert_string_equal(id + n + 1, want);
		for (i = n + 1; id[i]; i++)
			assert_true(isxdigit((unsigned char)id[i]));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_build_id__version_then_the_programs_build_id),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
