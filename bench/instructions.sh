#!/bin/sh
# The cost of smatch-ci in counts that do not drift with the machine: the
# instructions (valgrind's callgrind) one analysis of a few real TUs takes,
# and how many analyses a whole-project run makes (`db build`: the settling
# rounds).  Wall and CPU times on a shared machine moved by a factor of two
# within one session (bench/results/scale-*.md); these do not.  Compare two
# builds with SMATCH_CI=OTHER.
#
# Usage: bench/instructions.sh [SRC_PACKAGE] [FILE...]
#   SRC_PACKAGE  a Debian source package (default: redis)
#   FILE         .c files of it to count, each analyzed alone (default, for
#                redis: t_zset.c networking.c cluster.c object.c; else the
#                first four)
# Needs valgrind (apt-get install valgrind).  Prints, per file, millions of
# instructions of the whole process tree, then the total and the project
# run's analyses.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
pkg=${1:-redis}
[ $# -gt 0 ] && shift
max=0
. "$here/bench/lib.sh"
command -v valgrind >/dev/null ||
	{ echo "bench: needs valgrind: apt-get install valgrind" >&2; exit 2; }

picked=$*
if [ -z "$picked" ]; then
	if [ "$pkg" = redis ]; then
		picked="t_zset.c networking.c cluster.c object.c"
	else
		picked=$(echo "$files" | head -n 4 | sed 's|^\./||')
	fi
fi

cg=$work/callgrind
total=0
for f in $picked; do
	rm -rf "$cg"
	mkdir -p "$cg"
	# shellcheck disable=SC2086
	valgrind --tool=callgrind --trace-children=yes \
		--callgrind-out-file="$cg/out.%p" "$sci" --no-cache $flags "$f" \
		>/dev/null 2>&1 || true
	mi=$(cat "$cg"/out.* | awk '/^summary:/ { s += $2 } END { printf "%.0f", s / 1e6 }')
	printf '%-24s %8s Mi\n' "$f" "$mi"
	total=$((total + mi))
done
printf '%-24s %8s Mi\n' total "$total"
rm -rf "$cg" "$work/instructions.sqlite"
# shellcheck disable=SC2086
"$sci" db build -j1 --db "$work/instructions.sqlite" $flags $files 2>&1 |
	sed -n 's/^smatch-ci: \([0-9]* translation units: .*analyzed.*\)/\1/p'
rm -f "$work/instructions.sqlite"
