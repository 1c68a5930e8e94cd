"""The gate fails for every finding a change causes, not only for findings
whose primary line it edited (issue "The gate cannot be walked around",
sections 1 and 2), in real git repositories with real commits:

- a new finding is caused by the change when the change added or edited a
  line of its evidence (primary location, related locations) or deleted
  lines inside the function that holds it;
- a finding present at the merge base never fails, whatever the change did
  around it;
- exit 1 (gate failed) wins over exit 3 (not everything analyzed), and a
  translation unit with changed lines that cannot be analyzed fails the
  gate unless --allow-unanalyzed is given."""
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gate_repo import RepoTestCase  # noqa: E402

PROCESS = """#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct msg { int len; char *data; };

int process(int fd, int n)
{
	char *buf = malloc(n);

	if (!buf)
		return -1;
	if (read(fd, buf, n) < 0) {
		free(buf);
		return -1;
	}
	free(buf);
	return 0;
}

int msg_len(struct msg *m)
{
	if (!m)
		return 0;
	return m->len;
}

int helper(int x)
{
	/* nothing to free here */
	return x + 1;
}
"""


class CausedTest(RepoTestCase):
    FILES = {"p.c": PROCESS}

    def gate(self, *extra):
        rc, results, err = self.run_gate(*extra)
        self.assert_reports_valid()
        return rc, results, err

    def new_findings(self, results):
        return [r for r in results if r.get("class") == "new"]

    def test_added_malloc_that_leaks_fails(self):
        # the leak is reported at the function's end, a line the change did
        # not touch; the allocation is its evidence
        self.edit("p.c", "\treturn x + 1;\n",
                  "\tchar *tmp = malloc(16);\n\n\tif (!tmp)\n\t\treturn 0;\n"
                  "\ttmp[0] = 1;\n\treturn x + 1;\n")
        self.commit()
        rc, results, err = self.gate()
        new = self.new_findings(results)
        self.assertEqual([(r["rule"], r["function"]) for r in new],
                         [("memory-leak", "helper")], results)
        self.assertTrue(new[0]["touched"])
        self.assertEqual(rc, 1, err)
        with open(self.sarif) as f:
            res = json.load(f)["runs"][0]["results"][0]
        # the evidence the gate used is what SARIF shows
        lines = [loc["physicalLocation"]["region"]["startLine"]
                 for loc in res["relatedLocations"]]
        alloc = self.read("p.c").splitlines().index("\tchar *tmp = malloc(16);") + 1
        self.assertIn(alloc, lines)
        self.assertIn("codeFlows", res)

    def test_deleted_free_fails(self):
        self.edit("p.c", "\tfree(buf);\n\treturn 0;\n", "\treturn 0;\n")
        self.commit()
        rc, results, err = self.gate()
        new = self.new_findings(results)
        self.assertEqual([(r["rule"], r["function"]) for r in new],
                         [("memory-leak", "process")], results)
        self.assertTrue(new[0]["touched"])
        self.assertEqual(rc, 1, err)

    def test_edited_free_fails(self):
        self.edit("p.c", "\tfree(buf);\n\treturn 0;\n",
                  "\t(void)buf;\n\treturn 0;\n")
        self.commit()
        rc, results, err = self.gate()
        new = self.new_findings(results)
        self.assertEqual(len(new), 1, results)
        self.assertTrue(new[0]["touched"])
        self.assertEqual(rc, 1, err)

    def test_dereference_added_above_an_old_check_fails(self):
        # the finding sits on the old `if (!m)` line; the new dereference
        # is its evidence
        self.edit("p.c", "{\n\tif (!m)\n", "{\n\tint len = m->len;\n\n\tif (!m)\n")
        self.edit("p.c", "\treturn m->len;\n}", "\treturn len;\n}")
        self.commit()
        rc, results, err = self.gate()
        new = self.new_findings(results)
        self.assertEqual([(r["rule"], r["function"]) for r in new],
                         [("deref-before-check", "msg_len")], results)
        check_line = self.read("p.c").splitlines().index("\tif (!m)") + 1
        self.assertEqual(new[0]["line"], check_line)
        self.assertTrue(new[0]["touched"])
        self.assertEqual(rc, 1, err)

    def test_null_assignment_added_above_an_old_dereference_fails(self):
        # only lines are added, none on the dereference: the assignment
        # that makes it NULL is the evidence
        self.edit("p.c", "int helper(int x)\n{\n",
                  "int peek(struct msg *m)\n{\n\tint n = 1;\n\n"
                  "\treturn n + m->len;\n}\n\nint helper(int x)\n{\n")
        self.commit("peek")
        from gate_repo import git
        git(self.repo, "branch", "-f", "main")
        self.edit("p.c", "\tint n = 1;\n", "\tint n = 1;\n\n\tm = NULL;\n")
        self.commit()
        rc, results, err = self.gate()
        new = self.new_findings(results)
        self.assertEqual([(r["rule"], r["function"]) for r in new],
                         [("null-deref", "peek")], results)
        deref = self.read("p.c").splitlines().index("\treturn n + m->len;") + 1
        self.assertEqual(new[0]["line"], deref)
        self.assertEqual([r["message"] for r in new[0]["related"]],
                         ["set to NULL here"])
        self.assertTrue(new[0]["touched"])
        self.assertEqual(rc, 1, err)

    def test_base_findings_never_fail_whatever_changed_around_them(self):
        # an old leak; the change deletes and edits lines in its function
        self.write("p.c", PROCESS.replace("\tif (read(fd, buf, n) < 0) {\n"
                                          "\t\tfree(buf);\n\t\treturn -1;\n\t}",
                                          "\tif (read(fd, buf, n) < 0)\n"
                                          "\t\treturn -1;\n\t/* read */"))
        self.commit("an old leak")
        from gate_repo import git
        git(self.repo, "branch", "-f", "main")
        self.edit("p.c", "\t/* read */\n", "")
        self.edit("p.c", "\tif (!buf)\n", "\tif (buf == NULL)\n")
        self.commit()
        rc, results, err = self.gate()
        self.assertEqual(self.classes(results), [("unchanged", "p.c", "process")])
        self.assertEqual(rc, 0, err)

    def test_deletion_in_another_function_does_not_touch(self):
        # a new finding the change did cause elsewhere is no reason to blame
        # an untouched function; here the only change deletes a comment in
        # helper(), and no finding is new
        self.edit("p.c", "\t/* nothing to free here */\n", "")
        self.commit()
        rc, results, err = self.gate()
        self.assertEqual(self.new_findings(results), [])
        self.assertEqual(rc, 0, err)


BROKEN = "int broken(void) { return ; ; }}}\n"


class ExitCodeTest(RepoTestCase):
    FILES = {"p.c": PROCESS, "q.c": "int q(void)\n{\n\treturn 1;\n}\n"}

    def test_new_finding_and_unrelated_parse_failure_is_exit_1(self):
        # a pull request that adds a bug and breaks parsing of another,
        # untouched-by-the-finding file: exit 1 wins over 3
        self.edit("p.c", "\tfree(buf);\n\treturn 0;\n", "\treturn 0;\n")
        self.write("q.c", BROKEN)
        self.commit()
        rc, results, err = self.run_gate("--allow-unanalyzed")
        self.assertEqual(rc, 1, err)
        self.assert_reports_valid()
        with open(self.sarif) as f:
            inv = json.load(f)["runs"][0]["invocations"][0]
        self.assertEqual(inv["exitCode"], 1)
        self.assertFalse(inv["executionSuccessful"])

    def test_changed_tu_that_cannot_be_analyzed_fails_the_gate(self):
        self.write("q.c", BROKEN)
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 1, err)
        self.assertIn("q.c", err)
        with open(self.md) as f:
            md = f.read()
        self.assertIn("q.c", md)
        self.assertIn("could not be analyzed", md)
        # the documented opt-out: not everything could be checked, exit 3
        rc, results, err = self.run_gate("--allow-unanalyzed")
        self.assertEqual(rc, 3, err)

    def test_unchanged_tu_that_cannot_be_analyzed_is_exit_3(self):
        self.write("q.c", BROKEN)
        self.commit("broken on main too")
        from gate_repo import git
        git(self.repo, "branch", "-f", "main")
        self.edit("p.c", "int helper(int x)", "int helper(int y)")
        self.edit("p.c", "\treturn x + 1;", "\treturn y + 1;")
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 3, err)
        failed = [r["path"] for r in results if r["rule"] == "analysis-failure"]
        self.assertEqual(failed, ["q.c"])

    def test_changed_header_of_a_failing_tu_fails_the_gate(self):
        self.write("q.h", "#define Q 1\n")
        self.write("q.c", "#include \"q.h\"\nint q(void)\n{\n\treturn Q;\n}\n")
        self.commit("q.h")
        from gate_repo import git
        git(self.repo, "branch", "-f", "main")
        self.write("q.h", "#define Q 1 +\n")     # q.c no longer parses
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 1, err)


HELPERS_H = """#ifndef HELPERS_H
#define HELPERS_H
#include <stdlib.h>
#include <string.h>

static inline int count_nonzero(const char *s, int n)
{
	char *copy = malloc(n + 1);
	int i, k = 0;

	if (!copy)
		return -1;
	memcpy(copy, s, n);
	for (i = 0; i < n; i++)
		k += copy[i] != 0;
	free(copy);
	return k;
}

#endif
"""

USER_C = """#include "helpers.h"

int {name}(const char *s)
{{
	return count_nonzero(s, 4);
}}
"""


class HeaderTest(RepoTestCase):
    """static inline functions of the project's own headers are analyzed,
    reported once, and gated on the header's changed lines."""
    FILES = {"include/helpers.h": HELPERS_H,
             "one.c": USER_C.format(name="one"),
             "two.c": USER_C.format(name="two")}

    def compdb(self):
        entries = [{"directory": self.repo, "file": name,
                    "arguments": ["cc", "-Iinclude", "-c", name]}
                   for name in ("one.c", "two.c")]
        with open(os.path.join(self.repo, "compile_commands.json"), "w") as f:
            json.dump(entries, f)

    def test_bug_in_a_header_helper_is_reported_once_and_gated(self):
        self.compdb()
        self.edit("include/helpers.h", "\tfree(copy);\n", "")
        rc, results, err = self.run_gate()
        self.assert_reports_valid()
        leaks = [r for r in results if r["rule"] == "memory-leak"]
        self.assertEqual([(r["class"], r["path"], r["function"], r["touched"])
                          for r in leaks],
                         [("new", "include/helpers.h", "count_nonzero", True)],
                         results)
        self.assertEqual(rc, 1, err)

    def test_old_bug_in_a_header_is_unchanged(self):
        self.edit("include/helpers.h", "\tfree(copy);\n", "")
        self.commit("leak in the header")
        from gate_repo import git
        git(self.repo, "branch", "-f", "main")
        self.compdb()
        self.write("one.c", USER_C.format(name="one") + "int more(void) { return 2; }\n")
        rc, results, err = self.run_gate()
        leaks = [r for r in results if r["rule"] == "memory-leak"]
        self.assertEqual([(r["class"], r["path"]) for r in leaks],
                         [("unchanged", "include/helpers.h")], results)
        self.assertEqual(rc, 0, err)

    def test_plain_run_reports_a_header_bug_once(self):
        self.compdb()
        self.edit("include/helpers.h", "\tfree(copy);\n", "")
        import subprocess
        from gate_repo import SMATCH_CI
        p = subprocess.run([SMATCH_CI, "-p", "compile_commands.json", "--json", "-"],
                           cwd=self.repo, capture_output=True, text=True)
        found = [json.loads(line) for line in p.stdout.splitlines()]
        self.assertEqual([(d["rule"], d["path"]) for d in found],
                         [("memory-leak", "include/helpers.h")], p.stdout + p.stderr)
        self.assertEqual(p.returncode, 1)

    def test_only_header_helpers_a_tu_reaches_are_analyzed(self):
        # leaky() is reached only through another helper; unused() from
        # nowhere: dead code in this run, walked by no TU (as clang's
        # analyzer does), and its calls are no dependency of the TUs
        import subprocess
        from gate_repo import SMATCH_CI
        leak = "\tchar *p = malloc(n);\n\tif (p)\n\t\tp[0] = 0;\n\treturn n;\n"
        extra = ("static inline int leaky(int n)\n{\n" + leak + "}\n\n"
                 "static inline int via(int n)\n{\n\treturn leaky(n);\n}\n\n"
                 "static inline int unused(int n)\n{\n" + leak + "}\n\n")
        self.write("include/helpers.h",
                   HELPERS_H.replace("#endif\n", extra + "#endif\n"))
        self.write("two.c", USER_C.format(name="two") +
                   "int three(void) { return via(3); }\n")
        p = subprocess.run([SMATCH_CI, "--json", "-", "--no-cache", "-Iinclude",
                            "one.c", "two.c"],
                           cwd=self.repo, capture_output=True, text=True)
        found = [json.loads(line) for line in p.stdout.splitlines()]
        self.assertEqual([(d["rule"], d["path"], d["function"]) for d in found],
                         [("memory-leak", "include/helpers.h", "leaky")],
                         p.stdout + p.stderr)
        p = subprocess.run([SMATCH_CI, "db", "build", "--no-cache", "-Iinclude",
                            "one.c"],
                           cwd=self.repo, capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)

    def test_headers_outside_the_project_are_not_analyzed(self):
        # a third-party header (here: outside the repository) is not the
        # project's code, whatever its inline functions do
        import subprocess
        from gate_repo import SMATCH_CI
        outside = os.path.join(self.dir, "vendor")
        os.makedirs(outside)
        with open(os.path.join(outside, "helpers.h"), "w") as f:
            f.write(HELPERS_H.replace("\tfree(copy);\n", ""))
        p = subprocess.run([SMATCH_CI, "--json", "-", "-I", outside, "one.c"],
                           cwd=self.repo, capture_output=True, text=True)
        self.assertEqual(p.stdout, "")
        self.assertEqual(p.returncode, 0, p.stderr)


LIB_C = """#include <stdlib.h>
#include <unistd.h>

int lib_old(int fd, int n)
{
	char *p = malloc(n);

	if (!p)
		return -1;
	if (read(fd, p, n) < 0)
		return -1;
	free(p);
	return 0;
}
"""

LIB_NEW_BUG = """
int lib_new(int fd, int n)
{
	char *q = malloc(n);

	if (!q)
		return -1;
	return read(fd, q, n) < 0 ? -1 : 0;
}
"""


class SubmoduleTest(RepoTestCase):
    """A submodule bump is part of the change: what the new commit adds is
    new when the submodule's clone has the base commit, and cannot be
    compared (every finding in it counts, with a warning) otherwise."""
    FILES = {"p.c": PROCESS}

    def setUp(self):
        super().setUp()
        from gate_repo import git
        self.git = git
        self.libsrc = os.path.join(self.dir, "libsrc")
        os.makedirs(self.libsrc)
        git(self.libsrc, "init", "-q")
        self.write("lib.c", LIB_C, repo=self.libsrc)
        self.commit("lib", repo=self.libsrc)
        git(self.repo, "checkout", "-q", "main")
        git(self.repo, "submodule", "add", "-q", self.libsrc, "lib")
        self.commit("add lib")
        git(self.repo, "checkout", "-q", "-B", "feature")
        self.sub = os.path.join(self.repo, "lib")
        build = os.path.join(self.dir, "build")
        os.makedirs(build)
        with open(os.path.join(build, "compile_commands.json"), "w") as f:
            json.dump([{"directory": self.repo, "file": name,
                        "arguments": ["cc", "-c", name]}
                       for name in ("p.c", "lib/lib.c")], f)
        self.build = build

    def bump_with_new_bug(self):
        self.write("lib.c", LIB_C + LIB_NEW_BUG, repo=self.sub)
        self.commit("new bug", repo=self.sub)
        self.commit("bump lib")

    def leaks(self, results):
        return sorted((r["class"], r["path"], r["function"], r["touched"])
                      for r in results if r["rule"] == "memory-leak")

    def test_bump_that_adds_a_bug_fails(self):
        self.bump_with_new_bug()
        rc, results, err = self.run_gate("-p", self.build)
        self.assert_reports_valid()
        self.assertEqual(self.leaks(results), [
            ("new", "lib/lib.c", "lib_new", True),
            ("unchanged", "lib/lib.c", "lib_old", False)], err)
        self.assertEqual(rc, 1, err)

    def test_bump_without_a_new_bug_passes(self):
        self.write("lib.c", LIB_C + "int lib_ok(void) { return 0; }\n",
                   repo=self.sub)
        self.commit("harmless", repo=self.sub)
        self.commit("bump lib")
        rc, results, err = self.run_gate("-p", self.build)
        self.assertEqual(self.leaks(results), [
            ("unchanged", "lib/lib.c", "lib_old", False)], err)
        self.assertEqual(rc, 0, err)

    def test_bump_from_a_commit_the_clone_lacks_is_analyzed_in_full(self):
        # main's gitlink names a commit that only the submodule's origin
        # has: the gate cannot compare, so every finding in lib/ counts
        self.write("other.c", "int other(void) { return 0; }\n", repo=self.libsrc)
        self.commit("not fetched", repo=self.libsrc)
        p = __import__("subprocess").run(["git", "rev-parse", "HEAD"], cwd=self.libsrc,
                                         capture_output=True, text=True, check=True)
        unfetched = p.stdout.strip()
        self.git(self.repo, "checkout", "-q", "main")
        self.git(self.repo, "update-index", "--cacheinfo",
                 "160000,%s,lib" % unfetched)
        self.git(self.repo, "commit", "-q", "-m", "lib at an unfetched commit")
        self.git(self.repo, "checkout", "-q", "-B", "feature")
        self.bump_with_new_bug()
        rc, results, err = self.run_gate("-p", self.build)
        self.assertIn("submodule 'lib'", err)
        self.assertIn("fetch", err)
        self.assertEqual(self.leaks(results), [
            ("new", "lib/lib.c", "lib_new", True),
            ("new", "lib/lib.c", "lib_old", True)], err)
        self.assertEqual(rc, 1, err)
        rc, results, err = self.run_gate("-p", self.build, "--allow-unanalyzed")
        self.assertEqual([t for *_, t in self.leaks(results)], [False, False])
        self.assertEqual(rc, 0, err)


SCALE = """static int per_item(int total, int items)
{
	return total / items;
}

int report(int total)
{
	return per_item(total, 4);
}
"""


class CallerValuesTest(RepoTestCase):
    """A change to what a caller passes causes the finding it leads to
    inside the static callee (engine.md, "Callers' values"): the call is
    a related location of the finding."""
    FILES = {"s.c": SCALE}

    def test_caller_passing_zero_fails(self):
        self.edit("s.c", "per_item(total, 4)", "per_item(total, 0)")
        self.commit()
        rc, results, err = self.run_gate()
        self.assert_reports_valid()
        new = [r for r in results if r.get("class") == "new"]
        self.assertEqual([(r["rule"], r["function"], r["line"]) for r in new],
                         [("divide-by-zero", "per_item", 3)], results)
        self.assertTrue(new[0]["touched"])
        self.assertEqual(rc, 1, err)
        with open(self.sarif) as f:
            res = json.load(f)["runs"][0]["results"]
        related = [(loc["physicalLocation"]["region"]["startLine"],
                    loc["message"]["text"])
                   for r in res for loc in r.get("relatedLocations", [])]
        self.assertIn((8, "called from report() with items = 0"), related)

    def test_caller_passing_another_safe_value_passes(self):
        self.edit("s.c", "per_item(total, 4)", "per_item(total, 2)")
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual([r for r in results if r.get("class") == "new"], [])
        self.assertEqual(rc, 0, err)


LIB = """int per_item(int total, int items)
{
	return total / items;
}
"""

MAIN = """int per_item(int total, int items);

int report(int total)
{
	return per_item(total, 4);
}
"""


class CallerValuesAcrossFilesTest(RepoTestCase):
    """The same when the callee has external linkage and lives in another
    file that the change does not touch: its TU is walked again with what
    the changed caller now passes."""
    FILES = {"lib.c": LIB, "main.c": MAIN}

    def test_caller_in_another_file_passing_zero_fails(self):
        self.edit("main.c", "per_item(total, 4)", "per_item(total, 0)")
        self.commit()
        rc, results, err = self.run_gate()
        self.assert_reports_valid()
        new = [r for r in results if r.get("class") == "new"]
        self.assertEqual([(r["rule"], r["path"], r["line"]) for r in new],
                         [("divide-by-zero", "lib.c", 3)], results)
        self.assertTrue(new[0]["touched"])
        self.assertEqual(rc, 1, err)

    def test_caller_in_another_file_passing_a_safe_value_passes(self):
        self.edit("main.c", "per_item(total, 4)", "per_item(total, 2)")
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual([r for r in results if r.get("class") == "new"], [])
        self.assertEqual(rc, 0, err)


if __name__ == "__main__":
    unittest.main(verbosity=2)
