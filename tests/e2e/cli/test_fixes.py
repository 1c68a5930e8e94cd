"""End-to-end: SARIF fixes[] of mechanical rules apply cleanly.

sizeof-pointer attaches a fix (`sizeof(p)` -> `sizeof(*p)`) to each finding;
logic-precedence groups the operands as the spacing suggests (`!x & y` ->
`!(x & y)`, `x & y == z` -> `(x & y) == z`); self-assign deletes a
statement `x = x;`.
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

void copy_name(char *dst, const char *s)
{
\tstrncpy(dst, s, sizeof(dst));
}
"""

ARGS = ["--no-cache", "--disable", "all", "--enable", "sizeof-pointer"]

LOGIC = """#define F_SYNC 4
#define MASK 3
#define VAL 2
struct s { int size; int flags; };
int g(int);

int f(int flags, int len, int expected, int mode, struct s *b, int x)
{
\tint r = 0;

\tif (!flags & F_SYNC)
\t\tr++;
\tif (!len == expected)
\t\tr++;
\tif (mode & MASK == VAL)
\t\tr++;
\tif (!b->flags & (F_SYNC | 1))
\t\tr++;
\tif (r && !flags | 8)
\t\tr++;
\tif (!g(flags) & 8)
\t\tr++;
\tb->size = b->size;
\tx = x;
\treturn r + x;
}

int nofix(int flags, int y)
{
\tint r = 0;

\t/* no fix: `!flags & y & 16` is (!flags & y) & 16 */
\tif (!flags & y & 16)
\t\tr++;
\treturn r;
}
"""

WANT_FIXED = [
    "if (!(flags & F_SYNC))",
    "if (!(len == expected))",
    "if ((mode & MASK) == VAL)",
    "if (!(b->flags & (F_SYNC | 1)))",
    "if (r && !(flags | 8))",
    "if (!(g(flags) & 8))",
]


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
    def run_sarif(self, path, sarif, args=ARGS):
        proc = subprocess.run([SMATCH_CI] + args + ["--sarif", sarif, path],
                              cwd=os.path.dirname(path),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
        self.assertIn(proc.returncode, (0, 1), proc.stderr)
        with open(sarif) as f:
            return json.load(f)["runs"][0]["results"]

    def assert_valid(self, sarif):
        val = subprocess.run(
            [sys.executable,
             os.path.join(SOURCE_DIR, "tests", "tools", "validate_reports.py"),
             "--schema-dir", os.path.join(SOURCE_DIR, "tests", "schemas"),
             "--sarif", sarif],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.assertEqual(val.returncode, 0, val.stdout)

    @staticmethod
    def files(tmp, name, text):
        """Writes @text to tmp/name; returns it and the SARIF path."""
        src = os.path.join(tmp, name)
        with open(src, "w") as f:
            f.write(text)
        return src, os.path.join(tmp, "out.sarif")

    def test_sizeof_pointer_fixes_apply(self):
        with tempfile.TemporaryDirectory() as tmp:
            src, sarif = self.files(tmp, "sample.c", SAMPLE)
            results = self.run_sarif(src, sarif)
            self.assertEqual(len(results), 4)
            self.assert_valid(sarif)
            # a buffer of bytes: sizeof(*dst) would be 1, no fix
            bytes_buf = [r for r in results if "fixes" not in r]
            self.assertEqual(len(bytes_buf), 1)
            self.assertIn("'sizeof(dst)'", bytes_buf[0]["message"]["text"])
            fixed, edits = apply_fixes(SAMPLE, results)
            self.assertEqual(len(edits), 3)
            for line, col, end, new in edits:
                self.assertEqual("*" + SAMPLE.split("\n")[line - 1][col - 1:end - 1], new)
            self.assertIn("malloc(sizeof(*c))", fixed)
            self.assertIn("memset(c, 0, sizeof *c)", fixed)
            self.assertIn("calloc(n, sizeof( *h->items ))", fixed)
            with open(src, "w") as f:
                f.write(fixed)
            left = self.run_sarif(src, sarif)
            self.assertEqual([r["message"]["text"][:13] for r in left],
                             ["'sizeof(dst)'"])

    def test_logic_precedence_and_self_assign_fixes_apply(self):
        with tempfile.TemporaryDirectory() as tmp:
            src, sarif = self.files(tmp, "logic.c", LOGIC)
            args = ["--no-cache", "--disable", "all", "--enable",
                    "logic-precedence,self-assign"]
            results = self.run_sarif(src, sarif, args)
            self.assert_valid(sarif)
            by_line = {r["locations"][0]["physicalLocation"]["region"]
                       ["startLine"]: r for r in results}
            lines = LOGIC.split("\n")
            nofix_from = lines.index("int nofix(int flags, int y)") + 1
            for line, r in by_line.items():
                self.assertEqual("fixes" in r, line < nofix_from,
                                 (line, lines[line - 1], r.get("fixes")))
            self.assertEqual(len(results), 9, [r["message"] for r in results])
            fixed, edits = apply_fixes(LOGIC, results)
            self.assertEqual(len(edits), 8)
            for want in WANT_FIXED:
                self.assertIn(want, fixed)
            self.assertNotIn("b->size = b->size", fixed)
            self.assertNotIn("x = x;", fixed)
            with open(src, "w") as f:
                f.write(fixed)
            gcc = subprocess.run(["cc", "-fsyntax-only", src],
                                 capture_output=True, text=True)
            self.assertEqual(gcc.returncode, 0, gcc.stderr)
            left = self.run_sarif(src, sarif, args)
            # what had no fix is still there; the rest is gone
            self.assertEqual(len(left), 1, [r["message"] for r in left])


if __name__ == "__main__":
    unittest.main()
