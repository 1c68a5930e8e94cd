"""Every finding carries the path that led to it (issue 10, "Explain and
fix"), in real git repositories:

- SARIF codeFlows hold, in the order the code runs, where the value came
  from (the related locations), the branches taken to reach the finding
  (marked "branch") and the finding; the report validates;
- the path survives the results cache: a warm run reports the same flows;
- `--explain FILE:LINE` and `--explain FINGERPRINT` print the finding and
  its path with each step's source line, keep the run's exit code, and
  exit 2 when nothing matches or the argument is malformed."""
import json
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gate_repo import RepoTestCase, SMATCH_CI  # noqa: E402

SAMPLE = """#include <stdlib.h>

struct node { int v; struct node *next; };

int pick(int mode, int n)
{
	struct node *p = calloc(1, sizeof(*p));
	int r = 0;

	if (n > 3) {
		switch (mode) {
		case 1:
			r = 1;
			break;
		case 2:
			r = p->v;
			break;
		}
	}
	free(p);
	return r;
}

int ok(void)
{
	return 0;
}
"""

DEREF_LINE = 16


def lines_of(flow):
    return [loc["location"]["physicalLocation"]["region"]["startLine"]
            for loc in flow]


class ExplainTest(RepoTestCase):
    FILES = {"a.c": SAMPLE}

    def null_result(self):
        with open(self.sarif) as f:
            results = json.load(f)["runs"][0]["results"]
        found = [r for r in results if r["ruleId"] == "null-deref"]
        self.assertEqual(len(found), 1, results)
        return found[0]

    def explain(self, spec, *extra):
        p = subprocess.run([SMATCH_CI, "--baseline", "main", "--cache",
                            os.path.join(self.dir, "cache.sqlite"),
                            "--explain", spec] + list(extra),
                           cwd=self.repo, capture_output=True, text=True,
                           timeout=300)
        return p.returncode, p.stdout, p.stderr

    def test_code_flow_orders_origin_branches_and_finding(self):
        rc, _, err = self.run_gate()
        self.assertEqual(rc, 0, err)	# present in main: not new
        self.assert_reports_valid()
        r = self.null_result()
        flow = r["codeFlows"][0]["threadFlows"][0]["locations"]
        msgs = [loc["location"]["message"]["text"] for loc in flow]
        self.assertEqual(lines_of(flow), [7, 10, 15, DEREF_LINE], msgs)
        self.assertIn("can return NULL", msgs[0])
        self.assertNotIn("kinds", flow[0])
        self.assertEqual(msgs[1], "taking the true branch")
        self.assertEqual(flow[1]["kinds"], ["branch"])
        self.assertEqual(msgs[2], "jumping to this case")
        self.assertEqual(flow[3]["location"]["physicalLocation"]["region"],
                         r["locations"][0]["physicalLocation"]["region"])
        # the cached results give the same path
        with open(self.sarif) as f:
            cold = json.load(f)["runs"][0]["results"]
        rc, _, err = self.run_gate()
        self.assertEqual(rc, 0, err)
        with open(self.sarif) as f:
            warm = json.load(f)["runs"][0]["results"]
        self.assertEqual([x.get("codeFlows") for x in cold],
                         [x.get("codeFlows") for x in warm])

    def test_explain_by_line_and_by_fingerprint(self):
        rc, _, err = self.run_gate()
        fp = self.null_result()["partialFingerprints"]["smatchCi/v1"]
        rc, out, err = self.explain("a.c:%d" % DEREF_LINE)
        self.assertEqual(rc, 0, err)
        self.assertIn("[null-deref]", out)
        self.assertIn("fingerprint " + fp, out)
        self.assertIn("2. a.c:10: taking the true branch", out)
        self.assertIn("| if (n > 3) {", out)
        self.assertIn("| case 2:", out)
        self.assertIn("(the finding)", out)
        self.assertIn("| r = p->v;", out)
        # memory-leak has no finding on that line: one explanation
        self.assertEqual(out.count("fingerprint "), 1, out)
        rc, by_fp, err = self.explain(fp[:12])
        self.assertEqual(rc, 0, err)
        self.assertEqual(by_fp, out)
        # the file named from another directory
        sub = os.path.join(self.repo, "sub")
        os.makedirs(sub)
        p = subprocess.run([SMATCH_CI, "--baseline", "main", "--no-cache",
                            "--explain", "../a.c:%d" % DEREF_LINE],
                           cwd=sub, capture_output=True, text=True,
                           timeout=300)
        self.assertEqual(p.returncode, 0, p.stderr)
        self.assertIn("[null-deref]", p.stdout)

    def test_explain_without_the_gate(self):
        p = subprocess.run([SMATCH_CI, "--no-cache", "--explain",
                            "a.c:%d" % DEREF_LINE, "a.c"], cwd=self.repo,
                           capture_output=True, text=True, timeout=300)
        # the run's verdict: findings
        self.assertEqual(p.returncode, 1, p.stderr)
        self.assertIn("taking the true branch", p.stdout)
        self.assertNotIn("(new", p.stdout)

    def test_explain_nothing_there_or_malformed(self):
        rc, out, err = self.explain("a.c:3")
        self.assertEqual(rc, 2)
        self.assertIn("no finding of this run is there", err)
        self.assertEqual(out.count("fingerprint "), 0)
        for bad in ("a.c", "a.c:0", "a.c:x", "ABCDEF0123", "abc"):
            rc, _, err = self.explain(bad)
            self.assertEqual(rc, 2, bad)
            self.assertIn("--explain", err)


if __name__ == "__main__":
    unittest.main()
