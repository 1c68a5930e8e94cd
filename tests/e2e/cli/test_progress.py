#!/usr/bin/env python3
"""End-to-end tests of the progress line and -q (python3 stdlib only).

The contract (cli/progress.h): on a terminal, a line on stderr redrawn in
place and erased at the end; nothing when stderr is not a terminal unless
--progress, which then prints plain lines with the phase and done/total;
-q prints the verdict line alone.  The terminal case runs under a pty.
"""
import os
import pty
import re
import select
import shutil
import subprocess
import tempfile
import unittest

from test_cli import SMATCH_CI, LEAK_C, CLEAN_C, run
from gate_repo import git

PHASE_LINE = re.compile(
    r"^smatch-ci: (?P<phase>summarizing|analyzing|settling round \d+): "
    r"(?P<done>\d+)/(?P<total>\d+) TUs, (?P<findings>\d+) findings?, "
    r"\d+:\d\d elapsed, ETA (\d+:\d\d|\?)(, slowest: .+ \d+s)?$")


def busy_c(t):
    """A TU that takes the analyzer a while: many branchy functions."""
    body = "".join("\tif (a > %d) r += %d; else r -= b;\n" % (j, j)
                   for j in range(40))
    return "".join("int f%d_%d(int a, int b)\n{\n\tint r = 0;\n%s\treturn r;\n}\n"
                   % (t, i, body) for i in range(60))


def run_on_pty(args, cwd, timeout=120):
    """Runs smatch-ci with stderr on a pty: (rc, stdout, stderr bytes)."""
    master, slave = pty.openpty()
    p = subprocess.Popen([SMATCH_CI] + args, cwd=cwd, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    err = b""
    while True:
        ready, _, _ = select.select([master], [], [], timeout)
        if not ready:
            p.kill()
            raise AssertionError("no end after %d s" % timeout)
        try:
            data = os.read(master, 65536)
        except OSError:     # EIO: the child closed its side
            break
        if not data:
            break
        err += data
    os.close(master)
    out = p.stdout.read().decode()
    p.stdout.close()
    return p.wait(), out, err


class ProgressTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="sci-e2e-progress-")
        self.addCleanup(shutil.rmtree, self.dir)

    def write(self, name, text):
        with open(os.path.join(self.dir, name), "w") as f:
            f.write(text)

    def test_forced_on_a_pipe_prints_phase_lines(self):
        self.write("leak.c", LEAK_C)
        self.write("clean.c", CLEAN_C)
        rc, out, err = run(["--no-cache", "--progress", "leak.c", "clean.c"],
                           self.dir)
        self.assertEqual(rc, 1)
        self.assertIn("memory-leak", out)
        lines = [PHASE_LINE.match(l) for l in err.splitlines()]
        self.assertTrue(lines and all(lines), err)
        self.assertNotIn("\r", err)
        self.assertNotIn("\033", err)
        phases = [m.group("phase") for m in lines]
        # no settling round: neither file calls the other
        self.assertEqual(sorted(set(phases)), ["analyzing"], err)
        # each phase ends with a line of all its TUs done
        last = {m.group("phase"): m for m in lines}
        for m in last.values():
            self.assertEqual(m.group("done"), m.group("total"), err)
        self.assertEqual(last["analyzing"].group("total"), "2")
        self.assertEqual(last["analyzing"].group("findings"), "1")

    def test_nothing_on_a_pipe_without_the_option(self):
        self.write("leak.c", LEAK_C)
        self.write("clean.c", CLEAN_C)
        rc, _, err = run(["--no-cache", "leak.c", "clean.c"], self.dir)
        self.assertEqual(rc, 1)
        self.assertEqual(err, "")

    def test_quiet_prints_the_verdict_line_only(self):
        self.write("leak.c", LEAK_C)
        self.write("clean.c", CLEAN_C)
        self.write("bad.c", "int broken(int x { return x; }\n")
        for files, want in (
                (["leak.c", "clean.c"], "smatch-ci: FAILED (findings)\n"),
                (["clean.c"], "smatch-ci: passed\n"),
                (["clean.c", "bad.c"], "smatch-ci: INCOMPLETE (a translation "
                                       "unit could not be analyzed)\n")):
            rc, out, err = run(["--no-cache", "-q"] + files, self.dir)
            self.assertEqual(out, want, files)
            self.assertEqual(err, "", files)

    def test_quiet_gate_prints_the_verdict_line_only(self):
        repo = os.path.join(self.dir, "repo")
        os.makedirs(repo)
        git(repo, "init", "-q")
        with open(os.path.join(repo, "a.c"), "w") as f:
            f.write(CLEAN_C)
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "base")
        git(repo, "checkout", "-q", "-b", "feature")
        with open(os.path.join(repo, "b.c"), "w") as f:
            f.write(LEAK_C)
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "leak")
        rc, out, err = run(["--baseline", "main", "-q"], repo)
        self.assertEqual(rc, 1, err)
        self.assertEqual(len(out.splitlines()), 1, out)
        self.assertIn("FAILED", out)
        self.assertEqual(err, "")
        # without -q, forced progress names the merge base's phases
        git(repo, "commit", "-q", "--allow-empty", "-m", "again")
        with open(os.path.join(repo, "a.c"), "a") as f:
            f.write("int h(int x) { return x; }\n")
        rc, out, err = run(["--baseline", "main", "--progress"], repo)
        self.assertEqual(rc, 1, err)
        self.assertRegex(err, r"(?m)^smatch-ci: merge base: \w+: \d+/\d+ TUs")

    def test_terminal_line_is_redrawn_and_erased(self):
        names = []
        for t in range(6):
            self.write("t%d.c" % t, busy_c(t))
            names.append("t%d.c" % t)
        self.write("leak.c", LEAK_C)
        rc, out, err = run_on_pty(["--no-cache", "-j1"] + names + ["leak.c"],
                                  self.dir)
        self.assertEqual(rc, 1, err)
        self.assertIn("memory-leak", out)
        text = err.decode()
        draws = text.split("\r\033[K")
        shown = [d for d in draws if d]
        self.assertTrue(shown, "no progress line drawn: %r" % text)
        for d in shown:
            self.assertTrue(PHASE_LINE.match(d) or
                            re.match(r"^smatch-ci: \w+.*: \d+/7 TUs", d),
                            repr(d))
            self.assertNotIn("\n", d)
            self.assertLessEqual(len(d), 79)
        # erased at the end: the last thing written is the erase
        self.assertTrue(text.endswith("\r\033[K"), repr(text[-200:]))

    def test_terminal_quiet_shows_no_line(self):
        names = []
        for t in range(3):
            self.write("t%d.c" % t, busy_c(t))
            names.append("t%d.c" % t)
        rc, out, err = run_on_pty(["--no-cache", "-j1", "-q"] + names,
                                  self.dir)
        self.assertEqual(rc, 0)
        self.assertEqual(out, "smatch-ci: passed\n")
        self.assertEqual(err, b"")


if __name__ == "__main__":
    unittest.main()
