#!/usr/bin/env python3
"""Self-test of validate_reports.py: it accepts good reports and rejects
bad ones, each for the stated reason, as a module and as a command.

The schemas are found as the validator finds them: $SCI_SOURCE_DIR/../shared
/schemas, else relative to this file.  Without them every test fails with
the validator's own message (they are required, never skipped).
"""
import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "validate_reports.py")
sys.path.insert(0, HERE)

import validate_reports as vr  # noqa: E402

FP = "a" * 64


def good_sarif():
    """A log of the shape smatch-ci writes, with every optional part."""
    loc = {
        "physicalLocation": {
            "artifactLocation": {"uri": "src/a%20b.c", "uriBaseId": "%SRCROOT%"},
            "region": {"startLine": 12, "startColumn": 5},
        },
    }
    related = copy.deepcopy(loc)
    related["id"] = 1
    related["message"] = {"text": "allocated here"}
    primary = copy.deepcopy(loc)
    primary["logicalLocations"] = [{"name": "f", "kind": "function"}]
    return {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "smatch-ci",
                "version": "0.1.0",
                "semanticVersion": "0.1.0",
                "informationUri": "https://example.org/smatch-ci",
                "rules": [{
                    "id": "memory-leak",
                    "name": "MemoryLeak",
                    "shortDescription": {"text": "leak"},
                    "fullDescription": {"text": "a leak"},
                    "help": {"text": "# help", "markdown": "# help"},
                    "helpUri": "https://example.org/memory-leak",
                    "defaultConfiguration": {"level": "warning"},
                    "properties": {"tags": ["external/cwe/cwe-401"]},
                }],
            }},
            "automationDetails": {"id": "smatch-ci/"},
            "originalUriBaseIds": {
                "%SRCROOT%": {"uri": "file:///home/ci/my%20repo/"}},
            "results": [{
                "ruleId": "memory-leak",
                "ruleIndex": 0,
                "level": "warning",
                "message": {"text": "memory leak of 'p'"},
                "locations": [primary],
                "relatedLocations": [related],
                "codeFlows": [{"threadFlows": [{"locations": [
                    {"location": copy.deepcopy(related)},
                    {"location": copy.deepcopy(loc)}]}]}],
                "partialFingerprints": {"smatchCi/v1": FP},
                "baselineState": "new",
            }],
            "invocations": [{
                "executionSuccessful": False,
                "exitCode": 3,
                "toolExecutionNotifications": [{
                    "level": "error",
                    "message": {"text": "parse error"},
                    "descriptor": {"id": "analysis-failure"},
                    "locations": [{"physicalLocation": {"artifactLocation": {
                        "uri": "file:///usr/src/x.c"}}}],
                }],
            }],
        }],
    }


def good_gitlab():
    return [{
        "description": "memory leak of 'p'",
        "check_name": "memory-leak",
        "fingerprint": FP,
        "severity": "major",
        "location": {"path": "src/a b.c", "lines": {"begin": 12}},
        "categories": ["Bug Risk"],
        "type": "issue",
    }, {
        "description": "NULL",
        "check_name": "null-deref",
        "fingerprint": "b" * 64,
        "severity": "critical",
        "location": {"path": "src/b.c", "positions": {"begin": {"line": 3}}},
    }]


class Validators(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        d = vr.schema_dir()  # raises SchemaMissing with the reason
        cls.sarif_v = vr._validator(os.path.join(d, vr.SARIF_SCHEMA))
        cls.gitlab_v = vr._validator(os.path.join(d, vr.GITLAB_SCHEMA))

    def sarif_errors(self, doc):
        return vr.validate_sarif(doc, self.sarif_v)

    def gitlab_errors(self, doc):
        return vr.validate_gitlab(doc, self.gitlab_v)

    def assert_sarif_rejected(self, mutate, *fragments):
        doc = good_sarif()
        mutate(doc)
        errors = self.sarif_errors(doc)
        self.assertTrue(errors, "accepted a bad log")
        text = "\n".join(errors)
        for frag in fragments:
            self.assertIn(frag, text)

    def assert_gitlab_rejected(self, mutate, *fragments):
        doc = good_gitlab()
        mutate(doc)
        errors = self.gitlab_errors(doc)
        self.assertTrue(errors, "accepted a bad report")
        text = "\n".join(errors)
        for frag in fragments:
            self.assertIn(frag, text)

    # ---- SARIF: accepted ----

    def test_sarif_good(self):
        self.assertEqual(self.sarif_errors(good_sarif()), [])

    def test_sarif_minimal(self):
        doc = {"version": "2.1.0", "runs": [
            {"tool": {"driver": {"name": "t"}}, "results": []}]}
        self.assertEqual(self.sarif_errors(doc), [])

    def test_sarif_rule_via_index_only_is_checked(self):
        doc = good_sarif()
        doc["runs"][0]["results"][0]["ruleIndex"] = 0
        self.assertEqual(self.sarif_errors(doc), [])

    # ---- SARIF: rejected by the schema ----

    def test_sarif_wrong_version(self):
        self.assert_sarif_rejected(lambda d: d.update(version="2.0.0"),
                                   "$.version")

    def test_sarif_bad_level(self):
        def m(d):
            d["runs"][0]["results"][0]["level"] = "fatal"
        self.assert_sarif_rejected(m, "$.runs[0].results[0].level")

    def test_sarif_unknown_property(self):
        def m(d):
            d["runs"][0]["results"][0]["logicalLocations"] = [{"name": "f"}]
        self.assert_sarif_rejected(m, "logicalLocations", "unexpected")

    def test_sarif_bad_baseline_state(self):
        def m(d):
            d["runs"][0]["results"][0]["baselineState"] = "fixed"
        self.assert_sarif_rejected(m, "baselineState")

    def test_sarif_uri_with_space(self):
        def m(d):
            d["runs"][0]["results"][0]["locations"][0]["physicalLocation"][
                "artifactLocation"]["uri"] = "src/a b.c"
        self.assert_sarif_rejected(m, "uri-reference")

    def test_sarif_uri_with_raw_unicode_or_percent(self):
        for bad in ("src/\u00fc.c", "src/100%.c", "src/a\"b.c"):
            def m(d, bad=bad):
                d["runs"][0]["results"][0]["locations"][0][
                    "physicalLocation"]["artifactLocation"]["uri"] = bad
            self.assert_sarif_rejected(m, "uri-reference")

    def test_sarif_start_line_zero(self):
        def m(d):
            d["runs"][0]["results"][0]["locations"][0]["physicalLocation"][
                "region"]["startLine"] = 0
        self.assert_sarif_rejected(m, "startLine")

    def test_sarif_no_message_text(self):
        def m(d):
            d["runs"][0]["results"][0]["message"] = {}
        self.assert_sarif_rejected(m, "message")

    # ---- SARIF: rejected by GitHub's rules ----

    def test_sarif_rule_not_in_run(self):
        def m(d):
            d["runs"][0]["results"][0]["ruleId"] = "other"
            del d["runs"][0]["results"][0]["ruleIndex"]
        self.assert_sarif_rejected(m, "'other' is not a rule of the run")

    def test_sarif_rule_index_mismatch(self):
        def m(d):
            rules = d["runs"][0]["tool"]["driver"]["rules"]
            rules.append(dict(rules[0], id="null-deref"))
            d["runs"][0]["results"][0]["ruleIndex"] = 1
        self.assert_sarif_rejected(m, "rules[1] is 'null-deref'")

    def test_sarif_rule_index_out_of_range(self):
        def m(d):
            d["runs"][0]["results"][0]["ruleIndex"] = 5
        self.assert_sarif_rejected(m, "out of range")

    def test_sarif_duplicate_rules(self):
        def m(d):
            rules = d["runs"][0]["tool"]["driver"]["rules"]
            # not identical, or the schema's uniqueItems catches it first
            rules.append(dict(copy.deepcopy(rules[0]), name="Other"))
        self.assert_sarif_rejected(m, "duplicate rule id")

    def test_sarif_too_many_tags(self):
        def m(d):
            d["runs"][0]["tool"]["driver"]["rules"][0]["properties"][
                "tags"] = ["t%d" % i for i in range(21)]
        self.assert_sarif_rejected(m, "21 tags")

    def test_sarif_no_runs(self):
        self.assert_sarif_rejected(lambda d: d.update(runs=[]), "no run")

    def test_sarif_base_uri_without_slash(self):
        def m(d):
            d["runs"][0]["originalUriBaseIds"]["%SRCROOT%"]["uri"] = \
                "file:///home/ci/repo"
        self.assert_sarif_rejected(m, "does not end with '/'")

    def test_sarif_undefined_base_id(self):
        def m(d):
            d["runs"][0]["results"][0]["locations"][0]["physicalLocation"][
                "artifactLocation"]["uriBaseId"] = "%OTHER%"
        self.assert_sarif_rejected(m, "not in originalUriBaseIds")

    def test_sarif_host_relative_and_http_uris(self):
        def m(d):
            d["runs"][0]["results"][0]["locations"][0]["physicalLocation"][
                "artifactLocation"]["uri"] = "/abs/a.c"
        self.assert_sarif_rejected(m, "relative to the host")

        def m2(d):
            al = d["runs"][0]["results"][0]["codeFlows"][0]["threadFlows"][
                0]["locations"][0]["location"]["physicalLocation"][
                "artifactLocation"]
            al["uri"] = "https://example.org/a.c"
            del al["uriBaseId"]
        self.assert_sarif_rejected(m2, "codeFlows[0]", "not a file: URI")

    def test_sarif_duplicate_related_ids(self):
        def m(d):
            r = d["runs"][0]["results"][0]
            r["relatedLocations"].append(dict(copy.deepcopy(
                r["relatedLocations"][0]), message={"text": "other"}))
        self.assert_sarif_rejected(m, "duplicate ids")

    # ---- GitLab ----

    def test_gitlab_good(self):
        self.assertEqual(self.gitlab_errors(good_gitlab()), [])
        self.assertEqual(self.gitlab_errors([]), [])

    def test_gitlab_not_an_array(self):
        self.assertIn("JSON array", self.gitlab_errors({"a": 1})[0])

    def test_gitlab_missing_fingerprint(self):
        self.assert_gitlab_rejected(lambda d: d[0].pop("fingerprint"),
                                    "$[0]", "'fingerprint' is a required")

    def test_gitlab_duplicate_fingerprints(self):
        def m(d):
            d[1]["fingerprint"] = d[0]["fingerprint"]
        self.assert_gitlab_rejected(m, "$[1].fingerprint: same as $[0]")

    def test_gitlab_bad_severity(self):
        def m(d):
            d[0]["severity"] = "warning"
        self.assert_gitlab_rejected(m, "'warning' is not one of")

    def test_gitlab_bad_location(self):
        def m(d):
            d[0]["location"]["path"] = "/abs/a.c"
        self.assert_gitlab_rejected(m, "not relative")

        def m2(d):
            d[0]["location"] = {"path": "a.c"}
        self.assert_gitlab_rejected(m2, "lines.begin")

        def m3(d):
            d[0]["location"]["lines"]["begin"] = "12"
        self.assert_gitlab_rejected(m3, "$[0].location.lines.begin")

    def test_gitlab_missing_check_name(self):
        self.assert_gitlab_rejected(lambda d: d[0].pop("check_name"),
                                    "check_name")

    # ---- URI syntax ----

    def test_uri_reference_syntax(self):
        for ok in ("a.c", "src/a%20b.c", "file:///x/y/", "%C3%BC.c",
                   "a%3Ab.c", "https://h:8080/p?q=1#f", "", "./a/../b"):
            self.assertTrue(vr.is_uri_reference(ok), ok)
        for bad in ("a b.c", "100%.c", "%zz", "\u00fc.c", "1a:b",
                    "a\\b.c", "x[1].c", "a\"b"):
            self.assertFalse(vr.is_uri_reference(bad), bad)
        self.assertTrue(vr.is_uri("file:///a/"))
        self.assertFalse(vr.is_uri("a/b"))


class CommandLine(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="sci-validate-")

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def write(self, name, doc):
        path = os.path.join(self.tmp, name)
        with open(path, "w", encoding="utf-8") as f:
            if isinstance(doc, str):
                f.write(doc)
            else:
                json.dump(doc, f)
        return path

    def run_cli(self, *args, env=None, script=SCRIPT):
        p = subprocess.run([sys.executable, script] + list(args),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True, env=env)
        return p.returncode, p.stdout, p.stderr

    def test_all_valid(self):
        s1 = self.write("a.sarif", good_sarif())
        s2 = self.write("b.sarif", good_sarif())
        g = self.write("c.json", good_gitlab())
        code, out, err = self.run_cli("--sarif", s1, s2, "--gitlab", g)
        self.assertEqual((code, out), (0, ""), err)

    def test_invalid_files_are_named(self):
        bad = good_sarif()
        bad["runs"][0]["results"][0]["ruleId"] = "nope"
        s = self.write("bad.sarif", bad)
        ok = self.write("ok.sarif", good_sarif())
        g = self.write("bad.json", [{"description": "x"}])
        code, out, err = self.run_cli("--sarif", ok, s, "--gitlab", g)
        self.assertEqual(code, 1)
        self.assertIn(s + ": $.runs[0].results[0].ruleId", out)
        self.assertIn(g + ": $[0]", out)
        self.assertNotIn(ok + ":", out)
        self.assertIn("2 of 3 file(s) invalid", err)

    def test_not_json_duplicate_keys_not_utf8(self):
        a = self.write("a.sarif", "{")
        b = self.write("b.json", '[{"fingerprint": "x", "fingerprint": "y"}]')
        c = os.path.join(self.tmp, "c.json")
        with open(c, "wb") as f:
            f.write(b'["\xff"]')
        code, out, _ = self.run_cli("--sarif", a, "--gitlab", b, c)
        self.assertEqual(code, 1)
        self.assertIn(a + ": not JSON", out)
        self.assertIn("duplicate key 'fingerprint'", out)
        self.assertIn(c + ": not UTF-8", out)

    def test_missing_file(self):
        code, out, _ = self.run_cli("--sarif",
                                    os.path.join(self.tmp, "none.sarif"))
        self.assertEqual(code, 1)
        self.assertIn("cannot read", out)

    def test_usage(self):
        code, _, err = self.run_cli()
        self.assertEqual(code, 2)
        self.assertIn("nothing to validate", err)

    def test_missing_schemas_fail_clearly(self):
        s = self.write("a.sarif", good_sarif())
        code, out, err = self.run_cli("--schema-dir",
                                      os.path.join(self.tmp, "none"),
                                      "--sarif", s)
        self.assertEqual(code, 2)
        self.assertIn("not found", err)
        self.assertIn(vr.SARIF_SCHEMA, err)

    def test_schemas_found_in_the_tree(self):
        # a copy of the script in a tree without tests/schemas/ finds
        # nothing; with them beside it, it does
        tree = os.path.join(self.tmp, "src", "tests", "tools")
        os.makedirs(tree)
        script = shutil.copy(SCRIPT, tree)
        s = self.write("a.sarif", good_sarif())
        env = dict(os.environ)
        env.pop("SCI_SOURCE_DIR", None)
        code, _, err = self.run_cli("--sarif", s, env=env, script=script)
        self.assertEqual(code, 2)
        self.assertIn("tests/schemas", err)
        # with its tests/schemas/ beside it, the copy finds them
        shutil.copytree(os.path.join(HERE, "..", "schemas"),
                        os.path.join(self.tmp, "src", "tests", "schemas"))
        code, _, err = self.run_cli("--sarif", s, env=env, script=script)
        self.assertEqual(code, 0, err)


class SchemaCopies(unittest.TestCase):
    """tests/schemas/ must stay identical to the project's reference copies
    in ../shared/schemas whenever those are beside the checkout."""

    def test_copies_match_the_reference(self):
        mine = os.path.join(HERE, "..", "schemas")
        src = os.environ.get("SCI_SOURCE_DIR",
                             os.path.join(HERE, "..", ".."))
        ref = os.path.join(src, "..", "shared", "schemas")
        names = [vr.SARIF_SCHEMA, vr.GITLAB_SCHEMA]
        for name in names:
            self.assertTrue(os.path.isfile(os.path.join(mine, name)), name)
        if not os.path.isdir(ref):
            self.skipTest("no ../shared/schemas beside this checkout")
        for name in names:
            with open(os.path.join(mine, name), "rb") as a, \
                    open(os.path.join(ref, name), "rb") as b:
                self.assertEqual(a.read(), b.read(), name)


if __name__ == "__main__":
    unittest.main(verbosity=2)
