"""End-to-end scenarios of the gate, in real git repositories built in
temporary directories: what a pull request's change makes fail or pass,
and the reviewed baseline file.  Every SARIF and GitLab report written is
validated against the official schemas (tests/tools/validate_reports.py)."""
import json
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gate_repo import SMATCH_CI, RepoTestCase, git  # noqa: E402

OLD_BUG = """#include <stdlib.h>
#include <unistd.h>

int old_leak(int fd, int n)
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

CLEAN = """int add(int a, int b)
{
	return a + b;
}
"""

NEW_BUG = """
int new_leak(int fd, int n)
{
	char *q = malloc(n);

	if (!q)
		return -1;
	if (read(fd, q, n) < 0)
		return -1;
	free(q);
	return 0;
}
"""


class GateTest(RepoTestCase):
    FILES = {"a.c": OLD_BUG, "b.c": CLEAN}

    def test_new_bug_on_changed_line_fails(self):
        self.write("b.c", CLEAN + "#include <stdlib.h>\n#include <unistd.h>\n"
                   + NEW_BUG)
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 1, err)
        self.assertEqual(self.classes(results), [
            ("new", "b.c", "new_leak"), ("unchanged", "a.c", "old_leak")])
        new = [r for r in results if r["class"] == "new"][0]
        self.assertTrue(new["touched"])
        self.assert_reports_valid()
        with open(self.sarif) as f:
            sarif = json.load(f)
        states = sorted(r["baselineState"] for r in sarif["runs"][0]["results"])
        self.assertEqual(states, ["new", "unchanged"])
        with open(self.md) as f:
            self.assertIn("memory leak of 'q'", f.read())

    def test_new_bug_the_change_did_not_cause_and_fail_on(self):
        # a header macro that stops freeing: the leak's evidence (the
        # allocation, the return) is in b.c, which the change did not touch
        self.write("rel.h", "#include <stdlib.h>\n#define RELEASE(p) free(p)\n")
        self.write("b.c", CLEAN + "#include <unistd.h>\n#include \"rel.h\"\n"
                   + NEW_BUG.replace("free(q);", "RELEASE(q);"))
        self.commit("add new_leak")
        git(self.repo, "branch", "-f", "main")
        self.write("rel.h", "#include <stdlib.h>\n#define RELEASE(p) ((void)(p))\n")
        self.commit("RELEASE no longer frees")
        rc, results, err = self.run_gate()
        new = [r for r in results if r["class"] == "new"]
        self.assertEqual(len(new), 1, results)
        self.assertEqual(new[0]["path"], "b.c")
        self.assertFalse(new[0]["touched"])
        self.assertEqual(rc, 0, err)        # default: what the change caused
        rc, _, _ = self.run_gate("--fail-on", "new")
        self.assertEqual(rc, 1)
        rc, _, _ = self.run_gate("--fail-on", "new:error")
        self.assertEqual(rc, 0)             # a warning is below error
        rc, _, _ = self.run_gate("--fail-on", "none")
        self.assertEqual(rc, 0)
        rc, _, err = self.run_gate("--fail-on", "sometimes")
        self.assertEqual(rc, 2)
        self.assertIn("sometimes", err)

    def test_failed_tu_is_a_notification_and_a_failed_gate_wins(self):
        self.write("broken.c", "int f(void) { return ; ; }}}\n")
        self.write("b.c", CLEAN + "#include <stdlib.h>\n#include <unistd.h>\n"
                   + NEW_BUG)
        self.commit()   # only tracked files are analyzed without a database
        rc, results, err = self.run_gate()
        # a new finding on changed code, and broken.c is changed code that
        # could not be analyzed: the gate failed, and that is what exit 1
        # says even though a TU failed (exit 3 never hides a failed gate)
        self.assertEqual(rc, 1, err)
        self.assertIn(("new", "b.c", "new_leak"), self.classes(results))
        self.assert_reports_valid()
        with open(self.sarif) as f:
            inv = json.load(f)["runs"][0]["invocations"][0]
        self.assertFalse(inv["executionSuccessful"])
        self.assertEqual(inv["exitCode"], 1)
        notes = inv["toolExecutionNotifications"]
        self.assertEqual(len(notes), 1)
        self.assertIn("broken.c", json.dumps(notes[0]))

    def test_fail_level_is_a_floor_in_gate_mode_too(self):
        self.write("b.c", CLEAN + "#include <stdlib.h>\n#include <unistd.h>\n"
                   + NEW_BUG)
        rc, _, _ = self.run_gate("--fail-level", "error")
        self.assertEqual(rc, 0)     # the new leak is a warning
        rc, _, _ = self.run_gate()
        self.assertEqual(rc, 1)

    def test_quiet_prints_only_the_verdict(self):
        self.write("b.c", CLEAN + "#include <stdlib.h>\n#include <unistd.h>\n"
                   + NEW_BUG)
        p = subprocess.run([SMATCH_CI, "--baseline", "main", "--quiet"],
                           cwd=self.repo, capture_output=True, text=True)
        self.assertEqual(p.returncode, 1)
        lines = p.stdout.splitlines()
        self.assertEqual(len(lines), 1, p.stdout)
        self.assertIn("1 new (1 on changed lines), 1 unchanged", lines[0])
        self.assertIn("FAILED", lines[0])
        p = subprocess.run([SMATCH_CI, "--baseline", "main"],
                           cwd=self.repo, capture_output=True, text=True)
        self.assertIn("(new, on a changed line)", p.stdout)

    def test_old_bug_in_changed_file_passes(self):
        self.write("a.c", OLD_BUG + "\n" + CLEAN)
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 0, err)
        self.assertEqual(self.classes(results), [("unchanged", "a.c", "old_leak")])
        self.assert_reports_valid()

    def test_moved_and_reindented_function_passes(self):
        moved = CLEAN + "\n\n/* moved down */\n" + OLD_BUG.replace(
            "\treturn -1;", "\t\treturn   -1;").replace(
            "int old_leak", "\nint old_leak")
        self.write("a.c", moved)
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 0, err)
        self.assertEqual(self.classes(results), [("unchanged", "a.c", "old_leak")])
        self.assert_reports_valid()

    def test_renamed_file_passes(self):
        git(self.repo, "mv", "a.c", "renamed.c")
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 0, err)
        self.assertEqual(self.classes(results),
                         [("unchanged", "renamed.c", "old_leak")])
        self.assert_reports_valid()

    def test_fixed_bug_is_reported_as_fixed(self):
        self.write("a.c", OLD_BUG.replace("\t\treturn -1;\n\tfree(p);",
                                          "\t\treturn -1;\n\tfree(p);", 1)
                   .replace("if (read(fd, p, n) < 0)\n\t\treturn -1;",
                            "if (read(fd, p, n) < 0) {\n\t\tfree(p);\n\t\treturn -1;\n\t}"))
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 0, err)
        self.assertEqual(self.classes(results), [("fixed", "a.c", "old_leak")])
        with open(self.md) as f:
            self.assertIn("fixed", f.read().lower())
        self.assert_reports_valid()

    def test_deleted_file_bugs_are_fixed(self):
        git(self.repo, "rm", "-q", "a.c")
        self.commit("drop a.c")
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 0, err)
        self.assertEqual(self.classes(results), [("fixed", "a.c", "old_leak")])
        self.assert_reports_valid()

    def test_baseline_suppresses_and_check_wants_reasons(self):
        p = subprocess.run([SMATCH_CI, "baseline", "update"], cwd=self.repo,
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        path = os.path.join(self.repo, ".smatch-ci", "baseline.json")
        with open(path) as f:
            bl = json.load(f)
        self.assertEqual(len(bl["findings"]), 1)
        p = subprocess.run([SMATCH_CI, "baseline", "check"], cwd=self.repo,
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 1, p.stdout)
        bl["findings"][0]["justification"] = "p is freed by the caller's atexit hook"
        with open(path, "w") as f:
            json.dump(bl, f, indent=2)
        p = subprocess.run([SMATCH_CI, "baseline", "check"], cwd=self.repo,
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        # the same bug in a new function is still new; the old one suppressed
        self.write("b.c", CLEAN + "#include <stdlib.h>\n#include <unistd.h>\n"
                   + NEW_BUG)
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 1, err)
        self.assertEqual(self.classes(results), [
            ("new", "b.c", "new_leak"), ("suppressed", "a.c", "old_leak")])
        self.assert_reports_valid()
        with open(self.sarif) as f:
            self.assertNotIn("old_leak", f.read())  # not uploaded

    def test_baseline_prune_drops_stale_entries(self):
        subprocess.run([SMATCH_CI, "baseline", "update"], cwd=self.repo,
                       check=True, capture_output=True)
        self.write("a.c", CLEAN.replace("add", "add2"))
        p = subprocess.run([SMATCH_CI, "baseline", "check"], cwd=self.repo,
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 1)
        self.assertIn("stale", (p.stdout + p.stderr).lower())
        p = subprocess.run([SMATCH_CI, "baseline", "prune"], cwd=self.repo,
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(os.path.join(self.repo, ".smatch-ci", "baseline.json")) as f:
            self.assertEqual(json.load(f)["findings"], [])

    def test_corrupt_baseline_exits_2_and_is_untouched(self):
        path = os.path.join(self.repo, ".smatch-ci", "baseline.json")
        os.makedirs(os.path.dirname(path))
        text = '{"version": 1, "findings": [ {"fingerprint": "abc",}\n'
        with open(path, "w") as f:
            f.write(text)
        for args in (["--baseline", "main"], ["baseline", "update"],
                     ["baseline", "prune"], ["baseline", "check"]):
            p = subprocess.run([SMATCH_CI] + args, cwd=self.repo,
                               capture_output=True, text=True)
            self.assertEqual(p.returncode, 2, args)
            self.assertIn("baseline.json", p.stderr)
            with open(path) as f:
                self.assertEqual(f.read(), text)

    def test_shallow_clone_exits_2_with_the_fix(self):
        self.write("b.c", CLEAN + "\n")
        self.commit()
        git(self.repo, "checkout", "-q", "main")
        self.write("b.c", CLEAN + "\n\n")
        self.commit("main moves on")
        git(self.repo, "checkout", "-q", "feature")
        clone = os.path.join(self.dir, "shallow")
        git(self.dir, "clone", "-q", "--depth", "1", "--no-single-branch",
            "file://" + self.repo, clone)
        git(clone, "checkout", "-q", "feature")
        p = subprocess.run([SMATCH_CI, "--baseline", "origin/main"], cwd=clone,
                           capture_output=True, text=True)
        self.assertEqual(p.returncode, 2, p.stdout + p.stderr)
        self.assertIn("fetch-depth: 0", p.stderr)

    def test_unknown_ref_and_not_a_repository_exit_2(self):
        p = subprocess.run([SMATCH_CI, "--baseline", "no-such-branch"],
                           cwd=self.repo, capture_output=True, text=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn("no-such-branch", p.stderr)
        p = subprocess.run([SMATCH_CI, "--baseline", "main", "x.c"],
                           cwd=self.dir, capture_output=True, text=True)
        self.assertEqual(p.returncode, 2)
        self.assertIn("not in a git repository", p.stderr)

    def test_uncommitted_change_and_second_run_uses_the_cache(self):
        # the working tree counts: no commit needed before pushing
        self.write("a.c", OLD_BUG + "\n" + CLEAN)
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 0, err)
        self.assertIn("1 analyzed at the merge base", err)
        rc, results2, err2 = self.run_gate()
        self.assertEqual(rc, 0, err2)
        self.assertEqual(results, results2)
        self.assertIn("0 analyzed at the merge base", err2)
        self.assertIn("1 from the cache", err2)

    def test_compile_database_in_untracked_build_dir(self):
        # CMake-style: the database and the TU's directory are build/, which
        # is not tracked; an include directory is tracked.
        self.write(".gitignore", "build/\n")
        self.write("include/lim.h", "#define LIMIT 3\n")
        self.write("src/c.c", '#include "lim.h"\n' + OLD_BUG.replace(
            "old_leak", "c_leak"))
        self.commit("add c.c")
        git(self.repo, "branch", "-f", "main")
        build = os.path.join(self.repo, "build")
        os.makedirs(build)
        db = [{"directory": build, "file": "../src/c.c",
               "arguments": ["cc", "-I../include", "-c", "../src/c.c"]}]
        with open(os.path.join(build, "compile_commands.json"), "w") as f:
            json.dump(db, f)
        self.write("include/lim.h", "#define LIMIT 4\n")
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 0, err)
        self.assertIn("using " + os.path.join(build, "compile_commands.json"),
                      err)
        self.assertIn("1 analyzed at the merge base", err)
        self.assertNotIn("could not be analyzed", err)
        self.assertEqual(self.classes(results),
                         [("unchanged", "src/c.c", "c_leak")])
        self.assert_reports_valid()

    def test_header_change_reanalyzes_its_includers(self):
        self.write("util.h", "#define LIMIT 1\n")
        self.write("c.c", '#include "util.h"\nint lim(void) { return LIMIT; }\n')
        self.commit("add header")
        git(self.repo, "branch", "-f", "main")
        self.write("util.h", "#define LIMIT 2\n")
        self.commit("change header")
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 0, err)
        # only c.c read util.h: a.c and b.c are taken from head as they are
        self.assertIn("1 translation unit affected by the change: 1 analyzed", err)

    def test_tu_with_a_missing_header_reports_what_it_read(self):
        # sparse gives up on c.c at the missing header; what it read up to
        # there (c.c, util.h) decides whether the change concerns it
        self.write("util.h", "#define LIMIT 1\n")
        self.write("c.c", '#include "util.h"\n#include "generated.h"\n'
                   "int lim(void) { return LIMIT; }\n")
        self.commit("add c.c")
        git(self.repo, "branch", "-f", "main")
        # a change elsewhere: c.c is not analyzed again on the merge base
        self.write("a.c", OLD_BUG + "\n" + CLEAN)
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 3, err)
        self.assertIn("1 translation unit affected by the change: 1 analyzed",
                      err)
        self.assertNotIn("c.c holds changed code", err)
        # a change to a header it read: changed code it could not analyze
        self.write("util.h", "#define LIMIT 2\n")
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 1, err)
        self.assertIn("c.c holds changed code and could not be analyzed", err)
        self.assertIn("2 translation units affected by the change", err)
        # a deleted file may be the header it could not open: redone
        self.write("util.h", "#define LIMIT 1\n")
        git(self.repo, "rm", "-q", "b.c")
        rc, results, err = self.run_gate()
        self.assertIn("could not be analyzed; its findings count as new", err)
        self.assertIn("3 translation units affected by the change", err)


if __name__ == "__main__":
    unittest.main(verbosity=2)
