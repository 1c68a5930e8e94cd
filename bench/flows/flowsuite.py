#!/usr/bin/env python3
"""A battery of bug/fix pairs in the control-flow and data-flow shapes that
public C test suites use, to measure what the engine follows.

Public suites (NIST's Juliet among them) write each bug once per "flow
variant": behind `if (1)`, behind a static or global flag, a function that
returns a constant, a switch, a loop, a goto; or carried by a copy, a
pointer, a union, a static or other-file sink, a source in another file,
an array, a struct, a global.  This script writes its own cases of that
taxonomy (the code is ours, the shapes are theirs), runs smatch-ci over all
of them in one run (so cross-file cases use the summaries), and prints, by
bug kind and by variant, how many bad functions were caught and how many
good functions were flagged.

Usage: bench/flows/flowsuite.py [--smatch-ci BIN] [--keep DIR] [--kinds K,..]
                                [--show-missed] [--show-fp] [--json FILE]
Scoring: a case's bad function counts as caught when a finding of the
kind's rules lies in any function of the bad path (`*_bad*`); any finding
of any rule in a `*_good*` function is a false positive, except a leak of
the memory a double-free or use-after-free case leaves (its good versions
leak by construction) and identical-branches in variant 12 (its good
versions have identical branches by construction).
"""
import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

# Each kind: C type of `data`, its declaration in a function that starts the
# flow, the bad source S, the good source G, the bad sink K, the good sink
# KG, and the rules that count as catching it.  A kind whose good source
# would be a bug with the bad sink (a resource that must be closed) sets
# g2b=False.
KINDS = {
    "null-deref": dict(
        type="int *", init="NULL",
        S="data = NULL;",
        G="{ static int fixed = 5; data = &fixed; }",
        K="printIntLine(*data);",
        KG="if (data != NULL) printIntLine(*data); else printLine(\"null\");",
        rules={"null-deref"}),
    "malloc-null": dict(
        type="int *", init="NULL",
        S="data = (int *)malloc(10 * sizeof(int));",
        G="data = (int *)malloc(10 * sizeof(int)); if (data == NULL) exit(1);",
        K="data[0] = 5; printIntLine(data[0]); free(data);",
        KG="if (data != NULL) { data[0] = 5; printIntLine(data[0]); free(data); }",
        rules={"null-deref"}),
    "memory-leak": dict(
        type="int *", init="NULL",
        S="data = (int *)malloc(100 * sizeof(int)); if (data == NULL) exit(1); data[0] = 5; printIntLine(data[0]);",
        G="{ static int fixed[100]; data = fixed; data[0] = 5; printIntLine(data[0]); }",
        K=";",
        KG="free(data);",
        rules={"memory-leak"}),
    "double-free": dict(
        type="char *", init="NULL",
        S="data = (char *)malloc(100); if (data == NULL) exit(1); free(data);",
        G="data = (char *)malloc(100); if (data == NULL) exit(1);",
        K="free(data);",
        KG=";",
        rules={"double-free"}, leak_ok=True),
    "use-after-free": dict(
        type="char *", init="NULL",
        S="data = (char *)malloc(100); if (data == NULL) exit(1); memset(data, 'A', 99); data[99] = 0; free(data);",
        G="data = (char *)malloc(100); if (data == NULL) exit(1); memset(data, 'A', 99); data[99] = 0;",
        K="printLine(data);",
        KG=";",
        rules={"use-after-free"}, leak_ok=True),
    "uninitialized": dict(
        type="int", init=None,
        S=";",
        G="data = 5;",
        K="printIntLine(data);",
        KG="data = 5; printIntLine(data);",
        rules={"uninitialized"}),
    "uninit-array": dict(
        type="int *", init="NULL",
        S="data = (int *)malloc(10 * sizeof(int)); if (data == NULL) exit(1);",
        G="data = (int *)malloc(10 * sizeof(int)); if (data == NULL) exit(1); { int i; for (i = 0; i < 10; i++) data[i] = i; }",
        K="{ int i; for (i = 0; i < 10; i++) printIntLine(data[i]); } free(data);",
        KG="{ int i; for (i = 0; i < 10; i++) data[i] = i; for (i = 0; i < 10; i++) printIntLine(data[i]); } free(data);",
        rules={"uninitialized"}),
    "uninit-partial": dict(
        type="int *", init="NULL",
        S="data = (int *)malloc(10 * sizeof(int)); if (data == NULL) exit(1); { int i; for (i = 0; i < 5; i++) data[i] = i; }",
        G="data = (int *)malloc(10 * sizeof(int)); if (data == NULL) exit(1); { int i; for (i = 0; i < 10; i++) data[i] = i; }",
        K="{ int i; for (i = 0; i < 10; i++) printIntLine(data[i]); } free(data);",
        KG="{ int i; for (i = 0; i < 10; i++) data[i] = i; for (i = 0; i < 10; i++) printIntLine(data[i]); } free(data);",
        rules={"uninitialized"}),
    "divide-by-zero": dict(
        type="int", init="-1",
        S="data = 0;",
        G="data = 7;",
        K="printIntLine(100 / data);",
        KG="if (data != 0) printIntLine(100 / data); else printLine(\"zero\");",
        rules={"divide-by-zero"}),
    "divide-float": dict(
        type="float", init="-1.0F",
        S="data = 0.0F;",
        G="data = 2.0F;",
        K="printIntLine((int)(100.0 / data));",
        KG="if (fabs(data) > 0.000001) printIntLine((int)(100.0 / data)); else printLine(\"zero\");",
        rules={"divide-by-zero"}),
    "index-large": dict(
        type="int", init="-1",
        S="data = 10;",
        G="data = 7;",
        K="{ int buffer[10] = { 0 }; if (data >= 0) { buffer[data] = 1; printIntLine(buffer[0]); } }",
        KG="{ int buffer[10] = { 0 }; if (data >= 0 && data < 10) { buffer[data] = 1; printIntLine(buffer[0]); } }",
        rules={"array-overflow"}),
    "index-negative": dict(
        type="int", init="-1",
        S="data = -1;",
        G="data = 7;",
        K="{ int buffer[10] = { 0 }; if (data < 10) { buffer[data] = 1; printIntLine(buffer[0]); } }",
        KG="{ int buffer[10] = { 0 }; if (data >= 0 && data < 10) { buffer[data] = 1; printIntLine(buffer[0]); } }",
        rules={"array-overflow"}),
    "index-input": dict(
        type="int", init="-1",
        S="{ char line[32] = \"\"; if (fgets(line, sizeof(line), stdin) != NULL) data = atoi(line); else printLine(\"fgets failed\"); }",
        G="data = 7;",
        K="{ int buffer[10] = { 0 }; if (data >= 0) { buffer[data] = 1; printIntLine(buffer[0]); } }",
        KG="{ int buffer[10] = { 0 }; if (data >= 0 && data < 10) { buffer[data] = 1; printIntLine(buffer[0]); } }",
        rules={"tainted-index", "array-overflow"}),
    "buffer-strcpy": dict(
        type="char *", init="NULL",
        S="{ static char small[50]; data = small; data[0] = '\\0'; }",
        G="{ static char large[100]; data = large; data[0] = '\\0'; }",
        K="{ char source[100]; memset(source, 'C', 100 - 1); source[100 - 1] = '\\0'; strcpy(data, source); printLine(data); }",
        KG="{ char source[100]; memset(source, 'C', 100 - 1); source[50 - 1] = '\\0'; strcpy(data, source); printLine(data); }",
        rules={"buffer-overflow"}),
    "format-string": dict(
        type="char *", init="NULL",
        S="{ static char line[100]; if (fgets(line, sizeof(line), stdin) == NULL) line[0] = '\\0'; data = line; }",
        G="{ static char fixed[100] = \"fixed string\"; data = fixed; }",
        K="printf(data);",
        KG="printf(\"%s\\n\", data);",
        rules={"format-string"}),
    "resource-leak": dict(
        type="FILE *", init="NULL",
        S="data = fopen(\"out.txt\", \"w+\");",
        G="data = fopen(\"out.txt\", \"w+\");",
        K=";",
        KG="if (data != NULL) fclose(data);",
        rules={"resource-leak"}, g2b=False),
}

# Control-flow variants: (true condition, false condition).  The flags and
# functions named here are defined in io.c / static preambles.
CONDS = {
    "02": ("1", "0"),
    "03": ("5 == 5", "5 != 5"),
    "04": ("STATIC_CONST_TRUE", "STATIC_CONST_FALSE"),
    "05": ("staticTrue", "staticFalse"),
    "06": ("STATIC_CONST_FIVE == 5", "STATIC_CONST_FIVE != 5"),
    "07": ("staticFive == 5", "staticFive != 5"),
    "08": ("staticReturnsTrue()", "staticReturnsFalse()"),
    "09": ("GLOBAL_CONST_TRUE", "GLOBAL_CONST_FALSE"),
    "10": ("globalTrue", "globalFalse"),
    "11": ("globalReturnsTrue()", "globalReturnsFalse()"),
    "13": ("GLOBAL_CONST_FIVE == 5", "GLOBAL_CONST_FIVE != 5"),
    "14": ("globalFive == 5", "globalFive != 5"),
}

STATIC_PRE = """
static const int STATIC_CONST_TRUE = 1;
static const int STATIC_CONST_FALSE = 0;
static const int STATIC_CONST_FIVE = 5;
static int staticTrue = 1;
static int staticFalse = 0;
static int staticFive = 5;
static int staticReturnsTrue(void) { return 1; }
static int staticReturnsFalse(void) { return 0; }
"""

HEADER = """#ifndef FLOW_SUPPORT_H
#define FLOW_SUPPORT_H
#include <alloca.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
void printLine(const char *line);
void printIntLine(int value);
extern const int GLOBAL_CONST_TRUE;
extern const int GLOBAL_CONST_FALSE;
extern const int GLOBAL_CONST_FIVE;
extern int globalTrue;
extern int globalFalse;
extern int globalFive;
int globalReturnsTrue(void);
int globalReturnsFalse(void);
int globalReturnsTrueOrFalse(void);
#endif
"""

IO_C = """#include "support.h"
const int GLOBAL_CONST_TRUE = 1;
const int GLOBAL_CONST_FALSE = 0;
const int GLOBAL_CONST_FIVE = 5;
int globalTrue = 1;
int globalFalse = 0;
int globalFive = 5;
void printLine(const char *line) { if (line != NULL) printf("%s\\n", line); }
void printIntLine(int value) { printf("%d\\n", value); }
int globalReturnsTrue(void) { return 1; }
int globalReturnsFalse(void) { return 0; }
int globalReturnsTrueOrFalse(void) { return rand() % 2; }
"""


def decl(k, name="data"):
    if k["init"] is None:
        return "%s%s;" % (k["type"], name)
    return "%s%s = %s;" % (k["type"], name, k["init"])


def tdecl(k, name):
    t = k["type"]
    return t + name if t.endswith("*") else t + " " + name


def fn(name, body, static=True, ret="void", params="void"):
    return "%s%s %s(%s)\n{\n%s\n}\n" % ("static " if static else "", ret, name,
                                        params, body)


def control_case(c, k, v):
    """Files of one control-flow variant: bad, goodG2B1/2, goodB2G1/2."""
    S, G, K, KG = k["S"], k["G"], k["K"], k["KG"]
    d = "\t" + decl(k, " data" if not k["type"].endswith("*") else "data") + "\n"

    def two(src, snk):
        return d + "\t%s\n\t%s\n" % (src, snk)

    if v in CONDS:
        t, f = CONDS[v]
        blk = lambda cond, x: "if (%s) {\n\t\t%s\n\t}" % (cond, x)
        els = lambda cond, x: "if (%s) {\n\t\tprintLine(\"benign\");\n\t} else {\n\t\t%s\n\t}" % (cond, x)
        bodies = {
            "bad": two(blk(t, S), blk(t, K)),
            "goodG2B1": two(els(f, G), blk(t, K)),
            "goodG2B2": two(blk(t, G), blk(t, K)),
            "goodB2G1": two(blk(t, S), els(f, KG)),
            "goodB2G2": two(blk(t, S), blk(t, KG)),
        }
    elif v == "01":
        bodies = {"bad": two(S, K), "goodG2B": two(G, K), "goodB2G": two(S, KG)}
    elif v == "12":
        r = "globalReturnsTrueOrFalse()"
        ie = lambda a, b: "if (%s) {\n\t\t%s\n\t} else {\n\t\t%s\n\t}" % (r, a, b)
        bodies = {"bad": two(ie(S, G), ie(K, KG)),
                  "goodG2B": two(ie(G, G), ie(K, K)),
                  "goodB2G": two(ie(S, S), ie(KG, KG))}
    elif v == "15":
        sw = lambda n, x: "switch (%d) {\n\tcase 6:\n\t\t%s\n\t\tbreak;\n\tdefault:\n\t\tprintLine(\"benign\");\n\t\tbreak;\n\t}" % (n, x)
        swf = lambda n, x: "switch (%d) {\n\tcase 6:\n\t\tprintLine(\"benign\");\n\t\tbreak;\n\tdefault:\n\t\t%s\n\t\tbreak;\n\t}" % (n, x)
        bodies = {"bad": two(sw(6, S), sw(7, K).replace("switch (7)", "switch (6)")),
                  "goodG2B1": two(swf(5, G), sw(6, K)),
                  "goodB2G1": two(sw(6, S), swf(5, KG))}
    elif v == "16":
        wl = lambda x: "while (1) {\n\t\t%s\n\t\tbreak;\n\t}" % x
        bodies = {"bad": two(wl(S), wl(K)), "goodG2B": two(wl(G), wl(K)),
                  "goodB2G": two(wl(S), wl(KG))}
    elif v == "17":
        lp = lambda x, i: "for (%s = 0; %s < 1; %s++) {\n\t\t%s\n\t}" % (i, i, i, x)
        mk = lambda a, b: "\tint i, j;\n" + two(lp(a, "i"), lp(b, "j"))
        bodies = {"bad": mk(S, K), "goodG2B": mk(G, K), "goodB2G": mk(S, KG)}
    elif v == "18":
        gt = lambda a, b: d + "\tgoto source;\nsource:\n\t%s\n\tgoto sink;\nsink:\n\t%s\n" % (a, b)
        bodies = {"bad": gt(S, K), "goodG2B": gt(G, K), "goodB2G": gt(S, KG)}
    else:
        raise ValueError(v)
    return bodies


def build(outdir, kinds):
    """Writes every case; returns {case: {"kind", "variant", "files"}}."""
    os.makedirs(outdir, exist_ok=True)
    with open(os.path.join(outdir, "support.h"), "w") as fh:
        fh.write(HEADER)
    with open(os.path.join(outdir, "io.c"), "w") as fh:
        fh.write(IO_C)
    cases = {}
    for kname in kinds:
        k = KINDS[kname]
        short = kname.replace("-", "_")
        g2b = k.get("g2b", True)
        for v in ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10",
                  "11", "12", "13", "14", "15", "16", "17", "18"]:
            case = "%s_%s" % (short, v)
            bodies = control_case(case, k, v)
            src = '#include "support.h"\n' + STATIC_PRE
            for name, body in bodies.items():
                if not g2b and "G2B" in name:
                    continue
                src += fn("%s_%s" % (case, name), body, static=False)
            files = {case + ".c": src}
            write(outdir, files)
            cases[case] = dict(kind=kname, variant=v)
        for v, files in data_cases(short, k, g2b).items():
            write(outdir, files)
            cases["%s_%s" % (short, v)] = dict(kind=kname, variant=v)
    return cases


def write(outdir, files):
    for name, text in files.items():
        with open(os.path.join(outdir, name), "w") as fh:
            fh.write(text)


def data_cases(short, k, g2b):
    """Data-flow variants: the source and sink are apart, linked by data."""
    S, G, K, KG = k["S"], k["G"], k["K"], k["KG"]
    T = k["type"]
    inc = '#include "support.h"\n'
    D = "\t" + decl(k, " data" if not T.endswith("*") else "data") + "\n"
    out = {}
    flows = [("bad", S, K)]
    if g2b:
        flows.append(("goodG2B", G, K))
    flows.append(("goodB2G", S, KG))

    def each(make):
        """make(prefix, src, sink) -> (text of file a, {other files})."""
        files = collections.defaultdict(lambda: inc)
        for tag, src, snk in flows:
            make(files, tag, src, snk)
        return dict(files)

    def v31(files, p, tag, src, snk):
        files["a"] += fn("%s_%s" % (p, tag), D + "\t%s\n\t{\n\t\t%s = data;\n\t\t%s = dataCopy;\n\t\t%s\n\t}\n" % (
            src, tdecl(k, "dataCopy"), tdecl(k, "data2"), snk.replace("data", "data2")), static=False)

    def v32(files, p, tag, src, snk):
        # each declarator carries its own stars: `int **p1, **p2`
        stars = "*" * T.count("*")
        body = D + "\t%s %s*p1 = &data, %s*p2 = &data;\n" % (
            T.replace("*", "").rstrip(), stars, stars)
        body += "\t{\n\t\t%s = *p1;\n\t\t%s\n\t\t*p1 = data;\n\t}\n" % (tdecl(k, "data"), src)
        body += "\t{\n\t\t%s = *p2;\n\t\t%s\n\t}\n" % (tdecl(k, "data"), snk)
        files["a"] += fn("%s_%s" % (p, tag), body, static=False)

    def v34(files, p, tag, src, snk):
        body = D + "\tunion { %s; %s; } u;\n\t%s\n\tu.one = data;\n" % (
            tdecl(k, "one"), tdecl(k, "two"), src)
        body += "\t{\n\t\t%s = u.two;\n\t\t%s\n\t}\n" % (tdecl(k, "data"), snk)
        files["a"] += fn("%s_%s" % (p, tag), body, static=False)

    def v41(files, p, tag, src, snk):
        files["a"] += fn("%s_%sSink" % (p, tag), "\t" + snk, params=tdecl(k, "data"))
        files["a"] += fn("%s_%s" % (p, tag), D + "\t%s\n\t%s_%sSink(data);\n" % (src, p, tag), static=False)

    def v42(files, p, tag, src, snk):
        files["a"] += fn("%s_%sSource" % (p, tag), "\t%s\n\treturn data;" % src, ret=T, params=tdecl(k, "data"))
        files["a"] += fn("%s_%s" % (p, tag), D + "\tdata = %s_%sSource(data);\n\t%s\n" % (p, tag, snk), static=False)

    def v44(files, p, tag, src, snk):
        files["a"] += fn("%s_%sSink" % (p, tag), "\t" + snk, params=tdecl(k, "data"))
        files["a"] += fn("%s_%s" % (p, tag), D + "\tvoid (*sink)(%s) = %s_%sSink;\n\t%s\n\tsink(data);\n" % (T, p, tag, src), static=False)

    def v45(files, p, tag, src, snk):
        files["a"] += "static %s;\n" % tdecl(k, "%s_%sData" % (p, tag))
        files["a"] += fn("%s_%sSink" % (p, tag), "\t%s = %s_%sData;\n\t%s" % (tdecl(k, "data"), p, tag, snk))
        files["a"] += fn("%s_%s" % (p, tag), D + "\t%s\n\t%s_%sData = data;\n\t%s_%sSink();\n" % (src, p, tag, p, tag), static=False)

    def v51(files, p, tag, src, snk):
        files["b"] += fn("%s_%sSink_b" % (p, tag), "\t" + snk, static=False, params=tdecl(k, "data"))
        files["a"] += "void %s_%sSink_b(%s);\n" % (p, tag, tdecl(k, "data"))
        files["a"] += fn("%s_%s" % (p, tag), D + "\t%s\n\t%s_%sSink_b(data);\n" % (src, p, tag), static=False)

    def v52(files, p, tag, src, snk):
        files["c"] += fn("%s_%sSink_c" % (p, tag), "\t" + snk, static=False, params=tdecl(k, "data"))
        files["b"] += "void %s_%sSink_c(%s);\n" % (p, tag, tdecl(k, "data"))
        files["b"] += fn("%s_%sSink_b" % (p, tag), "\t%s_%sSink_c(data);" % (p, tag), static=False, params=tdecl(k, "data"))
        files["a"] += "void %s_%sSink_b(%s);\n" % (p, tag, tdecl(k, "data"))
        files["a"] += fn("%s_%s" % (p, tag), D + "\t%s\n\t%s_%sSink_b(data);\n" % (src, p, tag), static=False)

    def v61(files, p, tag, src, snk):
        files["b"] += fn("%s_%sSource_b" % (p, tag), "\t%s\n\treturn data;" % src, static=False, ret=T, params=tdecl(k, "data"))
        files["a"] += "%s %s_%sSource_b(%s);\n" % (T, p, tag, tdecl(k, "data"))
        files["a"] += fn("%s_%s" % (p, tag), D + "\tdata = %s_%sSource_b(data);\n\t%s\n" % (p, tag, snk), static=False)

    def v63(files, p, tag, src, snk):
        files["b"] += fn("%s_%sSink_b" % (p, tag), "\t%s = *dataPtr;\n\t%s" % (tdecl(k, "data"), snk), static=False, params=tdecl(k, "*dataPtr"))
        files["a"] += "void %s_%sSink_b(%s);\n" % (p, tag, tdecl(k, "*dataPtr"))
        files["a"] += fn("%s_%s" % (p, tag), D + "\t%s\n\t%s_%sSink_b(&data);\n" % (src, p, tag), static=False)

    def v64(files, p, tag, src, snk):
        files["b"] += fn("%s_%sSink_b" % (p, tag), "\t%s = (%s)dataVoid;\n\t%s = *dataPtr;\n\t%s" % (
            tdecl(k, "*dataPtr"), T + ("*" if T.endswith("*") else " *"), tdecl(k, "data"), snk), static=False, params="void *dataVoid")
        files["a"] += "void %s_%sSink_b(void *dataVoid);\n" % (p, tag)
        files["a"] += fn("%s_%s" % (p, tag), D + "\t%s\n\t%s_%sSink_b(&data);\n" % (src, p, tag), static=False)

    def v65(files, p, tag, src, snk):
        files["b"] += fn("%s_%sSink_b" % (p, tag), "\t" + snk, static=False, params=tdecl(k, "data"))
        files["a"] += "void %s_%sSink_b(%s);\n" % (p, tag, tdecl(k, "data"))
        files["a"] += fn("%s_%s" % (p, tag), D + "\tvoid (*sink)(%s) = %s_%sSink_b;\n\t%s\n\tsink(data);\n" % (T, p, tag, src), static=False)

    def v66(files, p, tag, src, snk):
        files["b"] += fn("%s_%sSink_b" % (p, tag), "\t%s = dataArray[2];\n\t%s" % (tdecl(k, "data"), snk), static=False, params=tdecl(k, "dataArray[]"))
        files["a"] += "void %s_%sSink_b(%s);\n" % (p, tag, tdecl(k, "dataArray[]"))
        files["a"] += fn("%s_%s" % (p, tag), D + "\t%s;\n\t%s\n\tdataArray[2] = data;\n\t%s_%sSink_b(dataArray);\n" % (
            tdecl(k, "dataArray[5]"), src, p, tag), static=False)

    def v67(files, p, tag, src, snk):
        sdef = "struct %s_s { %s; };\n" % (p, tdecl(k, "first"))
        if sdef not in files["a"]:
            files["a"] += sdef
            files["b"] += sdef
        files["b"] += fn("%s_%sSink_b" % (p, tag), "\t%s = s.first;\n\t%s" % (tdecl(k, "data"), snk), static=False, params="struct %s_s s" % p)
        files["a"] += "void %s_%sSink_b(struct %s_s s);\n" % (p, tag, p)
        files["a"] += fn("%s_%s" % (p, tag), D + "\tstruct %s_s s;\n\t%s\n\ts.first = data;\n\t%s_%sSink_b(s);\n" % (p, src, p, tag), static=False)

    def v68(files, p, tag, src, snk):
        files["a"] += "%s;\n" % tdecl(k, "%s_%sData" % (p, tag))
        files["b"] += "extern %s;\n" % tdecl(k, "%s_%sData" % (p, tag))
        files["b"] += fn("%s_%sSink_b" % (p, tag), "\t%s = %s_%sData;\n\t%s" % (tdecl(k, "data"), p, tag, snk), static=False)
        files["a"] += "void %s_%sSink_b(void);\n" % (p, tag)
        files["a"] += fn("%s_%s" % (p, tag), D + "\t%s\n\t%s_%sData = data;\n\t%s_%sSink_b();\n" % (src, p, tag, p, tag), static=False)

    def flagged(files, p, tag, src, snk, part, flag_decl, flag_ext):
        """21 and 22: a flag the caller sets decides, in the function it
        calls, whether the source runs (bad, goodG2B) or which sink runs
        (goodB2G1 with the flag 0, goodB2G2 with it 1)."""
        fa = files["a"]
        fb = files[part]

        def flag(name):
            files["a"] += flag_decl % name
            if part != "a":
                files[part] += flag_ext % name

        def source(name, fl, body):
            text = fn(name, "\tif (%s) {\n\t\t%s\n\t}\n\treturn data;" % (fl, body),
                      static=part == "a", ret=T, params=tdecl(k, "data"))
            files[part] += text
            if part != "a":
                files["a"] += "%s %s(%s);\n" % (T, name, tdecl(k, "data"))

        def sink(name, fl, body, when):
            cond = "if (%s) {\n\t\t%s\n\t}" % (fl, body) if when else \
                "if (%s) {\n\t\tprintLine(\"benign\");\n\t} else {\n\t\t%s\n\t}" % (fl, body)
            files[part] += fn(name, "\t" + cond, static=part == "a", params=tdecl(k, "data"))
            if part != "a":
                files["a"] += "void %s(%s);\n" % (name, tdecl(k, "data"))

        (fa, fb)  # the files grow through files[...]
        f = "%s_%sFlag" % (p, tag)
        if tag in ("bad", "goodG2B"):
            flag(f)
            source("%s_%sSource" % (p, tag), f, src)
            files["a"] += fn("%s_%s" % (p, tag), D + "\t%s = 1;\n\tdata = %s_%sSource(data);\n\t%s\n" % (
                f, p, tag, snk), static=False)
            return
        for n, val, when in (("1", 0, False), ("2", 1, True)):
            f = "%s_%s%sFlag" % (p, tag, n)
            flag(f)
            sink("%s_%s%sSink" % (p, tag, n), f, snk, when)
            files["a"] += fn("%s_%s%s" % (p, tag, n), D + "\t%s\n\t%s = %d;\n\t%s_%s%sSink(data);\n" % (
                src, f, val, p, tag, n), static=False)

    def v21(files, p, tag, src, snk):
        flagged(files, p, tag, src, snk, "a", "static int %s = 0;\n", None)

    def v22(files, p, tag, src, snk):
        flagged(files, p, tag, src, snk, "b", "int %s = 0;\n", "extern int %s;\n")

    def chain(files, p, tag, src, snk, parts):
        """53, 54: the data handed down a chain of functions, one per file."""
        last = parts[-1]
        files[last] += fn("%s_%sSink_%s" % (p, tag, last), "\t" + snk, static=False, params=tdecl(k, "data"))
        for here, nxt in reversed(list(zip(parts, parts[1:]))):
            files[here] += "void %s_%sSink_%s(%s);\n" % (p, tag, nxt, tdecl(k, "data"))
            if here == "a":
                files["a"] += fn("%s_%s" % (p, tag), D + "\t%s\n\t%s_%sSink_%s(data);\n" % (src, p, tag, nxt), static=False)
            else:
                files[here] += fn("%s_%sSink_%s" % (p, tag, here), "\t%s_%sSink_%s(data);" % (p, tag, nxt),
                                  static=False, params=tdecl(k, "data"))

    def v53(files, p, tag, src, snk):
        chain(files, p, tag, src, snk, ["a", "b", "c", "d"])

    def v54(files, p, tag, src, snk):
        chain(files, p, tag, src, snk, ["a", "b", "c", "d", "e"])

    makers = {"21": v21, "22": v22,
              "31": v31, "32": v32, "34": v34, "41": v41, "42": v42, "44": v44,
              "45": v45, "51": v51, "52": v52, "53": v53, "54": v54,
              "61": v61, "63": v63, "64": v64,
              "65": v65, "66": v66, "67": v67, "68": v68}
    for v, make in makers.items():
        p = "%s_%s" % (short, v)
        files = collections.defaultdict(lambda: inc)
        for tag, src, snk in flows:
            make(files, p, tag, src, snk)
        out[v] = {"%s%s.c" % (p, "" if part == "a" else "_" + part): text
                  for part, text in files.items()}
    return out


def run(binary, outdir, jobs):
    cfiles = sorted(f for f in os.listdir(outdir) if f.endswith(".c"))
    res = os.path.join(outdir, "findings.json")
    cmd = [binary, "--no-cache", "--enable", "all", "-j", str(jobs), "-q",
           "--json", res] + cfiles
    p = subprocess.run(cmd, cwd=outdir, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    # a sanitizer build exits 1 on an error too, as on findings
    if p.returncode not in (0, 1) or "Sanitizer" in p.stderr or \
            "runtime error:" in p.stderr:
        sys.stderr.write(p.stderr)
        sys.exit("smatch-ci failed with exit %d" % p.returncode)
    found = []
    with open(res) as fh:
        for line in fh:
            if line.strip():
                found.append(json.loads(line))
    return found


def case_of(fn_name, cases):
    best = None
    for c in cases:
        if fn_name.startswith(c + "_") and (best is None or len(c) > len(best)):
            best = c
    return best


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--smatch-ci", default=os.path.join(ROOT, "build", "src", "smatch-ci"))
    ap.add_argument("--keep", help="write the cases here and keep them")
    ap.add_argument("--kinds", default=",".join(KINDS))
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--show-missed", action="store_true")
    ap.add_argument("--show-fp", action="store_true")
    ap.add_argument("--json", help="write the scores as JSON here")
    ap.add_argument("--check", action="store_true",
                    help="exit 1 unless every control-flow variant (a "
                    "constant, a static or project-wide flag, a function "
                    "returning a constant, a switch, a loop, a goto) is "
                    "caught for every kind, with no false positive")
    a = ap.parse_args()
    kinds = a.kinds.split(",")
    tmp = None
    outdir = a.keep
    if not outdir:
        tmp = tempfile.TemporaryDirectory(prefix="flowsuite.")
        outdir = tmp.name
    cases = build(outdir, kinds)
    found = run(a.smatch_ci, outdir, a.j)

    caught = collections.defaultdict(bool)
    fps = collections.defaultdict(list)
    for f in found:
        c = case_of(f.get("function", ""), cases)
        if not c:
            continue
        fname = f["function"][len(c) + 1:]
        if fname.startswith("bad"):
            if f["rule"] in KINDS[cases[c]["kind"]]["rules"]:
                caught[c] = True
        elif fname.startswith("good"):
            k = KINDS[cases[c]["kind"]]
            if f["rule"] == "memory-leak" and k.get("leak_ok"):
                continue
            # variant 12's good functions do have identical branches
            if f["rule"] == "identical-branches" and cases[c]["variant"] == "12":
                continue
            fps[c].append(f)

    by_kind = collections.OrderedDict()
    by_var = collections.OrderedDict()
    for c, meta in cases.items():
        for table, key in ((by_kind, meta["kind"]), (by_var, meta["variant"])):
            t = table.setdefault(key, [0, 0, 0])
            t[0] += 1
            t[1] += caught[c]
            t[2] += len(fps[c])
    total = [sum(t[i] for t in by_kind.values()) for i in range(3)]
    print("%-16s %6s %6s %5s" % ("kind", "cases", "caught", "FP"))
    for kname, t in by_kind.items():
        print("%-16s %6d %6d %5d" % (kname, t[0], t[1], t[2]))
    print("%-16s %6d %6d %5d  (%.0f%% caught)" % ("all", total[0], total[1],
                                                  total[2], 100.0 * total[1] / max(1, total[0])))
    print()
    print("variant " + " ".join("%s" % v for v in by_var))
    print("caught  " + " ".join("%2d" % t[1] for t in by_var.values()))
    print("of      " + " ".join("%2d" % t[0] for t in by_var.values()))
    print("FP      " + " ".join("%2d" % t[2] for t in by_var.values()))
    if a.show_missed:
        print("\nmissed:", " ".join(c for c in cases if not caught[c]))
    if a.show_fp:
        print("\nfalse positives:")
        for c in cases:
            for f in fps[c]:
                print("  %s:%d %s: %s [%s]" % (f["path"], f["line"], f["function"], f["message"], f["rule"]))
    if a.check:
        control = [v for v in ["01", "02", "03", "04", "05", "06", "07",
                               "08", "09", "10", "11", "13", "14", "15",
                               "16", "17", "18"]]
        bad = [c for c, m in cases.items() if m["variant"] in control and
               (not caught[c] or fps[c])]
        if bad:
            print("\ncheck failed: control-flow cases missed or with false "
                  "positives: " + " ".join(bad))
            sys.exit(1)
        print("\ncheck passed: every control-flow variant caught, no false "
              "positive in them")
    if a.json:
        with open(a.json, "w") as fh:
            json.dump({"by_kind": by_kind, "by_variant": by_var,
                       "missed": [c for c in cases if not caught[c]],
                       "fp": {c: v for c, v in fps.items() if v}}, fh, indent=1)


if __name__ == "__main__":
    main()
