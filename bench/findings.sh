#!/bin/sh
# The findings of every default checker on the five real trees the triage
# files in bench/triage/ give verdicts for: zlib, lua5.4, redis, git and
# busybox, fetched from Debian's source packages (bench/lib.sh).  Writes
# one sorted file of finding lines per tree, OUT/TREE.txt, and prints
# their counts and the analysis failures, so two builds compare with
# `diff -r` (SMATCH_CI names the other binary).
#
# Usage: bench/findings.sh OUT_DIR [TREE...]   (default: all five)
# busybox is configured (`make defconfig`) and built once under bear for
# its compile_commands.json; lua gets the header Debian's rules write.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: bench/findings.sh OUT_DIR [TREE...]}
shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
trees=${*:-zlib lua5.4 redis git busybox}
jobs=${SCI_BENCH_JOBS:-2}

for pkg in $trees; do
	(
		max=0
		. "$here/bench/lib.sh"
		case $pkg in
		lua5.4)
			printf '#define DEB_HOST_MULTIARCH "%s"\n' \
				"$(gcc -print-multiarch)" > lua5.4-deb-multiarch.h
			set -- $flags $files ;;
		busybox)
			if [ ! -f compile_commands.json ]; then
				command -v bear >/dev/null ||
					{ echo "findings: busybox needs bear" >&2; exit 2; }
				make defconfig >/dev/null 2>&1
				bear -- make -k -j"$jobs" >/dev/null 2>&1 || :
			fi
			set -- -p compile_commands.json ;;
		*)
			set -- $flags $files ;;
		esac
		rc=0
		"$sci" -j"$jobs" --no-cache "$@" >"$out/$pkg.raw" 2>"$out/$pkg.err" || rc=$?
		grep -E '^[^ ]+:[0-9]+ ' "$out/$pkg.raw" | sort >"$out/$pkg.txt" || :
		rm -f "$out/$pkg.raw"
		printf '%-8s %4d findings, %3d analysis failures (exit %d)\n' "$pkg" \
			"$(wc -l <"$out/$pkg.txt")" \
			"$(grep -c 'analysis failed' "$out/$pkg.err" || :)" "$rc"
	)
done
