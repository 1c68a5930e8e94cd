# bench/lib.sh - sourced by the benchmarks once they have set $here (the
# source tree), $pkg and $max: checks the tools ($sci, GNU time, plain
# sparse, built here if needed), fetches Debian's source package $pkg into
# $work/$pkg-src (a deb-src list made from the machine's own sources),
# enters the directory holding its .c files, and sets $flags to the
# include directories its Makefile gives and $files / $n to the (first
# $max) .c files; defines run and per_file, the timing the benchmarks share.
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
	# A mirror may list a version (a security update) whose files it
	# does not hold yet (zlib on 2026-12-06): try the others, newest first.
	# shellcheck disable=SC2086
	if ! apt-get $APTO source -qq --download-only "$pkg" >/dev/null 2>&1; then
		for v in $(apt-cache $APTO showsrc "$pkg" 2>/dev/null |
			   sed -n 's/^Version: //p' | sort -ru); do
			rm -f "$pkg"_*.dsc
			apt-get $APTO source -qq --download-only "$pkg=$v" >/dev/null 2>&1 && break
		done
	fi
	dsc=$(ls "$pkg"_*.dsc 2>/dev/null | head -n1)
	[ -n "$dsc" ] || { echo "bench: apt-get source $pkg failed" >&2; exit 2; }
	dpkg-source -q -x "$dsc" "$pkg-src" >/dev/null 2>&1
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

# Timing, for the benchmarks that source this file.
# run NAME CMD...: one run of CMD; prints NAME wall cpu peak_kb (CMD's
# exit status ignored; peak: the largest process of its tree)
run() {
	name=$1
	shift
	start=$(date +%s.%N)
	/usr/bin/time -f '%U %S %M' -o "$work/rusage" "$@" >/dev/null 2>"$work/err" || true
	end=$(date +%s.%N)
	# GNU time puts "Command exited with non-zero status" first
	tail -n 1 "$work/rusage" | awk -v n="$name" -v a="$start" -v b="$end" \
	    '{ printf "%s %.2f %.2f %d\n", n, b - a, $1 + $2, $3 }'
}

# per_file NAME CMD...: CMD once per file; CPU summed, peak the largest
per_file() {
	name=$1
	shift
	cpu=0
	peak=0
	start=$(date +%s.%N)
	for f in $files; do
		/usr/bin/time -f '%U %S %M' -o "$work/rusage" "$@" $flags "$f" >/dev/null 2>&1 || true
		cpu=$(tail -n 1 "$work/rusage" | awk -v c="$cpu" '{ printf "%.2f", c + $1 + $2 }')
		peak=$(tail -n 1 "$work/rusage" | awk -v p="$peak" '{ print ($3 + 0 > p + 0 ? $3 : p) }')
	done
	end=$(date +%s.%N)
	awk -v n="$name" -v a="$start" -v b="$end" -v c="$cpu" -v p="$peak" \
	    'BEGIN { printf "%s %.2f %.2f %d\n", n, b - a, c, p }'
}
