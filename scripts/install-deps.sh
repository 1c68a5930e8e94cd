#!/bin/sh
# Install the Debian packages smatch-ci needs to build, test and run.
# sparse itself is not a Debian library: scripts/bootstrap-sparse.sh builds it
# from Debian's source package (CMake calls it on its own).  clang and
# libclang-rt-dev (libFuzzer and clang's sanitizer runtimes; clang only
# recommends it) build the fuzz targets (scripts/fuzz.sh).
set -eu

PKGS="build-essential cmake pkg-config dpkg-dev git ca-certificates
      libsqlite3-dev libjansson-dev libgit2-dev libcmocka-dev
      python3 python3-jsonschema time
      clang libclang-rt-dev"

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "install-deps: installing:$missing" >&2
$SUDO apt-get update -qq
# shellcheck disable=SC2086
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $missing
