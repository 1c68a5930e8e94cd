"""The README's promise about examples/demo: smatch-ci finds exactly the
bugs marked `BUG:` there (on the marked line, or the line after a
comment-only BUG line) and nothing else."""
import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

SMATCH_CI = os.environ.get("SMATCH_CI", "smatch-ci")
SOURCE = os.environ.get("SCI_SOURCE_DIR",
                        os.path.join(os.path.dirname(__file__), "..", "..", ".."))
DEMO = os.path.realpath(os.path.join(SOURCE, "examples", "demo"))


def planted_bugs():
    bugs = set()
    for name in sorted(os.listdir(DEMO)):
        if not name.endswith(".c"):
            continue
        with open(os.path.join(DEMO, name)) as f:
            lines = f.read().split("\n")
        for i, text in enumerate(lines, 1):
            if "BUG:" not in text:
                continue
            code = re.sub(r"/\*.*?\*/", "", text).strip()
            bugs.add((name, i if code else i + 1))
    return bugs


class DemoTest(unittest.TestCase):
    def test_finds_exactly_the_planted_bugs(self):
        with tempfile.TemporaryDirectory() as tmp:
            db = [{"directory": DEMO, "file": name,
                   "arguments": ["cc", "-c", "-Wall", name]}
                  for name in sorted(os.listdir(DEMO)) if name.endswith(".c")]
            with open(os.path.join(tmp, "compile_commands.json"), "w") as f:
                json.dump(db, f)
            run = subprocess.run([SMATCH_CI, "-p", tmp, "--json", "-",
                                  "--no-cache"],
                                 cwd=DEMO, capture_output=True, text=True,
                                 timeout=300)
        self.assertEqual(run.returncode, 1, run.stderr)
        found = set()
        for line in run.stdout.splitlines():
            d = json.loads(line)
            found.add((os.path.basename(d["path"]), d["line"]))
        bugs = planted_bugs()
        self.assertEqual(len(bugs), 3)
        self.assertEqual(found, bugs, run.stdout)


if __name__ == "__main__":
    unittest.main(verbosity=2)
