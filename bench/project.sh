#!/bin/sh
# The cost of cross-function knowledge on a whole real project: one
# smatch-ci run over every .c file (summaries of every TU, then the
# analysis with all of them), against `gcc -fsyntax-only` and plain sparse
# over the same files, all at -j1 so CPU times compare; then the project
# database: a cold run that fills it, a warm re-run of the unchanged tree,
# and a re-run after a one-file change (a comment appended to one file).
#
# Usage: bench/project.sh [SRC_PACKAGE] [MAX_FILES]   (default: redis)
# Needs a built tree in build/; SMATCH_CI names another binary.  Prints CPU
# time (user + system, children included) and wall time of each, the
# ratios to gcc and sparse, and the database's size.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
pkg=${1:-redis}
max=${2:-0}
. "$here/bench/lib.sh"
db=$work/$pkg-bench.sqlite
rm -f "$db"

one=$(echo "$files" | sed -n '2p')
cp "$one" "$work/one.c.orig"
echo "bench: $n files of Debian's $pkg source; one-file change: $one" >&2
{
	per_file gcc gcc -fsyntax-only -std=gnu17
	per_file sparse "$sparse_src/sparse" -std=gnu17 -fmax-warnings=0
	# shellcheck disable=SC2086
	run smatch-ci-nodb "$sci" -j1 --no-cache $flags $files
	# shellcheck disable=SC2086
	run smatch-ci-cold "$sci" -j1 --db "$db" $flags $files
	# shellcheck disable=SC2086
	run smatch-ci-warm "$sci" -j1 --db "$db" $flags $files
	echo "/* bench: one-file change */" >> "$one"
	# shellcheck disable=SC2086
	run smatch-ci-1file "$sci" -j1 --db "$db" $flags $files
} > "$work/results"
cp "$work/one.c.orig" "$one"

awk -v n="$n" -v size="$(stat -c %s "$db")" '
{ t[$1] = $2; c[$1] = $3 }
END {
	printf "%-16s %9s %9s %8s %9s\n", "run", "wall s", "cpu s", "x gcc", "x sparse"
	split("gcc sparse smatch-ci-nodb smatch-ci-cold smatch-ci-warm smatch-ci-1file", order, " ")
	for (i = 1; i <= 6; i++) {
		k = order[i]
		printf "%-16s %9.2f %9.2f %8.2f %9.2f\n", k, t[k], c[k], c[k] / c["gcc"], c[k] / c["sparse"]
	}
	printf "(%d files, -j1; database %d bytes)\n", n, size
}' "$work/results"
