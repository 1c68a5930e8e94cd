"""Checker plugins end to end (docs/plugins.md): smatch-ci is installed into
a temporary prefix, examples/plugin is built against the installed header
only, and `--plugin` must make its checker work as a built-in one does -
its rule id, its SARIF rule, --enable/--disable, parallel workers, the
caches (a changed plugin never reuses stale results) and sharded runs.
Plugins that must be refused (another API version, no descriptor, not a
shared object, a rule id of a built-in checker) exit 2 with a message
that says why."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gate_repo import SOURCE, RepoTestCase  # noqa: E402

BUILD = os.environ.get("SCI_BUILD_DIR")
CMAKE = os.environ.get("CMAKE", "cmake")
CC = os.environ.get("CC", "cc")
EXAMPLE = os.path.join(SOURCE, "examples", "plugin")

FILES = {
    "src/a.c": ("#include <string.h>\n\nvoid copy(char *dst, const char *src)\n"
                "{\n\tstrcpy(dst, src);\n}\n"),
    "src/b.c": ("#include <stdio.h>\n\nvoid fmt(char *dst, int n)\n"
                "{\n\tsprintf(dst, \"%d\", n);\n}\n"),
    "src/c.c": "int twice(int n)\n{\n\treturn 2 * n;\n}\n",
}

# A plugin of its own for the refusals: @VERSION@ and @RULE@ filled in.
TINY = """#include <smatch-ci/checker.h>
static void init(sci_checker_id id) { (void)id; }
static const struct sci_checker c = {
	.rule = "@RULE@", .summary = "tiny", .init = init,
};
static const struct sci_checker *const list[] = { &c, NULL };
SCI_PLUGIN_EXPORT const struct sci_plugin sci_plugin = {
	.api_version = @VERSION@, .name = "tiny", .checkers = list,
};
"""


class PluginTest(RepoTestCase):
    FILES = FILES

    @classmethod
    def setUpClass(cls):
        if not BUILD:
            raise unittest.SkipTest("SCI_BUILD_DIR is not set (run through ctest)")
        cls.tmp = tempfile.mkdtemp(prefix="sci-e2e-plugin-")
        cls.prefix = os.path.join(cls.tmp, "prefix")
        subprocess.run([CMAKE, "--install", BUILD, "--prefix", cls.prefix],
                       check=True, capture_output=True, timeout=300)
        cls.smatch_ci = os.path.join(cls.prefix, "bin", "smatch-ci")
        cls.include = os.path.join(cls.prefix, "include")
        # the example's own Makefile, the installed header and nothing else
        subprocess.run(["make", "-s", "-f", os.path.join(EXAMPLE, "Makefile"),
                        "PREFIX=" + cls.prefix, "CC=" + CC,
                        "CFLAGS=-O2 -Wall -Wextra -Werror"],
                       cwd=cls.tmp, check=True, capture_output=True,
                       timeout=120)
        cls.plugin = os.path.join(cls.tmp, "banned_call.so")

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def smatch(self, *args, cwd=None):
        p = subprocess.run([self.smatch_ci] + list(args), cwd=cwd or self.repo,
                           capture_output=True, text=True, timeout=300)
        return p.returncode, p.stdout, p.stderr

    def findings(self, *args):
        rc, out, err = self.smatch("--json", "-", *args)
        return rc, [json.loads(line) for line in out.splitlines()], err

    def api_version(self):
        with open(os.path.join(self.include, "smatch-ci", "checker.h")) as f:
            return int(re.search(r"#define SCI_CHECKER_API_VERSION (\d+)",
                                 f.read()).group(1))

    def build(self, name, source, extra=()):
        src = os.path.join(self.dir, name + ".c")
        with open(src, "w") as f:
            f.write(source)
        so = os.path.join(self.dir, name + ".so")
        subprocess.run([CC, "-shared", "-fPIC", "-Wall", "-Werror",
                        "-I" + self.include, "-o", so, src] + list(extra),
                       check=True, capture_output=True, timeout=120)
        return so

    def example_variant(self, old, new):
        """The example plugin with one string changed, as a project would
        change its plugin."""
        with open(os.path.join(EXAMPLE, "banned_call.c")) as f:
            text = f.read()
        self.assertIn(old, text)
        return self.build("variant", text.replace(old, new))

    # ---- the installed API ----

    def test_installed_header_stands_alone(self):
        self.assertEqual(os.listdir(os.path.join(self.include, "smatch-ci")),
                         ["checker.h"])
        for std in ("-std=c99", "-std=c11", "-std=gnu11"):
            p = subprocess.run([CC, std, "-Wall", "-Wextra", "-Werror",
                                "-fsyntax-only", "-I" + self.include, "-x",
                                "c", "-"],
                               input="#include <smatch-ci/checker.h>\n",
                               capture_output=True, text=True, timeout=60)
            self.assertEqual(p.returncode, 0, std + ": " + p.stderr)

    def test_pkg_config_file(self):
        if not shutil.which("pkg-config"):
            self.skipTest("no pkg-config")
        env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(
            self.prefix, "share", "pkgconfig"))
        cflags = subprocess.run(["pkg-config", "--cflags", "smatch-ci-checker"],
                                env=env, capture_output=True, text=True,
                                check=True).stdout.split()
        self.assertIn("-I" + os.path.realpath(self.include),
                      [("-I" + os.path.realpath(c[2:])) if c.startswith("-I")
                       else c for c in cflags])
        v = subprocess.run(["pkg-config", "--variable=api_version",
                            "smatch-ci-checker"], env=env, capture_output=True,
                           text=True, check=True).stdout.strip()
        self.assertEqual(int(v), self.api_version())

    def test_executable_exports_the_api_only(self):
        if not shutil.which("nm"):
            self.skipTest("no nm")
        out = subprocess.run(["nm", "-D", "--defined-only", self.smatch_ci],
                             capture_output=True, text=True,
                             check=True).stdout
        exported = {line.split()[-1].split("@")[0] for line in out.splitlines()
                    if line.strip()}
        with open(os.path.join(self.include, "smatch-ci", "checker.h")) as f:
            declared = set()
            for line in f:
                if line.startswith("typedef") or not re.match(r"[a-z]", line):
                    continue
                m = (re.search(r"(sci_[a-z0-9_]+)\(", line) or
                     re.match(r"extern .*[ *](sci_[a-z0-9_]+);", line))
                if m:
                    declared.add(m.group(1))
        self.assertGreater(len(declared), 100)
        self.assertEqual(declared - exported, set())
        # libc's stdio streams come along as copy relocations, and a
        # sanitizer build's runtime exports its own; sparse's unprefixed
        # globals (warning, __alloc_*) and the engine's internals stay hidden
        runtime = re.compile(r"__(asan|ubsan|lsan|sanitizer)_")
        self.assertEqual({s for s in exported - declared
                          if s not in ("stdin", "stdout", "stderr") and
                          not runtime.match(s)}, set())

    # ---- a plugin's checker is a checker ----

    def test_finding_rule_and_sarif(self):
        sarif = os.path.join(self.dir, "r.sarif")
        rc, res, err = self.findings("--plugin", self.plugin, "--sarif",
                                     sarif, "--fail-on", "any",
                                     "--no-cache", "-j2")
        self.assertEqual(rc, 1, err)
        got = sorted((r["path"], r["line"], r["rule"]) for r in res)
        self.assertEqual(got, [("src/a.c", 5, "banned-call"),
                               ("src/b.c", 5, "banned-call")])
        self.assertIn("call of banned function 'strcpy'",
                      [r for r in res if r["path"] == "src/a.c"][0]["message"])
        with open(sarif) as f:
            doc = json.load(f)
        rules = {r["id"]: r for r in doc["runs"][0]["tool"]["driver"]["rules"]}
        self.assertIn("banned-call", rules)
        self.assertEqual(rules["banned-call"]["shortDescription"]["text"],
                         "a call of a function the project bans")
        self.assertIn("fullDescription", rules["banned-call"])
        self.assertIn("null-deref", rules)
        self.assertEqual(sorted(r["ruleId"] for r in doc["runs"][0]["results"]),
                         ["banned-call", "banned-call"])

    def test_enable_disable_and_list(self):
        rc, res, err = self.findings("--plugin", self.plugin, "--disable",
                                     "banned-call", "src/a.c", "src/b.c",
                                     "--no-cache")
        self.assertEqual((rc, res), (0, []), err)
        rc, res, err = self.findings("--plugin", self.plugin, "--disable",
                                     "all", "--enable", "banned-call",
                                     "src/a.c", "--no-cache")
        self.assertEqual((rc, [r["rule"] for r in res]), (1, ["banned-call"]),
                         err)
        rc, out, err = self.smatch("--plugin", self.plugin, "--list-checks")
        self.assertEqual(rc, 0, err)
        self.assertRegex(out, r"\nbanned-call +warning +on +a call of a function the project bans\n")
        # without the plugin the rule does not exist
        rc, out, err = self.smatch("--enable", "banned-call", "src/a.c")
        self.assertEqual(rc, 2)
        self.assertIn("unknown rule 'banned-call'", err)

    def test_changed_plugin_never_reuses_cached_results(self):
        db = os.path.join(self.dir, "db.sqlite")
        cache = os.path.join(self.dir, "cache.sqlite")
        common = ("--db", db, "--cache", cache, "-j2")
        rc, res, err = self.findings("--plugin", self.plugin, *common)
        self.assertEqual(rc, 1, err)
        self.assertTrue(all("use strlcpy()" in r["message"] or
                            "use snprintf()" in r["message"] for r in res), res)
        # the same run again: served from the database, the same findings
        rc2, res2, err = self.findings("--plugin", self.plugin, *common)
        self.assertEqual((rc2, res2), (rc, res), err)
        # the project changes its plugin: new bytes, new results
        variant = self.example_variant("use strlcpy() or snprintf()",
                                       "use copy_string()")
        rc, res, err = self.findings("--plugin", variant, *common)
        self.assertEqual(rc, 1, err)
        a = [r for r in res if r["path"] == "src/a.c"]
        self.assertEqual(len(a), 1, res)
        self.assertIn("use copy_string()", a[0]["message"])
        # and without a plugin, none of its findings
        rc, res, err = self.findings(*common)
        self.assertEqual((rc, res), (0, []), err)
        # the gate's base cache too (--baseline main: base analyzed, cached)
        self.edit("src/c.c", "2 * n", "3 * n")
        for so, want in ((self.plugin, "strlcpy"), (variant, "copy_string")):
            rc, res, err = self.findings("--plugin", so, "--baseline", "main",
                                         "--fail-on", "any", *common)
            self.assertEqual(rc, 1, err)
            self.assertTrue(any(want in r["message"] for r in res), res)

    # ---- sharded runs ----

    def shard(self, k, n, *plugins):
        res = os.path.join(self.dir, "r%d-%d-%d.json" % (k, n, len(plugins)))
        args = []
        for p in plugins:
            args += ["--plugin", p]
        rc, out, err = self.smatch("--shard", "%d/%d" % (k, n), "--results",
                                   res, "--no-cache", *args)
        self.assertEqual(rc, 0, err)
        return res

    def test_shards_and_merge(self):
        files = [self.shard(k, 2, self.plugin) for k in (1, 2)]
        with open(files[0]) as f:
            self.assertEqual(len(json.load(f)["plugins"]), 1)
        sarif = os.path.join(self.dir, "m.sarif")
        rc, out, err = self.smatch("merge", "--plugin", self.plugin, "--sarif",
                                   sarif, "--fail-on", "any", *files)
        self.assertEqual(rc, 1, err)
        with open(sarif) as f:
            doc = json.load(f)
        self.assertIn("banned-call", [r["id"] for r in
                                      doc["runs"][0]["tool"]["driver"]["rules"]])
        # a merge without the shards' plugin is refused, not guessed
        rc, out, err = self.smatch("merge", "--sarif", sarif, *files)
        self.assertEqual(rc, 2)
        self.assertIn("give merge the --plugin files the shards ran", err)
        # shards of different plugins are not one run
        other = self.shard(2, 2)
        rc, out, err = self.smatch("merge", "--plugin", self.plugin, "--sarif",
                                   sarif, files[0], other)
        self.assertEqual(rc, 2)
        self.assertIn("ran different checker plugins", err)

    # ---- refusals: exit 2, nothing analyzed ----

    def refused(self, plugin, *want):
        rc, out, err = self.smatch("--plugin", plugin, "src/a.c",
                                   "--no-cache")
        self.assertEqual(rc, 2, err)
        self.assertEqual(out, "")
        for w in want:
            self.assertIn(w, err)

    def test_other_api_version_is_refused(self):
        v = self.api_version()
        so = self.build("future", TINY.replace("@RULE@", "tiny").replace(
            "@VERSION@", str(v + 1)))
        self.refused(so, "was built for checker API version %d" % (v + 1),
                     "this smatch-ci has version %d" % v, "rebuild it")

    def test_not_a_shared_object_is_refused(self):
        text = os.path.join(self.dir, "notes.so")
        with open(text, "w") as f:
            f.write("not a plugin\n")
        self.refused(text, "is not a shared object")
        self.refused(os.path.join(self.dir, "missing.so"), "cannot read plugin")

    def test_missing_descriptor_is_refused(self):
        so = self.build("nodesc", "int helper(void) { return 1; }\n")
        self.refused(so, "is not a smatch-ci plugin", "'sci_plugin'")

    def test_clashing_rule_is_refused(self):
        v = str(self.api_version())
        so = self.build("clash", TINY.replace("@RULE@", "null-deref")
                        .replace("@VERSION@", v))
        self.refused(so, "rule 'null-deref' clashes with the built-in rule")
        so = self.build("badid", TINY.replace("@RULE@", "Bad_Id")
                        .replace("@VERSION@", v))
        self.refused(so, "rule id 'Bad_Id'")
        # a checker that needs itself
        so = self.build("cycle", TINY.replace("@RULE@", "loop").replace(
            "@VERSION@", v).replace('.summary = "tiny",',
                                    '.summary = "tiny", .deps = deps,').replace(
            "static const struct sci_checker c",
            'static const char *const deps[] = { "loop", NULL };\n'
            "static const struct sci_checker c"))
        self.refused(so, "checker 'loop' is in a dependency cycle")
        # the example twice, under two names
        twin = os.path.join(self.dir, "twin.so")
        shutil.copy(self.plugin, twin)
        rc, out, err = self.smatch("--plugin", self.plugin, "--plugin", twin,
                                   "src/a.c")
        self.assertEqual(rc, 2)
        self.assertIn("is given twice", err)


if __name__ == "__main__":
    unittest.main(verbosity=2)
