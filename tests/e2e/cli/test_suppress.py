"""In-source suppressions end to end (docs/baseline.md, "In-source
suppressions"): a `smatch-ci: ignore[rule] reason` comment on a finding's
line or the line before keeps it out of the gate, the text and GitLab
reports and the baseline file, and puts it in SARIF with an inSource
suppression; reason-less, unknown and unused suppressions are findings
that go through the gate; the merge base's comments come from its own
text; sharded runs agree with a single one.  Every SARIF and GitLab report
is validated against the official schemas."""
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gate_repo import RepoTestCase  # noqa: E402

# The leak is reported on the second 'return -1' (line 11).
LEAK = """#include <stdlib.h>
#include <unistd.h>

int %(fn)s(int fd, int n)
{
	char *p = malloc(n);

	if (!p)
		return -1;
	if (read(fd, p, n) < 0)
		return -1;%(same_line)s
	free(p);
	return 0;
}
"""

CLEAN = """int add(int a, int b)
{
	return a + b;
}
"""


def leak(fn="old_leak", same_line=""):
    return LEAK % {"fn": fn, "same_line": same_line}


def with_comment_before(text, comment, line=11):
    """@text with @comment on its own line before line @line."""
    lines = text.split("\n")
    lines.insert(line - 1, "\t\t" + comment)
    return "\n".join(lines)


class SuppressTest(RepoTestCase):
    FILES = {"a.c": leak(), "b.c": CLEAN}

    def rules(self, results):
        return sorted((r["rule"], r["class"], r["path"], r["line"])
                      for r in results)

    def sarif_results(self, path=None):
        with open(path or self.sarif) as f:
            return json.load(f)["runs"][0]["results"]

    def gitlab_items(self):
        with open(self.gitlab) as f:
            return json.load(f)

    def test_suppressed_finding_is_only_in_sarif_suppressed(self):
        self.write("a.c", leak(same_line=" /* smatch-ci: ignore[memory-leak]"
                               " the caller exits on a failed read */"))
        self.commit()
        suppressed = os.path.join(self.dir, "suppressed.sarif")
        rc, results, err = self.run_gate("--fail-on", "any",
                                         "--sarif-suppressed", suppressed)
        self.assertEqual(rc, 0, err)
        self.assertEqual(self.rules(results),
                         [("memory-leak", "suppressed", "a.c", 11)])
        self.assertTrue(results[0]["in_source"])
        self.assert_reports_valid()
        # code scanning would make an open alert of it: not uploaded
        self.assertEqual(self.sarif_results(), [])
        self.sarif = suppressed
        self.assert_reports_valid()
        sarif = self.sarif_results()
        self.assertEqual(len(sarif), 1)
        self.assertEqual(sarif[0]["ruleId"], "memory-leak")
        self.assertEqual(sarif[0]["suppressions"], [{
            "kind": "inSource", "status": "accepted",
            "justification": "the caller exits on a failed read"}])
        self.assertEqual(self.gitlab_items(), [])
        with open(self.md) as f:
            self.assertIn("1 suppressed in source", f.read())
        rc, out, err = self.smatch("--baseline", "main", "--fail-on", "any")
        self.assertEqual(rc, 0, err)
        self.assertNotIn("memory leak", out)
        self.assertIn("1 suppressed in source: passed", out)

    def test_plain_run_applies_them_too(self):
        self.write("a.c", leak(same_line=" // smatch-ci: ignore[memory-leak]"
                               " freed by the caller's pool"))
        rc, out, err = self.smatch("a.c", "b.c")
        self.assertEqual(rc, 0, out + err)
        self.assertEqual(out, "")
        self.write("b.c", "// smatch-ci: ignore[memory-leak]\n" + CLEAN)
        rc, out, err = self.smatch("a.c", "b.c")
        self.assertEqual(rc, 1, err)
        self.assertIn("b.c:1 warning: malformed suppression", out)
        self.assertNotIn("memory leak", out)

    def test_comment_on_the_line_before(self):
        self.write("a.c", with_comment_before(
            leak(), "// smatch-ci: ignore[memory-leak]: freed by the pool"))
        self.commit()
        rc, results, err = self.run_gate("--fail-on", "any")
        self.assertEqual(rc, 0, err)
        self.assertEqual(self.rules(results),
                         [("memory-leak", "suppressed", "a.c", 12)])
        # two lines above is too far
        self.write("a.c", with_comment_before(
            leak(), "// smatch-ci: ignore[memory-leak] too far", line=10))
        self.commit()
        rc, results, err = self.run_gate("--fail-on", "any")
        self.assertEqual(rc, 1, err)
        self.assertEqual(self.rules(results), [
            ("memory-leak", "unchanged", "a.c", 12),
            ("unused-suppression", "new", "a.c", 10)])

    def test_reasonless_and_unknown_rule_are_findings(self):
        self.write("a.c", leak(same_line=" // smatch-ci: ignore[memory-leak]"))
        self.write("b.c", "// smatch-ci: ignore[memory-leaks] typo\n" + CLEAN)
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 1, err)
        # a reason-less comment suppresses nothing
        self.assertEqual(self.rules(results), [
            ("invalid-suppression", "new", "a.c", 11),
            ("invalid-suppression", "new", "b.c", 1),
            ("memory-leak", "unchanged", "a.c", 11)])
        msgs = sorted(r["message"] for r in results
                      if r["rule"] == "invalid-suppression")
        self.assertIn("no reason", msgs[0])
        self.assertIn("'memory-leaks'", msgs[1])
        self.assert_reports_valid()
        names = sorted(i["check_name"] for i in self.gitlab_items())
        self.assertEqual(names, ["invalid-suppression", "invalid-suppression",
                                 "memory-leak"])

    def test_wrong_rule_does_not_suppress_and_is_unused(self):
        self.write("a.c", leak(same_line=" /* smatch-ci: ignore[null-deref]"
                               " p is checked */"))
        self.commit()
        rc, results, err = self.run_gate("--fail-on", "any")
        self.assertEqual(rc, 1, err)
        self.assertEqual(self.rules(results), [
            ("memory-leak", "unchanged", "a.c", 11),
            ("unused-suppression", "new", "a.c", 11)])

    def test_unused_only_for_rules_that_ran(self):
        # sizeof-pointer is on by default; tainted-index is disabled here
        self.write("b.c", "/* smatch-ci: ignore[sizeof-pointer] old code */\n"
                   "/* smatch-ci: ignore[tainted-index] input is trusted */\n"
                   + CLEAN)
        self.commit()
        rc, results, err = self.run_gate("--disable", "tainted-index")
        self.assertEqual(rc, 1, err)
        self.assertEqual(self.rules(results), [
            ("memory-leak", "unchanged", "a.c", 11),
            ("unused-suppression", "new", "b.c", 1)])
        self.assert_reports_valid()

    def test_pull_request_silences_its_new_finding(self):
        self.write("b.c", CLEAN + leak("new_leak", " /* smatch-ci:"
                                       " ignore[memory-leak] exits right after */"))
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 0, err)
        self.assertIn(("memory-leak", "suppressed", "b.c", 15),
                      self.rules(results))
        # the same without a reason: the finding and the comment are new
        self.write("b.c", CLEAN + leak("new_leak", " /* smatch-ci:"
                                       " ignore[memory-leak] */"))
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 1, err)
        self.assertEqual([r[:2] for r in self.rules(results)
                          if r[1] == "new"],
                         [("invalid-suppression", "new"),
                          ("memory-leak", "new")])

    def test_silencing_an_old_finding_is_not_a_fix(self):
        self.write("a.c", leak(same_line=" /* smatch-ci: ignore[memory-leak]"
                               " reviewed */"))
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 0, err)
        self.assertEqual([r["class"] for r in results], ["suppressed"])


class BaseSideTest(RepoTestCase):
    """The merge base's comments, from the merge base's text."""
    FILES = {
        "a.c": leak(same_line=" // smatch-ci: ignore[memory-leak] reviewed"),
        "b.c": "// smatch-ci: ignore[memory-leak]\n" + CLEAN,
    }

    def test_old_bad_comment_is_unchanged_and_removed_comment_is_new(self):
        # a change elsewhere: the old reason-less comment is not new
        self.write("c.c", CLEAN.replace("add", "add3"))
        self.commit()
        rc, results, err = self.run_gate("--fail-on", "new")
        self.assertEqual(rc, 0, err)
        classes = sorted((r["rule"], r["class"]) for r in results)
        self.assertEqual(classes, [("invalid-suppression", "unchanged"),
                                   ("memory-leak", "suppressed")])
        # removing a reviewed comment brings its finding back: new, and
        # the change caused it (it edited the finding's line)
        self.write("a.c", leak())
        self.commit()
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 1, err)
        self.assertIn(("memory-leak", "new"),
                      [(r["rule"], r["class"]) for r in results])
        self.assert_reports_valid()

    def test_edited_comment_is_read_again(self):
        # a warm cache and database: the comment is read after them
        self.write("c.c", CLEAN.replace("add", "add3"))
        self.commit()
        self.run_gate()
        # the reason deleted: the comment no longer suppresses, and the
        # finding the base kept silent is new
        self.write("a.c", leak(same_line=" // smatch-ci: ignore[memory-leak]"))
        rc, results, err = self.run_gate()
        self.assertEqual(rc, 1, err)
        found = [(r["rule"], r["class"]) for r in results]
        self.assertIn(("memory-leak", "new"), found)
        self.assertIn(("invalid-suppression", "new"), found)


class BaselineFileTest(RepoTestCase):
    FILES = {"a.c": leak(same_line=" /* smatch-ci: ignore[memory-leak]"
                         " reviewed */"),
             "b.c": leak("other_leak")}

    def test_update_leaves_suppressed_findings_out(self):
        rc, _, err = self.smatch("baseline", "update")
        self.assertEqual(rc, 0, err)
        with open(os.path.join(self.repo, ".smatch-ci", "baseline.json")) as f:
            entries = json.load(f)["findings"]
        self.assertEqual([(e["path"], e["function"]) for e in entries],
                         [("b.c", "other_leak")])


# Two TUs read one header; its comment is unused in both, so the merge
# keeps it; the suppressed finding and the reason-less comment are each
# in one shard.
SHARD_FILES = {
    "inc/h.h": "/* smatch-ci: ignore[double-free] nothing here */\n"
               "int helper(int);\n",
}
for i in range(4):
    SHARD_FILES["src/f%d.c" % i] = '#include "../inc/h.h"\n' + leak(
        "leak_%d" % i, " // smatch-ci: ignore[memory-leak] ok" if i == 1 else
        " // smatch-ci: ignore[memory-leak]" if i == 2 else "")


class ShardTest(RepoTestCase):
    FILES = SHARD_FILES

    def single_and_sharded(self, *gate):
        """The --json lines of a single run and of 3 shards merged, which
        must be equal, and the results files."""
        out = os.path.join(self.dir, "out")
        os.makedirs(out, exist_ok=True)
        rc1, _, err = self.smatch("--json", os.path.join(out, "single.jsonl"),
                                  "--no-cache", *gate)
        self.assertEqual(rc1, 1, err)
        files = []
        for k in (1, 2, 3):
            res = os.path.join(out, "r%d.json" % k)
            rc, _, err = self.smatch("--shard", "%d/3" % k, "--results", res,
                                     "--no-cache", *gate)
            self.assertEqual(rc, 0, err)
            files.append(res)
        rc3, _, err = self.smatch("merge", "--json",
                                  os.path.join(out, "merged.jsonl"), *files)
        self.assertEqual(rc3, rc1, err)
        with open(os.path.join(out, "single.jsonl")) as a, \
                open(os.path.join(out, "merged.jsonl")) as b:
            single, merged = a.read(), b.read()
        self.assertEqual(merged, single)
        return single, files, out

    def test_sharded_with_a_base_is_the_same(self):
        # f1's reviewed comment removed, f3's finding silenced
        self.write("src/f1.c", SHARD_FILES["src/f1.c"].replace(
            " // smatch-ci: ignore[memory-leak] ok", ""))
        self.write("src/f3.c", SHARD_FILES["src/f3.c"].replace(
            "return -1;\n\tfree", "return -1; /* smatch-ci: ignore[memory-leak]"
            " exits */\n\tfree"))
        self.commit()
        single, _, _ = self.single_and_sharded("--baseline", "main")
        rules = sorted((r["rule"], r["path"], r["class"]) for r in
                       map(json.loads, single.splitlines()))
        self.assertEqual(rules, [
            ("invalid-suppression", "src/f2.c", "unchanged"),
            ("memory-leak", "src/f0.c", "unchanged"),
            ("memory-leak", "src/f1.c", "new"),
            ("memory-leak", "src/f2.c", "unchanged"),
            ("memory-leak", "src/f3.c", "suppressed"),
            ("unused-suppression", "inc/h.h", "unchanged")])

    def test_sharded_is_the_same(self):
        single, files, out = self.single_and_sharded()
        rules = sorted((r["rule"], r["path"], r["class"]) for r in
                       map(json.loads, single.splitlines()))
        self.assertEqual(rules, [
            ("invalid-suppression", "src/f2.c", "new"),
            ("memory-leak", "src/f0.c", "new"),
            ("memory-leak", "src/f1.c", "suppressed"),
            ("memory-leak", "src/f2.c", "new"),
            ("memory-leak", "src/f3.c", "new"),
            ("unused-suppression", "inc/h.h", "new")])
        # a shard that read the header and did not find its comment unused
        # (a finding of its own used it): the merge drops the report
        readers = []
        for res in files:
            with open(res) as f:
                doc = json.load(f)
            if "inc/h.h" in doc["files"]:
                readers.append((res, doc))
        self.assertGreater(len(readers), 1)
        res, doc = readers[0]
        doc["findings"] = [x for x in doc["findings"]
                           if x["rule"] != "unused-suppression"]
        with open(res, "w") as f:
            json.dump(doc, f)
        rc, _, err = self.smatch("merge", "--json",
                                 os.path.join(out, "used.jsonl"), *files)
        self.assertEqual(rc, 1, err)
        with open(os.path.join(out, "used.jsonl")) as f:
            rules = [json.loads(x)["rule"] for x in f]
        self.assertNotIn("unused-suppression", rules)
        self.assertIn("invalid-suppression", rules)


if __name__ == "__main__":
    unittest.main()
