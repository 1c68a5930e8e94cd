"""End-to-end: files smatch-ci does not own are never destroyed.

- --cache pointing at a file that is not a smatch-ci cache is refused
  (exit 2), and the file stays byte for byte as it was;
- reports go through symlinks to the file they name, into FIFOs in place,
  and a device that cannot take them (a full one) is an error, not silence;
- `baseline update|prune|check` limited to some files or rules change only
  the entries of that subset;
- baseline entries and their justifications follow a renamed file, also
  after heavy edits.

Real git repositories in temporary directories, as in test_gate.py."""
import json
import os
import shutil
import sqlite3
import stat
import subprocess
import tempfile
import threading
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gate_repo import git  # noqa: E402

SMATCH_CI = os.environ.get("SMATCH_CI", "smatch-ci")

LEAK = """#include <stdlib.h>
#include <unistd.h>

int {name}(int fd, int n)
{{
	char *{var} = malloc(n);

	if (!{var})
		return -1;
	if (read(fd, {var}, n) < 0)
		return -1;
	free({var});
	return 0;
}}
"""

CLEAN = """int add(int a, int b)
{
	return a + b;
}
"""


def leak(name, var="p"):
    return LEAK.format(name=name, var=var)


class RepoTest(unittest.TestCase):
    files = {}

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="sci-e2e-files-")
        self.addCleanup(shutil.rmtree, self.dir)
        self.repo = os.path.join(self.dir, "repo")
        os.makedirs(self.repo)
        git(self.repo, "init", "-q")
        for name, text in self.files.items():
            self.write(name, text)
        self.commit("base")
        git(self.repo, "checkout", "-q", "-b", "feature")
        self.baseline = os.path.join(self.repo, ".smatch-ci", "baseline.json")

    def write(self, name, text):
        path = os.path.join(self.repo, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)

    def commit(self, message="change"):
        git(self.repo, "add", "-A")
        git(self.repo, "commit", "-q", "-m", message)

    def run_ci(self, *args):
        return subprocess.run([SMATCH_CI] + list(args), cwd=self.repo,
                              capture_output=True, text=True, timeout=300)

    def read_bytes(self, path):
        with open(path, "rb") as f:
            return f.read()

    def entries(self):
        with open(self.baseline) as f:
            return json.load(f)["findings"]

    def entry(self, function):
        found = [e for e in self.entries() if e["function"] == function]
        self.assertEqual(len(found), 1, self.entries())
        return found[0]

    def justify(self, reasons):
        """Writes a reason for the entries of each function in @reasons."""
        with open(self.baseline) as f:
            doc = json.load(f)
        for e in doc["findings"]:
            if e["function"] in reasons:
                e["justification"] = reasons[e["function"]]
        with open(self.baseline, "w") as f:
            json.dump(doc, f, indent=2, sort_keys=True)
            f.write("\n")

    def entry_text(self, text, function):
        """The bytes of the saved entry of @function, as written."""
        lines = text.splitlines(keepends=True)
        for i, line in enumerate(lines):
            if line == '      "function": "%s",\n' % function:
                start = i - 2
                end = next(k for k in range(i, len(lines))
                           if lines[k].startswith("    }"))
                return "".join(lines[start:end + 1])
        self.fail("no entry for %s in\n%s" % (function, text))


class CacheTest(RepoTest):
    files = {"a.c": leak("old_leak")}

    def setUp(self):
        super().setUp()
        self.write("a.c", leak("old_leak") + "\n" + CLEAN)

    def assert_refused(self, path, why):
        before = self.read_bytes(path)
        listing = sorted(os.listdir(os.path.dirname(path)))
        p = self.run_ci("--baseline", "main", "--cache", path)
        self.assertEqual(p.returncode, 2, p.stdout + p.stderr)
        self.assertIn("not a smatch-ci cache", p.stderr)
        self.assertIn(why, p.stderr)
        self.assertIn(os.path.basename(path), p.stderr)
        self.assertEqual(self.read_bytes(path), before)
        self.assertEqual(sorted(os.listdir(os.path.dirname(path))), listing)

    def test_text_file_is_refused_and_untouched(self):
        notes = os.path.join(self.dir, "notes.txt")
        with open(notes, "w") as f:
            f.write("my notes, not a cache\n" * 20)
        self.assert_refused(notes, "not an SQLite database")

    def test_other_database_is_refused_and_untouched(self):
        db = os.path.join(self.dir, "app.db")
        con = sqlite3.connect(db)
        con.execute("CREATE TABLE users(name TEXT)")
        con.execute("INSERT INTO users VALUES('alice')")
        con.commit()
        con.close()
        self.assert_refused(db, "without the smatch-ci mark")

    def test_own_cache_is_created_and_reused(self):
        cache = os.path.join(self.dir, "c", "cache.sqlite")
        p = self.run_ci("--baseline", "main", "--cache", cache)
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(cache, "rb") as f:
            header = f.read(100)
        self.assertEqual(header[:16], b"SQLite format 3\0")
        self.assertEqual(header[68:72], b"SCIC")
        p = self.run_ci("--baseline", "main", "--cache", cache)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertNotIn("warning", p.stderr)
        self.assertIn("from the cache", p.stderr)


class ReportFilesTest(RepoTest):
    files = {"a.c": leak("old_leak")}

    def sarif_to(self, target):
        return self.run_ci("--baseline", "main", "--quiet", "--sarif", target)

    def test_sarif_through_a_symlink_replaces_the_target(self):
        real_dir = os.path.join(self.dir, "reports")
        os.makedirs(real_dir)
        real = os.path.join(real_dir, "r.sarif")
        with open(real, "w") as f:
            f.write("old")
        link = os.path.join(self.dir, "link.sarif")
        os.symlink(os.path.join("reports", "r.sarif"), link)
        p = self.sarif_to(link)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue(os.path.islink(link))
        with open(real) as f:
            self.assertEqual(json.load(f)["version"], "2.1.0")
        self.assertEqual(os.listdir(real_dir), ["r.sarif"])

        # a dangling link creates the file it names
        os.remove(real)
        p = self.sarif_to(link)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue(os.path.islink(link))
        self.assertTrue(os.path.isfile(real))

    def test_sarif_into_a_fifo_is_streamed(self):
        fifo = os.path.join(self.dir, "pipe")
        os.mkfifo(fifo)
        got = []

        def reader():
            with open(fifo, "rb") as f:
                got.append(f.read())
        t = threading.Thread(target=reader, daemon=True)
        t.start()
        p = self.sarif_to(fifo)
        t.join(60)
        if t.is_alive():
            # nothing was written into the FIFO: release the reader
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
            t.join(10)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertTrue(stat.S_ISFIFO(os.lstat(fifo).st_mode))
        self.assertEqual(json.loads(got[0])["version"], "2.1.0")
        self.assertEqual(os.listdir(self.dir).count("pipe"), 1)

    def full_device(self):
        """A private /dev/full (never the real one as root), or None."""
        node = os.path.join(self.dir, "full")
        try:
            os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 7))
            with open(node, "wb"):
                pass
            return node
        except OSError:
            if os.path.exists(node):
                os.remove(node)
        if os.geteuid() == 0 or not os.access("/dev/full", os.W_OK):
            return None
        return "/dev/full"

    def test_sarif_to_a_full_device_fails(self):
        full = self.full_device()
        if not full:
            self.skipTest("no usable full device")
        # the error must surface, whether the writer sees it or the final
        # flush does: exit 2 and a message, never a silent success
        for option in ("--sarif", "--markdown", "--gitlab"):
            p = self.run_ci("--baseline", "main", "--quiet", option, full)
            self.assertEqual(p.returncode, 2, option + p.stdout + p.stderr)
            self.assertIn("cannot write", p.stderr)
            self.assertTrue(stat.S_ISCHR(os.lstat(full).st_mode))

    def test_directory_as_report_is_an_error(self):
        d = os.path.join(self.dir, "out")
        os.makedirs(d)
        p = self.sarif_to(d)
        self.assertEqual(p.returncode, 2)
        self.assertIn("directory", p.stderr)
        self.assertTrue(os.path.isdir(d))


class SubsetTest(RepoTest):
    files = {"a.c": leak("leak_a"), "b.c": leak("leak_b")}

    def setUp(self):
        super().setUp()
        p = self.run_ci("baseline", "update")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.justify({"leak_a": "a: reviewed", "leak_b": "b: reviewed"})
        self.commit("baseline")

    def test_update_of_one_file_keeps_the_others(self):
        # a.c: the old leak fixed, a new one; b.c: untouched but not analyzed
        self.write("a.c", leak("leak_a").replace("\t\treturn -1;\n\tfree(p);",
                                                 "\t\t{ free(p); return -1; }\n\tfree(p);")
                   + "\n" + leak("leak_a2", "q"))
        with open(self.baseline) as f:
            before = f.read()
        p = self.run_ci("baseline", "update", "a.c")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("1 added (justification needed), 0 kept, 1 dropped",
                      p.stdout)
        with open(self.baseline) as f:
            after = f.read()
        self.assertEqual(self.entry_text(after, "leak_b"),
                         self.entry_text(before, "leak_b"))
        self.assertEqual(sorted(e["function"] for e in self.entries()),
                         ["leak_a2", "leak_b"])

    def test_prune_and_check_of_one_file(self):
        # both leaks fixed; only a.c is looked at
        fixed = "\t\t{ free(p); return -1; }\n\tfree(p);"
        self.write("a.c", leak("leak_a").replace("\t\treturn -1;\n\tfree(p);", fixed))
        self.write("b.c", leak("leak_b").replace("\t\treturn -1;\n\tfree(p);", fixed))
        with open(self.baseline) as f:
            before = f.read()
        p = self.run_ci("baseline", "check", "a.c")
        self.assertEqual(p.returncode, 1)
        self.assertIn("leak_a", p.stdout)
        self.assertNotIn("leak_b", p.stdout)
        self.assertIn("1 problem", p.stdout)
        p = self.run_ci("baseline", "prune", "a.c")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("1 stale entry dropped", p.stdout)
        with open(self.baseline) as f:
            after = f.read()
        self.assertEqual(self.entry_text(after, "leak_b"),
                         self.entry_text(before, "leak_b"))
        p = self.run_ci("baseline", "prune")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertEqual(self.entries(), [])

    def test_disabled_rule_keeps_its_entries(self):
        with open(self.baseline) as f:
            before = f.read()
        for command in ("update", "prune"):
            p = self.run_ci("baseline", command, "--disable", "memory-leak")
            self.assertEqual(p.returncode, 0, p.stderr)
            with open(self.baseline) as f:
                self.assertEqual(f.read(), before)
        p = self.run_ci("baseline", "check", "--disable", "memory-leak")
        self.assertEqual(p.returncode, 0, p.stdout)


HEAVY_EDIT_PREFIX = """/* moved here from old.c, and reworked */
#include <string.h>

static int helper(const char *s)
{
	return (int)strlen(s) * 2;
}

int unrelated(int x)
{
	int y = x * 3;

	if (y > 10)
		return helper("big");
	return helper("small") + y;
}

"""


class RenameTest(RepoTest):
    files = {"old.c": leak("leaky") + "\n" + CLEAN}

    def setUp(self):
        super().setUp()
        p = self.run_ci("baseline", "update")
        self.assertEqual(p.returncode, 0, p.stderr)
        self.justify({"leaky": "the caller exits right after"})
        self.commit("baseline")

    def renamed_body(self):
        # a new prologue, reindented and reworded body, same function/key
        body = leak("leaky").replace("\tchar *p = malloc(n);",
                                     "\tchar *p;\n\n\tp = malloc(n + 1);")
        return HEAVY_EDIT_PREFIX + body

    def assert_follows(self, *extra):
        p = self.run_ci("baseline", "check", *extra)
        self.assertEqual(p.returncode, 0, p.stdout + p.stderr)
        self.assertIn("follows renamed files", p.stdout)
        with open(self.baseline) as f:
            before = f.read()
        p = self.run_ci("baseline", "prune", *extra)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("0 stale entries dropped, 1 moved with renamed files",
                      p.stdout)
        e = self.entry("leaky")
        self.assertEqual(e["path"], "new.c")
        self.assertEqual(e["justification"], "the caller exits right after")
        with open(self.baseline, "w") as f:
            f.write(before)
        p = self.run_ci("baseline", "update", *extra)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("0 added (justification needed), 0 kept, 0 dropped, "
                      "1 moved with renamed files", p.stdout)
        e = self.entry("leaky")
        self.assertEqual(e["path"], "new.c")
        self.assertEqual(e["justification"], "the caller exits right after")
        p = self.run_ci("baseline", "check", *extra)
        self.assertEqual(p.returncode, 0, p.stdout)
        self.assertNotIn("renamed", p.stdout)

    def test_git_mv_follows_uncommitted(self):
        git(self.repo, "mv", "old.c", "new.c")
        self.write("new.c", leak("leaky") + "\n" + CLEAN + "\nint z;\n")
        self.assert_follows()

    def test_git_mv_with_heavy_edits_committed(self):
        git(self.repo, "mv", "old.c", "new.c")
        self.write("new.c", self.renamed_body())
        self.commit("move and rework")
        self.assert_follows()

    def test_git_mv_with_heavy_edits_against_a_base(self):
        git(self.repo, "branch", "-f", "main")
        git(self.repo, "mv", "old.c", "new.c")
        self.write("new.c", self.renamed_body())
        self.commit("move and rework")
        self.assert_follows("--baseline", "main")

    def test_a_deleted_file_is_still_stale(self):
        git(self.repo, "rm", "-q", "old.c")
        self.write("other.c", CLEAN)
        self.commit("delete")
        p = self.run_ci("baseline", "check")
        self.assertEqual(p.returncode, 1, p.stdout)
        self.assertIn("stale entry", p.stdout)


if __name__ == "__main__":
    unittest.main()
