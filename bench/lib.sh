# bench/lib.sh - sourced by the benchmarks: fetches Debian's source
# package $pkg into $work/$pkg-src (a deb-src list made from the machine's
# own sources), enters the directory holding its .c files and sets $flags
# to the include directories its Makefile gives.
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
