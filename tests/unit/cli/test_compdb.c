/* test_compdb.c - compile_commands.json reading (src/cli/compdb.c). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/compdb.h"
#include "util/error.h"

static void expect_split(const char *cmd, const char *const *want, size_t n)
{
	sci_strv out = { 0 };
	size_t i;

	assert_int_equal(sci_compdb_split_command(&out, cmd), 0);
	for (i = 0; i < out.n && i < n; i++)
		assert_string_equal(out.v[i], want[i]);
	assert_int_equal(out.n, n);
	sci_strv_clear(&out);
}

static void test_compdb__split_plain_words(void **state)
{
	const char *want[] = { "cc", "-c", "a.c", "-o", "a.o" };

	expect_split("  cc\t-c a.c   -o a.o \n", want, 5);
}

static void test_compdb__split_quotes(void **state)
{
	const char *want[] = { "cc", "-DMSG=\"hi there\"", "-DQ=it's",
			       "-I/dir with space", "", "a b\\c" };

	expect_split("cc -DMSG=\"\\\"hi there\\\"\" -DQ=\"it's\" "
		     "'-I/dir with space' '' \"a b\\c\"", want, 6);
}

static void test_compdb__split_backslashes(void **state)
{
	const char *want[] = { "cc", "-DX=a b", "-DY=\"v\"", "tail\\" };

	expect_split("cc -DX=a\\ b -DY=\\\"v\\\" \\\n tail\\", want, 4);
}

static void test_compdb__split_single_quotes_keep_backslash(void **state)
{
	const char *want[] = { "a\\nb", "$HOME" };

	expect_split("'a\\nb' '$HOME'", want, 2);
}

static void test_compdb__split_unterminated_quote(void **state)
{
	sci_strv out = { 0 };

	assert_int_equal(sci_compdb_split_command(&out, "cc \"-DX=1"),
			 SCI_EINVALID);
	sci_strv_clear(&out);
	assert_int_equal(sci_compdb_split_command(&out, "cc '-DX=1"),
			 SCI_EINVALID);
	sci_strv_clear(&out);
}

static void test_compdb__arguments_entry(void **state)
{
	const char *text =
		"[{\"directory\": \"/src/proj\", \"file\": \"lib/a.c\","
		" \"arguments\": [\"gcc\", \"-Iinc\", \"-c\", \"lib/a.c\"]}]";
	sci_compdb *db = NULL;

	assert_int_equal(sci_compdb_parse(&db, text, "cc.json", "/x"), 0);
	assert_int_equal(db->n, 1);
	assert_string_equal(db->path, "cc.json");
	assert_string_equal(db->entries[0].directory, "/src/proj");
	assert_string_equal(db->entries[0].file, "/src/proj/lib/a.c");
	assert_int_equal(db->entries[0].nargs, 4);
	assert_string_equal(db->entries[0].args[0], "gcc");
	assert_string_equal(db->entries[0].args[1], "-Iinc");
	assert_null(db->entries[0].args[4]);
	sci_compdb_free(db);
}

static void test_compdb__command_entry(void **state)
{
	const char *text =
		"[{\"directory\": \"/src\", \"file\": \"/abs/b.c\","
		" \"command\": \"cc -DS=\\\"x y\\\" -c /abs/b.c\"}]";
	sci_compdb *db = NULL;

	assert_int_equal(sci_compdb_parse(&db, text, "cc.json", "/x"), 0);
	assert_int_equal(db->n, 1);
	assert_string_equal(db->entries[0].file, "/abs/b.c");
	assert_int_equal(db->entries[0].nargs, 4);
	assert_string_equal(db->entries[0].args[1], "-DS=x y");
	sci_compdb_free(db);
}

static void test_compdb__arguments_win_over_command(void **state)
{
	const char *text =
		"[{\"directory\": \"/d\", \"file\": \"a.c\","
		" \"arguments\": [\"cc\", \"-DFROM_ARGS\"],"
		" \"command\": \"cc -DFROM_COMMAND\"}]";
	sci_compdb *db = NULL;

	assert_int_equal(sci_compdb_parse(&db, text, "cc.json", "/x"), 0);
	assert_string_equal(db->entries[0].args[1], "-DFROM_ARGS");
	sci_compdb_free(db);
}

static void test_compdb__relative_directory_uses_base(void **state)
{
	const char *text =
		"[{\"directory\": \"build/../src\", \"file\": \"./a.c\","
		" \"arguments\": [\"cc\"]}]";
	sci_compdb *db = NULL;

	assert_int_equal(sci_compdb_parse(&db, text, "cc.json", "/top"), 0);
	assert_string_equal(db->entries[0].directory, "/top/src");
	assert_string_equal(db->entries[0].file, "/top/src/a.c");
	sci_compdb_free(db);
}

/* A \u0000 fails its own entry only; the others are read as usual. */
static void test_compdb__nul_marks_only_its_entry(void **state)
{
	const char *text =
		"[{\"directory\": \"/d\", \"file\": \"a.c\", \"arguments\": [\"cc\"]},"
		" {\"directory\": \"/d\", \"file\": \"b\\u0000.c\", \"arguments\": [\"cc\"]},"
		" {\"directory\": \"/d\", \"file\": \"c.c\", \"command\": \"cc -DX\\u0000\"},"
		" {\"directory\": \"/d\", \"file\": \"e.c\", \"arguments\": [\"cc\", \"-I\\u0000\"]}]";
	sci_compdb *db = NULL;

	assert_int_equal(sci_compdb_parse(&db, text, "cc.json", "/x"), 0);
	assert_int_equal(db->n, 4);
	assert_null(db->entries[0].invalid);
	assert_string_equal(db->entries[1].file, "/d/b\\0.c");
	assert_non_null(strstr(db->entries[1].invalid, "entry 2: \"file\" holds a NUL byte"));
	assert_non_null(strstr(db->entries[2].invalid, "entry 3: \"command\""));
	assert_non_null(strstr(db->entries[3].invalid, "entry 4: \"arguments\""));
	assert_string_equal(db->entries[3].file, "/d/e.c");
	sci_compdb_free(db);
}

static void test_compdb__empty_array(void **state)
{
	sci_compdb *db = NULL;

	assert_int_equal(sci_compdb_parse(&db, "[]", "cc.json", "/x"), 0);
	assert_int_equal(db->n, 0);
	sci_compdb_free(db);
}

static void parse_fails(const char *text, int code, const char *msg_part)
{
	sci_compdb *db = (sci_compdb *)1;

	sci_error_clear();
	assert_int_equal(sci_compdb_parse(&db, text, "cc.json", "/x"), code);
	assert_null(db);
	assert_non_null(strstr(sci_error_last(), msg_part));
}

static void test_compdb__bad_json(void **state)
{
	parse_fails("[{\"directory\": ", SCI_EJSON, "cc.json:1:");
	parse_fails("", SCI_EJSON, "cc.json");
}

static void test_compdb__bad_shapes(void **state)
{
	parse_fails("{}", SCI_EINVALID, "not a JSON array");
	parse_fails("[42]", SCI_EINVALID, "entry 1: not a JSON object");
	parse_fails("[{\"file\": \"a.c\", \"arguments\": [\"cc\"]}]",
		    SCI_EINVALID, "entry 1: missing \"directory\"");
	parse_fails("[{\"directory\": \"/d\", \"file\": \"a.c\","
		    " \"arguments\": [\"cc\"]},"
		    " {\"directory\": \"/d\", \"arguments\": [\"cc\"]}]",
		    SCI_EINVALID, "entry 2: missing \"file\"");
	parse_fails("[{\"directory\": \"/d\", \"file\": \"a.c\"}]",
		    SCI_EINVALID, "neither \"arguments\" nor \"command\"");
	parse_fails("[{\"directory\": \"/d\", \"file\": \"a.c\","
		    " \"arguments\": [\"cc\", 3]}]",
		    SCI_EINVALID, "non-string");
	parse_fails("[{\"directory\": \"/d\", \"file\": \"a.c\","
		    " \"arguments\": \"cc\"}]",
		    SCI_EINVALID, "not an array");
	parse_fails("[{\"directory\": \"/d\", \"file\": 7,"
		    " \"arguments\": [\"cc\"]}]",
		    SCI_EINVALID, "\"file\" is not a non-empty string");
	parse_fails("[{\"directory\": \"/d\", \"file\": \"a.c\","
		    " \"command\": \"cc '-DX\"}]",
		    SCI_EINVALID, "unterminated quote");
	parse_fails("[{\"directory\": \"/d\", \"file\": \"a.c\","
		    " \"command\": \"   \"}]",
		    SCI_EINVALID, "empty command");
}

/* A temporary directory with compile_commands.json holding @text. */
static char *make_db_dir(const char *text)
{
	char tmpl[] = "/tmp/sci-compdb-XXXXXX";
	char path[256];
	FILE *f;

	assert_non_null(mkdtemp(tmpl));
	snprintf(path, sizeof(path), "%s/compile_commands.json", tmpl);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	return strdup(tmpl);
}

static void remove_db_dir(char *dir)
{
	char path[256];

	snprintf(path, sizeof(path), "%s/compile_commands.json", dir);
	unlink(path);
	rmdir(dir);
	free(dir);
}

static void test_compdb__load_directory_and_file(void **state)
{
	char *dir = make_db_dir("[{\"directory\": \"sub\", \"file\": \"a.c\","
				" \"arguments\": [\"cc\", \"a.c\"]}]");
	char path[256], want[256];
	sci_compdb *db = NULL;

	assert_int_equal(sci_compdb_load(&db, dir), 0);
	assert_int_equal(db->n, 1);
	/* a relative "directory" is relative to the database's directory */
	snprintf(want, sizeof(want), "%s/sub/a.c", dir);
	assert_string_equal(db->entries[0].file, want);
	sci_compdb_free(db);

	snprintf(path, sizeof(path), "%s/compile_commands.json", dir);
	assert_int_equal(sci_compdb_load(&db, path), 0);
	assert_int_equal(db->n, 1);
	assert_string_equal(db->path, path);
	sci_compdb_free(db);
	remove_db_dir(dir);
}

static void test_compdb__load_missing(void **state)
{
	sci_compdb *db = (sci_compdb *)1;

	assert_int_equal(sci_compdb_load(&db, "/nonexistent/sci/cc.json"),
			 SCI_ENOTFOUND);
	assert_null(db);
	assert_non_null(strstr(sci_error_last(), "/nonexistent/sci/cc.json"));
}

static void test_compdb__load_directory_without_db(void **state)
{
	char tmpl[] = "/tmp/sci-compdb-XXXXXX";
	sci_compdb *db = NULL;

	assert_non_null(mkdtemp(tmpl));
	assert_int_equal(sci_compdb_load(&db, tmpl), SCI_ENOTFOUND);
	assert_non_null(strstr(sci_error_last(), "compile_commands.json"));
	rmdir(tmpl);
}

static void test_compdb__load_invalid_json(void **state)
{
	char *dir = make_db_dir("[{\"directory\": \"/d\",,]");
	sci_compdb *db = NULL;

	assert_int_equal(sci_compdb_load(&db, dir), SCI_EJSON);
	assert_null(db);
	assert_non_null(strstr(sci_error_last(), "compile_commands.json:1:"));
	remove_db_dir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compdb__split_plain_words),
		cmocka_unit_test(test_compdb__split_quotes),
		cmocka_unit_test(test_compdb__split_backslashes),
		cmocka_unit_test(test_compdb__split_single_quotes_keep_backslash),
		cmocka_unit_test(test_compdb__split_unterminated_quote),
		cmocka_unit_test(test_compdb__arguments_entry),
		cmocka_unit_test(test_compdb__command_entry),
		cmocka_unit_test(test_compdb__arguments_win_over_command),
		cmocka_unit_test(test_compdb__relative_directory_uses_base),
		cmocka_unit_test(test_compdb__nul_marks_only_its_entry),
		cmocka_unit_test(test_compdb__empty_array),
		cmocka_unit_test(test_compdb__bad_json),
		cmocka_unit_test(test_compdb__bad_shapes),
		cmocka_unit_test(test_compdb__load_directory_and_file),
		cmocka_unit_test(test_compdb__load_missing),
		cmocka_unit_test(test_compdb__load_directory_without_db),
		cmocka_unit_test(test_compdb__load_invalid_json),
	};

	return cmocka_run_group_tests_name("cli/compdb", tests, NULL, NULL);
}
