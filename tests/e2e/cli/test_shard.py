"""Sharded runs end to end: `--shard K/N --results FILE` on N jobs, then
`merge`, must give the reports of a single-machine run (SARIF equal once
`invocations` is removed, the same verdict), with and without a base; and
merge must refuse results that do not make one run (exit 2)."""
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gate_repo import RepoTestCase  # noqa: E402

LEAK = """#include <stdlib.h>
#include <unistd.h>

int leak_%(n)d(int fd, int n)
{
	char *p = malloc(n);

	if (!p)
		return -1;
	if (read(fd, p, n) < 0)
		return -1;
	free(p);
	return 0;
}
"""

# A chain of wrappers spread over files: what the last caller learns
# needs the settling rounds, so shards must agree on every summary.
CHAIN = {
    "w1.c": "#include <stdlib.h>\nvoid *w1(int n) { return malloc(n); }\n",
    "w2.c": "void *w1(int n);\nvoid *w2(int n) { return w1(n); }\n",
    "w3.c": "void *w2(int n);\nvoid *w3(int n) { return w2(n); }\n",
    "user.c": ("void *w3(int n);\nint user(int n)\n{\n\tchar *q = w3(n);\n\n"
               "\tif (!q)\n\t\treturn -1;\n\tq[0] = 1;\n\treturn 0;\n}\n"),
}

# A helper that starts to allocate: its callers in files the change left
# alone get new findings caused by the change (gate.c, analyze_callers()),
# which point at the helper; the callers may sit in other shards.
HELPER = """static char pool[256];

char *name_buf(unsigned long n)
{
	(void)n;
	return pool;
}
"""

HELPER_ALLOCATES = """#include <stdlib.h>

char *name_buf(unsigned long n)
{
	char *p = malloc(n);

	if (!p)
		abort();
	return p;
}
"""

CALLER = """char *name_buf(unsigned long n);

int greet_%(n)d(int fail)
{
	char *b = name_buf(32);

	if (fail)
		return -1;
	b[0] = 'h';
	return 0;
}
"""

FILES = dict(CHAIN)
FILES["lib/helper.c"] = HELPER
for i in range(4):
    FILES["app/caller%d.c" % i] = CALLER % {"n": i}
for i in range(6):
    FILES["src/f%d.c" % i] = LEAK % {"n": i}


def without_invocations(path):
    with open(path) as f:
        doc = json.load(f)
    for run in doc["runs"]:
        run.pop("invocations", None)
    return doc


class ShardTest(RepoTestCase):
    FILES = FILES

    def out(self, name):
        d = os.path.join(self.dir, "out")
        os.makedirs(d, exist_ok=True)
        return os.path.join(d, name)

    def single(self, *gate):
        sarif = self.out("single.sarif")
        rc, out, err = self.smatch("--sarif", sarif, "--gitlab",
                                   self.out("single.gl.json"),
                                   "--markdown", self.out("single.md"),
                                   "--json", self.out("single.jsonl"),
                                   "--db", self.out("single.db"),
                                   "--cache", self.out("single.cache"),
                                   *gate)
        self.assertIn(rc, (0, 1, 3), err)
        return rc, sarif, out

    def sharded(self, n, *gate, merge_args=()):
        files = []
        for k in range(1, n + 1):
            res = self.out("r%d-%d.json" % (k, n))
            rc, out, err = self.smatch("--shard", "%d/%d" % (k, n),
                                       "--results", res,
                                       "--db", self.out("s%d.db" % k),
                                       "--cache", self.out("s%d.cache" % k),
                                       *gate)
            self.assertEqual(rc, 0, err)
            files.append(res)
        sarif = self.out("merged-%d.sarif" % n)
        rc, out, err = self.smatch("merge", "--sarif", sarif, "--gitlab",
                                   self.out("merged.gl.json"),
                                   "--markdown", self.out("merged.md"),
                                   "--json", self.out("merged.jsonl"),
                                   *merge_args, *files)
        self.assertIn(rc, (0, 1, 3), err)
        return rc, sarif, out, files

    def assert_same(self, gate=(), merge=()):
        """`gate`: options of the analysis (every shard); `merge`: report
        and gate options (the merge)."""
        rc1, s1, out1 = self.single(*gate, *merge)
        for n in (3, 4):
            rcn, sn, outn, _ = self.sharded(n, *gate, merge_args=merge)
            self.assertEqual(rcn, rc1, "N=%d" % n)
            self.assertEqual(without_invocations(sn), without_invocations(s1),
                             "N=%d" % n)
            self.assertEqual(outn, out1, "N=%d" % n)
            with open(self.out("single.gl.json")) as a, \
                    open(self.out("merged.gl.json")) as b:
                self.assertEqual(json.load(a), json.load(b))
            for name in ("md", "jsonl"):
                with open(self.out("single." + name)) as a, \
                        open(self.out("merged." + name)) as b:
                    self.assertEqual(a.read(), b.read(), name)
        return s1

    def test_plain_run_is_the_same_sharded(self):
        sarif = self.assert_same()
        results = without_invocations(sarif)["runs"][0]["results"]
        where = sorted(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                       for r in results if r["ruleId"] == "memory-leak")
        # the leak of every file, and user()'s, which needs the chain
        self.assertIn("user.c", where)
        self.assertEqual(len(where), 7)

    def test_gate_is_the_same_sharded(self):
        self.edit("src/f2.c", "free(p);", ";")
        self.edit("w1.c", "return malloc(n);", "return malloc(n + 1);")
        self.write("src/f9.c", LEAK % {"n": 9})
        self.commit()
        sarif = self.assert_same(("--baseline", "main"))
        states = sorted(r["baselineState"] for r in
                        without_invocations(sarif)["runs"][0]["results"])
        self.assertIn("new", states)
        self.assertIn("unchanged", states)

    def test_gate_with_changed_callee_deleted_and_renamed_files(self):
        self.write("lib/helper.c", HELPER_ALLOCATES)
        os.remove(os.path.join(self.repo, "src/f5.c"))
        os.rename(os.path.join(self.repo, "src/f4.c"),
                  os.path.join(self.repo, "src/g4.c"))
        self.commit()
        sarif = self.assert_same(("--baseline", "main"))
        results = without_invocations(sarif)["runs"][0]["results"]
        caused = [r for r in results if r["baselineState"] == "new" and
                  any("name_buf() changed" in rl["message"]["text"]
                      for rl in r.get("relatedLocations", []))]
        files = sorted({r["locations"][0]["physicalLocation"]
                        ["artifactLocation"]["uri"] for r in caused})
        self.assertEqual(files, ["app/caller%d.c" % i for i in range(4)])
        # src/f5.c's leak is fixed, src/f4.c's followed the rename
        _, _, out = self.single("--baseline", "main")
        self.assertIn(", 1 fixed,", out)

    def test_failures_are_the_same_sharded(self):
        self.write("src/broken.c", "int broken( {\n")
        self.write("src/broken2.c", "int broken2( {\n")
        self.commit("broken files on main")
        from gate_repo import git
        git(self.repo, "branch", "-f", "main")
        self.edit("src/broken.c", "int broken(", "int broken_x(")
        self.commit()
        rc, _, _ = self.single("--baseline", "main")
        self.assertEqual(rc, 1)
        self.assert_same(("--baseline", "main"))
        self.assert_same(("--baseline", "main"), ("--fail-on", "none"))
        rc, _, _ = self.single("--baseline", "main", "--fail-on", "none")
        self.assertEqual(rc, 3)

    def test_baseline_file_applies_in_merge(self):
        rc, _, out = self.single()
        self.assertEqual(rc, 1)
        rc, out, err = self.smatch("baseline", "update", "--no-cache")
        self.assertEqual(rc, 0, out + err)
        rc1, s1, out1 = self.single()
        rc3, s3, out3, _ = self.sharded(3)
        self.assertEqual((rc1, rc3), (0, 0), out3)
        self.assertEqual(without_invocations(s3), without_invocations(s1))

    def test_one_shard_is_the_whole_run(self):
        rc1, s1, _ = self.single()
        rc, s, _, _ = self.sharded(1)
        self.assertEqual(rc, rc1)
        self.assertEqual(without_invocations(s), without_invocations(s1))

    def test_shard_databases_serve_later_runs(self):
        rc1, s1, _ = self.single()
        want = without_invocations(s1)
        # warm databases: the shards' own TUs with findings, the others'
        # with summaries only, which must not pass for "no findings"
        self.sharded(3)
        rc, s, _, _ = self.sharded(3)
        self.assertEqual(rc, rc1)
        self.assertEqual(without_invocations(s), want)
        sarif = self.out("from-shard-db.sarif")
        rc, out, err = self.smatch("--sarif", sarif, "--db", self.out("s1.db"),
                                   "--cache",
                                   self.out("x.cache"))
        self.assertEqual(rc, rc1, err)
        self.assertEqual(without_invocations(sarif), want)
        # shards starting from a single run's database (CI restores one)
        import shutil
        for k in (1, 2, 3):
            shutil.copy(self.out("single.db"), self.out("s%d.db" % k))
        rc, s, _, _ = self.sharded(3)
        self.assertEqual(rc, rc1)
        self.assertEqual(without_invocations(s), want)

    def compdb(self):
        entries = [{"directory": self.repo, "file": name,
                    "arguments": ["cc", "-c", name]}
                   for name in sorted(self.FILES) if name.endswith(".c")]
        self.write("compile_commands.json", json.dumps(entries))
        self.commit("compile_commands.json")

    def test_db_build_sharded_and_merged(self):
        self.compdb()
        rc1, s1, _ = self.single()
        want = without_invocations(s1)
        dbs = []
        for k in (1, 2, 3):
            db = self.out("b%d.db" % k)
            rc, out, err = self.smatch("db", "build", "--shard", "%d/3" % k,
                                       "-p", ".", "--db", db)
            self.assertEqual(rc, 0, out + err)
            dbs.append(db)
        merged = self.out("merged.db")
        rc, out, err = self.smatch("merge", "--db", merged, *dbs)
        self.assertEqual(rc, 0, out + err)
        ntus = len([n for n in self.FILES if n.endswith(".c")])
        # every TU was checked by its shard: a build from the merged
        # database reuses every TU's summaries and findings
        import shutil
        again = self.out("again.db")
        shutil.copy(merged, again)
        rc, out, err = self.smatch("db", "build", "-p", ".", "--db", again)
        self.assertEqual(rc, 0, out + err)
        self.assertIn("%d translation units: 0 summarized, 0 analyzed" % ntus,
                      out)
        self.assertIn("%d from the database" % ntus, out)
        # the merged database serves a single run and a sharded one
        sarif = self.out("from-merged-db.sarif")
        rc, out, err = self.smatch("--sarif", sarif, "--db", merged,
                                   "--cache", self.out("y.cache"))
        self.assertEqual(rc, rc1, err)
        self.assertEqual(without_invocations(sarif), want)
        for k in (1, 2, 3):
            shutil.copy(merged, self.out("s%d.db" % k))
        rc, s, _, _ = self.sharded(3)
        self.assertEqual(without_invocations(s), want)

    def test_db_merge_refuses_what_is_not_a_database(self):
        _, _, _, files = self.sharded(2)
        with open(files[0], "rb") as f:
            before = f.read()
        rc, out, err = self.smatch("merge", "--db", self.out("m.db"), *files)
        self.assertEqual(rc, 2, out + err)
        self.assertIn(files[0], err)
        with open(files[0], "rb") as f:
            self.assertEqual(f.read(), before)
        rc, out, err = self.smatch("merge", "--db", self.out("m.db"),
                                   self.out("missing.db"))
        self.assertEqual(rc, 2, out + err)
        self.assertIn("missing.db", err)

    # ---------------------------------------------------------- refusals

    def refused(self, files, *want):
        rc, out, err = self.smatch("merge", "--sarif", self.out("x.sarif"),
                                   *files)
        self.assertEqual(rc, 2, out + err)
        for w in want:
            self.assertIn(w, err)
        self.assertFalse(os.path.exists(self.out("x.sarif")))

    def test_missing_and_duplicate_shards_are_refused(self):
        _, _, _, files = self.sharded(3)
        self.refused(files[:2], "shard 3/3 is missing")
        self.refused([files[0], files[1], files[1]], "given twice",
                     files[1])
        self.refused(files + [files[0]], "given twice")

    def test_shards_of_other_commits_or_versions_are_refused(self):
        _, _, _, files = self.sharded(3)
        self.edit("src/f1.c", "free(p);", ";")
        self.commit()
        other = self.out("other.json")
        rc, _, err = self.smatch("--shard", "2/3", "--results", other,
                                 "--no-cache")
        self.assertEqual(rc, 0, err)
        self.refused([files[0], other, files[2]], "different commits",
                     files[0], other)
        # another N
        rc, _, err = self.smatch("--shard", "2/4", "--results", other,
                                 "--no-cache")
        self.refused([files[0], other, files[2]], "numbers of shards")
        # another version
        with open(files[1]) as f:
            doc = json.load(f)
        doc["tool_version"] = "0.0.1-other"
        with open(other, "w") as f:
            json.dump(doc, f)
        self.refused([files[0], other, files[2]], "different smatch-ci versions")
        self.refused([other, files[0], files[2]], "0.0.1-other")

    def test_other_options_are_refused(self):
        _, _, _, files = self.sharded(3)
        other = self.out("other.json")
        rc, _, err = self.smatch("--shard", "2/3", "--results", other,
                                 "--no-cache", "--disable", "null-deref")
        self.assertEqual(rc, 0, err)
        self.refused([files[0], other, files[2]], "different options")

    def test_bad_results_files_are_refused(self):
        _, _, _, files = self.sharded(3)
        bad = self.out("bad.json")
        with open(bad, "w") as f:
            f.write("{\"version\": 2, \"tool\": \"smatch-ci\"}")
        self.refused([files[0], bad, files[2]], bad, "version 2")
        with open(bad, "w") as f:
            f.write("not json")
        self.refused([files[0], bad, files[2]], bad)
        self.refused([files[0], self.out("nope.json"), files[2]], "nope.json")

    def test_usage_errors(self):
        for args, want in [
            (["--shard", "4/3", "--results", "x"], "K/N"),
            (["--shard", "1/3"], "--results"),
            (["--results", "x"], "--shard"),
            (["--shard", "1/3", "--results", "x", "--sarif", "y"], "merge"),
            (["db", "build", "--shard", "1/2", "--results", "x"], "--results"),
            (["merge", "--db", "x.db", "--sarif", "y", "a.db"], "no other option"),
            (["merge"], "results files"),
            (["merge", "--baseline", "main", "x"], "merge analyzes nothing"),
        ]:
            rc, out, err = self.smatch(*args)
            self.assertEqual(rc, 2, (args, out, err))
            self.assertIn(want, err, args)


if __name__ == "__main__":
    unittest.main()
