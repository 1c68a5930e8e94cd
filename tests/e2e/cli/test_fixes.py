"""End-to-end: SARIF fixes[] of mechanical rules apply cleanly.

sizeof-pointer attaches a fix (`sizeof(p)` -> `sizeof(*p)`) to each finding.
The SARIF report must validate against the schema, each fix must replace
exactly the text it claims on its line (tabs count as one column, as SARIF
counts), and the fixed file must be free of the findings."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

SMATCH_CI = os.environ.get("SMATCH_CI", "smatch-ci")
SOURCE_DIR = os.environ.get(
    "SCI_SOURCE_DIR",
    os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__))))))

SAMPLE = """#include <stdlib.h>
#include <string.h>

struct conf { int a, b, c, d; };
struct holder { struct conf *items; };

struct conf *make(void)
{
\tstruct conf *c = malloc(sizeof(c));

\tif (!c)
\t\treturn NULL;
\tmemset(c, 0, sizeof c);
\treturn c;
}

void grow(struct holder *h, size_t n)
{
\t\th->items = calloc(n, sizeof( h->items ));
}
"""

ARGS = ["--no-cache", "--disable", "all", "--enable", "sizeof-pointer"]


def apply_fixes(text, results):
    """Applies every replacement; asserts none overlaps another."""
    lines = text.split("\n")
    edits = []
    for r in results:
        for fix in r.get("fixes", []):
            for change in fix["artifactChanges"]:
                for rep in change["replacements"]:
                    reg = rep["deletedRegion"]
                    edits.append((reg["startLine"], reg["startColumn"],
                                  reg["endColumn"],
                                  rep["insertedContent"]["text"]))
    # right to left, so earlier columns stay valid
    for line, col, end, new in sorted(edits, reverse=True):
        s = lines[line - 1]
        lines[line - 1] = s[:col - 1] + new + s[end - 1:]
    return "\n".join(lines), edits


class FixesTest(unittest.TestCase):
    def run_sarif(self, path, sarif):
        proc = subprocess.run([SMATCH_CI] + ARGS + ["--sarif", sarif, path],
                              cwd=os.path.dirname(path),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
        self.assertIn(proc.returncode, (0, 1), proc.stderr)
        with open(sarif) as f:
            return json.load(f)["runs"][0]["results"]

    def test_sizeof_pointer_fixes_apply(self):
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "sample.c")
            sarif = os.path.join(tmp, "out.sarif")
            with open(src, "w") as f:
                f.write(SAMPLE)
            results = self.run_sarif(src, sarif)
            self.assertEqual(len(results), 3)
            val = subprocess.run(
                [sys.executable,
                 os.path.join(SOURCE_DIR, "tests", "tools", "validate_reports.py"),
                 "--schema-dir", os.path.join(SOURCE_DIR, "tests", "schemas"),
                 "--sarif", sarif],
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            self.assertEqual(val.returncode, 0, val.stdout)
            fixed, edits = apply_fixes(SAMPLE, results)
            self.assertEqual(len(edits), 3)
            for line, col, end, new in edits:
                self.assertEqual("*" + SAMPLE.split("\n")[line - 1][col - 1:end - 1], new)
            self.assertIn("malloc(sizeof(*c))", fixed)
            self.assertIn("memset(c, 0, sizeof *c)", fixed)
            self.assertIn("calloc(n, sizeof( *h->items ))", fixed)
            with open(src, "w") as f:
                f.write(fixed)
            self.assertEqual(self.run_sarif(src, sarif), [])


if __name__ == "__main__":
    unittest.main()
