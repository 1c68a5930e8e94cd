/* test_flags.c - compiler flags to sparse flags (src/cli/flags.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "cli/flags.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static void expect_flags(char **args, size_t nargs, const char *base,
			 const char *const *want, size_t nwant)
{
	sci_strv out = { 0 };
	size_t i;

	sci_flags_sanitize(&out, args, nargs, base);
	for (i = 0; i < out.n && i < nwant; i++)
		assert_string_equal(out.v[i], want[i]);
	assert_int_equal(out.n, nwant);
	sci_strv_clear(&out);
}

static void test_flags__keeps_include_and_macro_flags(void **state)
{
	char *args[] = { "-I", "/abs/inc", "-I/abs/inc2", "-DA", "-D", "B=2",
			 "-UC", "-U", "D", "-include", "cfg.h", "-imacros",
			 "m.h", "-isystem", "/sys", "-idirafter", "/late" };
	const char *want[] = { "-I", "/abs/inc", "-I", "/abs/inc2", "-D", "A",
			       "-D", "B=2", "-U", "C", "-U", "D", "-include",
			       "cfg.h", "-imacros", "m.h", "-isystem", "/sys",
			       "-idirafter", "/late" };

	expect_flags(args, N(args), NULL, want, N(want));
}

static void test_flags__keeps_nostdinc(void **state)
{
	char *args[] = { "-nostdinc", "-isystem", "/k/include", "-g" };
	const char *want[] = { "-nostdinc", "-isystem", "/k/include" };

	expect_flags(args, N(args), NULL, want, N(want));
}

static void test_flags__joined_i_options(void **state)
{
	char *args[] = { "-isystem/sys", "-idirafter/late", "-includecfg.h" };
	const char *want[] = { "-isystem", "/sys", "-idirafter", "/late",
			       "-include", "cfg.h" };

	expect_flags(args, N(args), NULL, want, N(want));
}

static void test_flags__relative_dirs_become_absolute(void **state)
{
	char *args[] = { "-Iinc", "-I", "../shared/./inc", "-isystem", "sys",
			 "-idirafter", "late", "-include", "cfg.h", "-I-" };
	const char *want[] = { "-I", "/src/proj/inc", "-I", "/src/shared/inc",
			       "-isystem", "/src/proj/sys", "-idirafter",
			       "/src/proj/late", "-include", "cfg.h", "-I",
			       "-" };

	expect_flags(args, N(args), "/src/proj", want, N(want));
}

static void test_flags__relative_dirs_kept_without_base(void **state)
{
	char *args[] = { "-Iinc" };
	const char *want[] = { "-I", "inc" };

	expect_flags(args, N(args), NULL, want, N(want));
}

static void test_flags__drops_other_options_and_their_arguments(void **state)
{
	char *args[] = { "-c", "a.c", "-o", "a.o", "-Wall", "-Wextra",
			 "-fno-strict-aliasing", "-g", "-MD", "-MF", "a.d",
			 "-MT", "-Ifake", "-iquote", "-Inot", "-L", "/lib",
			 "-l", "m", "-lz", "-Xlinker", "-include",
			 "-Xclang", "-Dnope", "-Wl,-z,now", "-x", "c",
			 "-DKEPT" };
	const char *want[] = { "-D", "KEPT" };

	expect_flags(args, N(args), NULL, want, N(want));
}

/* The build flags of a typical project: only the meaningful ones stay. */
static void test_flags__meaningless_flags_are_dropped(void **state)
{
	char *args[] = { "-O2", "-g3", "-Wall", "-Wextra", "-Werror",
			 "-Wno-unused-parameter", "-W", "-fstack-protector-strong",
			 "-fno-omit-frame-pointer", "-ffunction-sections",
			 "-mtune=generic", "-mavx2", "-pipe", "-MD", "-MF",
			 "x.d", "-MMD", "-MT", "x.o", "-MQ", "y.o", "-MP", "-c",
			 "-o", "x.o", "-w", "-pedantic", "-undef", "-DX" };
	const char *want[] = { "-O2", "-D", "X" };

	expect_flags(args, N(args), NULL, want, N(want));
}

static void test_flags__semantic_flags_pass_through(void **state)
{
	char *args[] = { "-O0", "-Os", "-Ofast", "-Oz", "-fPIC", "-fpie",
			 "-funsigned-char", "-fno-signed-char", "-fshort-wchar",
			 "-ffreestanding", "-fno-hosted", "-m32", "-mx32",
			 "-msize-long", "-mbig-endian", "-march=rv64gc",
			 "-mcmodel=kernel", "-ansi" };
	const char *want[] = { "-O0", "-Os", "-Ofast", "-Os", "-fPIC",
			       "-fpie", "-funsigned-char", "-fno-signed-char",
			       "-fshort-wchar", "-ffreestanding", "-fno-hosted",
			       "-m32", "-mx32", "-msize-long", "-mbig-endian",
			       "-march=rv64gc", "-mcmodel=kernel", "-ansi" };

	expect_flags(args, N(args), NULL, want, N(want));
}

/* sparse's -fno-pic would turn PIC on: the earlier -fPIC goes instead. */
static void test_flags__no_pic_cancels_pic(void **state)
{
	char *args[] = { "-fPIC", "-fpie", "-DA", "-fno-PIC", "-fno-pie" };
	const char *want[] = { "-D", "A" };

	expect_flags(args, N(args), NULL, want, N(want));
}

static void test_flags__no_pic_leaves_earlier_vectors_alone(void **state)
{
	char *args[] = { "-fno-pic" };
	sci_strv out = { 0 };

	sci_strv_push(&out, "-fpic");	/* not from this call */
	sci_flags_sanitize(&out, args, N(args), NULL);
	assert_int_equal(out.n, 1);
	assert_string_equal(out.v[0], "-fpic");
	sci_strv_clear(&out);
}

static void test_flags__pthread_defines_reentrant(void **state)
{
	char *args[] = { "-pthread" };
	const char *want[] = { "-D_REENTRANT" };

	expect_flags(args, N(args), NULL, want, N(want));
}

static void test_flags__wp_options_are_unpacked(void **state)
{
	char *args[] = { "-Wp,-D_FORTIFY_SOURCE=2,-UNDEBUG,-Iinc,-MD,x.d",
			 "-Wp,-DLONE" };
	const char *want[] = { "-D", "_FORTIFY_SOURCE=2", "-U", "NDEBUG",
			       "-I", "/b/inc", "-D", "LONE" };

	expect_flags(args, N(args), "/b", want, N(want));
}

static void test_flags__accepts(void **state)
{
	static const char *const words[] = {
		"-O", "-O2", "-Os", "-g", "-g3", "-ggdb", "-Wall", "-Werror",
		"-W", "-Wl,-z,now", "-fPIC", "-fno-common", "-m32", "-mavx",
		"-pipe", "-MD", "-MMD", "-MP", "-c", "-pthread", "-ansi",
		"-nostdinc", "-ofile.o", "-xc", "-w", "-undef"
	};
	static const char *const with_arg[] = {
		"-MF", "-MT", "-MQ", "-o", "-x", "-iquote", "-L", "-Xlinker"
	};
	static const char *const not_ours[] = {
		"-I", "-Idir", "-DX", "-U", "-include", "-isystem", "-std=c11",
		"-p", "-j", "-q", "-f", "-m", "--json", "file.c", "-"
	};
	size_t i;

	for (i = 0; i < N(words); i++)
		assert_int_equal(sci_flags_accepts(words[i]), SCI_FLAG_WORD);
	for (i = 0; i < N(with_arg); i++)
		assert_int_equal(sci_flags_accepts(with_arg[i]),
				 SCI_FLAG_WITH_ARG);
	for (i = 0; i < N(not_ours); i++)
		assert_int_equal(sci_flags_accepts(not_ours[i]),
				 SCI_FLAG_UNKNOWN);
}

static void test_flags__include_pch_is_not_include(void **state)
{
	char *args[] = { "-include-pch", "x.pch", "-DOK" };
	const char *want[] = { "-D", "OK" };

	expect_flags(args, N(args), NULL, want, N(want));
}

static void test_flags__missing_argument_is_dropped(void **state)
{
	char *a1[] = { "-DA", "-I" };
	char *a2[] = { "-include" };
	const char *want[] = { "-D", "A" };

	expect_flags(a1, N(a1), NULL, want, N(want));
	expect_flags(a2, N(a2), NULL, NULL, 0);
}

static void test_flags__std_mapping(void **state)
{
	char *args[] = { "-std=c2x", "-std=gnu2x", "-std=c23", "-std=gnu23",
			 "-std=c99", "-std=gnu11", "-std=c++17",
			 "--std=c11" };
	const char *want[] = { "-std=gnu17", "-std=gnu17", "-std=gnu17",
			       "-std=gnu17", "-std=c99", "-std=gnu11",
			       "-std=c11" };

	expect_flags(args, N(args), NULL, want, N(want));
}

static void test_flags__map_std(void **state)
{
	assert_string_equal(sci_flags_map_std("gnu2x"), "gnu17");
	assert_string_equal(sci_flags_map_std("c17"), "c17");
	assert_string_equal(sci_flags_map_std("gnu89"), "gnu89");
	assert_null(sci_flags_map_std("c++11"));
	assert_null(sci_flags_map_std(""));
}

static void test_flags__positional_words_are_dropped(void **state)
{
	char *args[] = { "a.c", "b.o", "-", "-DX" };
	const char *want[] = { "-D", "X" };

	expect_flags(args, N(args), "/d", want, N(want));
}

static void test_flags__appends_to_existing_vector(void **state)
{
	char *args[] = { "-DX" };
	sci_strv out = { 0 };

	sci_strv_push(&out, "smatch-ci");
	sci_flags_sanitize(&out, args, N(args), NULL);
	assert_int_equal(out.n, 3);
	assert_string_equal(out.v[0], "smatch-ci");
	assert_string_equal(out.v[2], "X");
	assert_null(out.v[3]);
	sci_strv_clear(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flags__keeps_include_and_macro_flags),
		cmocka_unit_test(test_flags__keeps_nostdinc),
		cmocka_unit_test(test_flags__joined_i_options),
		cmocka_unit_test(test_flags__relative_dirs_become_absolute),
		cmocka_unit_test(test_flags__relative_dirs_kept_without_base),
		cmocka_unit_test(test_flags__drops_other_options_and_their_arguments),
		cmocka_unit_test(test_flags__meaningless_flags_are_dropped),
		cmocka_unit_test(test_flags__semantic_flags_pass_through),
		cmocka_unit_test(test_flags__no_pic_cancels_pic),
		cmocka_unit_test(test_flags__no_pic_leaves_earlier_vectors_alone),
		cmocka_unit_test(test_flags__pthread_defines_reentrant),
		cmocka_unit_test(test_flags__wp_options_are_unpacked),
		cmocka_unit_test(test_flags__accepts),
		cmocka_unit_test(test_flags__include_pch_is_not_include),
		cmocka_unit_test(test_flags__missing_argument_is_dropped),
		cmocka_unit_test(test_flags__std_mapping),
		cmocka_unit_test(test_flags__map_std),
		cmocka_unit_test(test_flags__positional_words_are_dropped),
		cmocka_unit_test(test_flags__appends_to_existing_vector),
	};

	return cmocka_run_group_tests_name("cli/flags", tests, NULL, NULL);
}
