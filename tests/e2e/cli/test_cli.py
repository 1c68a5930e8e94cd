#!/usr/bin/env python3
"""End-to-end tests of the smatch-ci command line (python3 stdlib only).

Each test builds a scratch directory of small C files (and, where needed, a
compile_commands.json) and runs the real binary named by $SMATCH_CI.  The
contract under test: output shapes, exit codes 0/1/2/3, -p, one worker per
TU (a broken TU never hides another's findings), and -j determinism.
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
SOURCE_DIR = os.environ.get("SCI_SOURCE_DIR",
                            os.path.normpath(os.path.join(HERE, "..", "..", "..")))
# absolute: the tests run the binary from scratch directories
SMATCH_CI = os.path.abspath(os.environ.get(
    "SMATCH_CI", os.path.join(SOURCE_DIR, "build", "src", "smatch-ci")))

LEAK_C = """\
#include <stdlib.h>
int f(int n)
{
	char *p = malloc(n);
	if (!p)
		return -1;
	if (n > 3)
		return 1;
	free(p);
	return 0;
}
"""
# the leak is reported on the `return 1;` line or at the function's end
LEAK_LINES = (8, 11)

CLEAN_C = "int g(int x) { return x + 1; }\n"
SYNTAX_ERROR_C = "int broken(int x { return x; }\n"
MISSING_INCLUDE_C = '#include "no_such_header.h"\nint h(void) { return 0; }\n'

TEXT_LINE = re.compile(
    r"^(?P<path>[^:\s]+):(?P<line>\d+) (?:(?P<func>[A-Za-z_]\w*)\(\) )?"
    r"(?P<level>note|warning|error): (?P<msg>.*) \[(?P<rule>[a-z0-9-]+)\]$")
FAILURE_LINE = re.compile(
    r"^(?P<path>[^:\s]+): error: analysis failed: (?P<msg>.+) "
    r"\[analysis-failure\]$")
JSON_KEYS = ["column", "function", "function_lines", "key", "level", "line",
             "message", "path", "related", "rule", "steps"]


def run(args, cwd, timeout=120, env=None):
    p = subprocess.run([SMATCH_CI] + list(args), cwd=cwd,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True, timeout=timeout, env=env)
    return p.returncode, p.stdout, p.stderr


def parse_text(stdout):
    """(findings, failures) from the text report; every line must parse."""
    findings, failures = [], []
    for line in stdout.splitlines():
        m = FAILURE_LINE.match(line)
        if m:
            failures.append(m.groupdict())
            continue
        m = TEXT_LINE.match(line)
        if not m:
            raise AssertionError("unexpected output line: %r" % line)
        findings.append(m.groupdict())
    return findings, failures


class CliTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="sci-e2e-cli-")
        self.addCleanup(shutil.rmtree, self.dir)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        return path

    def write_compdb(self, entries, where="."):
        path = os.path.join(self.dir, where, "compile_commands.json")
        with open(path, "w") as f:
            json.dump(entries, f)
        return path

    def assert_one_line_error(self, rc, out, err, needle):
        self.assertEqual(rc, 2, err)
        self.assertEqual(out, "")
        lines = err.strip().splitlines()
        self.assertEqual(len(lines), 1, err)
        self.assertTrue(lines[0].startswith("smatch-ci: error: "), err)
        self.assertIn(needle, lines[0])

    def assert_leak(self, finding, path):
        self.assertEqual(finding["rule"], "memory-leak")
        self.assertEqual(finding["path"], path)
        self.assertEqual(finding["func"], "f")
        self.assertEqual(finding["level"], "warning")
        self.assertIn(int(finding["line"]), LEAK_LINES)

    # ---- exit codes and the text report ----

    def test_clean_file_exits_0_without_output(self):
        self.write("clean.c", CLEAN_C)
        rc, out, err = run(["clean.c"], self.dir)
        self.assertEqual((rc, out), (0, ""), err)

    def test_leak_exits_1_with_smatch_style_line(self):
        self.write("leak.c", LEAK_C)
        rc, out, err = run(["leak.c"], self.dir)
        self.assertEqual(rc, 1, err)
        findings, failures = parse_text(out)
        self.assertEqual(failures, [])
        self.assertEqual(len(findings), 1, out)
        self.assert_leak(findings[0], "leak.c")

    def test_check_word_is_the_default_command(self):
        self.write("leak.c", LEAK_C)
        rc, out, _ = run(["check", "leak.c"], self.dir)
        self.assertEqual(rc, 1)
        self.assertEqual(len(parse_text(out)[0]), 1)

    def test_paths_are_reported_as_given(self):
        self.write("src/leak.c", LEAK_C)
        rc, out, _ = run(["./src/leak.c"], self.dir)
        self.assertEqual(rc, 1)
        self.assertTrue(out.startswith("./src/leak.c:"), out)
        rc, out, _ = run([os.path.join(self.dir, "src", "leak.c")], "/")
        self.assertEqual(rc, 1)
        self.assertTrue(out.startswith(os.path.join(self.dir, "src", "leak.c") + ":"), out)

    def test_quiet_prints_only_the_verdict(self):
        self.write("leak.c", LEAK_C)
        rc, out, _ = run(["-q", "leak.c"], self.dir)
        self.assertEqual(rc, 1)
        self.assertEqual(out, "smatch-ci: FAILED (findings)\n")

    def test_fail_level(self):
        self.write("leak.c", LEAK_C)
        rc, out, _ = run(["--fail-level", "error", "leak.c"], self.dir)
        self.assertEqual(rc, 0)
        self.assertEqual(len(parse_text(out)[0]), 1, "still reported")
        rc, _, _ = run(["--fail-level=note", "leak.c"], self.dir)
        self.assertEqual(rc, 1)
        rc, _, _ = run(["--fail-level", "warning", "leak.c"], self.dir)
        self.assertEqual(rc, 1)
        rc, out, err = run(["--fail-level", "fatal", "leak.c"], self.dir)
        self.assert_one_line_error(rc, out, err, "fatal")

    def test_missing_file_exits_2(self):
        self.write("clean.c", CLEAN_C)
        rc, out, err = run(["clean.c", "nope.c"], self.dir)
        self.assert_one_line_error(rc, out, err, "nope.c")

    def test_unknown_option_exits_2(self):
        self.write("clean.c", CLEAN_C)
        rc, out, err = run(["--no-such-option", "clean.c"], self.dir)
        self.assert_one_line_error(rc, out, err, "--no-such-option")

    def test_no_input_exits_2(self):
        rc, out, err = run([], self.dir)
        self.assert_one_line_error(rc, out, err, "no input")
        rc, out, err = run(["-j", "2"], self.dir)
        self.assert_one_line_error(rc, out, err, "no input")

    def test_bad_option_values_exit_2(self):
        self.write("clean.c", CLEAN_C)
        for args, needle in ((["-j", "0", "clean.c"], "-j"),
                             (["--tu-timeout", "soon", "clean.c"], "--tu-timeout"),
                             (["-std=c++17", "clean.c"], "c++17"),
                             (["clean.c", "--json"], "--json"),
                             (["clean.c", "-I"], "-I")):
            rc, out, err = run(args, self.dir)
            self.assert_one_line_error(rc, out, err, needle)

    def test_help_and_version(self):
        rc, out, _ = run(["--help"], self.dir)
        self.assertEqual(rc, 0)
        self.assertIn("usage: smatch-ci", out)
        self.assertIn("--fail-level", out)
        rc, out, _ = run(["--version"], self.dir)
        self.assertEqual(rc, 0)
        self.assertRegex(out, r"^smatch-ci \d+\.\d+\.\d+\n$")

    # ---- preprocessor flags ----

    def test_include_and_define_flags(self):
        self.write("inc/limits_cfg.h", "#define LIMIT 3\n")
        self.write("leak.c", LEAK_C.replace("n > 3", "n > LIMIT").replace(
            "#include <stdlib.h>", "#include <stdlib.h>\n#include \"limits_cfg.h\"\n#ifndef ON\n#error ON not defined\n#endif"))
        rc, out, err = run(["leak.c"], self.dir)
        self.assertEqual(rc, 3, out + err)
        rc, out, err = run(["-I", "inc", "-DON", "leak.c"], self.dir)
        self.assertEqual(rc, 1, out + err)
        rc, out, err = run(["-Iinc", "-D", "ON=1", "-std=gnu11", "leak.c"], self.dir)
        self.assertEqual(rc, 1, out + err)
        self.assertEqual(len(parse_text(out)[0]), 1)

    def test_include_file_flag(self):
        self.write("pre.h", "#define ON 1\n")
        self.write("t.c", "#ifndef ON\n#error ON not defined\n#endif\n" + CLEAN_C)
        rc, out, err = run(["t.c"], self.dir)
        self.assertEqual(rc, 3, out + err)
        rc, out, err = run(["-include", "pre.h", "t.c"], self.dir)
        self.assertEqual((rc, out), (0, ""), err)

    # ---- failures: exit 3, other TUs still reported ----

    def test_broken_tus_hide_nothing(self):
        self.write("a_leak.c", LEAK_C)
        self.write("b_syntax.c", SYNTAX_ERROR_C)
        self.write("c_missing.c", MISSING_INCLUDE_C)
        self.write("d_leak.c", LEAK_C)
        rc, out, err = run(["a_leak.c", "b_syntax.c", "c_missing.c", "d_leak.c"],
                           self.dir)
        self.assertEqual(rc, 1, out + err)     # findings: 3 never hides 1
        findings, failures = parse_text(out)
        self.assertEqual(sorted(f["path"] for f in findings),
                         ["a_leak.c", "d_leak.c"])
        for f in findings:
            self.assert_leak(f, f["path"])
        by_path = {f["path"]: f["msg"] for f in failures}
        self.assertEqual(sorted(by_path), ["b_syntax.c", "c_missing.c"])
        self.assertIn("sparse could not parse the file", by_path["b_syntax.c"])
        self.assertIn("b_syntax.c:1:", by_path["b_syntax.c"])
        self.assertIn("error:", by_path["b_syntax.c"])
        self.assertIn("no_such_header.h", by_path["c_missing.c"])
        self.assertIn("analysis incomplete", err)

    def test_worker_crash_and_timeout_hide_nothing(self):
        # __sci_crash()/__sci_hang() are debug intrinsics that really kill
        # or stall the analyzing worker.
        self.write("a_leak.c", LEAK_C)
        self.write("b_crash.c", "void f(void) { __sci_crash(); }\n")
        self.write("c_hang.c", "void f(void) { __sci_hang(); }\n")
        self.write("d_leak.c", LEAK_C)
        # Under ASan the worker's SIGSEGV would become an exit(1) report:
        # let the signal kill it, as in a normal build.
        env = dict(os.environ)
        env["ASAN_OPTIONS"] = ":".join(
            filter(None, [env.get("ASAN_OPTIONS"), "handle_segv=0"]))
        rc, out, err = run(["--tu-timeout", "2", "-j", "4", "a_leak.c",
                            "b_crash.c", "c_hang.c", "d_leak.c"], self.dir,
                           timeout=60, env=env)
        self.assertEqual(rc, 1, out + err)
        findings, failures = parse_text(out)
        self.assertEqual(sorted(f["path"] for f in findings),
                         ["a_leak.c", "d_leak.c"])
        by_path = {f["path"]: f["msg"] for f in failures}
        self.assertEqual(sorted(by_path), ["b_crash.c", "c_hang.c"])
        self.assertIn("SIGSEGV", by_path["b_crash.c"])
        self.assertIn("timed out", by_path["c_hang.c"])

    def test_findings_win_over_failures_and_failures_alone_are_3(self):
        self.write("leak.c", LEAK_C)
        self.write("bad.c", SYNTAX_ERROR_C)
        rc, _, _ = run(["leak.c", "bad.c"], self.dir)
        self.assertEqual(rc, 1)
        # the leak is a warning, below the fail level: only the failure
        rc, _, _ = run(["--fail-level", "error", "leak.c", "bad.c"], self.dir)
        self.assertEqual(rc, 3)
        rc, _, _ = run(["bad.c"], self.dir)
        self.assertEqual(rc, 3)

    # ---- parallelism ----

    def test_jobs_do_not_change_results(self):
        names = []
        for i in range(8):
            names.append(self.write("leak%d.c" % i, LEAK_C))
            names.append(self.write("clean%d.c" % i, CLEAN_C))
        names.append(self.write("zz_bad.c", SYNTAX_ERROR_C))
        names = [os.path.basename(n) for n in names]
        rc1, out1, _ = run(["-j", "1"] + names, self.dir)
        rc2, out2, _ = run(["-j", "2"] + names, self.dir)
        rc4, out4, _ = run(["-j4", "--json", "-"] + names, self.dir)
        rc1j, out1j, _ = run(["-j", "1", "--json", "-"] + names, self.dir)
        self.assertEqual((rc1, rc2, rc4, rc1j), (1, 1, 1, 1))
        self.assertEqual(out1, out2)
        self.assertEqual(out4, out1j)
        findings, failures = parse_text(out1)
        self.assertEqual(len(findings), 8)
        self.assertEqual(len(failures), 1)
        self.assertEqual(out1.splitlines(), sorted(out1.splitlines(),
                         key=lambda l: (l.split(":")[0],)))

    def test_same_file_twice_is_reported_once(self):
        self.write("leak.c", LEAK_C)
        rc, out, _ = run(["leak.c", "-j", "2", "leak.c"], self.dir)
        self.assertEqual(rc, 1)
        self.assertEqual(len(parse_text(out)[0]), 1, out)

    def test_tu_timeout_accepts_a_limit(self):
        self.write("leak.c", LEAK_C)
        rc, out, _ = run(["--tu-timeout", "60", "leak.c"], self.dir)
        self.assertEqual(rc, 1)
        self.assertEqual(len(parse_text(out)[0]), 1)
        rc, out, _ = run(["--tu-timeout=0", "leak.c"], self.dir)
        self.assertEqual(rc, 1)

    # ---- JSON ----

    def test_json_to_stdout_replaces_text(self):
        self.write("leak.c", LEAK_C)
        rc, out, err = run(["--json", "-", "leak.c"], self.dir)
        self.assertEqual(rc, 1, err)
        lines = out.splitlines()
        self.assertEqual(len(lines), 1, out)
        self.assertNotIn(" ", lines[0].split('"message"')[0],
                         "compact separators")
        obj = json.loads(lines[0])
        self.assertEqual(sorted(obj), JSON_KEYS)
        self.assertEqual(list(obj), JSON_KEYS, "keys are sorted")
        self.assertEqual(obj["rule"], "memory-leak")
        self.assertEqual(obj["level"], "warning")
        self.assertEqual(obj["path"], "leak.c")
        self.assertEqual(obj["function"], "f")
        self.assertIn(obj["line"], LEAK_LINES)
        self.assertIsInstance(obj["column"], int)
        self.assertIsInstance(obj["key"], str)
        self.assertIsInstance(obj["message"], str)
        self.assertNotRegex(obj["message"], r"\d+", "no line numbers in messages")
        self.assertIsInstance(obj["related"], list)
        for rel in obj["related"]:
            self.assertEqual(sorted(rel), ["column", "line", "message", "path"])

    def test_json_file_and_text(self):
        self.write("leak.c", LEAK_C)
        self.write("bad.c", SYNTAX_ERROR_C)
        rc, out, err = run(["--json", "out.jsonl", "leak.c", "bad.c"], self.dir)
        self.assertEqual(rc, 1, err)
        findings, failures = parse_text(out)
        self.assertEqual(len(findings), 1)
        self.assertEqual(len(failures), 1)
        with open(os.path.join(self.dir, "out.jsonl")) as f:
            objs = [json.loads(l) for l in f.read().splitlines()]
        self.assertEqual(sorted(o["rule"] for o in objs),
                         ["analysis-failure", "memory-leak"])
        fail = [o for o in objs if o["rule"] == "analysis-failure"][0]
        self.assertEqual(fail["path"], "bad.c")
        self.assertEqual(fail["level"], "error")
        self.assertIn("sparse could not parse the file", fail["message"])

    def test_json_unwritable_exits_2(self):
        self.write("clean.c", CLEAN_C)
        rc, out, err = run(["--json", "no/such/dir/out.jsonl", "clean.c"], self.dir)
        self.assert_one_line_error(rc, out, err, "no/such/dir/out.jsonl")

    def test_json_clean_is_empty(self):
        self.write("clean.c", CLEAN_C)
        rc, out, err = run(["--json", "-", "clean.c"], self.dir)
        self.assertEqual((rc, out), (0, ""), err)

    # ---- checks ----

    def test_list_checks(self):
        rc, out, err = run(["--list-checks"], self.dir)
        self.assertEqual(rc, 0, err)
        lines = out.splitlines()
        self.assertRegex(lines[0], r"^rule\s+level\s+on\s+summary$")
        rows = {}
        for line in lines[1:]:
            m = re.match(r"^(\S+)\s+(note|warning|error)\s+(on|off)\s+(\S.*)$", line)
            self.assertIsNotNone(m, line)
            rows[m.group(1)] = m.groups()
        self.assertIn("memory-leak", rows)
        self.assertEqual(rows["memory-leak"][2], "on")
        self.assertEqual(list(rows), sorted(rows))

    def test_disable_and_enable(self):
        self.write("leak.c", LEAK_C)
        rc, out, err = run(["--disable", "memory-leak", "leak.c"], self.dir)
        self.assertEqual((rc, out), (0, ""), err)
        rc, out, err = run(["--disable=all", "leak.c"], self.dir)
        self.assertEqual((rc, out), (0, ""), err)
        rc, out, _ = run(["--disable=all", "--enable", "memory-leak", "leak.c"],
                         self.dir)
        self.assertEqual(rc, 1)
        self.assertEqual(len(parse_text(out)[0]), 1)
        rc, out, _ = run(["--enable", "all", "leak.c"], self.dir)
        self.assertEqual(rc, 1)
        self.assertIn("[memory-leak]", out)

    def test_unknown_rule_exits_2(self):
        self.write("leak.c", LEAK_C)
        rc, out, err = run(["--enable", "memory-leak,no-such-rule", "leak.c"],
                           self.dir)
        self.assert_one_line_error(rc, out, err, "no-such-rule")
        rc, out, err = run(["--disable", "bogus", "leak.c"], self.dir)
        self.assert_one_line_error(rc, out, err, "bogus")

    # ---- compile_commands.json ----

    def make_project(self):
        """src/{leak,clean}.c built in build/, one via "arguments", one via
        "command", with a relative -I that only resolves from build/."""
        # cfg.h replaces <stdlib.h> so that LEAK_LINES stay true
        self.write("src/inc/cfg.h", "#include <stdlib.h>\n#define LIMIT 3\n")
        self.write("src/leak.c", LEAK_C.replace("n > 3", "n > LIMIT").replace(
            "#include <stdlib.h>", "#include \"cfg.h\""))
        self.write("src/clean.c", "#ifndef MODE\n#error no MODE\n#endif\n" + CLEAN_C)
        build = os.path.join(self.dir, "build")
        os.makedirs(build)
        self.write_compdb([
            {"directory": build, "file": "../src/leak.c",
             "arguments": ["cc", "-I../src/inc", "-Wall", "-O2", "-c",
                           "../src/leak.c", "-o", "leak.o"]},
            {"directory": build, "file": os.path.join(self.dir, "src", "clean.c"),
             "command": "cc -iquote ../src -DMODE='\"a b\"' -std=gnu2x "
                        "-c ../src/clean.c -o clean.o"},
        ], "build")
        return build

    def test_compdb_directory_form(self):
        self.make_project()
        rc, out, err = run(["-p", "build"], self.dir)
        self.assertEqual(rc, 1, out + err)
        findings, failures = parse_text(out)
        self.assertEqual(failures, [])
        self.assertEqual(len(findings), 1, out)
        # relative to where smatch-ci runs, not to the entry's directory
        self.assert_leak(findings[0], "src/leak.c")

    def test_compdb_file_form_and_absolute_outside_cwd(self):
        build = self.make_project()
        db = os.path.join(build, "compile_commands.json")
        rc, out, err = run(["-p", db], build)
        self.assertEqual(rc, 1, out + err)
        findings, _ = parse_text(out)
        self.assertEqual(len(findings), 1)
        self.assertEqual(findings[0]["path"],
                         os.path.join(self.dir, "src", "leak.c"))

    def test_compdb_json_paths(self):
        self.make_project()
        rc, out, _ = run(["-p", "build", "--json", "-"], self.dir)
        self.assertEqual(rc, 1)
        obj = json.loads(out.splitlines()[0])
        self.assertEqual(obj["path"], "src/leak.c")

    def test_compdb_file_filter(self):
        self.make_project()
        rc, out, err = run(["-p", "build", "src/clean.c"], self.dir)
        self.assertEqual((rc, out), (0, ""), err)
        rc, out, err = run(["-p", "build", "./src/../src/leak.c"], self.dir)
        self.assertEqual(rc, 1, err)
        self.assertEqual(len(parse_text(out)[0]), 1)

    def test_compdb_filter_matching_nothing_exits_2(self):
        self.make_project()
        self.write("other.c", CLEAN_C)
        rc, out, err = run(["-p", "build", "other.c"], self.dir)
        self.assertEqual(rc, 2)
        self.assertEqual(out, "")
        self.assertIn("smatch-ci: error:", err)
        self.assertIn("compilation database", err)

    def test_compdb_broken_entry_keeps_others(self):
        build = self.make_project()
        self.write("src/bad.c", SYNTAX_ERROR_C)
        self.write("src/missing.c", MISSING_INCLUDE_C)
        with open(os.path.join(build, "compile_commands.json")) as f:
            entries = json.load(f)
        entries.append({"directory": build, "file": "../src/bad.c",
                        "arguments": ["cc", "-c", "../src/bad.c"]})
        entries.append({"directory": build, "file": "../src/missing.c",
                        "arguments": ["cc", "-c", "../src/missing.c"]})
        self.write_compdb(entries, "build")
        rc1, out1, err = run(["-p", "build", "-j", "1"], self.dir)
        rc2, out2, _ = run(["-p", "build", "-j", "2"], self.dir)
        self.assertEqual((rc1, rc2), (1, 1), out1 + err)
        self.assertEqual(out1, out2)
        findings, failures = parse_text(out1)
        self.assertEqual([f["path"] for f in findings], ["src/leak.c"])
        self.assertEqual(sorted(f["path"] for f in failures),
                         ["src/bad.c", "src/missing.c"])

    def test_compdb_errors_exit_2(self):
        os.makedirs(os.path.join(self.dir, "empty"))
        self.write_compdb([], "empty")
        rc, out, err = run(["-p", "empty"], self.dir)
        self.assert_one_line_error(rc, out, err, "no entries")

        self.write("badjson/compile_commands.json", "[{\"directory\": ")
        rc, out, err = run(["-p", "badjson"], self.dir)
        self.assert_one_line_error(rc, out, err, "compile_commands.json")

        self.write("badshape/compile_commands.json", '[{"file": "a.c"}]')
        rc, out, err = run(["-p", "badshape"], self.dir)
        self.assert_one_line_error(rc, out, err, "directory")

        rc, out, err = run(["-p", "nowhere"], self.dir)
        self.assert_one_line_error(rc, out, err, "nowhere")


if __name__ == "__main__":
    if not os.access(SMATCH_CI, os.X_OK):
        sys.exit("test_cli.py: no smatch-ci binary at %s (set SMATCH_CI)" % SMATCH_CI)
    unittest.main(verbosity=2)
