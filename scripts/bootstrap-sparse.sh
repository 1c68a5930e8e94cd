#!/bin/sh
# Build libsparse.a from Debian's `sparse` source package with smatch-ci's
# patches (patches/sparse/*.patch) into DEST (default: ./build/sparse).
#
# The deb-src entry is derived from this machine's own apt sources, so no
# mirror host is written into the repository.  Idempotent: a finished tree
# (DEST/.sci-stamp matching the patch set) is reused.
#
# Usage: scripts/bootstrap-sparse.sh [DEST]
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-$here/build/sparse}
version=${SCI_SPARSE_VERSION:-0.6.4}
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)

stamp=$(cat "$here"/patches/sparse/*.patch | cksum | cut -d' ' -f1)
stamp="$version-$stamp"
if [ -f "$dest/src/libsparse.a" ] && [ "$(cat "$dest/.sci-stamp" 2>/dev/null)" = "$stamp" ]; then
	exit 0
fi

die() { echo "bootstrap-sparse: $*" >&2; exit 1; }
command -v dpkg-source >/dev/null || die "dpkg-source missing: run scripts/install-deps.sh"
command -v gcc >/dev/null || die "gcc missing: run scripts/install-deps.sh"

# apt refuses a relative Dir::Etc::SourceParts, so everything is absolute.
apt="$dest/apt"
rm -rf "$apt" "$dest/src" "$dest"/sparse-*
mkdir -p "$apt/lists/partial" "$apt/parts"
found=0
for f in /etc/apt/sources.list.d/*.sources; do
	[ -f "$f" ] || continue
	sed 's/^Types:.*deb\b.*/Types: deb-src/' "$f" > "$apt/parts/$(basename "$f")"
	found=1
done
if [ -f /etc/apt/sources.list ]; then
	sed -n 's/^deb \(.*\)/deb-src \1/p' /etc/apt/sources.list > "$apt/parts/main.list"
	[ -s "$apt/parts/main.list" ] && found=1
fi
[ "$found" = 1 ] || die "no apt sources found to derive a deb-src entry from"

APTO="-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts=$apt/parts
      -o Dir::State::Lists=$apt/lists -o APT::Sandbox::User=root"
echo "bootstrap-sparse: fetching Debian's sparse source ($version)" >&2
# shellcheck disable=SC2086
# A third-party source without a Sources index fails the update; the
# distribution's own index may still be there, so go on and let
# `apt-get source` decide.
apt-get $APTO update -qq ||
	echo "bootstrap-sparse: warning: apt-get update of the deb-src indexes reported errors" >&2
cd "$dest"
# shellcheck disable=SC2086
apt-get $APTO source -qq --download-only "sparse" >/dev/null ||
	die "apt-get source sparse failed"
dsc=$(ls sparse_"$version"*.dsc 2>/dev/null | head -n1)
[ -n "$dsc" ] || die "Debian's sparse source is not version $version ($(ls sparse_*.dsc 2>/dev/null))"
dpkg-source -q -x "$dsc" src >/dev/null 2>"$dest/fetch.log" || die "dpkg-source -x $dsc failed"

for p in "$here"/patches/sparse/*.patch; do
	patch -s -p1 -N -d src < "$p" || die "patch $(basename "$p") does not apply"
done

# CC=gcc overrides Debian's use-gcc-12 patch; SPARSE_VERSION keeps the
# Makefile from running `git describe` inside our checkout.
jobs=$(nproc 2>/dev/null || echo 2)
make -s -C src -j"$jobs" CC=gcc SPARSE_VERSION="$version" \
	CFLAGS="-O2 -g -fPIC" libsparse.a >/dev/null 2>"$dest/build.log" ||
	{ cat "$dest/build.log" >&2; die "building libsparse.a failed"; }
echo "$stamp" > "$dest/.sci-stamp"
rm -rf "$apt" sparse_*
echo "bootstrap-sparse: built $dest/src/libsparse.a" >&2
