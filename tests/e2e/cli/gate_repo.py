"""Shared fixture of the gate's end-to-end tests: a real git repository in a
temporary directory with a `main` branch and a `feature` branch checked
out, and a runner for `smatch-ci --baseline main` that returns the exit
code, the JSON-lines results and stderr.  Every SARIF and GitLab report a
test writes can be validated against the official schemas."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

SMATCH_CI = os.environ.get("SMATCH_CI", "smatch-ci")
SOURCE = os.environ.get("SCI_SOURCE_DIR",
                        os.path.join(os.path.dirname(__file__), "..", "..", ".."))
VALIDATOR = os.path.join(SOURCE, "tests", "tools", "validate_reports.py")


def git(cwd, *args):
    env = dict(os.environ, GIT_CONFIG_NOSYSTEM="1", HOME=cwd,
               GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.com",
               GIT_COMMITTER_NAME="t", GIT_COMMITTER_EMAIL="t@example.com")
    subprocess.run(["git", "-c", "init.defaultBranch=main",
                    "-c", "protocol.file.allow=always"] + list(args),
                   cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL)


class RepoTestCase(unittest.TestCase):
    """Subclasses set FILES: {path: text} committed on main."""
    FILES = {}

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="sci-e2e-gate-")
        self.addCleanup(shutil.rmtree, self.dir)
        self.repo = os.path.join(self.dir, "repo")
        os.makedirs(self.repo)
        git(self.repo, "init", "-q")
        for name, text in self.FILES.items():
            self.write(name, text)
        git(self.repo, "add", "-A")
        git(self.repo, "commit", "-q", "-m", "base")
        git(self.repo, "checkout", "-q", "-b", "feature")

    def write(self, name, text, repo=None):
        path = os.path.join(repo or self.repo, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)

    def read(self, name):
        with open(os.path.join(self.repo, name)) as f:
            return f.read()

    def edit(self, name, old, new):
        text = self.read(name)
        self.assertIn(old, text)
        self.write(name, text.replace(old, new, 1))

    def commit(self, message="change", repo=None):
        git(repo or self.repo, "add", "-A")
        git(repo or self.repo, "commit", "-q", "-m", message)

    def smatch(self, *args):
        """smatch-ci with @args in the repository: (exit code, stdout,
        stderr)."""
        p = subprocess.run([SMATCH_CI] + list(args), cwd=self.repo,
                           capture_output=True, text=True, timeout=300)
        return p.returncode, p.stdout, p.stderr

    def run_gate(self, *extra, cwd=None):
        out = os.path.join(self.dir, "out")
        os.makedirs(out, exist_ok=True)
        self.sarif = os.path.join(out, "r.sarif")
        self.gitlab = os.path.join(out, "gl.json")
        self.md = os.path.join(out, "summary.md")
        args = [SMATCH_CI, "--baseline", "main", "--json", "-",
                "--sarif", self.sarif, "--gitlab", self.gitlab,
                "--markdown", self.md, "--cache",
                os.path.join(self.dir, "cache.sqlite")] + list(extra)
        p = subprocess.run(args, cwd=cwd or self.repo, capture_output=True,
                           text=True, timeout=300)
        results = [json.loads(line) for line in p.stdout.splitlines()]
        return p.returncode, results, p.stderr

    def classes(self, results, rule="memory-leak"):
        return sorted((r["class"], r["path"], r["function"]) for r in results
                      if r["rule"] == rule)

    def assert_reports_valid(self):
        p = subprocess.run([sys.executable, VALIDATOR, "--sarif", self.sarif,
                            "--gitlab", self.gitlab], capture_output=True,
                           text=True)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
