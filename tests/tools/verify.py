#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""verify.py - run smatch-ci on annotated C samples and compare its findings.

Usage: verify.py --smatch-ci BIN [-v] [--timeout S] PATH...

PATH is a directory (every *.c in it, sorted) or a single .c file.  Each
sample is analyzed alone, from its own directory (a subdirectory of PATH
is a project instead: all its .c files in one run, see run_project):

    BIN --json - [run: args] FILE

and the JSON lines it prints are compared, as sets, with the annotations
written in the sample's comments (style.md section 9):

    /* expect-warning: RULE "SUBSTRING" */      on the line of the finding
    /* expect-error@+1: RULE "SUBSTRING" */     the finding is on the next line
    /* expect-note@-2: RULE "SUBSTRING" */      ... two lines above
    /* expect-none */                           the file must be silent
    /* smoke: REASON */                         only "does not crash" is tested
    /* run: ARGS */                             extra command-line arguments
    /* expect-exit: N */                        smatch-ci must exit with N
    /* known-fp: RULE "SUBSTRING" REASON */     a known false positive: must be
                                                present, counted, not hidden
    /* known-fn: RULE REASON */                 a known missed finding: counted

Every expectation must match exactly one diagnostic and every diagnostic
must be matched by an expectation.  A directive is a comment (or a line of
a block comment) that starts with one of the words above; a malformed one
fails the file rather than being ignored.

Output: one PASS/FAIL line per file with details, the known-fp/known-fn
list, then "N passed, M failed".  Exit status 0 only if every file passed
and at least one ran; 2 on a usage error.

Standard library only: CTest runs this with the build machine's python3.
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys

LEVELS = ("note", "warning", "error")
REQUIRED_KEYS = ("rule", "level", "path", "line", "column", "function",
                 "key", "message", "related")
ANALYSIS_FAILURE = "analysis-failure"

RULE = r"(?P<rule>[a-z0-9][a-z0-9_-]*)"
QUOTED = r'"(?P<sub>(?:[^"\\]|\\.)*)"'
OFFSET = r"(?:@(?P<off>[+-][0-9]+))?"

RE_EXPECT = re.compile(r"expect-(?P<level>[a-z]+)" + OFFSET + r":\s*" + RULE +
                       r"\s+" + QUOTED + r"\s*$")
RE_KNOWN_FP = re.compile(r"known-fp" + OFFSET + r":\s*" + RULE + r"\s+" +
                         QUOTED + r"\s+(?P<reason>\S.*?)\s*$")
RE_KNOWN_FN = re.compile(r"known-fn:\s*" + RULE + r"\s+(?P<reason>\S.*?)\s*$")
RE_EXPECT_NONE = re.compile(r"expect-none\s*$")
RE_EXPECT_EXIT = re.compile(r"expect-exit:\s*(?P<code>[0-9]+)\s*$")
RE_RUN = re.compile(r"run:\s*(?P<args>.*?)\s*$")
RE_SMOKE = re.compile(r"smoke:\s*(?P<reason>\S.*?)\s*$")

# Words that make a comment line a directive; anything starting with one of
# them must parse, so a typo fails loudly instead of being ignored.
RE_DIRECTIVE_WORD = re.compile(
    r"^(expect-[a-z]*|expected-[a-z]+|known-f[a-z]*|run:|smoke:)")


class SampleError(Exception):
    """A problem with the sample's annotations themselves."""


class Expectation:
    def __init__(self, kind, line, level, rule, sub, comment_line,
                 reason=None):
        self.kind = kind            # "expect" or "known-fp"
        self.line = line            # the line the finding must point to
        self.level = level          # None for known-fp: any level
        self.rule = rule
        self.sub = sub
        self.comment_line = comment_line
        self.reason = reason

    def matches(self, d):
        return (d["_here"] and d["line"] == self.line and
                d["rule"] == self.rule and
                (self.level is None or d["level"] == self.level) and
                self.sub in d["message"])

    def describe(self):
        if self.kind == "known-fp":
            return 'known-fp %s "%s"' % (self.rule, self.sub)
        return '%s %s "%s"' % (self.level, self.rule, self.sub)


class Sample:
    def __init__(self):
        self.expectations = []      # Expectation, expect-* and known-fp
        self.known_fn = []          # (line, rule, reason)
        self.expect_none = False
        self.smoke = None           # reason
        self.expect_exit = None
        self.args = []


def comments(text):
    """Yields (line, body) for every line of every C comment in @text.

    String and character literals are skipped, so "/*" inside a string is
    not a comment.  For a block comment, each of its lines is yielded with
    a leading '*' (the usual continuation) removed.
    """
    i, n, line = 0, len(text), 1
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            i += 1
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            line += text.count("\n", i, min(j + 1, n))
            i = j + 1
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            yield line, text[i + 2:j]
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                raise SampleError("line %d: unterminated comment" % line)
            for k, part in enumerate(text[i + 2:j].split("\n")):
                part = part.strip()
                if k > 0 and part.startswith("*"):
                    part = part[1:]
                yield line + k, part
            line += text.count("\n", i, j)
            i = j + 2
        else:
            i += 1


def unquote(s):
    return re.sub(r"\\(.)", r"\1", s)


def parse_sample(text):
    """Returns a Sample; raises SampleError on a malformed annotation."""
    s = Sample()
    for line, body in comments(text):
        body = body.strip()
        if not RE_DIRECTIVE_WORD.match(body):
            continue
        where = "line %d" % line
        if body.startswith("expected-"):
            raise SampleError("%s: '%s': the syntax is expect-<level>, "
                              "not expected-" % (where, body))
        m = RE_EXPECT_NONE.match(body)
        if m:
            s.expect_none = True
            continue
        m = RE_EXPECT_EXIT.match(body)
        if m:
            if s.expect_exit is not None:
                raise SampleError("%s: a second expect-exit" % where)
            s.expect_exit = int(m.group("code"))
            continue
        m = RE_EXPECT.match(body)
        if m:
            if m.group("level") not in LEVELS:
                raise SampleError("%s: unknown level '%s' (one of %s)" %
                                  (where, m.group("level"), ", ".join(LEVELS)))
            s.expectations.append(Expectation(
                "expect", line + int(m.group("off") or 0), m.group("level"),
                m.group("rule"), unquote(m.group("sub")), line))
            continue
        m = RE_KNOWN_FP.match(body)
        if m:
            s.expectations.append(Expectation(
                "known-fp", line + int(m.group("off") or 0), None,
                m.group("rule"), unquote(m.group("sub")), line,
                m.group("reason")))
            continue
        m = RE_KNOWN_FN.match(body)
        if m:
            s.known_fn.append((line, m.group("rule"), m.group("reason")))
            continue
        m = RE_RUN.match(body)
        if m:
            try:
                s.args += shlex.split(m.group("args"))
            except ValueError as e:
                raise SampleError("%s: run: %s" % (where, e))
            continue
        m = RE_SMOKE.match(body)
        if m:
            s.smoke = m.group("reason")
            continue
        raise SampleError(
            "%s: malformed annotation '%s' (expected e.g. "
            "expect-warning: RULE \"SUBSTRING\", expect-none, known-fp: "
            "RULE \"SUBSTRING\" REASON, known-fn: RULE REASON, run: ARGS, "
            "smoke: REASON, expect-exit: N)" % (where, body))

    for e in s.expectations:
        if e.line < 1:
            raise SampleError("line %d: the offset points before line 1" %
                              e.comment_line)
    if s.expect_none and s.expectations:
        raise SampleError("expect-none, but the file also expects findings "
                          "(line %d)" % s.expectations[0].comment_line)
    if s.smoke is not None and (s.expect_none or s.expectations):
        raise SampleError("a smoke file carries no expect-*/known-fp "
                          "annotations: say either what it finds or only "
                          "that it must not crash")
    if not (s.expectations or s.expect_none or s.smoke is not None):
        raise SampleError("no expect-*, expect-none or smoke: annotation: "
                          "say what this file tests")
    return s


def max_matching(exps, diags):
    """Pairs expectations with diagnostics (bipartite maximum matching).

    Returns match: list, match[i] = index of the diagnostic paired with
    expectation i, or None.
    """
    cand = [[j for j, d in enumerate(diags) if e.matches(d)] for e in exps]
    owner = [None] * len(diags)

    def augment(i, seen):
        for j in cand[i]:
            if j in seen:
                continue
            seen.add(j)
            if owner[j] is None or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(exps)):
        augment(i, set())
    match = [None] * len(exps)
    for j, i in enumerate(owner):
        if i is not None:
            match[i] = j
    return match


def fmt_diag(d, here=True):
    """A diagnostic in the expectations' own shape, then where it is."""
    where = "col %s" % d["column"]
    if not here:
        where = "%s:%s:%s" % (d["path"], d["line"], d["column"])
    if d["function"]:
        where += ", in %s()" % d["function"]
    return "%s %s: %s  [%s]" % (d["level"], d["rule"], d["message"], where)


def parse_output(stdout, sample_path, cwd):
    """Returns (diagnostics, problems) from smatch-ci's JSON lines."""
    diags, problems = [], []
    real = os.path.realpath(sample_path)
    for n, raw in enumerate(stdout.splitlines(), 1):
        if not raw.strip():
            continue
        try:
            d = json.loads(raw)
        except ValueError as e:
            problems.append("output line %d is not JSON (%s): %s" %
                            (n, e, raw))
            continue
        if not isinstance(d, dict):
            problems.append("output line %d is not a JSON object: %s" %
                            (n, raw))
            continue
        missing = [k for k in REQUIRED_KEYS if k not in d]
        if missing:
            problems.append("output line %d lacks %s: %s" %
                            (n, ", ".join(missing), raw))
            continue
        if not isinstance(d["line"], int) or not isinstance(d["message"],
                                                              str):
            problems.append("output line %d: bad line or message: %s" %
                            (n, raw))
            continue
        path = d["path"] if isinstance(d["path"], str) else ""
        d["_here"] = bool(path) and os.path.realpath(
            os.path.join(cwd, path)) == real
        diags.append(d)
    return diags, problems


class Result:
    def __init__(self, path):
        self.path = path
        self.ok = True
        self.details = []
        self.known_fp = []          # (line, text)
        self.known_fn = []          # (line, text)
        self.note = ""

    def fail(self, msg):
        self.ok = False
        self.details.append(msg)


def check_exit(r, display, code, expect_exit):
    """Fails @r unless smatch-ci ended as the sample says (0 or 1 unless
    annotated otherwise)."""
    if code < 0:
        r.fail("%s: smatch-ci was killed by signal %d" % (display, -code))
    elif expect_exit is not None:
        if code != expect_exit:
            r.fail("%s: smatch-ci exited %d, expected %d (expect-exit)" %
                   (display, code, expect_exit))
    elif code not in (0, 1):
        r.fail("%s: smatch-ci exited %d (0 or 1 expected; annotate "
               "/* expect-exit: %d */ if this is the point)" %
               (display, code, code))


def stderr_tail(r, stderr):
    """Adds the last 40 lines smatch-ci wrote to stderr to @r's details."""
    lines = stderr.rstrip("\n").splitlines()
    if lines:
        r.details.append("smatch-ci stderr%s:" %
                         (" (last 40 lines)" if len(lines) > 40 else ""))
        r.details.extend("  | " + s for s in lines[-40:])


def run_sample(binary, path, display, timeout, verbose):
    r = Result(display)
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        sample = parse_sample(text)
    except (OSError, SampleError) as e:
        r.fail("%s: %s" % (display, e))
        return r

    cwd = os.path.dirname(os.path.abspath(path))
    base = os.path.basename(path)
    cmd = [binary, "--json", "-"] + sample.args + [base]
    if verbose:
        r.details.append("$ cd %s && %s" % (shlex.quote(cwd),
                                            " ".join(map(shlex.quote, cmd))))
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        r.fail("%s: smatch-ci did not finish within %s s" % (display, timeout))
        return r
    except OSError as e:
        r.fail("%s: cannot run %s: %s" % (display, binary, e))
        return r
    stdout = p.stdout.decode("utf-8", "replace")
    stderr = p.stderr.decode("utf-8", "replace")

    def show_stderr():
        stderr_tail(r, stderr)

    check_exit(r, display, p.returncode, sample.expect_exit)

    diags, problems = parse_output(stdout, path, cwd)
    for msg in problems:
        r.fail("%s: %s" % (display, msg))
    return judge(r, sample, diags, display, verbose, show_stderr)


def judge(r, sample, diags, display, verbose, show_stderr):
    """Compares @diags with @sample's annotations into @r."""
    if verbose:
        r.details.extend("  got %s:%s: %s" % (d["path"], d["line"],
                                               fmt_diag(d)) for d in diags)

    if sample.smoke is not None:
        # Only "does not crash": findings are not compared, failures are.
        for d in diags:
            if d["rule"] == ANALYSIS_FAILURE:
                r.fail("%s:%s: unexpected %s" % (display, d["line"],
                                                 fmt_diag(d, d["_here"])))
        r.note = "smoke: %s; %d diagnostic(s) not compared" % (
            sample.smoke, len(diags))
    else:
        match = max_matching(sample.expectations, diags)
        used = set(j for j in match if j is not None)
        leftover = [d for j, d in enumerate(diags) if j not in used]
        for e, j in zip(sample.expectations, match):
            if j is not None:
                if e.kind == "known-fp":
                    r.known_fp.append("%s:%d: %s [%s]: %s" % (
                        display, e.line, diags[j]["message"], e.rule,
                        e.reason))
                continue
            r.fail("%s:%d: missing    %s%s" % (
                display, e.line, e.describe(),
                "" if e.line == e.comment_line else
                " (annotated on line %d)" % e.comment_line))
            near = [d for d in leftover if d["_here"] and
                    d["line"] == e.line]
            if not near:
                near = [d for d in leftover if d["rule"] == e.rule]
                label = "got %s elsewhere" % e.rule
            else:
                label = "got on that line"
            if near:
                r.details.append("    %s:" % label)
                r.details.extend("      " + fmt_diag(d, d["_here"]) +
                                 (" on line %s" % d["line"] if d["_here"]
                                  and d["line"] != e.line else "")
                                 for d in near)
            else:
                r.details.append("    got nothing like it")
        for d in leftover:
            where = display if d["_here"] else d["path"]
            r.fail("%s:%s: unexpected %s" % (where, d["line"],
                                              fmt_diag(d, d["_here"])))
        if sample.expect_none and not diags and r.ok:
            r.note = "expect-none"
        elif r.ok:
            r.note = "%d expected" % len(sample.expectations)

    for line, rule, reason in sample.known_fn:
        r.known_fn.append("%s:%d: %s: %s" % (display, line, rule, reason))
    if not r.ok:
        show_stderr()
    return r


def collect(paths):
    """Files to run alone, and project directories (see run_project)."""
    files = []
    for p in paths:
        if os.path.isdir(p):
            for f in sorted(os.listdir(p)):
                full = os.path.join(p, f)
                if f.endswith(".c") and os.path.isfile(full):
                    files.append(full)
                elif os.path.isdir(full) and any(
                        g.endswith(".c") for g in os.listdir(full)):
                    files.append(full)
        elif os.path.isfile(p):
            files.append(p)
        else:
            raise OSError("no such file or directory: %s" % p)
    return files


def run_project(binary, pdir, display, timeout, verbose):
    """A subdirectory of samples is one project: all its .c files in one
    run, as `smatch-ci a.c b.c` sees them, so findings that cross files
    (a callee's summary) are tested; each file's annotations are checked
    against the findings in that file.  `run:` arguments of every file
    are used; `expect-exit` of any file applies to the run."""
    names = sorted(f for f in os.listdir(pdir) if f.endswith(".c"))
    results, samples, args, expect_exit = [], {}, [], None
    for f in names:
        r = Result(os.path.join(display, f))
        results.append(r)
        try:
            with open(os.path.join(pdir, f), encoding="utf-8",
                      errors="replace") as fh:
                samples[f] = parse_sample(fh.read())
        except (OSError, SampleError) as e:
            r.fail("%s: %s" % (r.path, e))
            continue
        args += samples[f].args
        if samples[f].expect_exit is not None:
            expect_exit = samples[f].expect_exit
    if not all(r.ok for r in results):
        return results
    cwd = os.path.abspath(pdir)
    cmd = [binary, "--json", "-", "--no-cache"] + args + names
    first = results[0]
    if verbose:
        first.details.append("$ cd %s && %s" % (
            shlex.quote(cwd), " ".join(map(shlex.quote, cmd))))
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=timeout)
    except (subprocess.TimeoutExpired, OSError) as e:
        first.fail("%s: smatch-ci failed to run: %s" % (display, e))
        return results
    stdout = p.stdout.decode("utf-8", "replace")
    stderr = p.stderr.decode("utf-8", "replace")

    def show_stderr():
        stderr_tail(first, stderr)

    check_exit(first, display, p.returncode, expect_exit)
    diags, problems = parse_output(stdout, os.path.join(pdir, names[0]), cwd)
    for msg in problems:
        first.fail("%s: %s" % (display, msg))
    owner = {os.path.realpath(os.path.join(cwd, f)): f for f in names}
    mine = dict((f, []) for f in names)
    for d in diags:
        f = owner.get(os.path.realpath(os.path.join(cwd, d["path"])))
        if f is None:
            first.fail("%s: unexpected %s in %s" % (display, fmt_diag(d),
                                                    d["path"]))
            continue
        d["_here"] = True
        mine[f].append(d)
    for f, r in zip(names, results):
        judge(r, samples[f], mine[f], r.path, verbose,
              show_stderr if r is first else (lambda: None))
    if not all(r.ok for r in results):
        show_stderr()
    return results


def display_name(path):
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def main(argv=None):
    ap = argparse.ArgumentParser(
        description="Run smatch-ci on annotated C samples (style.md §9).")
    ap.add_argument("--smatch-ci", dest="binary",
                    default=os.environ.get("SMATCH_CI"),
                    help="the smatch-ci binary (default: $SMATCH_CI)")
    ap.add_argument("--timeout", type=float, default=300,
                    help="seconds per sample (default 300)")
    ap.add_argument("-v", "--verbose", action="store_true",
                    help="show the command line and every diagnostic")
    ap.add_argument("paths", nargs="+", metavar="PATH",
                    help="a directory of samples or a .c file")
    args = ap.parse_args(argv)

    if not args.binary:
        print("verify.py: --smatch-ci is required", file=sys.stderr)
        return 2
    binary = os.path.abspath(args.binary) if os.sep in args.binary \
        else args.binary
    try:
        files = collect(args.paths)
    except OSError as e:
        print("verify.py: %s" % e, file=sys.stderr)
        return 2

    passed = failed = 0
    known_fp, known_fn = [], []
    for f in files:
        if os.path.isdir(f):
            rs = run_project(binary, f, display_name(f), args.timeout,
                             args.verbose)
        else:
            rs = [run_sample(binary, f, display_name(f), args.timeout,
                             args.verbose)]
        for r in rs:
            if r.ok:
                passed += 1
                print("PASS %s%s" % (r.path,
                                     " (%s)" % r.note if r.note else ""))
            else:
                failed += 1
                print("FAIL %s" % r.path)
            for line in r.details:
                print("  " + line)
            known_fp += r.known_fp
            known_fn += r.known_fn

    if not files:
        print("no *.c samples in %s" % " ".join(args.paths))
    if known_fp or known_fn:
        print("known imprecision: %d known-fp, %d known-fn" %
              (len(known_fp), len(known_fn)))
        for s in known_fp:
            print("  known-fp " + s)
        for s in known_fn:
            print("  known-fn " + s)
    print("%d passed, %d failed" % (passed, failed))
    sys.stdout.flush()
    return 0 if files and failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
