# bench/lib.sh - sourced by the benchmarks once they have set $here (the
# source tree), $pkg and $max: checks the tools ($sci, GNU time, plain
# sparse, built here if needed), fetches Debian's source package $pkg into
# $work/$pkg-src (a deb-src list made from the machine's own sources),
# enters the directory holding its .c files, and sets $flags to the
# include directories its Makefile gives and $files / $n to the (first
# $max) .c files.
sci=${SMATCH_CI:-$here/build/src/smatch-ci}
sparse_src=$(sed -n "s/^SPARSE_INCLUDE_DIR:PATH=//p" "$here/build/CMakeCache.txt" 2>/dev/null)
[ -n "$sparse_src" ] || sparse_src=$here/build/sparse/src
work=${SCI_BENCH_DIR:-$here/build/bench}

[ -x "$sci" ] || { echo "bench: build smatch-ci first (cmake --build build)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: needs GNU time: apt-get install time" >&2; exit 2; }
if [ ! -x "$sparse_src/sparse" ]; then
	make -s -C "$sparse_src" CC=gcc SPARSE_VERSION=0.6.4 sparse >/dev/null
fi

mkdir -p "$work"
cd "$work"
if [ ! -d "$pkg-src" ]; then
	apt="$work/apt"
	mkdir -p "$apt/lists/partial" "$apt/parts"
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] && sed 's/^Types:.*deb\b.*/Types: deb-src/' "$f" > "$apt/parts/$(basename "$f")"
	done
	APTO="-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts=$apt/parts
	      -o Dir::State::Lists=$apt/lists -o APT::Sandbox::User=root"
	# shellcheck disable=SC2086
	apt-get $APTO update -qq
	# shellcheck disable=SC2086
	apt-get $APTO source -qq --download-only "$pkg" >/dev/null
	dpkg-source -q -x "$(ls "$pkg"_*.dsc | head -n1)" "$pkg-src" >/dev/null 2>&1
fi
cd "$pkg-src"
flags="-I. -DNO_OPENSSL -D__STDC_NO_VLA__"
if [ -z "$(find . -maxdepth 1 -name '*.c' | head -n1)" ] && [ -d src ]; then
	cd src
	flags="-I. -D__STDC_NO_VLA__"
	for d in ../deps/*/ ../deps/lua/src; do
		[ -d "$d" ] && flags="$flags -I$d"
	done
	# redis: a header its Makefile generates
	[ -f mkreleasehdr.sh ] && [ ! -f release.h ] && sh ./mkreleasehdr.sh >/dev/null 2>&1 || :
fi
files=$(find . -maxdepth 1 -name '*.c' | sort)
[ "$max" -gt 0 ] && files=$(echo "$files" | head -n "$max")
n=$(echo "$files" | wc -l)
