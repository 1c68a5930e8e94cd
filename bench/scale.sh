#!/bin/sh
# What issue "Scale and robustness" promises, measured on one real project
# from one run: the whole run against `gcc -fsyntax-only` and plain sparse
# over the same files (-j1: wall, CPU, and the peak resident memory of the
# largest process - with smatch-ci, its biggest worker); a pull request's
# re-check with --baseline after a one-file change, cold (no cache, no
# database) and warm (the second run of the same check); and a 3-way
# sharded run against the single run (each shard timed alone, as three CI
# machines would run them, plus the merge).
#
# Usage: bench/scale.sh [SRC_PACKAGE] [MAX_FILES]   (default: redis)
# The project is copied into a git repository under $work; the change
# appends a function with a leak to one file.  Prints one table.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
pkg=${1:-redis}
max=${2:-0}
. "$here/bench/lib.sh"
jobs=${SCI_BENCH_JOBS:-2}

# the whole package, so every header and subdirectory is there
top=$work/$pkg-src
sub=${PWD#"$top"}
repo=$work/$pkg-repo
rm -rf "$repo"
cp -r "$top" "$repo"
cd "$repo$sub"
rm -rf .git .smatch-ci
git init -q -b main . && git add -A && git -c user.name=bench -c user.email=b@e commit -qm base
one=$(echo "$files" | sed -n '2p')
echo "bench: $n files of Debian's $pkg source; one-file change: $one" >&2
{
	per_file gcc gcc -fsyntax-only -std=gnu17
	per_file sparse "$sparse_src/sparse" -std=gnu17 -fmax-warnings=0
	# shellcheck disable=SC2086
	run full "$sci" -j1 --no-cache $flags $files
	# shellcheck disable=SC2086
	run gate-cold "$sci" -j"$jobs" --no-cache --baseline main $flags $files
	# CI's cache, as the main branch's pipeline leaves it
	rm -rf .smatch-ci
	# shellcheck disable=SC2086
	run gate-fill "$sci" -j"$jobs" --baseline main $flags $files
	git checkout -q -b change
	printf '\n#include <stdlib.h>\nint bench_leak(int n) { char *p = malloc(8); if (n) return 1; free(p); return 0; }\n' >> "$one"
	git -c user.name=bench -c user.email=b@e commit -qam change
	# shellcheck disable=SC2086
	run gate-1file "$sci" -j"$jobs" --baseline main $flags $files
	# shellcheck disable=SC2086
	run gate-1file-cold "$sci" -j"$jobs" --no-cache --baseline main $flags $files
	# shellcheck disable=SC2086
	run single "$sci" -j"$jobs" --no-cache --shard 1/1 --results "$work/s1.json" $flags $files
	for k in 1 2 3; do
		# shellcheck disable=SC2086
		run shard$k "$sci" -j"$jobs" --no-cache --shard $k/3 --results "$work/s3-$k.json" $flags $files
	done
	run merge "$sci" merge "$work/s3-1.json" "$work/s3-2.json" "$work/s3-3.json"
} > "$work/results"

awk -v n="$n" -v j="$jobs" '
{ t[$1] = $2; c[$1] = $3; m[$1] = $4 }
END {
	printf "%-22s %9s %9s %9s %8s %9s\n", "run", "wall s", "cpu s", "peak MB", "x gcc", "x sparse"
	split("gcc sparse full", order, " ")
	for (i = 1; i <= 3; i++) {
		k = order[i]
		printf "%-22s %9.2f %9.2f %9.1f %8.2f %9.2f\n", k, t[k], c[k], m[k] / 1024,
		       c[k] / c["gcc"], c[k] / c["sparse"]
	}
	printf "(%d files, -j1; peak: the largest process, for smatch-ci its biggest worker: x gcc %.2f, x sparse %.2f)\n",
	       n, m["full"] / m["gcc"], m["full"] / m["sparse"]
	printf "%-22s %9.2f %9.2f   (-j%d, on main, no cache, no database)\n", "--baseline cold", t["gate-cold"], c["gate-cold"], j
	printf "%-22s %9.2f %9.2f   (on main: fills the cache and database)\n", "--baseline fill", t["gate-fill"], c["gate-fill"]
	printf "%-22s %9.2f %9.2f   (one file changed, cache and database warm)\n", "1-file change, warm", t["gate-1file"], c["gate-1file"]
	printf "%-22s %9.2f %9.2f   (one file changed, no cache, no database)\n", "1-file change, cold", t["gate-1file-cold"], c["gate-1file-cold"]
	w = t["shard1"]; if (t["shard2"] > w) w = t["shard2"]; if (t["shard3"] > w) w = t["shard3"]
	printf "%-22s %9.2f            (-j%d)\n", "single run", t["single"], j
	printf "%-22s %9.2f            (slowest of 3 shards %.2f + merge %.2f)\n", "3 shards + merge", w + t["merge"], w, t["merge"]
}' "$work/results"
