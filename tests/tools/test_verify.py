#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Self-test of verify.py against a fake smatch-ci.

The fake, written to a temporary directory, is a small Python script: for
the sample FILE it is given it prints FILE.jsonl (canned JSON lines) from
the current directory, records its argv and cwd in FILE.argv, and exits
with the number in FILE.exit (default 0).  verify.py only reads *.c, so the
side files do not count as samples.

Run: python3 tests/tools/test_verify.py [-v]
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
VERIFY = os.path.join(HERE, "verify.py")

FAKE = r'''#!%s
import json, os, sys
f = sys.argv[-1]
with open(f + ".argv", "w") as out:
    json.dump({"argv": sys.argv[1:], "cwd": os.getcwd()}, out)
if os.path.exists(f + ".jsonl"):
    with open(f + ".jsonl") as j:
        sys.stdout.write(j.read())
code = 0
if os.path.exists(f + ".exit"):
    with open(f + ".exit") as e:
        code = int(e.read())
if code < 0:
    os.kill(os.getpid(), -code)
sys.exit(code)
''' % sys.executable


def diag(line, rule="memory-leak", message="memory leak of 'p'",
         level="warning", path=None, **kw):
    d = {"rule": rule, "level": level, "path": path, "line": line,
         "column": 5, "function": "f", "key": "p", "message": message,
         "related": []}
    d.update(kw)
    return d


class VerifyTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="test_verify.")
        self.fake = os.path.join(self.tmp, "fake-smatch-ci")
        with open(self.fake, "w") as f:
            f.write(FAKE)
        os.chmod(self.fake, 0o755)
        self.samples = os.path.join(self.tmp, "samples")
        os.mkdir(self.samples)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def sample(self, name, text, diags=(), exit_code=None):
        """Writes sample @name and what the fake prints for it."""
        path = os.path.join(self.samples, name)
        with open(path, "w") as f:
            f.write(text)
        with open(path + ".jsonl", "w") as f:
            for d in diags:
                if isinstance(d, str):
                    f.write(d + "\n")
                    continue
                d = dict(d)
                if d["path"] is None:
                    d["path"] = name
                f.write(json.dumps(d) + "\n")
        if exit_code is not None:
            with open(path + ".exit", "w") as f:
                f.write(str(exit_code))
        return path

    def verify(self, *paths):
        """Runs verify.py; returns (exit status, output)."""
        p = subprocess.run(
            [sys.executable, VERIFY, "--smatch-ci", self.fake] +
            list(paths or [self.samples]),
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
            universal_newlines=True)
        return p.returncode, p.stdout

    def assertPasses(self, *paths):
        rc, out = self.verify(*paths)
        self.assertEqual(rc, 0, out)
        self.assertNotIn("FAIL", out)
        return out

    def assertFails(self, *paths):
        rc, out = self.verify(*paths)
        self.assertEqual(rc, 1, out)
        self.assertIn("FAIL", out)
        return out

    def last_line(self, out):
        return out.rstrip("\n").splitlines()[-1]

    # --- expectations on the finding's line -------------------------------

    LEAK = ("#include <stdlib.h>\n"                                  # 1
            "int f(int fd)\n"                                        # 2
            "{\n"                                                    # 3
            "\tchar *p = malloc(4);\n"                               # 4
            "\tif (!p)\n"                                            # 5
            "\t\treturn -1;\n"                                       # 6
            "\treturn 0;\t/* expect-warning: memory-leak \"leak of 'p'\" */\n"
            "}\n")

    def test_matching_finding_passes(self):
        self.sample("leak.c", self.LEAK, [diag(7)], exit_code=1)
        out = self.assertPasses()
        self.assertIn("PASS", out)
        self.assertEqual(self.last_line(out), "1 passed, 0 failed")

    def test_missing_finding_fails(self):
        self.sample("leak.c", self.LEAK, [], exit_code=0)
        out = self.assertFails()
        self.assertIn("leak.c:7: missing", out)
        self.assertIn("memory-leak \"leak of 'p'\"", out)
        self.assertEqual(self.last_line(out), "0 passed, 1 failed")

    def test_unexpected_finding_fails(self):
        self.sample("leak.c", self.LEAK,
                    [diag(7), diag(4, rule="null-deref", level="error",
                                   message="NULL dereference of 'p'")])
        out = self.assertFails()
        self.assertIn("leak.c:4: unexpected error null-deref: "
                      "NULL dereference of 'p'", out)
        self.assertNotIn("missing", out)

    def test_substring_mismatch_fails(self):
        self.sample("leak.c", self.LEAK,
                    [diag(7, message="memory leak of 'q'")])
        out = self.assertFails()
        self.assertIn("missing", out)
        self.assertIn("got on that line", out)
        self.assertIn("memory leak of 'q'", out)   # the full message is shown
        self.assertIn("unexpected", out)

    def test_wrong_line_fails(self):
        self.sample("leak.c", self.LEAK, [diag(6)])
        out = self.assertFails()
        self.assertIn("leak.c:7: missing", out)
        self.assertIn("leak.c:6: unexpected", out)

    def test_wrong_level_fails(self):
        self.sample("leak.c", self.LEAK, [diag(7, level="error")])
        self.assertFails()

    def test_wrong_rule_fails(self):
        self.sample("leak.c", self.LEAK, [diag(7, rule="other-leak")])
        self.assertFails()

    def test_finding_in_another_file_fails(self):
        self.sample("leak.c", self.LEAK, [diag(7), diag(7, path="leak.h")])
        out = self.assertFails()
        self.assertIn("leak.h:7: unexpected", out)

    def test_path_may_be_written_differently(self):
        self.sample("leak.c", self.LEAK, [diag(7, path="./leak.c")])
        self.assertPasses()

    # --- relative lines, several per line, exactly one ---------------------

    def test_offset_plus_one(self):
        text = ("/* expect-warning@+1: memory-leak \"leak\" */\n"
                "int x;\n")
        self.sample("a.c", text, [diag(2)])
        self.assertPasses()
        self.sample("a.c", text, [diag(1)])
        self.assertFails()

    def test_offset_minus_two(self):
        text = ("int x;\n"
                "int y;\n"
                "/* expect-error@-2: null-deref \"NULL\" */\n")
        self.sample("a.c", text, [diag(1, rule="null-deref", level="error",
                                       message="NULL dereference of 'd'")])
        self.assertPasses()

    def test_several_expectations_on_one_line(self):
        text = ("int x;\t/* expect-warning: memory-leak \"'a'\" */"
                " /* expect-warning: memory-leak \"'b'\" */\n")
        self.sample("a.c", text, [diag(1, message="memory leak of 'b'"),
                                  diag(1, message="memory leak of 'a'")])
        self.assertPasses()
        self.sample("a.c", text, [diag(1, message="memory leak of 'a'")])
        out = self.assertFails()
        self.assertIn("missing    warning memory-leak \"'b'\"", out)

    def test_expectation_matches_exactly_one_diagnostic(self):
        text = "int x;\t/* expect-warning: memory-leak \"leak\" */\n"
        self.sample("a.c", text, [diag(1), diag(1)])
        out = self.assertFails()
        self.assertIn("unexpected", out)

    def test_identical_expectations_pair_up(self):
        text = ("int x;\t/* expect-warning: memory-leak \"leak\" */"
                " /* expect-warning: memory-leak \"leak\" */\n")
        self.sample("a.c", text, [diag(1), diag(1)])
        self.assertPasses()

    def test_matching_is_not_greedy(self):
        # The loose expectation must not take the only diagnostic the
        # precise one can match.
        text = ("int x;\t/* expect-warning: memory-leak \"leak\" */"
                " /* expect-warning: memory-leak \"leak of 'p'\" */\n")
        self.sample("a.c", text, [diag(1, message="memory leak of 'p'"),
                                  diag(1, message="memory leak of 'q'")])
        self.assertPasses()

    def test_multiline_block_comment_directives(self):
        text = ("/*\n"
                " * Some prose about the sample.\n"
                " * expect-warning@+2: memory-leak \"leak\"\n"
                " */\n"
                "int x;\n")
        self.sample("a.c", text, [diag(5)])
        self.assertPasses()

    def test_escaped_quote_in_substring(self):
        text = 'int x;\t/* expect-note: sci-debug "say \\"hi\\"" */\n'
        self.sample("a.c", text, [diag(1, rule="sci-debug", level="note",
                                       message='they say "hi" twice')])
        self.assertPasses()

    def test_comment_markers_inside_strings_are_ignored(self):
        text = ('const char *s = "/* expect-warning: memory-leak \\"x\\" */";'
                "\t/* expect-none */\n")
        self.sample("a.c", text, [])
        self.assertPasses()

    # --- negative files, smoke, missing intent ----------------------------

    def test_expect_none_passes_when_silent(self):
        self.sample("good.c", "/* expect-none */\nint x;\n", [])
        out = self.assertPasses()
        self.assertIn("PASS", out)

    def test_expect_none_fails_on_any_diagnostic(self):
        self.sample("good.c", "/* expect-none */\nint x;\n",
                    [diag(2, rule="sci-debug", level="note",
                          message="value 'x' = 0")])
        out = self.assertFails()
        self.assertIn("good.c:2: unexpected note sci-debug", out)

    def test_file_without_intent_fails(self):
        self.sample("what.c", "/* just a file */\nint x;\n", [])
        out = self.assertFails()
        self.assertIn("say what this file tests", out)

    def test_expect_none_with_expectations_fails(self):
        self.sample("a.c", "/* expect-none */\n"
                    "int x;\t/* expect-warning: memory-leak \"leak\" */\n",
                    [diag(2)])
        self.assertFails()

    def test_smoke_ignores_findings_but_not_failures(self):
        text = "/* smoke: must not crash on K&R definitions */\nint x;\n"
        self.sample("s.c", text, [diag(2)])
        out = self.assertPasses()
        self.assertIn("1 diagnostic(s) not compared", out)
        self.sample("s.c", text, [diag(2, rule="analysis-failure",
                                       level="error",
                                       message="parse error")], 3)
        self.assertFails()

    def test_malformed_annotations_fail(self):
        for bad in ("/* expect-warning: memory-leak leak */",      # no quotes
                    "/* expect-warn: memory-leak \"leak\" */",     # level
                    "/* expected-warning: memory-leak \"leak\" */",
                    "/* expect-warning memory-leak \"leak\" */",   # colon
                    "/* known-fp: memory-leak \"leak\" */",        # reason
                    "/* known-fn: memory-leak */",                 # reason
                    "/* expect-none please */",
                    "/* expect-warning@-5: memory-leak \"leak\" */"):
            with self.subTest(annotation=bad):
                self.sample("m.c", bad + "\nint x;\n", [diag(2)])
                out = self.assertFails()
                self.assertIn("m.c: line", out)

    # --- known-fp / known-fn -----------------------------------------------

    def test_known_fp_is_matched_and_counted(self):
        text = ("int x;\t/* known-fp: memory-leak \"leak of 'p'\" "
                "the free happens in a callback */\n"
                "int y;\t/* known-fn: null-deref globals are forgotten */\n")
        self.sample("fp.c", text, [diag(1)], exit_code=1)
        out = self.assertPasses()
        lines = out.rstrip("\n").splitlines()
        self.assertEqual(lines[-1], "1 passed, 0 failed")
        self.assertIn("known imprecision: 1 known-fp, 1 known-fn", lines)
        self.assertIn("the free happens in a callback", out)
        self.assertIn("globals are forgotten", out)
        # the counts never share the closing line
        self.assertTrue(re.fullmatch(r"\d+ passed, \d+ failed", lines[-1]))

    def test_known_fp_must_still_be_present(self):
        self.sample("fp.c", "int x;\t/* known-fp: memory-leak \"leak\" "
                    "callback frees it */\n", [])
        out = self.assertFails()
        self.assertIn("missing    known-fp memory-leak", out)

    # --- exit status, failures, output -------------------------------------

    def test_analysis_failure_fails_unless_expected(self):
        fail = diag(1, rule="analysis-failure", level="error",
                    message="sparse: parse error")
        self.sample("p.c", "/* expect-none */\nint x\n", [fail], exit_code=3)
        out = self.assertFails()
        self.assertIn("analysis-failure", out)
        self.sample("p.c", "/* expect-exit: 3 */\n"
                    "int x\t/* expect-error: analysis-failure \"parse\" */\n",
                    [dict(fail, line=2)], exit_code=3)
        self.assertPasses()

    def test_exit_status_two_or_three_fails(self):
        for code in (2, 3):
            with self.subTest(code=code):
                self.sample("e.c", "/* expect-none */\n", [], exit_code=code)
                out = self.assertFails()
                self.assertIn("exited %d" % code, out)

    def test_expect_exit_must_match(self):
        self.sample("e.c", "/* expect-none */ /* expect-exit: 2 */\n", [], 2)
        self.assertPasses()
        self.sample("e.c", "/* expect-none */ /* expect-exit: 2 */\n", [], 0)
        self.assertFails()

    def test_crash_fails(self):
        self.sample("c.c", "/* expect-none */\n", [], exit_code=-6)
        out = self.assertFails()
        self.assertIn("signal 6", out)

    def test_non_json_output_fails(self):
        self.sample("j.c", "/* expect-none */\n", ["bad.c:1 warning: text"])
        out = self.assertFails()
        self.assertIn("not JSON", out)

    def test_missing_keys_fail(self):
        self.sample("j.c", "/* expect-none */\n", ['{"rule": "x"}'])
        out = self.assertFails()
        self.assertIn("lacks", out)

    def test_command_line_and_run_args(self):
        path = self.sample(
            "r.c", "/* run: --enable=null-deref --disable 'memory-leak' */\n"
            "/* expect-none */\n", [])
        self.assertPasses()
        with open(path + ".argv") as f:
            got = json.load(f)
        self.assertEqual(got["argv"], ["--json", "-", "--enable=null-deref",
                                       "--disable", "memory-leak", "r.c"])
        self.assertEqual(os.path.realpath(got["cwd"]),
                         os.path.realpath(self.samples))

    # --- the run as a whole -------------------------------------------------

    def test_empty_directory_fails(self):
        rc, out = self.verify()
        self.assertEqual(rc, 1, out)
        self.assertEqual(self.last_line(out), "0 passed, 0 failed")

    def test_one_failure_fails_the_directory(self):
        self.sample("a.c", "/* expect-none */\n", [])
        self.sample("b.c", "/* expect-none */\n", [diag(1)])
        self.sample("c.c", "/* expect-none */\n", [])
        rc, out = self.verify()
        self.assertEqual(rc, 1, out)
        self.assertEqual(self.last_line(out), "2 passed, 1 failed")
        order = [l.split()[1] for l in out.splitlines()
                 if l.startswith(("PASS", "FAIL"))]
        self.assertEqual([os.path.basename(p) for p in order],
                         ["a.c", "b.c", "c.c"])

    def test_only_c_files_are_samples(self):
        self.sample("a.c", "/* expect-none */\n", [])
        with open(os.path.join(self.samples, "h.h"), "w") as f:
            f.write("int h;\n")
        out = self.assertPasses()
        self.assertEqual(self.last_line(out), "1 passed, 0 failed")

    def test_missing_directory_is_a_usage_error(self):
        rc, out = self.verify(os.path.join(self.tmp, "nope"))
        self.assertEqual(rc, 2, out)


if __name__ == "__main__":
    unittest.main()
