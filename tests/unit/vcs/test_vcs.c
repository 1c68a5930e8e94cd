/*
 * Unit tests: repository discovery, revisions, merge base (shallow clones
 * included), checkout of a base commit, tracked files (git/vcs.c).
 *
 * Each test builds real repositories with the git command in a fresh
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
#include <sys/stat.h>
#include <unistd.h>

#include "git/vcs.h"
#include "util/alloc.h"
#include "util/error.h"

/* root/repo: main m1 m2 m3 m4, feature branched at m2 with f1 f2. */
static void make_feature_repo(void)
{
	sh("git init -q -b main repo");
	sh("cd repo && for i in 1 2; do echo m$i > m$i.c && git add . && git commit -qm m$i; done");
	sh("cd repo && git tag base && git tag -a -m annotated atag && git checkout -qb feature");
	sh("cd repo && for i in 1 2; do echo f$i > f$i.c && git add . && git commit -qm f$i; done");
	sh("cd repo && git checkout -q main && for i in 3 4; do echo m$i > m$i.c && git add . && git commit -qm m$i; done");
	sh("cd repo && git checkout -q feature");
}

static sci_vcs *open_ok(const char *rel)
{
	char path[PATH_MAX];
	sci_vcs *v = NULL;

	snprintf(path, sizeof(path), "%s/%s", root, rel);
	assert_int_equal(sci_vcs_open(&v, path), 0);
	assert_non_null(v);
	return v;
}

static void test_vcs__open_not_a_repo(void **state)
{
	sci_vcs *v = (sci_vcs *)1;

	assert_int_equal(sci_vcs_open(&v, root), SCI_ENOTFOUND);
	assert_null(v);
	assert_contains(sci_error_last(), root);
	assert_contains(sci_error_last(), "' is not in a git repository");
}

static void test_vcs__open_missing_path(void **state)
{
	char path[PATH_MAX];
	sci_vcs *v = NULL;

	snprintf(path, sizeof(path), "%s/nowhere", root);
	assert_int_equal(sci_vcs_open(&v, path), SCI_ENOTFOUND);
	assert_null(v);
	assert_contains(sci_error_last(), "nowhere");
}

static void test_vcs__open_discovers_root(void **state)
{
	char expect[PATH_MAX];
	sci_vcs *v;

	make_feature_repo();
	sh("mkdir -p repo/sub/dir && echo x > repo/sub/dir/a.c");
	snprintf(expect, sizeof(expect), "%s/repo", root);

	v = open_ok("repo/sub/dir");
	assert_string_equal(sci_vcs_workdir(v), expect);
	sci_vcs_free(v);
	v = open_ok("repo/sub/dir/a.c");
	assert_string_equal(sci_vcs_workdir(v), expect);
	sci_vcs_free(v);
	v = open_ok("repo/");
	assert_string_equal(sci_vcs_workdir(v), expect);
	sci_vcs_free(v);
	sci_vcs_free(NULL);
}

static void test_vcs__open_bare_refused(void **state)
{
	char path[PATH_MAX];
	sci_vcs *v = NULL;

	sh("git init -q --bare bare.git");
	snprintf(path, sizeof(path), "%s/bare.git", root);
	assert_int_equal(sci_vcs_open(&v, path), SCI_EINVALID);
	assert_null(v);
	assert_contains(sci_error_last(), "bare");
}

static void test_vcs__head(void **state)
{
	char sha[SCI_VCS_SHA_SIZE], expect[64];
	sci_vcs *v;

	sh("git init -q -b main empty");
	v = open_ok("empty");
	assert_int_equal(sci_vcs_head(v, sha), SCI_ENOTFOUND);
	assert_contains(sci_error_last(), "no commits");
	sci_vcs_free(v);

	make_feature_repo();
	v = open_ok("repo");
	assert_int_equal(sci_vcs_head(v, sha), 0);
	capture(expect, sizeof(expect), "git -C repo rev-parse HEAD");
	assert_string_equal(sha, expect);
	sci_vcs_free(v);
}

static void test_vcs__resolve(void **state)
{
	char sha[SCI_VCS_SHA_SIZE], expect[64], abbrev[16];
	sci_vcs *v;

	make_feature_repo();
	v = open_ok("repo");

	capture(expect, sizeof(expect), "git -C repo rev-parse main");
	assert_int_equal(sci_vcs_resolve(v, sha, "main"), 0);
	assert_string_equal(sha, expect);
	memcpy(abbrev, expect, 10);
	abbrev[10] = '\0';
	assert_int_equal(sci_vcs_resolve(v, sha, abbrev), 0);
	assert_string_equal(sha, expect);
	assert_int_equal(sci_vcs_resolve(v, sha, expect), 0);
	assert_string_equal(sha, expect);

	/* Annotated tags are peeled to their commit. */
	capture(expect, sizeof(expect), "git -C repo rev-parse 'atag^{commit}'");
	assert_int_equal(sci_vcs_resolve(v, sha, "atag"), 0);
	assert_string_equal(sha, expect);

	assert_int_equal(sci_vcs_resolve(v, sha, "HEAD^{tree}"), SCI_EINVALID);
	assert_contains(sci_error_last(), "does not name a commit");
	sci_vcs_free(v);
}

static void test_vcs__resolve_unknown_ref(void **state)
{
	char sha[SCI_VCS_SHA_SIZE];
	sci_vcs *v;

	make_feature_repo();
	v = open_ok("repo");
	assert_int_equal(sci_vcs_resolve(v, sha, "nope"), SCI_ENOTFOUND);
	assert_contains(sci_error_last(), "unknown ref 'nope': ");
	assert_contains(sci_error_last(),
			"(did you fetch it? e.g. git fetch origin nope)");
	assert_int_equal(sci_vcs_merge_base(v, sha, "nope"), SCI_ENOTFOUND);
	assert_contains(sci_error_last(), "unknown ref 'nope'");
	sci_vcs_free(v);

	/* A remote-tracking name gets a fetch of that remote's branch. */
	sh("git clone -q file://'%s'/repo clone", root);
	v = open_ok("clone");
	assert_int_equal(sci_vcs_resolve(v, sha, "origin/nope"), SCI_ENOTFOUND);
	assert_contains(sci_error_last(), "unknown ref 'origin/nope'");
	assert_contains(sci_error_last(), "e.g. git fetch origin nope)");
	sci_vcs_free(v);
}

static void test_vcs__merge_base_feature_branch(void **state)
{
	char sha[SCI_VCS_SHA_SIZE], expect[64];
	sci_vcs *v;

	make_feature_repo();
	capture(expect, sizeof(expect), "git -C repo rev-parse base");
	v = open_ok("repo");
	assert_int_equal(sci_vcs_merge_base(v, sha, "main"), 0);
	assert_string_equal(sha, expect);
	/* By tag, by SHA, and an ancestor of HEAD is its own merge base. */
	assert_int_equal(sci_vcs_merge_base(v, sha, "atag"), 0);
	assert_string_equal(sha, expect);
	capture(sha, sizeof(sha), "git -C repo rev-parse main");
	assert_int_equal(sci_vcs_merge_base(v, sha, sha), 0);
	assert_string_equal(sha, expect);
	sci_vcs_free(v);

	/* A remote branch in a clone. */
	sh("git clone -q file://'%s'/repo clone && cd clone && git checkout -q feature",
	   root);
	v = open_ok("clone");
	assert_int_equal(sci_vcs_merge_base(v, sha, "origin/main"), 0);
	assert_string_equal(sha, expect);
	sci_vcs_free(v);
}

static void test_vcs__merge_base_unrelated(void **state)
{
	char sha[SCI_VCS_SHA_SIZE];
	sci_vcs *v;

	make_feature_repo();
	sh("cd repo && git checkout -q --orphan other && git rm -rqf . && echo o > o.c && git add o.c && git commit -qm o");
	v = open_ok("repo");
	assert_int_equal(sci_vcs_merge_base(v, sha, "main"), SCI_ENOTFOUND);
	assert_string_equal(sci_error_last(),
			    "HEAD and main have no common ancestor");
	sci_vcs_free(v);
}

/* A shallow clone of root/repo with both branches, on feature. */
static sci_vcs *shallow_clone(int depth)
{
	sh("rm -rf shallow && git clone -q --depth %d --no-single-branch --no-tags file://'%s'/repo shallow",
	   depth, root);
	sh("cd shallow && git checkout -q feature && test -s .git/shallow");
	return open_ok("shallow");
}

static void test_vcs__merge_base_shallow_missing(void **state)
{
	char sha[SCI_VCS_SHA_SIZE];
	sci_vcs *v;

	make_feature_repo();
	v = shallow_clone(1);
	assert_int_equal(sci_vcs_merge_base(v, sha, "origin/main"), SCI_EVCS);
	assert_contains(sci_error_last(), "this is a shallow clone and the merge base of HEAD and origin/main is missing: fetch the full history");
	assert_contains(sci_error_last(), "fetch-depth: 0");
	assert_contains(sci_error_last(), "git fetch --unshallow");
	sci_vcs_free(v);
}

/*
 * With depth 3 the merge base is the boundary commit on feature's side:
 * libgit2 1.5 alone fails there ("object not found"), git finds it.
 * Depth 4 fetches one commit past it.  Both must agree with git.
 */
static void test_vcs__merge_base_shallow_present(void **state)
{
	char sha[SCI_VCS_SHA_SIZE], expect[64], got[64];
	sci_vcs *v;
	int depth;

	make_feature_repo();
	capture(expect, sizeof(expect), "git -C repo rev-parse base");
	for (depth = 2; depth <= 4; depth++) {
		v = shallow_clone(depth);
		if (depth == 2) {
			/* Both sides stop short of the base. */
			assert_int_equal(sci_vcs_merge_base(v, sha, "origin/main"),
					 SCI_EVCS);
		} else {
			capture(got, sizeof(got),
				"git -C shallow merge-base HEAD origin/main");
			assert_string_equal(got, expect);
			assert_int_equal(sci_vcs_merge_base(v, sha, "origin/main"), 0);
			assert_string_equal(sha, expect);
		}
		sci_vcs_free(v);
	}
}

/* Criss-cross merges have two best bases; the walk must pick one of them. */
static void test_vcs__merge_base_shallow_criss_cross(void **state)
{
	char sha[SCI_VCS_SHA_SIZE], a[64], b[64];
	sci_vcs *v;

	make_feature_repo();
	sh("cd repo && git checkout -q main && git merge -q --no-edit feature~1 && git tag a");
	sh("cd repo && git checkout -q feature && git merge -q --no-edit main~1 && git tag b");
	sh("cd repo && echo x > x.c && git add x.c && git commit -qm x && git checkout -q main && echo y > y.c && git add y.c && git commit -qm y && git checkout -q feature");
	/* Depth 4 keeps both bases but cuts off their parents. */
	v = shallow_clone(4);
	capture(a, sizeof(a),
		"git -C shallow merge-base --all HEAD origin/main | sed -n 1p");
	capture(b, sizeof(b),
		"git -C shallow merge-base --all HEAD origin/main | sed -n 2p");
	assert_int_equal(strlen(b), 40);
	assert_int_equal(sci_vcs_merge_base(v, sha, "origin/main"), 0);
	if (strcmp(sha, a) && strcmp(sha, b))
		fail_msg("%s is neither merge base %s nor %s", sha, a, b);
	sci_vcs_free(v);
}

static void assert_file(const char *rel, const char *data, size_t len)
{
	size_t got_len;
	char *got = slurp(rel, &got_len);

	assert_int_equal(got_len, len);
	assert_memory_equal(got, data, len);
	free(got);
}

static void test_vcs__checkout_writes_base_tree(void **state)
{
	static const char bin[] = "\x00\x01\xff\r\n\x7f binary\r\n";
	char base[SCI_VCS_SHA_SIZE], link[64], out[PATH_MAX], path[PATH_MAX];
	char *index_before, *index_after;
	size_t n_before, n_after;
	struct stat st;
	ssize_t n;
	sci_vcs *v;

	sh("git init -q -b main repo");
	put("repo/a.c", "int a;\r\nint b;\n");
	put_bytes("repo/bin.dat", bin, sizeof(bin) - 1);
	put("repo/sub/deep/x.h", "#define X 1\n");
	put("repo/run.sh", "#!/bin/sh\necho hi\n");
	sh("cd repo && chmod 755 run.sh && ln -s sub/deep/x.h link.h && git add . && git commit -qm base && git tag base");
	/* Move HEAD on, and leave staged, unstaged and untracked changes. */
	put("repo/a.c", "int changed;\n");
	sh("cd repo && git rm -q bin.dat && git commit -qam next");
	put("repo/sub/deep/x.h", "#define X 2\n");
	sh("cd repo && git add sub/deep/x.h");
	put("repo/run.sh", "edited\n");
	put("repo/untracked.c", "u\n");
	index_before = slurp("repo/.git/index", &n_before);

	v = open_ok("repo");
	assert_int_equal(sci_vcs_resolve(v, base, "base"), 0);
	sh("mkdir out");
	snprintf(out, sizeof(out), "%s/out", root);
	assert_int_equal(sci_vcs_checkout(v, base, out), 0);

	assert_file("out/a.c", "int a;\r\nint b;\n", 15);
	assert_file("out/bin.dat", bin, sizeof(bin) - 1);
	assert_file("out/sub/deep/x.h", "#define X 1\n", 12);
	assert_file("out/run.sh", "#!/bin/sh\necho hi\n", 18);
	snprintf(path, sizeof(path), "%s/out/run.sh", root);
	assert_int_equal(stat(path, &st), 0);
	assert_true(st.st_mode & S_IXUSR);
	snprintf(path, sizeof(path), "%s/out/a.c", root);
	assert_int_equal(stat(path, &st), 0);
	assert_false(st.st_mode & S_IXUSR);
	snprintf(path, sizeof(path), "%s/out/link.h", root);
	n = readlink(path, link, sizeof(link) - 1);
	assert_true(n > 0);
	link[n] = '\0';
	assert_string_equal(link, "sub/deep/x.h");
	sh("test ! -e out/.git && test ! -e out/untracked.c");

	/* The repository itself is as it was. */
	index_after = slurp("repo/.git/index", &n_after);
	assert_int_equal(n_after, n_before);
	assert_memory_equal(index_after, index_before, n_before);
	assert_file("repo/run.sh", "edited\n", 7);
	assert_file("repo/a.c", "int changed;\n", 13);
	free(index_before);
	free(index_after);

	/* Only into an existing, empty directory. */
	snprintf(out, sizeof(out), "%s/out", root);
	assert_int_equal(sci_vcs_checkout(v, base, out), SCI_EINVALID);
	assert_contains(sci_error_last(), "not empty");
	snprintf(out, sizeof(out), "%s/missing", root);
	assert_int_equal(sci_vcs_checkout(v, base, out), SCI_ENOTFOUND);
	sh("mkdir out2");
	snprintf(out, sizeof(out), "%s/out2", root);
	assert_int_equal(sci_vcs_checkout(v, "nope", out), SCI_ENOTFOUND);
	sci_vcs_free(v);
}

static void test_vcs__file_at(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	sci_vcs *v;

	make_feature_repo();
	sh("cd repo && mkdir d && echo changed > m1.c && echo n > d/n.c && git add . && git commit -qm c");
	v = open_ok("repo");
	assert_int_equal(sci_vcs_file_at(v, &buf, &len, "base", "m1.c"), 0);
	assert_int_equal(len, 3);
	assert_string_equal(buf, "m1\n");
	free(buf);
	assert_int_equal(sci_vcs_file_at(v, &buf, &len, "HEAD", "d/n.c"), 0);
	assert_string_equal(buf, "n\n");
	free(buf);
	assert_int_equal(sci_vcs_file_at(v, &buf, &len, "base", "d/n.c"),
			 SCI_ENOTFOUND);
	assert_null(buf);
	assert_int_equal(sci_vcs_file_at(v, &buf, &len, "HEAD", "d"),
			 SCI_EINVALID);
	sci_vcs_free(v);
}

typedef struct {
	char seen[16][64];
	int n, stop_after;
} paths;

static int collect(const char *path, void *payload)
{
	paths *p = payload;

	assert_true(p->n < 16);
	snprintf(p->seen[p->n++], sizeof(p->seen[0]), "%s", path);
	return p->n == p->stop_after ? 42 : 0;
}

static void test_vcs__tracked_files(void **state)
{
	paths p = { .n = 0 };
	sci_vcs *v;

	sh("git init -q -b main repo && cd repo && mkdir -p src/x && echo a > src/x/a.c && echo b > b.c && echo '*.o' > .gitignore && git add . && git commit -qm c");
	sh("cd repo && echo s > staged.c && git add staged.c && echo u > untracked.c && echo o > ign.o && rm b.c");
	v = open_ok("repo");
	assert_int_equal(sci_vcs_tracked_files(v, collect, &p), 0);
	assert_int_equal(p.n, 4);
	assert_string_equal(p.seen[0], ".gitignore");
	assert_string_equal(p.seen[1], "b.c");
	assert_string_equal(p.seen[2], "src/x/a.c");
	assert_string_equal(p.seen[3], "staged.c");

	memset(&p, 0, sizeof(p));
	p.stop_after = 2;
	assert_int_equal(sci_vcs_tracked_files(v, collect, &p), 42);
	assert_int_equal(p.n, 2);
	sci_vcs_free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
#define T(name) \
	cmocka_unit_test_setup_teardown(test_vcs__##name, setup, teardown)
		T(open_not_a_repo),
		T(open_missing_path),
		T(open_discovers_root),
		T(open_bare_refused),
		T(head),
		T(resolve),
		T(resolve_unknown_ref),
		T(merge_base_feature_branch),
		T(merge_base_unrelated),
		T(merge_base_shallow_missing),
		T(merge_base_shallow_present),
		T(merge_base_shallow_criss_cross),
		T(checkout_writes_base_tree),
		T(file_at),
		T(tracked_files),
#undef T
	};

	return cmocka_run_group_tests_name("vcs/vcs", tests, NULL, NULL);
}
