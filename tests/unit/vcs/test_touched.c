/*
 * Unit tests: changed paths and touched lines from a base commit to the
 * working tree (git/touched.c).
 *
 * Each test builds a real repository with the git command in a fresh
 * temporary directory; HOME points there and GIT_CONFIG_NOSYSTEM is set,
 * so the machine's git configuration does not leak in.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "vcs_test.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "git/touched.h"
#include "git/vcs.h"
#include "util/error.h"

/*
 * root/repo with one commit tagged "base" holding a.c (lines a1..a10),
 * big.c (lines "big line N of the file" for N = 1..20), keep.c and
 * .gitignore (*.o).
 */
static void make_repo(void)
{
	sh("git init -q -b main repo");
	sh("cd repo && for i in $(seq 1 10); do echo a$i; done > a.c");
	sh("cd repo && for i in $(seq 1 20); do echo \"big line $i of the file\"; done > big.c");
	put("repo/keep.c", "int keep;\n");
	put("repo/.gitignore", "*.o\n");
	sh("cd repo && git add . && git commit -qm base && git tag base");
}

static sci_vcs *v;
static sci_changes *c;

/* Opens root/repo and computes the change from "base". */
static void changes(void)
{
	char path[PATH_MAX], sha[SCI_VCS_SHA_SIZE];

	snprintf(path, sizeof(path), "%s/repo", root);
	assert_int_equal(sci_vcs_open(&v, path), 0);
	assert_int_equal(sci_vcs_resolve(v, sha, "base"), 0);
	if (sci_vcs_changes(&c, v, sha) < 0)
		fail_msg("sci_vcs_changes: %s", sci_error_last());
	assert_non_null(c);
}

static int cleanup(void **state)
{
	sci_changes_free(c);
	sci_vcs_free(v);
	c = NULL;
	v = NULL;
	return teardown(state);
}

/* The touched lines of @path, as "1,5-7"; "" if none or not changed. */
static const char *lines_of(const char *path)
{
	static char buf[512];
	const sci_change *ch = sci_changes_find(c, path);
	unsigned line, first = 0;
	size_t n = 0;

	buf[0] = '\0';
	if (!ch)
		return buf;
	for (line = 1; line <= 1001; line++) {
		int on = line <= 1000 && sci_changes_touched(c, path, line);

		assert_int_equal(on, sci_change_touched(ch, line));
		if (on && !first)
			first = line;
		if (!on && first) {
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%u",
					      n ? "," : "", first);
			if (line - 1 > first)
				n += (size_t)snprintf(buf + n, sizeof(buf) - n,
						      "-%u", line - 1);
			first = 0;
		}
	}
	return buf;
}

static const sci_change *find_ok(const char *path)
{
	const sci_change *ch = sci_changes_find(c, path);

	if (!ch)
		fail_msg("'%s' not among the changes", path);
	return ch;
}

static void test_touched__nothing_changed(void **state)
{
	make_repo();
	changes();
	assert_int_equal(sci_changes_count(c), 0);
	assert_null(sci_changes_at(c, 0));
	assert_null(sci_changes_find(c, "a.c"));
	assert_false(sci_changes_touched(c, "a.c", 1));
	assert_false(sci_changes_path_changed(c, "a.c"));
	assert_null(sci_changes_old_path(c, "a.c"));
}

/* Committed on a branch: line 5 edited, a line inserted after line 7. */
static void test_touched__edit_in_the_middle(void **state)
{
	const sci_change *ch;

	make_repo();
	sh("cd repo && git checkout -qb feature && sed -i -e 's/^a5$/a5 edited/' -e '/^a7$/a\\inserted' a.c && git commit -qam edit");
	changes();
	assert_int_equal(sci_changes_count(c), 1);
	ch = find_ok("a.c");
	assert_int_equal(ch->status, SCI_CHANGE_MODIFIED);
	assert_string_equal(ch->path, "a.c");
	assert_string_equal(ch->old_path, "a.c");
	assert_int_equal(ch->touched_lines, 2);
	assert_true(ch->content_changed);
	assert_false(ch->binary);
	assert_string_equal(lines_of("a.c"), "5,8");
	assert_false(sci_changes_touched(c, "a.c", 4));
	assert_true(sci_changes_touched(c, "a.c", 5));
	assert_false(sci_changes_touched(c, "a.c", 6));
	assert_true(sci_changes_touched(c, "a.c", 8));
	assert_false(sci_changes_touched(c, "a.c", 9));
	/* the edit replaced line 5; the insertion after a7 deleted nothing */
	assert_true(sci_changes_deleted_within(c, "a.c", 5, 5));
	assert_true(sci_changes_deleted_within(c, "a.c", 3, 7));
	assert_false(sci_changes_deleted_within(c, "a.c", 1, 4));
	assert_false(sci_changes_deleted_within(c, "a.c", 6, 20));
	assert_true(sci_changes_path_changed(c, "a.c"));
	assert_null(sci_changes_old_path(c, "a.c"));
	assert_false(sci_changes_path_changed(c, "keep.c"));
}

static void test_touched__staged_change(void **state)
{
	make_repo();
	sh("cd repo && sed -i 's/^a3$/a3 staged/' a.c && git add a.c");
	changes();
	assert_string_equal(lines_of("a.c"), "3");
	assert_int_equal(sci_changes_count(c), 1);
}

static void test_touched__unstaged_change(void **state)
{
	make_repo();
	sh("cd repo && sed -i 's/^a9$/a9 unstaged/' a.c");
	changes();
	assert_string_equal(lines_of("a.c"), "9");
	assert_true(sci_changes_path_changed(c, "a.c"));
}

/* Committed, staged and unstaged edits of one file all count. */
static void test_touched__committed_staged_and_unstaged(void **state)
{
	make_repo();
	sh("cd repo && sed -i 's/^a1$/a1 committed/' a.c && git commit -qam c");
	sh("cd repo && sed -i 's/^a4$/a4 staged/' a.c && git add a.c");
	sh("cd repo && sed -i 's/^a10$/a10 unstaged/' a.c");
	changes();
	assert_string_equal(lines_of("a.c"), "1,4,10");
}

static void test_touched__untracked_file(void **state)
{
	const sci_change *ch;

	make_repo();
	put("repo/new/sub/n.c", "int a;\nint b;\nint c;\nint d;\n");
	put("repo/top.c", "x\n");
	put("repo/new/sub/n.o", "ignored\n");
	/* A nested repository is not ours to look into. */
	sh("git init -q repo/nested && echo n > repo/nested/x.c");
	changes();
	assert_int_equal(sci_changes_count(c), 2);
	ch = find_ok("new/sub/n.c");
	assert_int_equal(ch->status, SCI_CHANGE_ADDED);
	assert_null(ch->old_path);
	assert_int_equal(ch->touched_lines, 4);
	assert_string_equal(lines_of("new/sub/n.c"), "1-4");
	assert_true(sci_changes_path_changed(c, "new/sub/n.c"));
	assert_null(sci_changes_old_path(c, "new/sub/n.c"));
	assert_string_equal(lines_of("top.c"), "1");
	assert_null(sci_changes_find(c, "new/sub/n.o"));
	/* Sorted by path. */
	assert_string_equal(sci_changes_at(c, 0)->path, "new/sub/n.c");
	assert_string_equal(sci_changes_at(c, 1)->path, "top.c");
	assert_null(sci_changes_at(c, 2));
}

static void test_touched__staged_new_file(void **state)
{
	make_repo();
	put("repo/added.c", "1\n2\n3\n");
	sh("cd repo && git add added.c");
	changes();
	assert_int_equal(find_ok("added.c")->status, SCI_CHANGE_ADDED);
	assert_string_equal(lines_of("added.c"), "1-3");
}

static void test_touched__rename_without_edits(void **state)
{
	const sci_change *ch;

	make_repo();
	sh("cd repo && mkdir lib && git mv big.c lib/moved.c");
	changes();
	assert_int_equal(sci_changes_count(c), 1);
	ch = find_ok("lib/moved.c");
	assert_int_equal(ch->status, SCI_CHANGE_RENAMED);
	assert_string_equal(ch->old_path, "big.c");
	assert_int_equal(ch->touched_lines, 0);
	assert_false(ch->content_changed);
	assert_string_equal(lines_of("lib/moved.c"), "");
	assert_false(sci_changes_path_changed(c, "lib/moved.c"));
	assert_string_equal(sci_changes_old_path(c, "lib/moved.c"), "big.c");
	assert_string_equal(sci_changes_new_path(c, "big.c"), "lib/moved.c");
	assert_null(sci_changes_new_path(c, "lib/moved.c"));
	/* The old path is not an entry of its own. */
	assert_null(sci_changes_find(c, "big.c"));
	assert_null(sci_changes_old_path(c, "big.c"));
}

/* A plain mv (untracked target, unstaged deletion) and two edited lines. */
static void test_touched__rename_with_edits(void **state)
{
	const sci_change *ch;

	make_repo();
	sh("cd repo && mv big.c renamed.c && sed -i -e 's/line 3 of/line 3 OF/' -e 's/line 15 of/line 15 OF/' renamed.c");
	changes();
	assert_int_equal(sci_changes_count(c), 1);
	ch = find_ok("renamed.c");
	assert_int_equal(ch->status, SCI_CHANGE_RENAMED);
	assert_string_equal(ch->old_path, "big.c");
	assert_string_equal(lines_of("renamed.c"), "3,15");
	assert_true(sci_changes_path_changed(c, "renamed.c"));
	assert_string_equal(sci_changes_old_path(c, "renamed.c"), "big.c");
}

static void test_touched__deleted_file(void **state)
{
	const sci_change *ch;

	make_repo();
	sh("cd repo && git rm -q keep.c && rm a.c");
	changes();
	assert_int_equal(sci_changes_count(c), 2);
	ch = find_ok("keep.c");
	assert_int_equal(ch->status, SCI_CHANGE_DELETED);
	assert_string_equal(ch->old_path, "keep.c");
	assert_int_equal(ch->touched_lines, 0);
	assert_true(sci_changes_path_changed(c, "keep.c"));
	assert_null(sci_changes_old_path(c, "keep.c"));
	assert_int_equal(find_ok("a.c")->status, SCI_CHANGE_DELETED);
	assert_true(sci_changes_path_changed(c, "a.c"));
}

/* Deleting lines changes the file but touches no new-side line. */
static void test_touched__deletion_only(void **state)
{
	const sci_change *ch;

	make_repo();
	sh("cd repo && sed -i '/^a6$/d' a.c");
	changes();
	ch = find_ok("a.c");
	assert_int_equal(ch->status, SCI_CHANGE_MODIFIED);
	assert_int_equal(ch->touched_lines, 0);
	assert_true(sci_changes_path_changed(c, "a.c"));
	/* a6 is gone: the deletion sits between new lines 5 and 6 */
	assert_true(sci_changes_deleted_within(c, "a.c", 5, 6));
	assert_true(sci_changes_deleted_within(c, "a.c", 1, 100));
	assert_false(sci_changes_deleted_within(c, "a.c", 1, 5));
	assert_false(sci_changes_deleted_within(c, "a.c", 6, 9));
	assert_false(sci_changes_deleted_within(c, "a.c", 0, 0));
	assert_false(sci_changes_deleted_within(c, "keep.c", 1, 100));
}

static void test_touched__mode_only(void **state)
{
	const sci_change *ch;

	make_repo();
	sh("cd repo && chmod +x keep.c");
	changes();
	ch = find_ok("keep.c");
	assert_int_equal(ch->status, SCI_CHANGE_MODIFIED);
	assert_false(sci_changes_path_changed(c, "keep.c"));
	assert_string_equal(lines_of("keep.c"), "");
}

static void test_touched__binary(void **state)
{
	const sci_change *ch;

	make_repo();
	sh("cd repo && printf 'a\\000b' > blob.bin && git add blob.bin && git commit -qm b && git tag -f base >/dev/null 2>&1");
	sh("cd repo && printf 'a\\000c' > blob.bin");
	changes();
	ch = find_ok("blob.bin");
	assert_true(ch->binary);
	assert_int_equal(ch->touched_lines, 0);
	assert_true(sci_changes_path_changed(c, "blob.bin"));
}

static void test_touched__unknown_base(void **state)
{
	char path[PATH_MAX];
	sci_changes *none = (sci_changes *)1;

	make_repo();
	snprintf(path, sizeof(path), "%s/repo", root);
	assert_int_equal(sci_vcs_open(&v, path), 0);
	assert_int_equal(sci_vcs_changes(&none, v, "0123456789abcdef0123456789abcdef01234567"),
			 SCI_ENOTFOUND);
	assert_null(none);
	assert_contains(sci_error_last(), "unknown ref");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(name) \
	cmocka_unit_test_setup_teardown(test_touched__##name, setup, cleanup)
		T(nothing_changed),
		T(edit_in_the_middle),
		T(staged_change),
		T(unstaged_change),
		T(committed_staged_and_unstaged),
		T(untracked_file),
		T(staged_new_file),
		T(rename_without_edits),
		T(rename_with_edits),
		T(deleted_file),
		T(deletion_only),
		T(mode_only),
		T(binary),
		T(unknown_base),
#undef T
	};

	return cmocka_run_group_tests_name("vcs/touched", tests, NULL, NULL);
}
