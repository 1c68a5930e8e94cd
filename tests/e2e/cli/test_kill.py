#!/usr/bin/env python3
"""End-to-end test: smatch-ci SIGKILLed at any moment leaves every file it
writes either old or new (python3 stdlib only).

A loop of runs (`baseline update`, the gate with its result cache, `db
build`, each with a bounded cache so pruning runs too), each killed with
SIGKILL after a random delay, with a source file changed before each so
that every run has something to write.  After every kill: the baseline
parses, and the result cache and the project database pass PRAGMA
integrity_check.  Then unkilled runs must neither fail nor find a damaged
file to recreate.  The loop is bounded by time (about 20 s); the seed is
printed so a failure can be replayed (SCI_KILL_SEED).
"""
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import tempfile
import time
import unittest

from gate_repo import SMATCH_CI, git

LOOP_SECONDS = float(os.environ.get("SCI_KILL_SECONDS", "15"))


def leak(name, n=0):
    return ("#include <stdlib.h>\nint %s(int n)\n{\n\tchar *p = malloc(n + %d);\n"
            "\tif (!p)\n\t\treturn -1;\n\tif (n > 3)\n\t\treturn 1;\n"
            "\tfree(p);\n\treturn 0;\n}\n" % (name, n))


def busy(name):
    body = "".join("\tif (a > %d) r += %d; else r -= b;\n" % (j, j)
                   for j in range(40))
    return "".join("int %s_%d(int a, int b)\n{\n\tint r = 0;\n%s\treturn r;\n}\n"
                   % (name, i, body) for i in range(15))


class KillTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="sci-e2e-kill-")
        self.addCleanup(shutil.rmtree, self.dir)
        self.repo = os.path.join(self.dir, "repo")
        os.makedirs(self.repo)
        git(self.repo, "init", "-q")
        for i in range(6):
            self.write("f%d.c" % i, leak("leak%d" % i) + busy("b%d" % i))
        git(self.repo, "add", "-A")
        git(self.repo, "commit", "-q", "-m", "base")
        git(self.repo, "checkout", "-q", "-b", "feature")
        self.baseline = os.path.join(self.repo, ".smatch-ci", "baseline.json")
        self.cache = os.path.join(self.dir, "cache.sqlite")
        self.db = os.path.join(self.repo, ".smatch-ci", "db.sqlite")

    def write(self, name, text):
        with open(os.path.join(self.repo, name), "w") as f:
            f.write(text)

    def commands(self):
        common = ["--cache-max-mb", "1", "-j2"]
        return [
            ["baseline", "update"] + common,
            ["--baseline", "main", "--cache", self.cache, "--json",
             os.path.join(self.dir, "out.json")] + common,
            ["db", "build"] + common + ["f%d.c" % i for i in range(6)],
        ]

    def start(self, args):
        return subprocess.Popen([SMATCH_CI] + args, cwd=self.repo,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def assert_files_whole(self, what):
        if os.path.exists(self.baseline):
            with open(self.baseline) as f:
                try:
                    json.load(f)
                except ValueError as e:
                    self.fail("%s: the baseline does not parse: %s" % (what, e))
        for path in (self.cache, self.db):
            if not os.path.exists(path):
                continue
            # opening rolls a hot journal back, as smatch-ci's next run would
            with sqlite3.connect(path) as c:
                rows = c.execute("PRAGMA integrity_check").fetchall()
            self.assertEqual(rows, [("ok",)], "%s: %s" % (what, path))

    def test_sigkill_at_random_moments(self):
        seed = int(os.environ.get("SCI_KILL_SEED", random.randrange(1 << 30)))
        print("test_kill: seed %d" % seed)
        rnd = random.Random(seed)
        cmds = self.commands()
        # how long each command takes unkilled, to spread the kills over it
        spans = []
        for args in cmds:
            t = time.monotonic()
            p = self.start(args)
            out, err = p.communicate(timeout=300)
            self.assertIn(p.returncode, (0, 1), err.decode())
            spans.append(time.monotonic() - t)
        print("test_kill: unkilled runs take %s s"
              % ", ".join("%.2f" % t for t in spans))
        deadline = time.monotonic() + LOOP_SECONDS
        kills = 0
        n = 0
        while time.monotonic() < deadline:
            n += 1
            # a new finding in a changed file: every command has to write
            self.write("f%d.c" % (n % 6),
                       leak("leak%d" % (n % 6)) + busy("b%d" % (n % 6)) +
                       leak("extra%d" % n, n))
            k = rnd.randrange(len(cmds))
            p = self.start(cmds[k])
            delay = rnd.uniform(0, spans[k] * 1.1)
            try:
                p.wait(timeout=delay)
            except subprocess.TimeoutExpired:
                p.send_signal(signal.SIGKILL)
                kills += 1
            p.communicate(timeout=60)
            self.assert_files_whole("run %d (%s) after %.2f s"
                                    % (n, " ".join(cmds[k][:2]), delay))
        print("test_kill: %d runs, %d killed" % (n, kills))
        self.assertGreater(kills, 0)
        # and whatever the kills left serves the next runs as it is
        for args in cmds:
            p = self.start(args)
            out, err = p.communicate(timeout=300)
            err = err.decode()
            self.assertIn(p.returncode, (0, 1), err)
            self.assertNotIn("recreated", err)
            self.assertNotIn("disabled", err)
        self.assert_files_whole("the runs after")
        # a SIGKILL can leave a writer's temporary file behind
        # (baseline.json.tmp.PID.XXXXXX, removed by the next write once a
        # minute old: tests/unit/util/test_atomic.c), never a torn file under the real name
        odd = [f for f in os.listdir(os.path.dirname(self.baseline))
               if f not in ("baseline.json", "db.sqlite")
               and not f.startswith("baseline.json.tmp.")]
        self.assertEqual(odd, [])

if __name__ == "__main__":
    unittest.main()
