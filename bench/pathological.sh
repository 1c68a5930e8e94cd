#!/bin/sh
# The shapes that used to make the engine exponential or quadratic
# (issue "Values", part 6), generated and timed one by one: wall time,
# peak RSS and what smatch-ci said (exit status, failure line if any).
# A shape that stops at a documented limit says so in its row; none may
# crash or run into --tu-timeout.
#
# Usage: bench/pathological.sh [SHAPE...]   (default: all)
# Needs build/src/smatch-ci and GNU time.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
sci=${SMATCH_CI:-$here/build/src/smatch-ci}
work=${SCI_BENCH_DIR:-$here/build/bench}/pathological
[ -x "$sci" ] || { echo "bench: build smatch-ci first (cmake --build build)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: needs GNU time: apt-get install time" >&2; exit 2; }
mkdir -p "$work"

gen() {
	python3 - "$1" "$2" <<'PY'
import sys
shape, out = sys.argv[1], sys.argv[2]
L = []
if shape == "sum200":
    L.append("int f(int a, int b)\n{\n\tint x = 0;\n")
    L.append("\tx = " + " + ".join("(a %s %d)" % ("*" if i % 2 else "-", i)
                                   for i in range(200)) + ";\n")
    L.append("\tif (x > b)\n\t\treturn 1;\n\treturn 0;\n}\n")
elif shape == "switch2000":
    L.append("int f(int op, int x)\n{\n\tswitch (op) {\n")
    for i in range(2000):
        L.append("\tcase %d:\n\t\tx += %d;\n" % (i, i))
    L.append("\t}\n\treturn x;\n}\n")
elif shape == "ifs800":
    L.append("int f(int x, int *p)\n{\n\tint y = 0;\n")
    for i in range(800):
        L.append("\tif (x == %d)\n\t\ty = %d;\n" % (i, i))
    L.append("\tif (y == 3)\n\t\treturn *p;\n\treturn y;\n}\n")
elif shape == "nested_switch70":
    L.append("int f(int x)\n{\n\tint y = 0;\n")
    for i in range(70):
        L.append("\tswitch (x) {\n\tcase %d:\n" % i)
    L.append("\t\ty = 1;\n")
    for i in range(70):
        L.append("\t}\n")
    L.append("\treturn y;\n}\n")
elif shape == "computed_goto":
    # lua's lvm.c: the opcodes sit in a block after the first dispatch,
    # inside for (;;), and each ends in its own `goto *`
    n = 80
    L.append("int run(const unsigned char *code, int *stack)\n{\n")
    L.append("\tstatic void *disptab[] = {" +
             ", ".join("&&op%d" % i for i in range(n)) + "};\n")
    L.append("\tint sp = 0, acc = 0;\n\tunsigned char op;\n")
    L.append("\tfor (;;) {\n\top = *code++;\n\tgoto *disptab[op];\n\t{\n")
    for i in range(n):
        L.append("op%d:\n\tacc = acc * %d + stack[sp];\n" % (i, i + 1))
        L.append("\tif (acc > %d)\n\t\tsp++;\n\telse if (sp > 0)\n\t\tsp--;\n" % (i * 7))
        L.append("\tif (acc == %d)\n\t\treturn sp;\n" % i)
        L.append("\top = *code++;\n\tgoto *disptab[op];\n")
    L.append("\t}\n\t}\n}\n")
elif shape == "counter_ifs":
    # 3,900 tests of distinct pairs, each stepping one counter: the
    # counter's merged values pile up (19 s before possible states were
    # capped for the engine's models)
    n = 120
    L.append("int f(int *v)\n{\n\tint s = 0;\n")
    for i in range(n):
        L.append("\tint a%d = v[%d];\n" % (i, i))
    for i in range(n):
        for j in range(i + 1, min(n, i + 40)):
            L.append("\tif (a%d < a%d)\n\t\ts++;\n" % (i, j))
    L.append("\treturn s;\n}\n")
elif shape == "lines100k":
    L.append("int f(int x)\n{\n\tint y = 0;\n")
    for i in range(100000):
        L.append("\ty = y + x * %d;\n" % (i % 7))
    L.append("\treturn y;\n}\n")
else:
    sys.exit("unknown shape " + shape)
open(out, "w").write("".join(L))
PY
}

shapes=${*:-"sum200 switch2000 ifs800 nested_switch70 computed_goto counter_ifs lines100k"}
printf '%-18s %9s %10s %5s  %s\n' shape seconds peak_MB exit note
for s in $shapes; do
	gen "$s" "$work/$s.c"
	set +e
	/usr/bin/time -f '%e %M' -o "$work/time" "$sci" "$work/$s.c" \
		>"$work/$s.out" 2>&1
	rc=$?
	set -e
	read -r secs kb <<EOT
$(tail -n1 "$work/time")
EOT
	note=$(grep -o 'analysis failed: .*' "$work/$s.out" | head -n1 | cut -c1-80 || :)
	printf '%-18s %9s %10s %5s  %s\n' "$s" "$secs" "$((kb / 1024))" "$rc" "$note"
done
