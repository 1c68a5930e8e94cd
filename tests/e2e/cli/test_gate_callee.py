"""End-to-end: the gate knows what a change broke elsewhere (issue
"Cross-function knowledge", part 5).

A change to one file alters what a function does (a helper starts to
return memory the caller must free, or may now return NULL); its callers
in files the change did not touch now have findings.  Those findings are
new, they count as caused by the change (the pull request that broke the
caller fails, not the next one that edits it), and their SARIF result
points at the changed function as a related location.  A change that
leaves the helper's summary alone breaks nothing elsewhere.

Real git repositories in temporary directories (gate_repo.py), with the
base side analyzed from the cache on a second run."""
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gate_repo import RepoTestCase  # noqa: E402

HELPER = """static char pool[256];

char *name_buf(unsigned long n)
{
	(void)n;
	return pool;
}

int helper_other(int x)
{
	return x * 2;
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

int helper_other(int x)
{
	return x * 2;
}
"""

CALLER = """char *name_buf(unsigned long n);

int greet(int fail)
{
	char *b = name_buf(32);

	if (fail)
		return -1;
	b[0] = 'h';
	return 0;
}
"""


MID = """char *name_buf(unsigned long n);

char *label(void)
{
	return name_buf(16);
}
"""

USER = """char *label(void);

int show(int fail)
{
	char *l = label();

	if (fail)
		return -1;
	l[0] = 'x';
	return 0;
}
"""


class TransitiveTest(RepoTestCase):
    """helper.c changes; mid.c wraps it unchanged; user.c calls the
    wrapper: the leak in user.c is the change's doing too."""
    FILES = {"helper.c": HELPER, "mid.c": MID, "user.c": USER}

    def test_change_reaches_callers_of_a_wrapper(self):
        self.write("helper.c", HELPER_ALLOCATES)
        self.commit()
        rc, results, err = self.run_gate()
        self.assert_reports_valid()
        new = [(r["rule"], r["path"], r["function"], r["touched"])
               for r in results if r.get("class") == "new"]
        self.assertEqual(new, [("memory-leak", "user.c", "show", True)] * 2,
                         (results, err))
        self.assertEqual(rc, 1, err)
        with open(self.sarif) as f:
            res = json.load(f)["runs"][0]["results"][0]
        msgs = [loc["message"]["text"] for loc in res["relatedLocations"]]
        self.assertIn("label() changed in this change: it now returns "
                      "memory the caller must free", msgs)


class CalleeChangeTest(RepoTestCase):
    FILES = {"helper.c": HELPER, "caller.c": CALLER}

    def gate(self):
        rc, results, err = self.run_gate()
        self.assert_reports_valid()
        return rc, results, err

    def test_helper_that_now_allocates_breaks_unchanged_caller(self):
        self.write("helper.c", HELPER_ALLOCATES)
        self.commit()
        for attempt in ("analyzed", "cached"):
            rc, results, err = self.gate()
            new = [r for r in results if r.get("class") == "new"]
            # both returns of greet() leak now; nothing else changed
            self.assertEqual([(r["rule"], r["path"], r["function"])
                              for r in new],
                             [("memory-leak", "caller.c", "greet")] * 2,
                             (attempt, results, err))
            self.assertTrue(all(r["touched"] for r in new), attempt)
            self.assertEqual(rc, 1, (attempt, err))
            self.assertIn("analyzed again with the merge base's summaries",
                          err)
            with open(self.sarif) as f:
                res = json.load(f)["runs"][0]["results"][0]
            related = [(loc["physicalLocation"]["artifactLocation"]["uri"],
                        loc["physicalLocation"]["region"]["startLine"],
                        loc["message"]["text"])
                       for loc in res["relatedLocations"]]
            self.assertIn(("helper.c", 3,
                           "name_buf() changed in this change: it now "
                           "returns memory the caller must free"),
                          related, attempt)

    def test_renamed_and_edited_helper_breaks_nothing(self):
        # a rename with an edit that leaves the helper's summary alone:
        # the caller's old leak stays unchanged, nothing is analyzed again
        base = HELPER_ALLOCATES.replace("x * 2", "x + x")
        self.write("helper.c", HELPER_ALLOCATES)
        self.commit("allocating helper")
        git_mv = __import__("gate_repo").git
        git_mv(self.repo, "branch", "-f", "main", "HEAD")
        git_mv(self.repo, "mv", "helper.c", "helper2.c")
        self.write("helper2.c", base)
        self.commit("rename and edit")
        rc, results, err = self.gate()
        self.assertEqual([r for r in results if r.get("class") == "new"], [],
                         err)
        self.assertEqual(rc, 0, err)
        self.assertNotIn("analyzed again", err)

    def test_change_that_keeps_the_summary_breaks_nothing(self):
        self.write("helper.c", HELPER.replace("x * 2", "x + x"))
        self.commit()
        rc, results, err = self.gate()
        self.assertEqual([r for r in results if r.get("class") == "new"], [])
        self.assertEqual(rc, 0, err)
        self.assertNotIn("analyzed again", err)


LIB = """int table_get(int i)
{
	static const int t[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };

	return t[i];
}
"""

USES = """int table_get(int i);

int use(void)
{
	return table_get(3);
}
"""


class PassedValuesTest(RepoTestCase):
    """What a file's callers pass to another file's functions is the same
    on both sides when the change leaves those calls alone, however the
    files are named on the command line (`./uses.c` on the head side, the
    merge base's tree names it `uses.c`): nothing is analyzed again."""
    FILES = {"lib.c": LIB, "uses.c": USES}

    def test_unrelated_addition_reanalyzes_no_callee(self):
        self.write("uses.c", USES + "\nint extra(int x)\n{\n\treturn x;\n}\n")
        self.commit()
        rc, results, err = self.run_gate("./lib.c", "./uses.c")
        self.assertEqual([r for r in results if r.get("class") == "new"], [],
                         err)
        self.assertEqual(rc, 0, err)
        self.assertIn("1 translation unit affected by the change", err)
        self.assertNotIn("analyzed again", err)


if __name__ == "__main__":
    unittest.main(verbosity=2)
