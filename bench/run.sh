#!/bin/sh
# Speed and memory of smatch-ci against `gcc -fsyntax-only` and plain sparse,
# side by side on the same real code base, one file at a time (-j1 each).
#
# Usage: bench/run.sh [SRC_PACKAGE] [MAX_FILES]
#   SRC_PACKAGE  a Debian source package to fetch and measure (default: git)
#   MAX_FILES    measure at most this many .c files (default: all)
# Needs a built tree in build/ (scripts/test.sh or cmake); SMATCH_CI names
# another binary (to compare two builds).  Prints a table of wall time, CPU
# time (user + system: steadier than wall time on a shared machine) and
# peak RSS (GNU time), with the ratios of CPU time to gcc and sparse.
# Packages whose sources sit in src/ (redis) are measured there, with the
# include directories their Makefile gives.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
pkg=${1:-git}
max=${2:-0}
. "$here/bench/lib.sh"

# measure NAME CMD...: runs CMD once per file; sums wall time, max RSS.
measure() {
	name=$1
	shift
	start=$(date +%s.%N)
	peak=0
	cpu=0
	for f in $files; do
		/usr/bin/time -f '%M %U %S' -o "$work/rss" "$@" $flags "$f" >/dev/null 2>&1 || true
		line=$(tail -n1 "$work/rss")
		rss=${line%% *}
		[ "$rss" -gt "$peak" ] 2>/dev/null && peak=$rss
		cpu=$(echo "$line" | awk -v c="$cpu" '{ printf "%.2f", c + $2 + $3 }')
	done
	end=$(date +%s.%N)
	secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
	echo "$name $secs $cpu $peak"
}

echo "bench: $n files of Debian's $pkg source, one process per file" >&2
{
	measure gcc gcc -fsyntax-only -std=gnu17
	measure sparse "$sparse_src/sparse" -std=gnu17 -fmax-warnings=0
	measure smatch-ci "$sci" -j1
} > "$work/results"

awk -v n="$n" '
{ t[$1] = $2; c[$1] = $3; m[$1] = $4 }
END {
	printf "%-10s %9s %9s %12s %8s %9s\n", "tool", "wall s", "cpu s", "peak RSS KB", "x gcc", "x sparse"
	split("gcc sparse smatch-ci", order, " ")
	for (i = 1; i <= 3; i++) {
		k = order[i]
		printf "%-10s %9.2f %9.2f %12d %8.2f %9.2f\n", k, t[k], c[k], m[k], c[k] / c["gcc"], c[k] / c["sparse"]
	}
	printf "(%d files; ratios of CPU time)\n", n
}' "$work/results"
