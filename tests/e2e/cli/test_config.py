"""The configuration file end to end (docs/config.md): .smatch-ci.json
found at the root of the git repository holding the analyzed files,
--config and --no-config, "checks" under --enable/--disable, "exclude"
globs, the "kernel" profile, the profile keys inline and --profile added
to them, a bad file's exit 2 with file:line and key, and a config change
that must not reuse cached results nor merge shards of different configs."""
import json
import os
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(__file__))
from gate_repo import RepoTestCase, git  # noqa: E402

SMATCH_CI = os.environ.get("SMATCH_CI", "smatch-ci")

# one null-deref (unchecked malloc) and one memory-leak in f()
LEAKY = """#include <stdlib.h>
void %s(void)
{
	char *p = malloc(4);
	p[0] = 1;
}
"""

KERNEL_DECLS = """#include <stddef.h>
void *kmalloc(size_t size, unsigned int flags);
void kfree(const void *p);
"""

# a kmalloc leak: silent with the generic profile
KERNEL_LEAK = KERNEL_DECLS + """int g(int n)
{
	char *p = kmalloc(n, 0);
	if (!p)
		return -12;
	if (n > 8)
		return -22;
	kfree(p);
	return 0;
}
"""


class ConfigTest(RepoTestCase):
    FILES = {"src/a.c": LEAKY % "a",
             "vendor/zlib/v.c": LEAKY % "v",
             "src/parse.gen.c": LEAKY % "gen"}

    def write(self, name, text, top=None):
        """RepoTestCase.write(), returning the file's path."""
        super().write(name, text, repo=top)
        return os.path.join(top or self.repo, name)

    def config(self, obj, name=".smatch-ci.json"):
        return self.write(name, json.dumps(obj, indent=2) + "\n")

    def smatch(self, *args, cwd=None):
        p = subprocess.run([SMATCH_CI, "--json", "-"] + list(args),
                           cwd=cwd or self.repo, capture_output=True,
                           text=True, timeout=300)
        found = [json.loads(line) for line in p.stdout.splitlines()
                 if line.startswith("{")]
        return p.returncode, found, p.stderr

    def rules(self, found, path=None):
        return sorted((os.path.basename(d["path"]), d["rule"]) for d in found
                      if path is None or d["path"].endswith(path))

    # ------------------------------------------------------ discovery

    def test_found_at_the_repository_root(self):
        self.config({"version": 1, "checks": {"disabled": ["memory-leak"]}})
        # from a subdirectory, and from outside the repository
        for cwd, name in ((os.path.join(self.repo, "src"), "a.c"),
                          (self.dir, os.path.join(self.repo, "src", "a.c"))):
            rc, found, err = self.smatch("--no-cache", name, cwd=cwd)
            self.assertEqual(rc, 1, err)
            self.assertEqual(self.rules(found), [("a.c", "null-deref")])

    def test_no_config_and_config_override(self):
        self.config({"version": 1, "checks": {"disabled": ["memory-leak"]}})
        other = self.write("ci/strict.json", json.dumps(
            {"version": 1, "checks": {"disabled": ["null-deref"]}}),
            top=self.dir)
        rc, found, err = self.smatch("--no-cache", "--no-config", "src/a.c")
        self.assertEqual(self.rules(found),
                         [("a.c", "memory-leak"), ("a.c", "null-deref")])
        # --config replaces the root's file, it does not add to it
        rc, found, err = self.smatch("--no-cache", "--config", other,
                                     "src/a.c")
        self.assertEqual(rc, 1, err)
        self.assertEqual(self.rules(found), [("a.c", "memory-leak")])
        rc, found, err = self.smatch("--no-cache", "--config",
                                     os.path.join(self.dir, "missing.json"),
                                     "src/a.c")
        self.assertEqual(rc, 2)
        self.assertIn("cannot read config", err)

    def test_outside_git_the_working_directory(self):
        plain = os.path.join(self.dir, "plain")
        self.write("b.c", LEAKY % "b", top=plain)
        self.write(".smatch-ci.json", json.dumps(
            {"version": 1, "checks": {"disabled": ["null-deref"]}}), top=plain)
        rc, found, err = self.smatch("--no-cache", "b.c", cwd=plain)
        self.assertEqual(self.rules(found), [("b.c", "memory-leak")])

    # --------------------------------------------------------- checks

    def test_checks_and_the_command_line_wins(self):
        self.config({"version": 1,
                     "checks": {"enabled": ["all"],
                                "disabled": ["memory-leak", "null-deref"]}})
        rc, found, err = self.smatch("--no-cache", "src/a.c")
        self.assertEqual(rc, 0, err)
        self.assertEqual(found, [])
        rc, found, err = self.smatch("--no-cache", "--enable", "memory-leak",
                                     "src/a.c")
        self.assertEqual(self.rules(found), [("a.c", "memory-leak")])

    # -------------------------------------------------------- exclude

    def test_exclude_files_and_headers(self):
        self.write("vendor/h.h", "static inline int hdr(int *p)\n"
                   "{\n\tif (p)\n\t\treturn 1;\n\treturn *p;\n}\n")
        self.write("src/b.c", '#include "../vendor/h.h"\n'
                   "int b(int *p) { return hdr(p); }\n")
        self.config({"version": 1, "exclude": ["vendor", "*.gen.c"]})
        files = ["src/a.c", "src/b.c", "src/parse.gen.c", "vendor/zlib/v.c"]
        rc, found, err = self.smatch("--no-cache", "--no-config", *files)
        self.assertIn(("h.h", "null-deref"), self.rules(found))
        self.assertIn(("v.c", "memory-leak"), self.rules(found))
        rc, found, err = self.smatch("--no-cache", *files)
        self.assertEqual(rc, 1, err)
        self.assertEqual(self.rules(found),
                         [("a.c", "memory-leak"), ("a.c", "null-deref")])

    def test_exclude_in_the_gate(self):
        self.config({"version": 1, "exclude": ["vendor", "src/*.gen.c"]})
        git(self.repo, "add", "-A")
        git(self.repo, "commit", "-q", "-m", "config")
        # no input: the tracked .c files, as CI runs it
        rc, found, err = self.smatch("--no-cache", "--fail-on", "any")
        self.assertEqual(rc, 1, err)
        self.assertEqual(sorted({os.path.basename(d["path"]) for d in found}),
                         ["a.c"])

    def test_prune_keeps_the_entries_of_excluded_files(self):
        p = subprocess.run([SMATCH_CI, "baseline", "update", "--no-cache"],
                           cwd=self.repo, capture_output=True, text=True,
                           timeout=300)
        self.assertEqual(p.returncode, 0, p.stderr)
        baseline = os.path.join(self.repo, ".smatch-ci", "baseline.json")
        with open(baseline) as f:
            before = f.read()
        self.assertIn("vendor/zlib/v.c", before)
        # not analyzed any more: not fixed either
        self.config({"version": 1, "exclude": ["vendor"]})
        p = subprocess.run([SMATCH_CI, "baseline", "prune", "--no-cache"],
                           cwd=self.repo, capture_output=True, text=True,
                           timeout=300)
        self.assertEqual(p.returncode, 0, p.stderr)
        with open(baseline) as f:
            self.assertEqual(f.read(), before)

    # -------------------------------------------------- bad config

    def test_bad_config_names_file_line_and_key(self):
        cases = [
            ('{\n  "version": 1,\n  "exclud": ["x"]\n}\n', 3, '"exclud"',
             "unknown key"),
            ('{\n  "version": 1,\n  "checks": {\n    "disabled": "x"\n  }\n}\n',
             4, '"checks"."disabled"', "must be an array"),
            ('{\n  "version": 1,\n\n  "profile": "linux"\n}\n', 4,
             '"profile"', "must be"),
            ('{\n  "version": 1,\n  "noreturn": [1]\n}\n', 3, '"noreturn"',
             "non-empty string"),
            ('{\n  "version": 1,\n  "checks": {"enabled": ["nul-deref"]}\n}\n',
             3, '"checks"."enabled"', "unknown rule 'nul-deref'"),
            ('{\n  "version": 1,\n  "exclude": ["x",]\n}\n', 3, "", ""),
        ]
        for text, line, key, why in cases:
            path = self.write(".smatch-ci.json", text)
            rc, found, err = self.smatch("--no-cache", "src/a.c")
            self.assertEqual(rc, 2, text)
            self.assertIn("%s:%d:" % (path, line), err)
            self.assertIn(key, err)
            self.assertIn(why, err)
            self.assertEqual(found, [])

    # ----------------------------------------------------- profiles

    def test_kernel_profile(self):
        self.write("drv/k.c", KERNEL_LEAK)
        rc, found, err = self.smatch("--no-cache", "drv/k.c")
        self.assertEqual((rc, found), (0, []), err)
        self.config({"version": 1, "profile": "kernel"})
        rc, found, err = self.smatch("--no-cache", "drv/k.c")
        self.assertEqual(rc, 1, err)
        self.assertEqual(self.rules(found), [("k.c", "memory-leak")])

    def test_profile_keys_inline_and_profile_file_added(self):
        self.write("src/x.c", """void *xalloc(unsigned n);
void xrelease(void *p);
void leaks(void)
{
	char *p = xalloc(4);
	if (!p)
		return;
	p[0] = 1;
}
void twice(void)
{
	char *p = xalloc(4);
	xrelease(p);
	xrelease(p);
}
""")
        self.config({"version": 1, "allocators": ["xalloc"]})
        rc, found, err = self.smatch("--no-cache", "src/x.c")
        self.assertEqual(self.rules(found), [("x.c", "memory-leak")])
        prof = self.write("profile.json", json.dumps(
            {"version": 1, "deallocators": ["xrelease"]}), top=self.dir)
        rc, found, err = self.smatch("--no-cache", "--profile", prof, "src/x.c")
        self.assertEqual(self.rules(found),
                         [("x.c", "double-free"), ("x.c", "memory-leak")])

    # ------------------------------------------- caches and shards

    def test_config_change_is_not_served_from_the_cache(self):
        self.write("drv/k.c", KERNEL_LEAK)
        db = os.path.join(self.dir, "db.sqlite")
        args = ("--db", db, "drv/k.c", "src/a.c")
        rc, found, err = self.smatch(*args)
        self.assertNotIn(("k.c", "memory-leak"), self.rules(found))
        self.config({"version": 1, "profile": "kernel"})
        rc, found, err = self.smatch(*args)
        self.assertIn(("k.c", "memory-leak"), self.rules(found))
        self.config({"version": 1, "profile": "kernel",
                     "checks": {"disabled": ["memory-leak"]}})
        rc, found, err = self.smatch(*args)
        self.assertEqual(self.rules(found), [("a.c", "null-deref")])

    def test_merge_refuses_shards_of_different_configs(self):
        out = os.path.join(self.dir, "out")
        os.makedirs(out)
        results = []
        for k, cfg in ((1, {"version": 1}),
                       (2, {"version": 1, "profile": "kernel"})):
            self.config(cfg)
            res = os.path.join(out, "r%d.json" % k)
            p = subprocess.run([SMATCH_CI, "--shard", "%d/2" % k,
                                "--results", res, "--no-cache"],
                               cwd=self.repo, capture_output=True, text=True,
                               timeout=300)
            self.assertEqual(p.returncode, 0, p.stderr)
            results.append(res)
        p = subprocess.run([SMATCH_CI, "merge"] + results, cwd=self.repo,
                           capture_output=True, text=True, timeout=300)
        self.assertEqual(p.returncode, 2, p.stderr)
        self.assertIn("not shards of one run", p.stderr)
        p = subprocess.run([SMATCH_CI, "merge", "--config", "x.json"] + results,
                           cwd=self.repo, capture_output=True, text=True,
                           timeout=300)
        self.assertEqual(p.returncode, 2)
        self.assertIn("--config", p.stderr)


if __name__ == "__main__":
    unittest.main()
