#!/usr/bin/env python3
"""End-to-end test of --cache-max-mb (python3 stdlib only): the project
database is pruned to its bound at the end of a run, least recently used
TUs first, stays a sound SQLite file, and still serves the TUs it kept.
(The gate's result cache shares the code path: tests/unit/baseline.)
"""
import os
import re
import shutil
import sqlite3
import tempfile
import unittest

from test_cli import run


def tu_c(t, n=150):
    return "".join(
        "int f%02d_%03d(int *p, int a)\n{\n\tif (a > %d)\n"
        "\t\treturn *p + f%02d_%03d(p, a - 1);\n\treturn a;\n}\n"
        % (t, i, i, t, (i + 1) % n) for i in range(n))


def data_bytes(path):
    with sqlite3.connect(path) as c:
        return c.execute("SELECT (page_count - freelist_count) * page_size"
                         " FROM pragma_page_count(), pragma_freelist_count(),"
                         " pragma_page_size()").fetchone()[0]


def stored_paths(path):
    with sqlite3.connect(path) as c:
        return sorted(r[0] for r in c.execute("SELECT path FROM tu"))


class CacheBoundTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="sci-e2e-cachebound-")
        self.addCleanup(shutil.rmtree, self.dir)
        self.files = []
        for t in range(30):
            name = "t%02d.c" % t
            with open(os.path.join(self.dir, name), "w") as f:
                f.write(tu_c(t))
            self.files.append(name)
        self.db = os.path.join(self.dir, "db.sqlite")

    def build(self, *extra):
        rc, out, err = run(["db", "build", "--db", self.db, "-j2"]
                           + list(extra) + self.files, self.dir)
        self.assertEqual(rc, 0, out + err)
        return out

    def test_unbounded_keeps_everything(self):
        self.build("--cache-max-mb", "0")
        self.assertEqual(len(stored_paths(self.db)), 30)
        self.assertGreater(data_bytes(self.db), 1 << 20)

    def test_tiny_bound_prunes_least_recently_used(self):
        self.build("--cache-max-mb", "1")
        kept = stored_paths(self.db)
        self.assertLessEqual(data_bytes(self.db), 1 << 20)
        self.assertGreater(len(kept), 0)
        self.assertLess(len(kept), 30)
        # all stored the same day: the later stored (the last TUs) stay
        self.assertEqual(kept, self.files[30 - len(kept):])
        with sqlite3.connect(self.db) as c:
            self.assertEqual(c.execute("PRAGMA integrity_check").fetchone()[0],
                             "ok")
        # what was kept still serves the next run, which stays bounded
        out = self.build("--cache-max-mb", "1")
        m = re.search(r"(\d+) summarized, .* (\d+) from the database", out)
        self.assertIsNotNone(m, out)
        self.assertEqual(int(m.group(1)), 30 - len(kept))
        self.assertLessEqual(data_bytes(self.db), 1 << 20)

    def test_bad_values_are_usage_errors(self):
        for bad in ("-1", "lots", ""):
            rc, _, err = run(["--cache-max-mb", bad, "t00.c"], self.dir)
            self.assertEqual(rc, 2, bad)
            self.assertIn("--cache-max-mb", err)


if __name__ == "__main__":
    unittest.main()
