#!/usr/bin/env python3
"""End-to-end tests of the per-worker memory limit, --tu-memory (stdlib only).

A TU that needs more memory than the limit fails alone, as an analysis
failure that names the function it was in (exit 3, or 1 when another TU
has findings); the other TUs' findings are still reported.  Sanitizer
builds do not enforce the limit (cli/memlimit.h): the test is skipped there.
"""
import os
import shutil
import tempfile
import unittest

from test_cli import LEAK_C, CLEAN_C, run, parse_text

SANITIZED = os.environ.get("SCI_SANITIZE", "0") not in ("0", "", "OFF")


def hog_c(nvars=300, nifs=150):
    """One function whose path states take ~100 MB: many variables, each
    given a value on one branch of many ifs in a row."""
    out = ["int hog(int *c)\n{\n"]
    out += ["\tint v%d = 0;\n" % i for i in range(nvars)]
    for k in range(nifs):
        out.append("\tif (c[%d]) {\n" % k)
        out += ["\t\tv%d = %d;\n" % (i, k) for i in range(nvars)]
        out.append("\t}\n")
    out.append("\treturn v0 + v%d;\n}\n" % (nvars - 1))
    return "".join(out)


@unittest.skipIf(SANITIZED, "the memory limit is not enforced under ASan")
class MemoryLimitTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="sci-e2e-memory-")
        self.addCleanup(shutil.rmtree, self.dir)
        with open(os.path.join(self.dir, "hog.c"), "w") as f:
            f.write(hog_c())
        for name, text in (("leak.c", LEAK_C), ("clean.c", CLEAN_C)):
            with open(os.path.join(self.dir, name), "w") as f:
                f.write(text)

    def assert_hog_failed(self, out):
        findings, failures = parse_text(out)
        self.assertEqual(len(failures), 1, out)
        self.assertEqual(failures[0]["path"], "hog.c")
        self.assertIn("out of memory", failures[0]["msg"])
        self.assertIn("--tu-memory", failures[0]["msg"])
        self.assertIn("in function 'hog'", failures[0]["msg"])
        return findings

    def test_over_the_limit_fails_the_tu_alone(self):
        rc, out, err = run(["--no-cache", "-j2", "--tu-memory", "20",
                            "hog.c", "clean.c"], self.dir)
        self.assertEqual(rc, 3, out + err)
        self.assertEqual(self.assert_hog_failed(out), [])

    def test_other_findings_still_reported(self):
        rc, out, err = run(["--no-cache", "-j2", "--tu-memory=20",
                            "hog.c", "leak.c"], self.dir)
        self.assertEqual(rc, 1, out + err)
        findings = self.assert_hog_failed(out)
        self.assertEqual([f["rule"] for f in findings], ["memory-leak"])

    def test_zero_means_no_limit(self):
        rc, out, err = run(["--no-cache", "--tu-memory", "0", "hog.c"],
                           self.dir)
        self.assertEqual(rc, 0, out + err)
        self.assertEqual(out, "")


class MemoryOptionTest(unittest.TestCase):
    def test_bad_values_are_usage_errors(self):
        for bad in ("-1", "x", "", "99999999"):
            rc, out, err = run(["--tu-memory", bad, "a.c"], "/")
            self.assertEqual(rc, 2, bad)
            self.assertIn("--tu-memory", err)


if __name__ == "__main__":
    unittest.main()
