#!/usr/bin/env python3
"""
Score smatch-ci on the Toyota ITC static-analysis benchmark (the C part,
github.com/regehr/itc-benchmarks: 01.w_Defects and 02.wo_Defects).

The suite is not in this repository (its code is not ours, and CI has no
network): copy its defect files into $ITC_DIR/w/ and the defect-free ones
into $ITC_DIR/wo/, with include/HeaderFile.h in both, then run

    SCI=build/src/smatch-ci ITC_DIR=/tmp/itc python3 bench/itc/score.py [NAME...]

Each file is analyzed alone (--no-config --no-cache).  A line marked "Tool
should detect this line as error" counts as found ("line") when a finding
is on it or a line next to it, "strict" when such a finding is of the rule
the category maps to (CAT below), "fn" when any finding is in the same
function.  Every finding in a wo/ file is listed as FP: read them - ITC's
defect-free files leave malloc() unchecked and leak on purpose, which
smatch-ci reports as it should.
"""
import os, re, subprocess, sys, glob, collections
S = os.path.abspath(os.environ.get('SCI', os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'build', 'src', 'smatch-ci')))
R = os.environ.get('ITC_DIR', '/tmp/itc')
only = sys.argv[1:]
FIND = re.compile(r'^(.*?):(\d+) (\S+)\(\) (\w+): (.*) \[([\w-]+)\]$')
def run(path):
    d = os.path.dirname(path)
    p = subprocess.run([S, '--no-config', '--no-cache', '-I' + d, '-D__raw=', path],
                       capture_output=True, text=True, cwd=d)
    out = []
    for l in p.stdout.splitlines():
        m = FIND.match(l)
        if m and os.path.basename(m.group(1)) == os.path.basename(path):
            out.append((int(m.group(2)), m.group(3), m.group(6), m.group(5)))
    return p.returncode, out, p.stderr
CAT = {'bit_shift':'shift-overflow','buffer_overrun_dynamic':'array-overflow buffer-overflow','buffer_underrun_dynamic':'array-overflow buffer-overflow',
 'overrun_st':'array-overflow buffer-overflow','underrun_st':'array-overflow buffer-overflow','st_underrun':'array-overflow buffer-overflow','littlemem_st':'array-overflow buffer-overflow','ow_memcpy':'buffer-overflow',
 'conflicting_cond':'impossible-condition','redundant_cond':'impossible-condition','double_free':'double-free','double_lock':'double-lock','double_release':'double-unlock double-free',
 'lock_never_unlock':'lock-held-on-return','unlock_without_lock':'double-unlock','free_nondynamic_allocated_memory':'free-nonheap','free_null_pointer':'none',
 'function_return_value_unchecked':'unchecked-return','invalid_memory_access':'use-after-free','memory_allocation_failure':'null-deref','memory_leak':'memory-leak','null_pointer':'null-deref',
 'return_local':'stack-address-escape','sign_conv':'unsigned-negative','uninit_var':'uninitialized','uninit_pointer':'uninitialized','uninit_memory_access':'uninitialized','zero_division':'divide-by-zero'}
shit = collections.Counter()
tot = collections.Counter(); hit = collections.Counter(); fp = collections.Counter(); fpl = collections.Counter(); fhit = collections.Counter()
DEF = re.compile(r'^(?:static\s+)?[A-Za-z_][\w\s\*]*?\b(\w+)\s*\(')
report = []
for kind, mark in (('w', 'Tool should detect'), ('wo', 'Tool should not detect')):
    for f in sorted(glob.glob(R + '/' + kind + '/*.c')):
        b = os.path.basename(f)
        if only and not any(o in b for o in only): continue
        lines = open(f, errors='replace').read().split('\n')
        exp = [i + 1 for i, l in enumerate(lines) if mark in l]
        rc, out, err = run(f)
        if rc not in (0, 1) or 'error' in err.lower():
            report.append('%s/%s rc=%d %s' % (kind, b, rc, err.strip()[:300]))
        fn_of = {}
        cur = None
        for i, l in enumerate(lines):
            m = DEF.match(l)
            if m and not l.rstrip().endswith(';'): cur = m.group(1)
            fn_of[i + 1] = cur
        if kind == 'w':
            for e in exp:
                tot[b] += 1
                near = [o for o in out if abs(o[0] - e) <= 1]
                infn = [o for o in out if o[1] == fn_of[e]]
                if near: hit[b] += 1
                rules = CAT.get(b[:-2], '').split()
                if [o for o in near if o[2] in rules]: shit[b] += 1
                if near or infn: fhit[b] += 1
                if not near: report.append('MISS%s w/%s:%d %s' % (' (fn)' if infn else '', b, e, lines[e-1].strip()[:90]))
            for o in out:
                if not any(abs(o[0] - e) <= 1 for e in exp):
                    report.append('EXTRA w/%s:%d %s %s: %s' % (b, o[0], o[1], o[2], o[3][:100]))
        else:
            fpl[b] += len(exp)
            for o in out:
                fp[b] += 1
                report.append('FP wo/%s:%d %s %s: %s' % (b, o[0], o[1], o[2], o[3][:110]))
for r in report: print(r)
print()
for b in sorted(set(tot) | set(fpl)):
    print('%-40s %3d/%-3d strict %3d fn %3d   fp %d (of %d)' % (b, hit[b], tot[b], shit[b], fhit[b], fp[b], fpl[b]))
print('STRICT %d (right rule within a line)' % sum(shit.values()))
print('TOTAL %d/%d detected (line), %d by function, %d findings in wo files' % (sum(hit.values()), sum(tot.values()), sum(fhit.values()), sum(fp.values())))
