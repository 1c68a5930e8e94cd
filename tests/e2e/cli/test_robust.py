#!/usr/bin/env python3
"""End-to-end robustness of smatch-ci (python3 stdlib only).

An interrupted run leaves no worker running and no temporary directory
behind, and dies of the signal it got; a timeout names the function being
analyzed; hostile input (deep nesting, huge functions and lines, files that
are not C) gives a clear per-TU outcome and never hides other TUs'
findings; a build's compiler flags are taken as gcc takes them; -q prints
the verdict alone.  The limits involved are in docs/engine.md, "Limits".
"""
import json
import os
import random
import re
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gate_repo import RepoTestCase  # noqa: E402

# the binary, the source tree and a TU with one leak: as test_cli.py has them
from test_cli import LEAK_C, SMATCH_CI, SOURCE_DIR  # noqa: E402,F401

FAILURE_LINE = re.compile(
    r"^(?P<path>[^:\s]+): error: analysis failed: (?P<msg>.+) "
    r"\[analysis-failure\]$")



# A run that hangs never ends; one that only takes long under a sanitizer
# build on a loaded CI machine does.  The bound tells the two apart; it is
# no measure of speed (bench/ measures that).
SANITIZED = os.environ.get("SCI_SANITIZE", "0") not in ("0", "", "OFF")
HANG_LIMIT = 480 if SANITIZED else 120

def default_signals():
    # ctest or a shell may start us with SIGINT ignored, which smatch-ci
    # then keeps (as any program run in the background must)
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(sig, signal.SIG_DFL)


def run(args, cwd, timeout=300, env=None):
    p = subprocess.run([SMATCH_CI] + list(args), cwd=cwd,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=timeout, env=env)
    return p.returncode, p.stdout, p.stderr


def failures_of(stdout):
    out = {}
    for line in stdout.splitlines():
        m = FAILURE_LINE.match(line)
        if m:
            out[m.group("path")] = m.group("msg")
    return out


def proc_stat(pid):
    """(ppid, state, start time) of a process, or None once it is gone."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            text = f.read()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return int(fields[1]), fields[0], fields[19]


def is_smatch_ci(pid):
    try:
        return os.path.realpath("/proc/%d/exe" % pid) == \
            os.path.realpath(SMATCH_CI)
    except OSError:
        return False


def children_of(pid):
    """{pid: start time} of the running workers of @pid (not the
    short-lived `gcc -print-file-name` it also starts)."""
    kids = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        st = proc_stat(int(name))
        if st and st[0] == pid and st[1] not in "ZX" and \
                is_smatch_ci(int(name)):
            kids[int(name)] = st[2]
    return kids


def still_running(procs):
    """Those of {pid: start time} that still run (a zombie does not)."""
    alive = []
    for pid, start in procs.items():
        st = proc_stat(pid)
        if st and st[2] == start and st[1] not in "ZX":
            alive.append(pid)
    return alive


def wait_until(predicate, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    return predicate()


class ScratchTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="sci-e2e-robust-")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def write(self, name, data):
        path = os.path.join(self.dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb" if isinstance(data, bytes) else "w") as f:
            f.write(data)
        return path

    def start(self, args, cwd=None, env=None):
        p = subprocess.Popen([SMATCH_CI] + list(args), cwd=cwd or self.dir,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             universal_newlines=True, env=env,
                             preexec_fn=default_signals)
        self.addCleanup(self.reap, p)
        return p

    def reap(self, p):
        if p.poll() is None:
            p.kill()
        p.communicate()

    def kill_leftovers(self, workers):
        for pid in still_running(workers):
            os.kill(pid, signal.SIGKILL)

    def kill_and_check(self, p, sig, workers):
        """Sends @sig to @p; it dies of it, and every worker with it."""
        self.addCleanup(self.kill_leftovers, dict(workers))
        p.send_signal(sig)
        try:
            p.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.fail("smatch-ci did not die of signal %d" % sig)
        self.assertEqual(p.returncode, -sig)
        left = wait_until(lambda: not still_running(workers), 5)
        self.assertTrue(left, "workers still running after signal %d: %r"
                        % (sig, still_running(workers)))


class InterruptTest(ScratchTest):
    def test_signals_leave_no_worker_running(self):
        self.write("h1.c", "void stuck_a(void) { __sci_hang(); }\n")
        self.write("h2.c", "void stuck_b(void) { __sci_hang(); }\n")
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGKILL):
            p = self.start(["-j", "2", "--tu-timeout", "300", "h1.c", "h2.c"])
            workers = wait_until(
                lambda: (lambda k: k if len(k) == 2 else None)(
                    children_of(p.pid)), 20)
            self.assertEqual(len(workers or {}), 2,
                             "two workers expected for signal %d" % sig)
            self.kill_and_check(p, sig, workers)


BASE_HANGS = """\
#include <stdlib.h>
void stuck_at_base(void)
{
	__sci_hang();
}
"""

HEAD_LEAKS = """\
#include <stdlib.h>
int leaky(int n)
{
	char *p = malloc(n);
	if (n > 3)
		return 1;
	free(p);
	return 0;
}
"""


class InterruptedGateTest(RepoTestCase):
    """The merge base checkout goes, the baseline and the cache stay."""
    FILES = {"a.c": BASE_HANGS, "b.c": "int b(int x) { return x; }\n"}

    def gate(self, *args, tmpdir, timeout="300"):
        env = dict(os.environ, TMPDIR=tmpdir)
        return subprocess.Popen(
            [SMATCH_CI] + list(args) + ["--baseline", "main", "--cache",
                                        self.cache, "--tu-timeout", timeout],
            cwd=self.repo, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            universal_newlines=True, env=env, preexec_fn=default_signals)

    def test_interrupted_gate_cleans_up_and_keeps_its_files(self):
        tmpdir = os.path.join(self.dir, "tmp")
        os.makedirs(tmpdir)
        self.cache = os.path.join(self.dir, "cache.sqlite")
        self.write("a.c", HEAD_LEAKS)
        self.write("b.c", "int b(int x) { return x + 1; }\n")
        self.commit()
        # a baseline, and a cache holding b.c's base (a.c's base times out)
        p = subprocess.run([SMATCH_CI, "baseline", "update"], cwd=self.repo,
                           capture_output=True, text=True, timeout=300)
        self.assertEqual(p.returncode, 0, p.stderr)
        baseline = os.path.join(self.repo, ".smatch-ci", "baseline.json")
        with open(baseline, "rb") as f:
            saved = f.read()
        p = self.gate(tmpdir=tmpdir, timeout="2")
        _, err = p.communicate(timeout=300)
        self.assertIn(p.returncode, (0, 1, 3), err)
        self.assertTrue(os.path.exists(self.cache))
        self.assertEqual(os.listdir(tmpdir), [])

        for sig in (signal.SIGTERM, signal.SIGINT):
            # `baseline update` would rewrite the baseline at its end
            p = self.gate("baseline", "update", tmpdir=tmpdir)
            try:
                checkout = wait_until(lambda: [
                    d for d in os.listdir(tmpdir)
                    if d.startswith("smatch-ci-base-")], 60)
                self.assertTrue(checkout, "no merge base checkout")
                workers = wait_until(lambda: children_of(p.pid), 60)
                self.assertTrue(workers)
                self.addCleanup(lambda w=dict(workers): [
                    os.kill(pid, signal.SIGKILL)
                    for pid in still_running(w)])
                p.send_signal(sig)
                p.communicate(timeout=15)
            finally:
                if p.poll() is None:
                    p.kill()
                    p.communicate()
            self.assertEqual(p.returncode, -sig)
            self.assertTrue(wait_until(lambda: not still_running(workers), 5))
            self.assertEqual(os.listdir(tmpdir), [])
            with open(baseline, "rb") as f:
                self.assertEqual(f.read(), saved)
            db = sqlite3.connect(self.cache)
            try:
                self.assertEqual(
                    db.execute("PRAGMA integrity_check").fetchone()[0], "ok")
            finally:
                db.close()
        # and the cache still serves
        p = self.gate(tmpdir=tmpdir, timeout="2")
        _, err = p.communicate(timeout=300)
        self.assertIn("1 from the cache", err)
        self.assertEqual(os.listdir(tmpdir), [])


class TimeoutTest(ScratchTest):
    def test_timeout_names_the_function(self):
        self.write("slow.c", "int fine(int x) { return x; }\n"
                   "void stuck_here(int x)\n{\n\tif (x)\n\t\t__sci_hang();\n}\n"
                   "int after(void) { return 0; }\n")
        self.write("leak.c", LEAK_C)
        rc, out, err = run(["--tu-timeout", "2", "-j", "2", "slow.c",
                            "leak.c"], self.dir, timeout=HANG_LIMIT)
        self.assertEqual(rc, 1, out + err)      # the leak; 1 wins over 3
        self.assertEqual(failures_of(out), {
            "slow.c": "timed out after 2 s in function 'stuck_here'"})
        self.assertIn("leak.c:", out)


def paren_leak(depth):
    return ("#include <stdlib.h>\nint deep(int n)\n{\n"
            "\tchar *p = malloc(" + "(" * depth + "n" + ")" * depth + ");\n"
            "\tif (n > 3)\n\t\treturn 1;\n\tfree(p);\n\treturn 0;\n}\n")


class HostileInputTest(ScratchTest):
    def check(self, files, timeout=HANG_LIMIT):
        """Runs the files with leak.c; returns (failures, stdout, seconds)."""
        self.write("leak.c", LEAK_C)
        t0 = time.time()
        rc, out, err = run(["-j", "2"] + files + ["leak.c"], self.dir,
                           timeout=timeout)
        took = time.time() - t0
        self.assertNotIn("signal", out + err)   # no crash, ever
        self.assertEqual(rc, 1, out + err)      # leak.c's finding counts
        self.assertRegex(out, r"(?m)^leak\.c:\d+ f\(\) warning: memory leak")
        return failures_of(out), out, took

    def test_ten_thousand_parentheses_are_analyzed(self):
        self.write("parens.c", paren_leak(10000))
        failures, out, _ = self.check(["parens.c"])
        self.assertEqual(failures, {})
        self.assertRegex(out, r"(?m)^parens\.c:\d+ deep\(\) warning: memory leak")

    def test_absurd_bracket_nesting_is_refused(self):
        self.write("brackets.c", paren_leak(150000))
        failures, _, _ = self.check(["brackets.c"])
        self.assertEqual(failures, {
            "brackets.c": "not analyzed: brackets nested more than 100000 "
                          "levels deep (see Limits in docs/engine.md)"})

    def test_hundred_thousand_line_function(self):
        lines = ["\tx = x * 3 + %d;" % i if i % 2 else
                 "\ty%d = x - y%d;" % (i % 64, (i + 7) % 64)
                 for i in range(100000)]
        decls = "".join("\tint y%d = %d;\n" % (i, i) for i in range(64))
        self.write("long.c", "#include <stdlib.h>\nint huge(int x)\n{\n"
                   + decls + "\n".join(lines) +
                   "\n\tchar *p = malloc(x);\n\tif (x > 3)\n\t\treturn 1;\n"
                   "\tfree(p);\n\treturn y3;\n}\n")
        failures, out, took = self.check(["long.c"])
        self.assertEqual(failures, {})
        self.assertRegex(out, r"(?m)^long\.c:\d+ huge\(\) warning: memory leak")
        sys.stderr.write("\n100,000-line function: %.1f s\n" % took)
        self.assertLess(took, HANG_LIMIT)

    def test_function_over_budget_is_stopped_and_named(self):
        # each line gives 400 variables a value on one branch: every join
        # keeps 400 new merged states, and the memory budget stops the
        # function; the function before it keeps its finding
        nv = 400
        decl = "".join("\tint a%d = 0;\n" % k for k in range(nv))
        body = "".join("\tif (x == %d) {" % i +
                       "".join(" a%d = %d;" % (k, i) for k in range(nv)) +
                       " }\n" for i in range(600))
        self.write("budget.c", LEAK_C.replace("int f(", "int g(") +
                   "int blowup(int x)\n{\n" + decl + body +
                   "\treturn a0;\n}\n")
        failures, out, took = self.check(["budget.c"])
        self.assertEqual(list(failures), ["budget.c"])
        self.assertRegex(failures["budget.c"],
                         r"^analysis of function 'blowup' stopped at line \d+: "
                         r"the function needs more than 512 MiB of path states "
                         r"\(see Limits in docs/engine\.md\)$")
        self.assertRegex(out, r"(?m)^budget\.c:\d+ g\(\) warning: memory leak")
        self.assertLess(took, HANG_LIMIT)

    def test_megabyte_lines(self):
        mb = 1 << 20
        self.write("chain.c", "int chain(int x)\n{\n\treturn x" +
                   " + 1" * (mb // 4) + ";\n}\n" + LEAK_C.replace("f(", "g("))
        self.write("string.c", 'const char *s = "' + "a" * mb + '";\n'
                   + LEAK_C.replace("f(", "h("))
        failures, out, took = self.check(["chain.c", "string.c"])
        self.assertEqual(failures, {
            "chain.c": "analysis of function 'chain' stopped at line 3: code "
                       "nested more than 100000 levels deep (see Limits in "
                       "docs/engine.md)"})
        # the other functions of both files are analyzed
        self.assertRegex(out, r"(?m)^chain\.c:\d+ g\(\) warning: memory leak")
        self.assertRegex(out, r"(?m)^string\.c:\d+ h\(\) warning: memory leak")
        self.assertLess(took, HANG_LIMIT)

    def test_switches_nested_past_the_limit_are_said(self):
        body = "".join("\tswitch (x) {\n\tcase %d:\n" % i for i in range(70))
        body += "\t\ty = 1;\n" + "\t}\n" * 70
        self.write("deep.c", "int deep(int x)\n{\n\tint y = 0;\n" + body +
                   "\treturn y;\n}\n" + LEAK_C.replace("f(", "g("))
        failures, out, took = self.check(["deep.c"])
        self.assertRegex(failures.get("deep.c", ""),
                         r"^analysis of function 'deep' stopped at line \d+: "
                         r"switch statements nested more than 64 deep")
        self.assertRegex(out, r"(?m)^deep\.c:\d+ g\(\) warning: memory leak")

    def test_function_sparse_left_incomplete_is_skipped(self):
        # after a parse error sparse leaves holes: an assignment without a
        # right side, an if without a condition, an operator without an
        # operand; those functions are skipped, the others analyzed
        self.write("holes.c", "void use(int);\n"
                   "void a(void) { int i; for (i = 0; i = < 10; i++) use(i); }\n"
                   "void b(int x) { if () use(x); }\n"
                   "int c(int x) { return x + ; }\n"
                   "int d(int x) { switch () { case 1: return x; } return 0; }\n"
                   + LEAK_C.replace("f(", "g("))
        failures, out, took = self.check(["holes.c"])
        self.assertEqual(list(failures), ["holes.c"])
        self.assertTrue(failures["holes.c"].startswith(
            "sparse could not parse the file"), failures)
        self.assertRegex(out, r"(?m)^holes\.c:\d+ g\(\) warning: memory leak")
        self.assertLess(took, HANG_LIMIT)

    def test_files_that_are_not_c(self):
        rnd = random.Random(1)
        self.write("image.c", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" +
                   bytes(range(256)) * 64)
        self.write("noise.c", bytes(rnd.getrandbits(8) for _ in range(65536)))
        failures, _, _ = self.check(["image.c", "noise.c"])
        self.assertEqual(sorted(failures), ["image.c", "noise.c"])
        for msg in failures.values():
            self.assertTrue(msg.startswith("sparse could not parse the file"),
                            msg)

    def test_nul_in_a_file_name_fails_that_entry_only(self):
        self.write("leak.c", LEAK_C)
        with open(os.path.join(self.dir, "compile_commands.json"), "w") as f:
            json.dump([{"directory": self.dir, "file": "leak.c",
                        "arguments": ["cc", "-c", "leak.c"]},
                       {"directory": self.dir, "file": "bad\0.c",
                        "arguments": ["cc", "-c", "bad\0.c"]}], f)
        rc, out, err = run(["-p", "."], self.dir)
        # the good entry's leak is still found, and fails the run
        self.assertEqual(rc, 1, out + err)
        self.assertRegex(out, r"(?m)^leak\.c:\d+ f\(\) warning: memory leak")
        failures = failures_of(out)
        self.assertEqual(list(failures), ["bad\\0.c"], out)
        self.assertIn("holds a NUL byte", failures["bad\\0.c"])
        self.assertIn("analysis incomplete", err)


class CompilerFlagsTest(ScratchTest):
    FLAGS = ["-O2", "-g", "-g3", "-Wall", "-Wextra", "-Werror",
             "-Wno-unused-parameter", "-fPIC", "-fno-strict-aliasing",
             "-m64", "-pipe", "-MD", "-MF", "deps.d", "-MMD", "-MT", "x.o",
             "-MQ", "y.o", "-c", "-o", "out.o", "-pthread"]
    CHECKS = ("#ifndef __OPTIMIZE__\n#error no __OPTIMIZE__\n#endif\n"
              "#ifndef __PIC__\n#error no __PIC__\n#endif\n"
              "#ifndef _REENTRANT\n#error no _REENTRANT\n#endif\n")

    def test_command_line_takes_a_builds_flags(self):
        self.write("leak.c", self.CHECKS + LEAK_C)
        rc, out, err = run(self.FLAGS + ["leak.c"], self.dir)
        self.assertEqual(rc, 1, out + err)
        self.assertRegex(out, r"(?m)^leak\.c:\d+ f\(\) warning: memory leak")
        self.assertEqual(err, "")
        for name in ("deps.d", "x.o", "y.o", "out.o"):
            self.assertFalse(os.path.exists(os.path.join(self.dir, name)))

    def test_compile_database_takes_the_same_flags(self):
        self.write("leak.c", self.CHECKS + LEAK_C)
        with open(os.path.join(self.dir, "compile_commands.json"), "w") as f:
            json.dump([{"directory": self.dir, "file": "leak.c",
                        "arguments": ["gcc"] + self.FLAGS + ["leak.c"]}], f)
        rc, out, err = run(["-p", "."], self.dir)
        self.assertEqual(rc, 1, out + err)
        self.assertRegex(out, r"(?m)^leak\.c:\d+ f\(\) warning: memory leak")

    def test_flags_that_change_the_meaning_are_kept(self):
        self.write("opt.c", "#ifdef __OPTIMIZE__\n#error optimized\n#endif\n"
                   "#ifdef __CHAR_UNSIGNED__\n#error unsigned char\n#endif\n"
                   "int g(void) { return 0; }\n")
        rc, out, _ = run(["-O0", "opt.c"], self.dir)
        self.assertEqual((rc, out), (0, ""))
        rc, out, _ = run(["-O2", "opt.c"], self.dir)
        self.assertEqual(rc, 3)
        self.assertIn("optimized", out)
        rc, out, _ = run(["-funsigned-char", "opt.c"], self.dir)
        self.assertEqual(rc, 3)
        self.assertIn("unsigned char", out)


class QuietTest(ScratchTest):
    def test_quiet_prints_the_verdict_alone(self):
        self.write("leak.c", LEAK_C)
        self.write("bad.c", "int broken(int x { return x; }\n")
        self.write("ok.c", "int g(int x) { return x + 1; }\n")
        for files, rc_want, verdict in (
                (["leak.c"], 1, "smatch-ci: FAILED (findings)"),
                (["ok.c"], 0, "smatch-ci: passed"),
                (["bad.c"], 3, "smatch-ci: INCOMPLETE (a translation unit "
                               "could not be analyzed)")):
            rc, out, _ = run(["-q"] + files, self.dir)
            self.assertEqual(rc, rc_want)
            self.assertEqual(out, verdict + "\n")

    def test_quiet_with_json_on_stdout_prints_json_alone(self):
        self.write("leak.c", LEAK_C)
        rc, out, _ = run(["-q", "--json", "-", "leak.c"], self.dir)
        self.assertEqual(rc, 1)
        lines = out.splitlines()
        self.assertEqual(len(lines), 1, out)
        self.assertEqual(json.loads(lines[0])["rule"], "memory-leak")


if __name__ == "__main__":
    unittest.main()
