#!/bin/sh
# Two builds of smatch-ci against `gcc -fsyntax-only` on one real project,
# alternated: each round times gcc over every file, then the old build's
# whole run, then the new one's (-j1, --no-cache, CPU by GNU time).  On a
# shared machine whose speed drifts (gcc's own CPU over redis moved by a
# quarter between runs of bench/scale.sh in one session), only ratios
# taken side by side, round after round, say what a change did.
#
# Usage: SMATCH_CI_BASE=OLD [SMATCH_CI=NEW] bench/alternate.sh [PKG] [ROUNDS]
#   PKG     a Debian source package, fetched by bench/lib.sh (default redis)
#   ROUNDS  default 3
# Prints each round's CPU seconds and the mean and median of each, with
# the ratios to gcc.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
pkg=${1:-redis}
rounds=${2:-3}
max=0
base=${SMATCH_CI_BASE:?"set SMATCH_CI_BASE to the build to compare with"}
[ -x "$base" ] || { echo "bench: $base is not executable" >&2; exit 2; }
. "$here/bench/lib.sh"

# cpu CMD...: CPU seconds (user + system, children included) of CMD
cpu() {
	/usr/bin/time -f '%U %S' -o "$work/rusage" "$@" >/dev/null 2>&1 || true
	tail -n 1 "$work/rusage" | awk '{ printf "%.2f", $1 + $2 }'
}

echo "bench: $n files of Debian's $pkg source, $rounds rounds" >&2
k=0
while [ "$k" -lt "$rounds" ]; do
	k=$((k + 1))
	g=0
	for f in $files; do
		# shellcheck disable=SC2086
		c=$(cpu gcc -fsyntax-only -std=gnu17 $flags "$f")
		g=$(awk -v a="$g" -v b="$c" 'BEGIN { printf "%.2f", a + b }')
	done
	# shellcheck disable=SC2086
	o=$(cpu "$base" -j1 --no-cache $flags $files)
	# shellcheck disable=SC2086
	w=$(cpu "$sci" -j1 --no-cache $flags $files)
	echo "$k $g $o $w"
done | awk '
	{ printf "round %d: gcc %6.2f  old %6.2f  new %6.2f\n", $1, $2, $3, $4
	  n++; g[n] = $2; o[n] = $3; w[n] = $4; sg += $2; so += $3; sw += $4 }
	function median(a, m,   i, j, t) {
		for (i = 1; i <= m; i++)
			for (j = i + 1; j <= m; j++)
				if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
		return m % 2 ? a[(m + 1) / 2] : (a[m / 2] + a[m / 2 + 1]) / 2
	}
	END {
		if (!n) exit 1
		printf "mean:    gcc %6.2f  old %6.2f (%.2fx)  new %6.2f (%.2fx)\n",
		       sg / n, so / n, so / sg, sw / n, sw / sg
		mg = median(g, n); mo = median(o, n); mw = median(w, n)
		printf "median:  gcc %6.2f  old %6.2f (%.2fx)  new %6.2f (%.2fx)\n",
		       mg, mo, mo / mg, mw, mw / mg
	}'
