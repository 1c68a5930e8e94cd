#!/bin/sh
# SPDX-License-Identifier: MIT
# fuzz.sh - build the libFuzzer targets of tests/fuzz (clang, ASan+UBSan,
# -DSCI_FUZZ=ON) into build-fuzz/ and fuzz each for a fixed time.
#
# Each target starts from its checked-in seeds (tests/fuzz/corpus/T/) and
# regression inputs (tests/fuzz/regress/T/), which it runs first, and adds
# what it finds to build-fuzz/corpus/T/, kept between runs; the checked-in
# directories are never written.  A crash, a sanitizer report, a leak or a
# broken property ends that target and leaves the input in
# build-fuzz/findings/T/ (keep it in tests/fuzz/regress/T/ with the fix).
#
# Usage: scripts/fuzz.sh [-t SECONDS] [-s SEED] [TARGET...] | --check
#   -t SECONDS  time per target (default: $SCI_FUZZ_SECONDS, else 30)
#   -s SEED     libFuzzer's random seed (default: $SCI_FUZZ_SEED, else a
#               new one each run); with a seed the kept corpus is left
#               out, so the run depends only on the checked-in inputs and
#               the seed: the same inputs in the same order on any machine,
#               a slower one stopping earlier.  scripts/test.sh (CI) passes
#               one, so CI never fails on a bug some other seed found.
#   --check     only say whether libFuzzer binaries can be built here
#   TARGET      baseline, cache, compdb, db, engine, records, results
#               (default: all)
# Exit status: 0 nothing found, 1 a target found something or the build
# failed, 77 clang cannot link -fsanitize=fuzzer,address,undefined here
# (scripts/install-deps.sh installs clang and libclang-rt-dev).
set -eu

secs=${SCI_FUZZ_SECONDS:-30}
seed=${SCI_FUZZ_SEED:-}
check=no
while [ $# -gt 0 ]; do
	case $1 in
	-t) secs=$2; shift 2 ;;
	-t*) secs=${1#-t}; shift ;;
	-s) seed=$2; shift 2 ;;
	-s*) seed=${1#-s}; shift ;;
	--check) check=yes; shift ;;
	-h | --help) sed -n '3,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	--) shift; break ;;
	-*) echo "fuzz.sh: unknown option '$1' (try --help)" >&2; exit 2 ;;
	*) break ;;
	esac
done

cd "$(dirname "$0")/.."
root=$(pwd)
build=$root/build-fuzz
cc=${SCI_FUZZ_CC:-clang}

# Can this machine build a libFuzzer binary at all?
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return 0; }\n' > "$probe/p.c"
if ! command -v "$cc" >/dev/null ||
   ! "$cc" -fsanitize=fuzzer,address,undefined "$probe/p.c" -o "$probe/p" 2>"$probe/err"; then
	echo "fuzz.sh: $cc cannot build libFuzzer binaries here: $(head -n1 "$probe/err" 2>/dev/null)" >&2
	echo "fuzz.sh: run scripts/install-deps.sh (clang, libclang-rt-dev)" >&2
	exit 77
fi
[ "$check" = no ] || exit 0

# The sparse tree build/ used, as test.sh's ASan step does; else CMake
# bootstraps its own.
sparse=$(sed -n 's/^SPARSE_INCLUDE_DIR:PATH=//p' build/CMakeCache.txt 2>/dev/null || :)
[ -n "$sparse" ] && [ -f "$sparse/libsparse.a" ] || sparse=""
jobs=$(nproc 2>/dev/null || echo 2)
mkdir -p "$build"
blog=$build/fuzz-build.log
CC=$cc cmake -S . -B "$build" -DSCI_FUZZ=ON -DSCI_ENABLE_WERROR=ON \
	${sparse:+-DSPARSE_ROOT="$sparse"} >"$blog" 2>&1 &&
	cmake --build "$build" --target fuzz -j"$jobs" >>"$blog" 2>&1 ||
	{ tail -n 30 "$blog" >&2; echo "fuzz.sh: the build failed ($blog)" >&2; exit 1; }

targets=${*:-$(cd tests/fuzz && ls fuzz_*.c | sed -n 's/^fuzz_\(.*\)\.c$/\1/p' | grep -v '^util$')}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/tests/lsan.supp:print_suppressions=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
found=""
for t in $targets; do
	bin=$build/tests/fuzz/fuzz_$t
	[ -x "$bin" ] || { echo "fuzz.sh: no target '$t'" >&2; found="$found $t"; continue; }
	mkdir -p "$build/corpus/$t" "$build/findings/$t"
	# what this run adds; with a seed, a fresh directory each run
	grow=$build/corpus/$t
	if [ -n "$seed" ]; then
		grow=$build/corpus-seeded/$t
		rm -rf "$grow"
		mkdir -p "$grow"
	fi
	dict=""
	case $t in
	engine) dict=$root/tests/fuzz/engine.dict ;;
	baseline | compdb | records | results) dict=$root/tests/fuzz/json.dict ;;
	esac
	seeds=""
	for d in tests/fuzz/corpus/$t tests/fuzz/regress/$t; do
		[ -d "$d" ] && seeds="$seeds $root/$d"
	done
	log=$build/findings/$t/last.log
	echo "==> fuzz.sh: $t for ${secs}s${seed:+, seed $seed}"
	rc=0
	# shellcheck disable=SC2086
	"$bin" -max_total_time="$secs" -timeout=60 -rss_limit_mb=4096 \
		-print_final_stats=1 -artifact_prefix="$build/findings/$t/" \
		${seed:+-seed="$seed"} ${dict:+-dict="$dict"} "$grow" $seeds \
		>"$log" 2>&1 || rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n1 | sed 's/cov: //')
	if [ "$rc" -ne 0 ]; then
		found="$found $t"
		echo "==> fuzz.sh: $t FOUND something (exit $rc); input in $build/findings/$t/, log $log:"
		grep -E 'ERROR|runtime error|sci-fuzz:|SUMMARY|Test unit written' "$log" | head -n 20
	else
		echo "==> fuzz.sh: $t: ${runs:-?} runs, ${speed:-?}/s, coverage ${cov:-?} points, nothing found"
	fi
done
if [ -n "$found" ]; then
	echo "fuzz.sh: FOUND:$found"
	exit 1
fi
echo "fuzz.sh: nothing found"
