#!/usr/bin/env python3
"""The CI glue runs no one's code and writes no one's commands
(python3 stdlib only).

Runs the real shell of action.yml's steps and of ci/gitlab/smatch-ci.yml's
script, taken from the YAML files, with a fake smatch-ci that records its
arguments, and checks:

  - the `args` input and SMATCH_CI_ARGS are split like shell words and never
    evaluated: $(...), `...`, $VAR and globs arrive as written and run
    nothing; unbalanced quotes stop with exit code 2;
  - nothing smatch-ci (or the build command) prints can issue a GitHub
    workflow command: those steps run between ::stop-commands:: and a
    random token, and the annotations escape every field;
  - the real binary's text output keeps a file named `::add-mask::x.c`, or
    one with a newline in its name, from starting a line with "::".

GitHub's runner is modelled by runner_commands(): a line is a command when
it starts with "::" after leading white space, and ::stop-commands::TOKEN
turns commands off until a line ::TOKEN::.
"""
import importlib.util
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE_DIR = os.environ.get("SCI_SOURCE_DIR",
                            os.path.normpath(os.path.join(HERE, "..", "..", "..")))
SMATCH_CI = os.path.abspath(os.environ.get(
    "SMATCH_CI", os.path.join(SOURCE_DIR, "build", "src", "smatch-ci")))
SPLIT_ARGS = os.path.join(SOURCE_DIR, "ci", "split-args.py")


def _load_yaml_module():
    # the CI-file lint has a YAML reader that needs no PyYAML
    path = os.path.join(SOURCE_DIR, "tests", "tools", "check_ci_files.py")
    spec = importlib.util.spec_from_file_location("check_ci_files", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


CHECK_CI = _load_yaml_module()


def load_yaml(rel):
    with open(os.path.join(SOURCE_DIR, rel), encoding="utf-8") as f:
        return CHECK_CI.load_yaml(f.read())


def action_step(key, value):
    for step in load_yaml("action.yml")["runs"]["steps"]:
        if step.get(key) == value:
            return step
    raise AssertionError("action.yml has no step with %s %r" % (key, value))


def gitlab_job():
    return load_yaml("ci/gitlab/smatch-ci.yml")[".smatch-ci"]


# ---------------------------------------------------------------------------
# GitHub's runner, as far as commands go

def _unescape_data(s):
    return s.replace("%0D", "\r").replace("%0A", "\n").replace("%25", "%")


def _unescape_prop(s):
    return (s.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":")
            .replace("%2C", ",").replace("%25", "%"))


def runner_commands(stdout):
    """The workflow commands the runner would obey in @stdout, as
    (name, {property: value}, data).  Lines are split on anything Python
    calls a line break, which is more than the runner does."""
    active = []
    stopped_by = None
    for line in stdout.splitlines():
        s = line.lstrip()
        if not s.startswith("::"):
            continue
        end = s.find("::", 2)
        if end < 0:
            continue
        head, data = s[2:end], s[end + 2:]
        name, _, props = head.partition(" ")
        if stopped_by is not None:
            if name == stopped_by:
                stopped_by = None
            continue
        if name == "stop-commands":
            stopped_by = data
            continue
        parsed = {}
        for p in props.split(",") if props else []:
            k, _, v = p.partition("=")
            parsed[k] = _unescape_prop(v)
        active.append((name, parsed, _unescape_data(data)))
    return active


# ---------------------------------------------------------------------------

FAKE_SMATCH_CI = r"""#!/usr/bin/env python3
# A stand-in for smatch-ci: records its arguments, prints what a hostile
# file name could make the real one print, exits with $FAKE_RC.
import json, os, sys
with open(os.environ["FAKE_LOG"], "a") as f:
    f.write(json.dumps([os.fsdecode(a) for a in sys.argv[1:]]) + "\n")
if sys.argv[1:2] == ["--version"]:
    print("smatch-ci 0.0-fake")
    sys.exit(0)
print("::add-mask::hidden")
print("  ::error file=x.c::fake finding from a file name")
print("::stop-commands::guess")
print("::guess::")
print("::warning::after a guessed token")
sys.exit(int(os.environ.get("FAKE_RC", "0")))
"""


def write_exe(path, text):
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)


class Scratch(unittest.TestCase):
    """A scratch git repository, a fake smatch-ci and a place for a payload
    to leave its marks."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="sci-ci-args-")
        self.addCleanup(shutil.rmtree, self.tmp, True)
        self.repo = os.path.join(self.tmp, "repo")
        os.mkdir(self.repo)
        self.git("init", "-q")
        with open(os.path.join(self.repo, "a.c"), "w") as f:
            f.write("int a;\n")
        self.git("add", "a.c")
        self.git("-c", "user.email=t@example.com", "-c", "user.name=t",
                 "commit", "-q", "-m", "a")
        self.head = self.git("rev-parse", "HEAD").strip()
        self.fake = os.path.join(self.tmp, "fake-smatch-ci")
        write_exe(self.fake, FAKE_SMATCH_CI)
        self.log = os.path.join(self.tmp, "fake.log")
        self.pwned = os.path.join(self.tmp, "pwned")
        self.home = os.path.join(self.tmp, "home")
        os.mkdir(self.home)

    def git(self, *args):
        return subprocess.run(["git"] + list(args), cwd=self.repo, check=True,
                              stdout=subprocess.PIPE, universal_newlines=True,
                              env=dict(os.environ, HOME=self.tmp)).stdout

    def calls(self):
        try:
            with open(self.log) as f:
                return [json.loads(line) for line in f]
        except FileNotFoundError:
            return []

    def payload(self):
        """(the args string, the words it must arrive as)."""
        p = self.pwned
        text = ("--enable all $(touch %s) `touch %s2` *.c $HOME '$(x)' "
                "\"a b\" --profile=\"$(touch %s3)\" ~ \\$y" % (p, p, p))
        words = ["--enable", "all", "$(touch", p + ")", "`touch", p + "2`",
                 "*.c", "$HOME", "$(x)", "a b", "--profile=$(touch %s3)" % p,
                 "~", "$y"]
        return text, words

    def assert_not_pwned(self):
        for suffix in ("", "2", "3"):
            self.assertFalse(os.path.exists(self.pwned + suffix),
                             "the payload ran: %s exists" % (self.pwned + suffix))


# ---------------------------------------------------------------------------

class SplitArgsScript(unittest.TestCase):
    def split(self, text):
        p = subprocess.run([sys.executable, SPLIT_ARGS, text],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        return p.returncode, p.stdout, p.stderr.decode()

    def test_words_quotes_and_escapes(self):
        cases = [
            ("", []),
            ("  \t\n ", []),
            ("-j 4  --enable=all", ["-j", "4", "--enable=all"]),
            ("--x='a b' \"c d\"e", ["--x=a b", "c de"]),
            ("'it'\\''s'", ["it's"]),
            ('"a\\"b\\\\c\\$d\\`e\\nf"', ['a"b\\c$d`e\\nf']),
            ("a\\ b\\\nc", ["a bc"]),
            ("'' \"\"", ["", ""]),
            ("\u00fcber caf\u00e9", ["\u00fcber", "caf\u00e9"]),
            ("a#b #c ;d|e&f<g>(h)", ["a#b", "#c", ";d|e&f<g>(h)"]),
        ]
        for text, want in cases:
            rc, out, err = self.split(text)
            self.assertEqual(rc, 0, err)
            got = [w.decode() for w in out.split(b"\0")[:-1]]
            self.assertEqual(got, want, repr(text))
            self.assertTrue(out == b"" or out.endswith(b"\0"))

    def test_unbalanced_is_exit_2_without_echo(self):
        for text in ("'a", '"a', "a\\", "--x='$(id)", '"\\"'):
            rc, out, err = self.split(text)
            self.assertEqual(rc, 2, repr(text))
            self.assertEqual(out, b"")
            self.assertIn("split-args:", err)
            self.assertNotIn("$(id)", err)

    def test_usage(self):
        p = subprocess.run([sys.executable, SPLIT_ARGS], stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
        self.assertEqual(p.returncode, 2)


class ActionRunStep(Scratch):
    """action.yml's `Run smatch-ci` step, as the runner would run it."""

    def run_step(self, args="", **env):
        script = action_step("id", "run")["run"]
        self.assertEqual(action_step("id", "run").get("shell"), "bash")
        path = os.path.join(self.tmp, "step.sh")
        with open(path, "w") as f:
            f.write(script)
        output = os.path.join(self.tmp, "github_output")
        open(output, "w").close()
        runner_temp = os.path.join(self.tmp, "runner_temp")
        os.makedirs(runner_temp, exist_ok=True)
        e = dict(os.environ)
        e.update({
            "HOME": self.home, "GITHUB_OUTPUT": output, "RUNNER_TEMP": runner_temp,
            "GITHUB_ACTION_PATH": SOURCE_DIR, "SCI_BIN": self.fake,
            "SCI_BASE_REF": self.head, "SCI_MERGE_GROUP_BASE": "",
            "SCI_DEFAULT_BRANCH": "main", "SCI_COMPILE_COMMANDS": "",
            "SCI_FAIL_ON": "touched", "SCI_CATEGORY": "smatch-ci",
            "SCI_CHECK_BASELINE": "false", "SCI_RESULTS_CACHE": "false",
            "SCI_ARGS": args, "FAKE_LOG": self.log, "FAKE_RC": "0",
        })
        e.update(env)
        p = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", path],
                           cwd=self.repo, env=e, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
        with open(output) as f:
            outputs = dict(line.split("=", 1) for line in f.read().splitlines() if "=" in line)
        return p, outputs

    def test_payload_is_not_evaluated(self):
        text, words = self.payload()
        p, outputs = self.run_step(text)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assert_not_pwned()
        calls = self.calls()
        self.assertEqual(len(calls), 1, p.stdout)
        argv = calls[0]
        self.assertEqual(argv[0], "check")
        # the extra words come last, in order, exactly as written
        self.assertEqual(argv[-len(words):], words)
        self.assertIn("--base-sha", argv)
        self.assertEqual(outputs.get("exit-code"), "0")

    def test_unbalanced_quote_is_exit_code_2(self):
        p, outputs = self.run_step("--enable 'all")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(outputs.get("exit-code"), "2")
        self.assertEqual(self.calls(), [])
        cmds = runner_commands(p.stdout)
        self.assertTrue(any(c[0] == "error" and "args input" in c[2] for c in cmds), p.stdout)

    def test_tool_output_issues_no_command(self):
        for rc, check_baseline in (("1", "false"), ("0", "true"), ("3", "false")):
            with self.subTest(rc=rc, check_baseline=check_baseline):
                os.unlink(self.log) if os.path.exists(self.log) else None
                p, outputs = self.run_step("::add-mask::x", FAKE_RC=rc,
                                           SCI_CHECK_BASELINE=check_baseline)
                self.assertEqual(p.returncode, 0, p.stderr)
                self.assertEqual(outputs.get("exit-code"), rc)
                self.assertEqual(len(self.calls()), 2 if check_baseline == "true" else 1)
                # the fake printed add-mask, error, warning: none is obeyed
                self.assertEqual(runner_commands(p.stdout), [], p.stdout)
                m = re.search(r"^::stop-commands::([0-9a-f]+)$", p.stdout, re.M)
                self.assertIsNotNone(m, p.stdout)
                self.assertEqual(len(m.group(1)), 32)
                self.assertIn("\n::%s::\n" % m.group(1), p.stdout)

    def test_token_is_fresh_each_run(self):
        tokens = set()
        for _ in range(2):
            p, _ = self.run_step()
            tokens.update(re.findall(r"^::stop-commands::([0-9a-f]{32})$", p.stdout, re.M))
        self.assertEqual(len(tokens), 2)

    def test_base_ref_with_a_line_break_is_exit_code_2(self):
        p, outputs = self.run_step(SCI_BASE_REF="main\nexit-code=0")
        self.assertEqual(outputs.get("exit-code"), "2")
        self.assertNotIn("base", outputs)
        self.assertEqual(self.calls(), [])


class ActionBuildStep(Scratch):
    def test_build_output_issues_no_command(self):
        step = action_step("name", "Build command")
        path = os.path.join(self.tmp, "build.sh")
        with open(path, "w") as f:
            f.write(step["run"])
        cmd = "echo '::error::from the build'\nprintf ' ::add-mask::x\\n'\nexit 7"
        p = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", path],
                           cwd=self.repo, stdout=subprocess.PIPE, universal_newlines=True,
                           env=dict(os.environ, SCI_BUILD_COMMAND=cmd))
        self.assertEqual(p.returncode, 7)
        cmds = runner_commands(p.stdout)
        # only the group around it, with the command's lines escaped
        self.assertEqual([c[0] for c in cmds], ["group", "endgroup"], p.stdout)
        self.assertEqual(cmds[0][2], cmd)


class ActionAnnotations(Scratch):
    def test_every_field_is_escaped(self):
        script = action_step("name", "Annotate new findings")["run"]
        m = re.search(r"<<'PY'\n(.*?)^PY$", script, re.M | re.S)
        self.assertIsNotNone(m, "the Annotate step is no longer a python3 heredoc")
        prog = os.path.join(self.tmp, "annotate.py")
        with open(prog, "w") as f:
            f.write(m.group(1))
        hostile = [
            {"rule": "memory-leak\n::add-mask::r, x:y", "level": "warning",
             "path": "dir, a:b/::add-mask::x%0A.c", "line": 3, "column": 2,
             "function": "f\n::error::g", "class": "new", "touched": True,
             "message": "100% leak\r\n::warning file=x.c::injected, ok"},
            {"rule": "analysis-failure", "level": "error",
             "path": "a\nb.c", "message": "timed out\n::stop-commands::t"},
        ]
        jsonl = os.path.join(self.tmp, "findings.jsonl")
        with open(jsonl, "w") as f:
            for d in hostile:
                f.write(json.dumps(d) + "\n")
            f.write("not json\n")
        p = subprocess.run([sys.executable, prog, jsonl], stdout=subprocess.PIPE,
                           universal_newlines=True,
                           env=dict(os.environ, GITHUB_WORKSPACE=self.tmp))
        self.assertEqual(p.returncode, 0)
        cmds = runner_commands(p.stdout)
        # the bad line, the finding (a warning), the analysis failure
        self.assertEqual([c[0] for c in cmds], ["warning", "warning", "error"], p.stdout)
        # every line is a whole command: nothing leaked onto a line of its own
        lines = p.stdout.splitlines()
        self.assertEqual(len(lines), 4)
        self.assertTrue(lines[-1].startswith("smatch-ci: "))
        leak = cmds[1]
        self.assertEqual(leak[1]["file"], hostile[0]["path"])
        self.assertEqual(leak[1]["title"], "smatch-ci [%s]" % hostile[0]["rule"])
        self.assertEqual(leak[1]["line"], "3")
        self.assertEqual(leak[2], "%s(): %s" % (hostile[0]["function"], hostile[0]["message"]))
        fail = cmds[2]
        self.assertEqual(fail[1]["file"], "a\nb.c")
        self.assertEqual(fail[2], hostile[1]["message"])


class GitlabScript(Scratch):
    """ci/gitlab/smatch-ci.yml's script, with apt-get and cmake stubbed."""

    def run_script(self, **variables):
        job = gitlab_job()
        script = "\n".join(job["script"])
        stubs = os.path.join(self.tmp, "stubs")
        os.makedirs(stubs, exist_ok=True)
        apt_log = os.path.join(self.tmp, "apt.log")
        write_exe(os.path.join(stubs, "apt-get"),
                  "#!/bin/sh\nprintf '%%s\\n' \"$*\" >> '%s'\n" % apt_log)
        write_exe(os.path.join(stubs, "sudo"), "#!/bin/sh\nexec \"$@\"\n")
        # cmake --install ... --prefix P "installs" the fake
        write_exe(os.path.join(stubs, "cmake"),
                  "#!/bin/sh\n[ \"$1\" = --install ] || exit 0\n"
                  "mkdir -p \"$4/bin\" && cp '%s' \"$4/bin/smatch-ci\"\n" % self.fake)
        e = dict(os.environ)
        e.update({k: "" if v is None else str(v) for k, v in (job.get("variables") or {}).items()})
        e.update({
            "HOME": self.home, "PATH": stubs + os.pathsep + os.environ.get("PATH", ""),
            "CI_PROJECT_DIR": self.repo, "CI_DEFAULT_BRANCH": "main",
            "CI_MERGE_REQUEST_DIFF_BASE_SHA": self.head,
            "SMATCH_CI_SOURCE_DIR": SOURCE_DIR,
            "FAKE_LOG": self.log, "FAKE_RC": "0",
        })
        e.update(variables)
        p = subprocess.run(["bash", "-c", script], cwd=self.repo, env=e,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, timeout=300)
        try:
            with open(apt_log) as f:
                apt = f.read().splitlines()
        except FileNotFoundError:
            apt = []
        return p, apt

    def check_calls(self):
        return [c for c in self.calls() if c[:1] == ["check"]]

    def test_payload_is_not_evaluated(self):
        text, words = self.payload()
        p, _ = self.run_script(SMATCH_CI_ARGS=text)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assert_not_pwned()
        calls = self.check_calls()
        self.assertEqual(len(calls), 1, p.stdout + p.stderr)
        self.assertEqual(calls[0][-len(words):], words)
        self.assertIn("smatch-ci: gate passed", p.stdout)

    def test_unbalanced_quote_is_exit_2(self):
        p, _ = self.run_script(SMATCH_CI_ARGS='--enable "all')
        self.assertEqual(p.returncode, 2, p.stdout + p.stderr)
        self.assertIn("SMATCH_CI_ARGS is not valid shell words", p.stdout)
        self.assertEqual(self.check_calls(), [])

    def test_exit_codes_and_messages(self):
        for rc, text in (("1", "gate failed: new findings on changed code, or changed "
                               "code that could not be analyzed"),
                         ("3", "analysis incomplete"),
                         ("2", "usage, configuration or repository error")):
            with self.subTest(rc=rc):
                shutil.rmtree(os.path.join(self.repo, ".smatch-ci-tool"), True)
                p, _ = self.run_script(FAKE_RC=rc)
                self.assertEqual(p.returncode, int(rc), p.stdout + p.stderr)
                self.assertIn(text, p.stdout)

    def test_apt_packages_are_names_only(self):
        p, apt = self.run_script(SMATCH_CI_APT_PACKAGES="bear\nlibfoo-dev:amd64 zlib1g-dev=1:1.2 gcc-13/bookworm-backports")
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        installs = [a for a in apt if a.startswith("install")]
        self.assertTrue(installs and installs[0].endswith(
            "git ca-certificates bear libfoo-dev:amd64 zlib1g-dev=1:1.2 "
            "gcc-13/bookworm-backports"), apt)
        for bad in ("-oAPT::Update::Pre-Invoke::=touch%s" % self.pwned,
                    "bear $(touch %s)" % self.pwned, "*"):
            with self.subTest(bad=bad):
                os.unlink(os.path.join(self.tmp, "apt.log")) \
                    if os.path.exists(os.path.join(self.tmp, "apt.log")) else None
                p, apt = self.run_script(SMATCH_CI_APT_PACKAGES=bad)
                self.assertEqual(p.returncode, 2, p.stdout + p.stderr)
                self.assertEqual(apt, [])
                self.assert_not_pwned()


class TextOutput(unittest.TestCase):
    """The real binary: a hostile file name cannot start a line with '::'."""

    LEAK = ("#include <stdlib.h>\nint f(int n)\n{\n\tchar *p = malloc(n);\n"
            "\tif (n > 3)\n\t\treturn 1;\n\tfree(p);\n\treturn 0;\n}\n")

    def test_hostile_file_names(self):
        if not os.access(SMATCH_CI, os.X_OK):
            self.skipTest("no smatch-ci binary at %s" % SMATCH_CI)
        tmp = tempfile.mkdtemp(prefix="sci-ci-text-")
        self.addCleanup(shutil.rmtree, tmp, True)
        names = ["::add-mask::x.c", "a\n::error::b.c", " ::warning::c.c",
                 "\u3000::notice::d.c", "e\x1b[2J.c"]
        for n in names:
            with open(os.path.join(tmp, n), "w") as f:
                f.write(self.LEAK)
        p = subprocess.run([SMATCH_CI, "--enable", "all"] + names, cwd=tmp,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=300)
        out = p.stdout.decode("utf-8", "replace")
        err = p.stderr.decode("utf-8", "replace")
        self.assertIn(p.returncode, (0, 1), err)
        findings = [l for l in out.split("\n") if "[memory-leak]" in l]
        self.assertEqual(len(findings), len(names), out)
        self.assertEqual(runner_commands(out), [], out)
        for line in out.split("\n"):
            self.assertFalse(line.lstrip().startswith("::"), line)
            self.assertNotIn("\x1b", line)
        self.assertTrue(any(l.startswith("./::add-mask::x.c:") for l in findings), out)
        self.assertTrue(any(l.startswith("a\\n::error::b.c:") for l in findings), out)


if __name__ == "__main__":
    unittest.main()
