"""End-to-end: the project database (docs/db.md).

- a second run of an unchanged project takes every TU's summaries and
  findings from the database, and reports exactly what the first run did;
- a change to one file re-summarizes that file alone; when it changes what
  a function does (a wrapper stops allocating), its callers in unchanged
  files are analyzed again and their findings follow: a stored finding is
  never served against summaries it was not computed with;
- `db show` and `db stats` say what is known; no database is an error;
- an old-schema or damaged database is rebuilt with a warning, a foreign
  file named by --db is refused untouched (exit 2);
- two runs at once on one database both succeed and leave it intact.

Real files in temporary directories, a real sqlite file."""
import os
import shutil
import sqlite3
import subprocess
import tempfile
import unittest

SMATCH_CI = os.environ.get("SMATCH_CI", "smatch-ci")

ALLOC = """#include <stdlib.h>

void *wrap_alloc(unsigned long n)
{
	void *p = malloc(n);

	if (!p)
		abort();
	return p;
}

void wrap_free(void *p)
{
	free(p);
}
"""

# the same function, now returning a static buffer: no longer an allocator
NOT_ALLOC = """static char pool[4096];

void *wrap_alloc(unsigned long n)
{
	return n < sizeof(pool) ? pool : 0;
}

void wrap_free(void *p)
{
	(void)p;
}
"""

USER = """void *wrap_alloc(unsigned long n);
void wrap_free(void *p);

int use(int fail)
{
	char *buf = wrap_alloc(16);

	if (fail)
		return -1;
	wrap_free(buf);
	return 0;
}
"""

OTHER = """int add(int a, int b)
{
	return a + b;
}
"""


class DbTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="sci-e2e-db-")
        self.write("alloc.c", ALLOC)
        self.write("user.c", USER)
        self.write("other.c", OTHER)
        self.db = os.path.join(self.dir, "cache", "db.sqlite")
        # sparse names a stream of its own "builtin": a directory of that
        # name (git has one) must not pass for a file the TU read
        os.makedirs(os.path.join(self.dir, "builtin"))

    def tearDown(self):
        shutil.rmtree(self.dir)

    def write(self, name, text):
        with open(os.path.join(self.dir, name), "w") as f:
            f.write(text)

    def run_ci(self, *args, db=True):
        extra = ["--db", self.db] if db else []
        return subprocess.run([SMATCH_CI] + list(args) + extra, cwd=self.dir,
                              capture_output=True, text=True, timeout=300)

    def check(self):
        return self.run_ci("check", "alloc.c", "user.c", "other.c")

    def build(self):
        return self.run_ci("db", "build", "alloc.c", "user.c", "other.c")

    def test_rerun_and_changes(self):
        first = self.check()
        self.assertEqual(first.returncode, 1, first.stderr)
        self.assertIn("user.c:9 use() warning: memory leak of 'buf'",
                      first.stdout)
        again = self.check()
        self.assertEqual((again.returncode, again.stdout),
                         (first.returncode, first.stdout))
        b = self.build()
        self.assertEqual(b.returncode, 0, b.stderr)
        self.assertIn("3 translation units: 0 summarized, 0 analyzed "
                      "in 0 rounds, 3 from the database", b.stdout)

        # other.c changes: it alone is summarized and analyzed again
        self.write("other.c", OTHER + "int sub(int a, int b) { return a - b; }\n")
        b = self.build()
        self.assertIn("1 summarized, 1 analyzed in 1 round, 2 from the "
                      "database", b.stdout)

        # other.c starts calling malloc() and free(), as alloc.c does:
        # what they do did not change, so alloc.c stays in the database
        # (unchecked-return's call-site counts only count when its
        # statistics are asked for)
        self.write("other.c", OTHER + "#include <stdlib.h>\n"
                   "int sub(int a, int b) { void *p = malloc(4); free(p); "
                   "return a - b; }\n")
        b = self.build()
        self.assertIn("1 summarized, 1 analyzed in 1 round, 2 from the "
                      "database", b.stdout)

        # wrap_alloc() stops allocating: user.c, unchanged, must follow
        self.write("alloc.c", NOT_ALLOC)
        after = self.check()
        self.assertEqual(after.returncode, 0, after.stdout + after.stderr)
        self.assertEqual(after.stdout, "")
        fresh = self.run_ci("check", "alloc.c", "user.c", "other.c", db=False)
        self.assertEqual(after.stdout, fresh.stdout)

    def test_global_written_in_another_file(self):
        # user.c reads a flag that no file sets: its branch never runs.
        # Once flags.c starts setting it, user.c (unchanged) is analyzed
        # again and the finding in that branch comes
        self.write("flags.c", "int use_cache;\nvoid enable(void) { }\n")
        self.write("reader.c", "extern int use_cache;\n"
                   "void f(void) { int *p = 0; if (use_cache) *p = 1; }\n")
        first = self.run_ci("check", "flags.c", "reader.c")
        self.assertEqual((first.returncode, first.stdout), (0, ""),
                         first.stderr)
        self.write("flags.c", "int use_cache;\n"
                   "void enable(void) { use_cache = 1; }\n")
        after = self.run_ci("check", "flags.c", "reader.c")
        self.assertEqual(after.returncode, 1, after.stdout + after.stderr)
        self.assertIn("reader.c:2 f() error: NULL dereference of 'p'",
                      after.stdout)
        fresh = self.run_ci("check", "flags.c", "reader.c", db=False)
        self.assertEqual(after.stdout, fresh.stdout)

    def test_header_that_appears_later(self):
        # a TU sparse gives up on (its generated header is not there yet)
        # is not kept in the database: once the header exists, its
        # findings come, though none of the files it read changed
        self.write("gen.c", '#include "gen.h"\n#include <stdlib.h>\n'
                   "void g(int n) { char *p = malloc(n); if (n) return; "
                   "free(p); }\n")
        first = self.run_ci("check", "gen.c", "alloc.c")
        self.assertEqual(first.returncode, 3, first.stdout + first.stderr)
        self.assertIn("unable to open 'gen.h'", first.stdout)
        self.write("gen.h", "#define GEN 1\n")
        again = self.run_ci("check", "gen.c", "alloc.c")
        self.assertEqual(again.returncode, 1, again.stdout + again.stderr)
        self.assertIn("gen.c:3 g() warning: memory leak of 'p'", again.stdout)

    def test_cycle_walks_first_for_summaries(self):
        # a.c and b.c call each other; at -j1 a.c goes first, before b.c
        # has filed anything: that analysis walks for a.c's summaries
        # alone (b.c needs them: a_free() frees), and the analysis after
        # b.c's makes a.c's findings (b_env() may return NULL); stored,
        # the findings are those of the whole analysis
        self.write("a.c", "#include <stdlib.h>\n#include <string.h>\n"
                   "const char *b_env(void);\n"
                   "void a_free(char *p) { free(p); }\n"
                   "size_t a_len(void)\n{\n\tconst char *s = b_env();\n"
                   "\treturn strlen(s);\n}\n")
        self.write("b.c", "#include <stdio.h>\n#include <stdlib.h>\n"
                   "void a_free(char *p);\n"
                   "const char *b_env(void) { return getenv(\"B\"); }\n"
                   "void b_show(char *p)\n{\n\ta_free(p);\n"
                   "\tputs(p);\n}\n")
        first = self.run_ci("db", "build", "-j1", "a.c", "b.c")
        self.assertIn("2 summarized, 3 analyzed in 2 rounds (1 of them for "
                      "summaries alone), 0 from the database",
                      first.stderr + first.stdout)
        found = self.run_ci("check", "-j1", "a.c", "b.c")
        self.assertIn("a.c:8 a_len() error: 's' could be NULL when passed "
                      "to strlen(): the result of b_env() is not checked",
                      found.stdout)
        self.assertIn("b.c:8 b_show() error: use after free: 'p' is passed "
                      "to puts()", found.stdout)
        fresh = self.run_ci("check", "-j1", "a.c", "b.c", db=False)
        self.assertEqual(found.stdout, fresh.stdout.replace(
            " (no database: --no-cache)", ""))

    def test_tu_analyzed_again_keeps_the_files_it_read(self):
        # idx.c goes first (main.c calls it), then again with what main.c
        # passes; the second analysis does not list the files it read
        # again, the first one's list is stored: an unchanged run takes
        # both TUs from the database, a change to the header only idx.c
        # includes sends idx.c alone back
        self.write("idx.h", "#define SLOT 1\n")
        self.write("idx.c", '#include "idx.h"\nstatic int table[4];\n'
                   "int get(int i)\n{\n\tif (i > 0)\n"
                   "\t\treturn table[SLOT];\n\treturn 0;\n}\n")
        self.write("main.c", "int get(int i);\n"
                   "int main(void)\n{\n\treturn get(2);\n}\n")
        files = ("idx.c", "main.c")
        first = self.run_ci("db", "build", *files)
        self.assertIn("2 summarized, 3 analyzed in 2 rounds, 0 from the "
                      "database", first.stderr + first.stdout)
        again = self.run_ci("db", "build", *files)
        self.assertIn("0 summarized, 0 analyzed in 0 rounds, 2 from the "
                      "database", again.stderr + again.stdout)
        self.write("idx.h", "#define SLOT 4\n")
        after = self.run_ci("db", "build", *files)
        self.assertIn("1 summarized, 1 analyzed in 1 round, 1 from the "
                      "database", after.stderr + after.stdout)
        found = self.run_ci("check", *files)
        self.assertEqual(found.returncode, 1, found.stdout + found.stderr)
        self.assertIn("idx.c:6 get() error: index 4 is outside 'table'",
                      found.stdout)

    def test_show_and_stats(self):
        self.assertEqual(self.build().returncode, 0)
        show = self.run_ci("db", "show", "wrap_alloc")
        self.assertEqual(show.returncode, 0, show.stderr)
        self.assertIn("wrap_alloc\n  defined in alloc.c:3 (extern), TU alloc.c\n"
                      "    returns a fresh allocation, never NULL\n", show.stdout)
        self.assertIn("  called by\n    use (user.c:4), TU user.c\n", show.stdout)
        missing = self.run_ci("db", "show", "no_such_function")
        self.assertEqual(missing.returncode, 1)
        self.assertIn("no_such_function", missing.stderr)
        stats = self.run_ci("db", "stats")
        self.assertEqual(stats.returncode, 0, stats.stderr)
        self.assertIn("TUs:         3 (3 with findings)", stats.stdout)
        self.assertIn("functions:   4 summaries, 4 names", stats.stdout)

    def test_show_return_paths_and_what_callers_pass(self):
        self.write("table.c", """#include <stddef.h>
struct slot { int v; };
static struct slot slots[8];

struct slot *slot_get(int i)
{
	if (i < 0 || i >= 8)
		return NULL;
	return &slots[i];
}
""")
        self.write("caller.c", """#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
struct slot { int v; };
struct slot *slot_get(int i);

int first(void)
{
	return slot_get(3) != NULL;
}

int bounded(int k)
{
	if (k < 0 || k > 100)
		return 0;
	return slot_get(k) != NULL;
}

int anything(int k)
{
	return slot_get(k) != NULL;
}

int typed(void)
{
	char line[16];

	if (!fgets(line, sizeof(line), stdin))
		return 0;
	return slot_get(atoi(line)) != NULL;
}
""")
        b = self.run_ci("db", "build", "table.c", "caller.c")
        self.assertEqual(b.returncode, 0, b.stderr)
        show = self.run_ci("db", "show", "slot_get")
        self.assertEqual(show.returncode, 0, show.stderr)
        out = show.stdout
        self.assertIn("    returns 0 when parameter 1 is "
                      "-2147483648--1,8-2147483647\n", out)
        self.assertIn("    returns 1-max when parameter 1 is 0-7\n", out)
        self.assertIn("    first (caller.c:7), TU caller.c\n"
                      "      passes parameter 1 = 3\n", out)
        self.assertIn("    bounded (caller.c:12), TU caller.c\n"
                      "      passes parameter 1 = 0-100\n", out)
        # nothing known of k: no line
        self.assertIn("    anything (caller.c:19), TU caller.c\n", out)
        self.assertNotIn("anything (caller.c:19), TU caller.c\n      passes",
                         out)
        # input of any value is said to be input
        self.assertIn("    typed (caller.c:24), TU caller.c\n"
                      "      passes parameter 1 = "
                      "-2147483648-2147483647 (input)\n", out)

    def test_show_paths_on_globals_and_carried_states(self):
        self.write("lib.c", """int g_strict;

int checked_len(int n)
{
	if (g_strict)
		n = -1;
	return n;
}

int use_slot(int *v)
{
	int x = v[2];

	return x + 1;
}
""")
        self.write("main.c", """extern int g_strict;
int checked_len(int n);
int use_slot(int *v);

int strict(int n)
{
	g_strict = 1;
	return checked_len(n);
}

int slot(void)
{
	int n, a[4];

	a[2] = n;
	return use_slot(a);
}
""")
        b = self.run_ci("db", "build", "lib.c", "main.c")
        self.assertEqual(b.returncode, 0, b.stderr)
        show = self.run_ci("db", "show", "checked_len")
        self.assertEqual(show.returncode, 0, show.stderr)
        # one path per branch that set what is returned, with the global
        # (on that path n is assigned before anything reads it)
        self.assertIn("    returns -1 (assigns parameter 1 before reading "
                      "it) when global g_strict is "
                      "-2147483648--1,1-2147483647\n", show.stdout)
        self.assertIn(" when global g_strict is 0\n", show.stdout)
        show = self.run_ci("db", "show", "use_slot")
        self.assertEqual(show.returncode, 0, show.stderr)
        # a checker's state carried to the callee (?RULE.STATE)
        self.assertIn("param1[2] = -2147483648-2147483647 "
                      "(uninitialized.copied)\n", show.stdout)

    def test_show_what_callers_pass_through_parameters(self):
        self.write("lib.c", """struct ratio { int num, den; };
int lib_div(const int *parts, struct ratio r, int total)
{
	return total / *parts + r.num / r.den;
}
""")
        self.write("main.c", """struct ratio { int num, den; };
extern int g_mode;
int lib_div(const int *parts, struct ratio r, int total);

int use(int total)
{
	int parts = 0;
	struct ratio r;

	r.num = 1;
	r.den = 4;
	return lib_div(&parts, r, total);
}
""")
        b = self.run_ci("db", "build", "lib.c", "main.c")
        self.assertEqual(b.returncode, 0, b.stderr)
        show = self.run_ci("db", "show", "lib_div")
        self.assertEqual(show.returncode, 0, show.stderr)
        # &parts: the object it points into, for the callee's walk
        self.assertIn("    use (main.c:5), TU main.c\n"
                      "      passes parameter 1 = 1-max, parameter 1 "
                      "points 0 bytes into 'parts' (4 bytes, on the stack), "
                      "*param1 = 0, "
                      "param2.den = 4, param2.num = 1\n", show.stdout)

    def test_show_a_range_checker(self):
        self.write("range.c", """#include <stdlib.h>
void die(const char *m) __attribute__((noreturn));
unsigned in_range(const char *s, unsigned lo, unsigned hi)
{
	unsigned r = (unsigned)strtoul(s, NULL, 10);

	if (r < lo || r > hi)
		die(s);
	return r;
}

unsigned at_least(const char *s, unsigned lo)
{
	unsigned r = (unsigned)strtoul(s, NULL, 10);

	if (r < lo)
		die(s);
	return r;
}
""")
        b = self.run_ci("db", "build", "range.c")
        self.assertEqual(b.returncode, 0, b.stderr)
        show = self.run_ci("db", "show", "in_range")
        self.assertEqual(show.returncode, 0, show.stderr)
        self.assertIn("    returns a value between parameter 2 and "
                      "parameter 3\n", show.stdout)
        show = self.run_ci("db", "show", "at_least")
        self.assertEqual(show.returncode, 0, show.stderr)
        self.assertIn("    returns a value at least parameter 2\n",
                      show.stdout)
        self.assertNotIn("at most", show.stdout)

    def test_show_a_parameter_only_returned(self):
        self.write("relay.c", """int relay(int unused, int v)
{
	return v;
}

int tested(int v)
{
	if (v)
		return v;
	return 0;
}
""")
        b = self.run_ci("db", "build", "relay.c")
        self.assertEqual(b.returncode, 0, b.stderr)
        show = self.run_ci("db", "show", "relay")
        self.assertEqual(show.returncode, 0, show.stderr)
        self.assertIn("only returns parameter 2", show.stdout)
        show = self.run_ci("db", "show", "tested")
        self.assertEqual(show.returncode, 0, show.stderr)
        self.assertNotIn("only returns", show.stdout)

    def test_show_what_is_dereferenced_through_a_parameter(self):
        self.write("sink.c", """#include <stdio.h>
struct pair { int *first; int *second; };
void show(struct pair s, int *slots[])
{
	int *data = slots[1];

	printf("%d %d\\n", *s.first, *data);
}

void checked(struct pair s)
{
	if (s.first)
		printf("%d\\n", *s.first);
}
""")
        b = self.run_ci("db", "build", "sink.c")
        self.assertEqual(b.returncode, 0, b.stderr)
        show = self.run_ci("db", "show", "show")
        self.assertEqual(show.returncode, 0, show.stderr)
        self.assertIn("    dereferences parameter 1's .first\n", show.stdout)
        self.assertIn("    dereferences parameter 2's [1]\n", show.stdout)
        show = self.run_ci("db", "show", "checked")
        self.assertEqual(show.returncode, 0, show.stderr)
        self.assertNotIn("dereferences parameter", show.stdout)

    def test_no_database(self):
        r = self.run_ci("db", "stats")
        self.assertEqual(r.returncode, 2)
        self.assertIn("no project database", r.stderr)
        self.assertFalse(os.path.exists(self.db))

    def test_old_and_damaged_rebuilt(self):
        self.assertEqual(self.build().returncode, 0)
        con = sqlite3.connect(self.db)
        con.execute("PRAGMA user_version = 99")
        con.commit()
        con.close()
        r = self.check()
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("warning: database", r.stderr)
        self.assertIn("rebuilt", r.stderr)
        # damage the pages after the header, keeping our mark
        with open(self.db, "r+b") as f:
            f.seek(4096)
            f.write(b"\xff" * 8192)
        r = self.check()
        self.assertEqual(r.returncode, 1, r.stderr)
        self.assertIn("memory leak of 'buf'", r.stdout)
        b = self.build()
        self.assertIn("3 from the database", b.stdout, b.stderr)

    def test_foreign_file_refused(self):
        os.makedirs(os.path.dirname(self.db))
        with open(self.db, "w") as f:
            f.write("my notes, not a database\n")
        r = self.check()
        self.assertEqual(r.returncode, 2, r.stderr)
        self.assertIn("db.sqlite", r.stderr)
        with open(self.db) as f:
            self.assertEqual(f.read(), "my notes, not a database\n")

    def test_concurrent_runs(self):
        for i in range(6):
            self.write("extra%d.c" % i, USER.replace("use(", "use%d(" % i))
        files = sorted(f for f in os.listdir(self.dir) if f.endswith(".c"))
        cmd = [SMATCH_CI, "--db", self.db, "-j", "1"] + files
        procs = [subprocess.Popen(cmd, cwd=self.dir, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True)
                 for _ in range(3)]
        outs = [p.communicate(timeout=300) for p in procs]
        for p, (out, err) in zip(procs, outs):
            self.assertEqual(p.returncode, 1, err)
            self.assertNotIn("warning", err)
            self.assertEqual(out, outs[0][0])
        con = sqlite3.connect(self.db)
        self.assertEqual(con.execute("PRAGMA integrity_check").fetchone()[0],
                         "ok")
        self.assertEqual(con.execute("SELECT count(*) FROM tu").fetchone()[0],
                         len(files))
        con.close()


if __name__ == "__main__":
    unittest.main(verbosity=2)
