#!/bin/sh
# SPDX-License-Identifier: MIT
# demo.sh - smatch-ci end to end on the bundled example project: installs
# the Debian packages (scripts/install-deps.sh), builds smatch-ci in build/
# (CMake fetches and builds sparse itself), writes a compile_commands.json
# for examples/demo/ into a temporary directory, and runs
#
#	build/src/smatch-ci -p <that database>
#
# from examples/demo/.  The demo has planted bugs, so findings are the
# expected outcome: exit status 0 if smatch-ci ran and exited 0 or 1,
# otherwise smatch-ci's own exit status (2 usage, 3 analysis incomplete).
#
# Usage: scripts/demo.sh [smatch-ci options...], e.g. --json -
set -eu

cd "$(dirname "$0")/.."
root=$(pwd)
demo=$root/examples/demo
jobs=$(nproc 2>/dev/null || echo 2)

sh scripts/install-deps.sh
echo "demo.sh: building smatch-ci in build/" >&2
cmake -S . -B build >/dev/null
cmake --build build -j"$jobs" --target smatch-ci >/dev/null

tmp=$(mktemp -d "${TMPDIR:-/tmp}/smatch-ci-demo.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

# What `bear -- make` would record for examples/demo/Makefile.
python3 - "$demo" "$tmp/compile_commands.json" <<'EOF'
import json, os, sys

demo, out = sys.argv[1], sys.argv[2]
entries = [{
    "directory": demo,
    "file": f,
    "arguments": ["cc", "-O2", "-g", "-Wall", "-Wextra", "-c", "-o",
                  f[:-2] + ".o", f],
    "output": f[:-2] + ".o",
} for f in sorted(os.listdir(demo)) if f.endswith(".c")]
with open(out, "w") as fp:
    json.dump(entries, fp, indent=2)
    fp.write("\n")
EOF

cd "$demo"
n=0
for f in ./*.c; do
	[ -f "$f" ] && n=$((n + 1))
done
echo
echo "demo.sh: analyzing examples/demo/ (kvtool: $n C files, 3 planted bugs marked BUG:) with build/src/smatch-ci -p compile_commands.json:"
echo
set +e
"$root/build/src/smatch-ci" -p "$tmp/compile_commands.json" "$@"
rc=$?
set -e
echo
case $rc in
0)
	echo "demo.sh: smatch-ci exited 0: no findings (the planted bugs were missed)" ;;
1)
	echo "demo.sh: smatch-ci exited 1: findings reported, as expected (compare with the BUG: comments in examples/demo/)" ;;
2)
	echo "demo.sh: smatch-ci exited 2: usage or configuration error" >&2
	exit 2 ;;
3)
	echo "demo.sh: smatch-ci exited 3: the analysis of a file failed (see analysis-failure above)" >&2
	exit 3 ;;
*)
	echo "demo.sh: smatch-ci exited $rc: it crashed or was killed" >&2
	exit "$rc" ;;
esac
exit 0
