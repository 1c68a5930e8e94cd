/* Unit tests: the project profile (src/cli/profile.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/profile.h"
#include "util/error.h"

#include "cli_test.h"

static void test_profile__reads_lists(void **state)
{
	sci_profile p;

	write_temp("profile", "{\"version\": 1, \"allocators\": [\"xmalloc\", \"xstrdup\"],"
		      " \"deallocators\": [\"xfree\"], \"noreturn\": [\"die\"],"
		      " \"returns_nonnull\": [\"must_alloc\"],"
		      " \"untrusted_sources\": [\"read_port\"],"
		      " \"must_check\": [\"try_lock\"],"
		      " \"must_check_statistics\": true,"
		      " \"locks\": [{\"acquire\": \"spin_lock\","
		      " \"release\": \"spin_unlock\"}]}");
	assert_int_equal(sci_profile_load(&p, path), 0);
	assert_int_equal(p.allocators.n, 2);
	assert_string_equal(p.allocators.v[1], "xstrdup");
	assert_null(p.allocators.v[2]);
	assert_string_equal(p.deallocators.v[0], "xfree");
	assert_string_equal(p.noreturn.v[0], "die");
	assert_string_equal(p.returns_nonnull.v[0], "must_alloc");
	assert_string_equal(p.untrusted_sources.v[0], "read_port");
	assert_string_equal(p.must_check.v[0], "try_lock");
	assert_int_equal(p.must_check_statistics, 1);
	assert_int_equal(p.lock_acquire.n, 1);
	assert_string_equal(p.lock_acquire.v[0], "spin_lock");
	assert_string_equal(p.lock_release.v[0], "spin_unlock");
	sci_profile_clear(&p);
}

static void test_profile__optional_keys(void **state)
{
	sci_profile p;

	write_temp("profile", "{\"version\": 1}");
	assert_int_equal(sci_profile_load(&p, path), 0);
	assert_int_equal(p.allocators.n, 0);
	assert_null(p.allocators.v);
	sci_profile_clear(&p);
}

static void test_profile__bad_json_names_place(void **state)
{
	sci_profile p;

	write_temp("profile", "{\"version\": 1,\n \"allocators\": [\"a\",]}");
	assert_int_equal(sci_profile_load(&p, path), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), path));
	assert_non_null(strstr(sci_error_last(), ":2:"));
}

static void test_profile__rejects_bad_shapes(void **state)
{
	sci_profile p;

	write_temp("profile", "{\"version\": 1, \"allocator\": [\"x\"]}");
	assert_int_equal(sci_profile_load(&p, path), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "unknown key \"allocator\""));
	teardown(state);
	write_temp("profile", "{\"version\": 2}");
	assert_int_equal(sci_profile_load(&p, path), SCI_EINVALID);
	teardown(state);
	write_temp("profile", "{\"version\": 1, \"noreturn\": [3]}");
	assert_int_equal(sci_profile_load(&p, path), SCI_EINVALID);
	teardown(state);
	write_temp("profile", "[]");
	assert_int_equal(sci_profile_load(&p, path), SCI_EINVALID);
	teardown(state);
	write_temp("profile", "{\"version\": 1, \"locks\": [{\"acquire\": \"l\"}]}");
	assert_int_equal(sci_profile_load(&p, path), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "\"locks\"[0]"));
	teardown(state);
	write_temp("profile", "{\"version\": 1, \"locks\": [\"spin_lock\"]}");
	assert_int_equal(sci_profile_load(&p, path), SCI_EINVALID);
	teardown(state);
	write_temp("profile", "{\"version\": 1, \"must_check_statistics\": 1}");
	assert_int_equal(sci_profile_load(&p, path), SCI_EINVALID);
	assert_non_null(strstr(sci_error_last(), "must be true or false"));
}

static void test_profile__missing_file(void **state)
{
	sci_profile p;

	strcpy(path, "/tmp/sci-no-such-profile.json");
	assert_int_equal(sci_profile_load(&p, path), SCI_EIO);
	assert_non_null(strstr(sci_error_last(), "cannot read profile"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_profile__reads_lists, teardown),
		cmocka_unit_test_teardown(test_profile__optional_keys, teardown),
		cmocka_unit_test_teardown(test_profile__bad_json_names_place, teardown),
		cmocka_unit_test_teardown(test_profile__rejects_bad_shapes, teardown),
		cmocka_unit_test(test_profile__missing_file),
	};

	return cmocka_run_group_tests_name("cli/profile", tests, NULL, NULL);
}
