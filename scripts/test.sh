#!/bin/sh
# SPDX-License-Identifier: MIT
# test.sh - build smatch-ci and run the whole test suite; this is what CI
# runs (.ci/run).
#
#   1. scripts/install-deps.sh (Debian packages; needs root or sudo once)
#   2. build/: -DSCI_ENABLE_WERROR=ON; CMake bootstraps sparse into
#      build/sparse; then ctest
#   3. build-asan/: the same with ASan+UBSan, reusing build/'s sparse; ctest
#      with leak detection on and UBSan fatal (the Python-only self-test of
#      the sample runner, label "tools", runs once, in step 2)
#   4. fuzz: scripts/fuzz.sh builds the libFuzzer targets with clang into
#      build-fuzz/ and fuzzes each for $SCI_FUZZ_SECONDS (default 10)
#      seconds with the fixed seed $SCI_FUZZ_SEED (default 1); skipped,
#      saying why, when clang cannot link libFuzzer here
#
# Every step runs even if an earlier test step failed (a failed build skips
# its own ctest); the exit status is 0 only if all passed.
#
# Usage: scripts/test.sh [--no-asan] [--no-fuzz]
set -eu

asan=yes
fuzz=yes
for arg in "$@"; do
	case $arg in
	--no-asan) asan=no ;;
	--no-fuzz) fuzz=no ;;
	-h | --help)
		sed -n '3,19p' "$0" | sed 's/^# \{0,1\}//'
		exit 0 ;;
	*)
		echo "test.sh: unknown argument '$arg' (try --help)" >&2
		exit 2 ;;
	esac
done

cd "$(dirname "$0")/.."
root=$(pwd)
jobs=$(nproc 2>/dev/null || echo 2)
start=$(date +%s)
passed=""
failed=""
skipped=""

# step NAME COMMAND...: runs COMMAND, records NAME as passed or failed.
step() {
	name=$1
	shift
	t0=$(date +%s)
	echo "==> test.sh: $name"
	if "$@"; then
		passed="$passed $name"
		echo "==> test.sh: $name passed ($(($(date +%s) - t0))s)"
		return 0
	fi
	failed="$failed $name"
	echo "==> test.sh: $name FAILED ($(($(date +%s) - t0))s)"
	return 1
}

skip() {
	skipped="$skipped $1"
	echo "==> test.sh: $1 skipped: $2"
}

fuzz_step() {
	if [ "$fuzz" = no ]; then
		skip fuzz "--no-fuzz"
	elif ! sh scripts/fuzz.sh --check; then
		skip fuzz "clang cannot build libFuzzer binaries here (scripts/install-deps.sh installs clang and libclang-rt-dev)"
	else
		# a fixed seed: CI replays the same inputs every time, so it
		# fails for a change, never for what a lucky seed found (fuzz
		# by hand without one: scripts/fuzz.sh -t 600)
		step fuzz env SCI_FUZZ_SECONDS="${SCI_FUZZ_SECONDS:-10}" \
			SCI_FUZZ_SEED="${SCI_FUZZ_SEED:-1}" sh scripts/fuzz.sh || :
	fi
}

summary() {
	secs=$(($(date +%s) - start))
	if [ -n "$failed" ]; then
		echo "test.sh: FAILED:$failed (passed:${passed:- none}${skipped:+; skipped:$skipped}) in ${secs}s"
		exit 1
	fi
	echo "test.sh: all passed:$passed${skipped:+ (skipped:$skipped)} in ${secs}s"
	exit 0
}

# shellcheck disable=SC2317 # called through step
configure_and_build() {
	dir=$1
	shift
	cmake -S . -B "$dir" "$@" && cmake --build "$dir" -j"$jobs"
}

if ! step deps sh scripts/install-deps.sh; then
	echo "test.sh: cannot install the build dependencies; nothing else can run" >&2
	summary
fi

if step build configure_and_build build -DSCI_ENABLE_WERROR=ON -DSCI_SANITIZE=OFF; then
	step ctest ctest --test-dir build --output-on-failure -j2 || :
else
	skip ctest "the build failed"
fi

if [ "$asan" = no ]; then
	skip asan "--no-asan"
	fuzz_step
	summary
fi

# The sparse tree build/ used: the one CMake bootstrapped into build/sparse,
# or the SPARSE_ROOT build/ was configured with.
sparse=$(sed -n 's/^SPARSE_INCLUDE_DIR:PATH=//p' build/CMakeCache.txt 2>/dev/null || :)
[ -n "$sparse" ] && [ -f "$sparse/libsparse.a" ] || sparse=$root/build/sparse/src
if [ ! -f "$sparse/libsparse.a" ]; then
	failed="$failed asan-build"
	echo "==> test.sh: asan-build FAILED: no libsparse.a from build/ to reuse ($sparse)"
	skip asan-ctest "the build failed"
	fuzz_step
	summary
fi

if step asan-build configure_and_build build-asan -DSCI_SANITIZE=ON \
	-DSCI_ENABLE_WERROR=ON -DSPARSE_ROOT="$sparse"; then
	step asan-ctest env ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 \
		LSAN_OPTIONS=suppressions="$root/tests/lsan.supp":print_suppressions=0 \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		ctest --test-dir build-asan --output-on-failure -j2 -LE tools || :
else
	skip asan-ctest "the build failed"
fi

fuzz_step
summary
