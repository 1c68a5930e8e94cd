/*
 * test_call_scan.c - the guess of what a file defines and calls
 * (src/cli/call_scan.c), which orders a run's first round.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "cli/call_scan.h"
#include "cli_test.h"

/* @got joined by spaces equals @want. */
static void expect_names(const sci_strv *got, const char *want)
{
	char buf[1024] = "";
	size_t i;

	for (i = 0; i < got->n; i++) {
		if (i)
			strcat(buf, " ");
		strcat(buf, got->v[i]);
	}
	assert_string_equal(buf, want);
}

static void scan_text(const char *text, const char *want_defs,
		      const char *want_calls)
{
	sci_strv defs = { 0 }, calls = { 0 };

	sci_call_scan_text(&defs, &calls, text, strlen(text));
	expect_names(&defs, want_defs);
	expect_names(&calls, want_calls);
	sci_strv_clear(&defs);
	sci_strv_clear(&calls);
}

static void test_call_scan__definitions_and_calls(void **state)
{
	(void)state;
	scan_text("#include <stdlib.h>\n"
		  "int helper(int);\n"			/* a prototype */
		  "static int local(int x) { return helper(x) + abs(x); }\n"
		  "struct s *make(size_t n)\n"
		  "{\n"
		  "\tstruct s *p = malloc(sizeof(*p) * n);\n"
		  "\tif (p == NULL)\n"
		  "\t\treturn fail(\"make(%zu)\", n);\n"
		  "\treturn local(n) ? p : zap(p);\n"
		  "}\n"
		  "void (*handler)(int);\n"		/* an object */
		  "int main(int argc, char **argv) { return (int)make(argc); }\n",
		  "main make", "abs fail helper malloc zap");
}

static void test_call_scan__noise_is_skipped(void **state)
{
	(void)state;
	scan_text("/* not_a_def(void) { x(); } */\n"
		  "// nor(this) { y(); }\n"
		  "#define WRAP(x) wrapped(x)\n"
		  "#if 0\n"
		  "#endif\n"
		  "static const char *s = \"str(a) { b(); }\";\n"
		  "char c = '(';\n"
		  "  # define ALSO(x) \\\n"
		  "\tcontinued(x)\n"
		  "unsigned long f(void) { return 0x10UL + sizeof(long) + g('}'); }\n"
		  "int after(void) { while (k()) do_it(); return 0; }\n",
		  "after f", "do_it g k");
}

static void test_call_scan__statics_and_own_calls(void **state)
{
	(void)state;
	/* a static definition is not the file's to offer, nor a call out */
	scan_text("static inline int twice(int x)\n{ return x * 2; }\n"
		  "int pub(int x) { return twice(x) + pub(x - 1) + ext(x); }\n"
		  "static struct t tab[] = { INIT(1), INIT(2) };\n"
		  "int last(void) { return 1; }\n",
		  "last pub", "INIT ext");
}

static void test_call_scan__file(void **state)
{
	sci_strv defs = { 0 }, calls = { 0 };
	char *slash, dir[64];

	(void)state;
	write_temp("scan", "int api(void) { return lib(); }\n");
	assert_int_equal(sci_call_scan_file(&defs, &calls, path, NULL), 0);
	expect_names(&defs, "api");
	expect_names(&calls, "lib");
	sci_strv_clear(&defs);
	sci_strv_clear(&calls);
	/* relative to the TU's directory */
	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	*slash = '\0';
	assert_int_equal(sci_call_scan_file(&defs, &calls, slash + 1, dir), 0);
	expect_names(&defs, "api");
	sci_strv_clear(&defs);
	sci_strv_clear(&calls);
	assert_int_equal(sci_call_scan_file(&defs, &calls,
					    "/nonexistent/x.c", NULL), -1);
	assert_int_equal(defs.n + calls.n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_call_scan__definitions_and_calls),
		cmocka_unit_test(test_call_scan__noise_is_skipped),
		cmocka_unit_test(test_call_scan__statics_and_own_calls),
		cmocka_unit_test_teardown(test_call_scan__file, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
