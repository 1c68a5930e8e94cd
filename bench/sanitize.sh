#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/sanitize.sh - the sanitizer sweep: smatch-ci built with ASan+UBSan
# (-DSCI_SANITIZE=ON) over every TU of real projects, every checker on
# (--enable all), at the default --tu-timeout, through each project's own
# compile_commands.json (recorded with bear while building it).  Counts,
# separately and per project:
#
#   sanitizer   reports ASan/UBSan wrote (one log file per report, kept in
#               $work/sanitize-<pkg>/logs/ for reading)
#   crashes     workers killed by a signal that was not a sanitizer's, and
#               driver runs that ended with a status other than 0, 1 or 3
#   timeouts    "timed out after" analysis failures
#   failures    the other analysis failures (sparse could not parse, limits)
#
# and writes them to bench/results/sanitize-<date>.md.
#
# Usage: bench/sanitize.sh [PKG...]   (default: zlib lua5.4 redis git busybox)
#        bench/sanitize.sh --recount  (the report again from the last runs)
# Environment: SMATCH_CI (default build-asan/src/smatch-ci), SCI_BENCH_DIR
# (default build/bench, shared with bench/lib.sh), SCI_SANITIZE_JOBS (-j,
# default 2), SCI_SANITIZE_MAX (analyze only the first N TUs of each
# project; 0, the default, is all of them).  Everything runs under nice.
# Needs bear, GNU make and each project's build dependencies; a project
# whose build fails part-way is still analyzed over the TUs bear recorded.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
: "${SMATCH_CI:=$here/build-asan/src/smatch-ci}"
export SMATCH_CI
jobs=${SCI_SANITIZE_JOBS:-2}
max=${SCI_SANITIZE_MAX:-0}
recount=no
if [ "${1:-}" = --recount ]; then
	recount=yes
	shift
fi
pkgs=${*:-zlib lua5.4 redis git busybox}
date=$(date -u +%Y-%m-%d)
report=$here/bench/results/sanitize-$date.md

command -v bear >/dev/null || { echo "sanitize: needs bear (apt-get install bear)" >&2; exit 2; }
"$SMATCH_CI" --version 2>/dev/null | grep -q . ||
	{ echo "sanitize: $SMATCH_CI does not run; build it with -DSCI_SANITIZE=ON" >&2; exit 2; }
nm "$SMATCH_CI" 2>/dev/null | grep -q __asan_init ||
	{ echo "sanitize: $SMATCH_CI is not an ASan build (-DSCI_SANITIZE=ON)" >&2; exit 2; }

# build PKG: records compile_commands.json in the current directory (the
# package's top).  Make's status is ignored: bear records what ran.
build() {
	case $1 in
	zlib)
		[ -f Makefile ] && grep -q '^libz.a' Makefile || nice -n 10 ./configure >/dev/null
		nice -n 10 bear --output compile_commands.json -- make -k -j"$jobs" libz.a >/dev/null 2>&1 ;;
	lua5.4)
		# Debian's Makefile needs libtool: compile each file as
		# upstream's "make linux" would, with the header debian/rules
		# writes first
		printf '#define DEB_HOST_MULTIARCH "%s"\n' "$(gcc -print-multiarch)" \
			> src/lua5.4-deb-multiarch.h
		nice -n 10 bear --output compile_commands.json -- sh -c \
			'for f in src/*.c; do gcc -std=gnu99 -O2 -DLUA_COMPAT_5_3 -DLUA_USE_LINUX -c "$f" -o /dev/null; done' \
			>/dev/null 2>&1 ;;
	redis)
		nice -n 10 bear --output compile_commands.json -- make -k -j"$jobs" MALLOC=libc \
			BUILD_TLS=no USE_SYSTEMD=no >/dev/null 2>&1 ;;
	git)
		nice -n 10 bear --output compile_commands.json -- make -k -j"$jobs" NO_CURL=1 \
			NO_EXPAT=1 NO_TCLTK=1 NO_GETTEXT=1 NO_PERL=1 NO_PYTHON=1 \
			all >/dev/null 2>&1 ;;
	busybox)
		nice -n 10 make defconfig >/dev/null 2>&1
		nice -n 10 bear --output compile_commands.json -- make -k -j"$jobs" >/dev/null 2>&1 ;;
	*)
		nice -n 10 bear --output compile_commands.json -- make -k -j"$jobs" >/dev/null 2>&1 ;;
	esac
	:
}

# fetch PKG: like bench/lib.sh, but tries every version the deb-src
# indexes list, newest first: a mirror may lack the newest (a security
# update's pool), and lib.sh then finds nothing.
fetch() {
	[ -d "$work/$1-src" ] && return 0
	apt="$work/apt"
	mkdir -p "$apt/lists/partial" "$apt/parts"
	for f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$f" ] && sed 's/^Types:.*deb\b.*/Types: deb-src/' "$f" > "$apt/parts/$(basename "$f")"
	done
	APTO="-o Dir::Etc::SourceList=/dev/null -o Dir::Etc::SourceParts=$apt/parts
	      -o Dir::State::Lists=$apt/lists -o APT::Sandbox::User=root"
	# shellcheck disable=SC2086
	apt-get $APTO update -qq || :
	# shellcheck disable=SC2086
	for v in $(apt-cache $APTO showsrc "$1" | sed -n 's/^Version: //p'); do
		(cd "$work" && apt-get $APTO source -qq --download-only "$1=$v" >/dev/null 2>&1) || continue
		dpkg-source -q -x "$(ls "$work/$1"_*.dsc | head -n1)" "$work/$1-src" >/dev/null 2>&1
		return 0
	done
	echo "sanitize: cannot fetch Debian's $1 source" >&2
	return 1
}

# count PKG TUS SECS RC JOBS: prints the counts line of a finished run from
# $work/sanitize-PKG/ (diags.jsonl, logs/) and writes its details.txt.
count() {
	python3 - "$1" "$2" "$3" "$4" "$work/sanitize-$1" "$5" <<-'EOF'
	import json, os, sys
	pkg, tus, secs, rc, out, jobs = sys.argv[1:]
	san = crash = tmo = fail = found = 0
	details = []
	for name in sorted(os.listdir(os.path.join(out, "logs"))):
	    text = open(os.path.join(out, "logs", name), errors="replace").read()
	    san += max(1, text.count("ERROR: AddressSanitizer") +
	               text.count("runtime error:"))
	    first = [l for l in text.splitlines()
	             if "ERROR: AddressSanitizer" in l or "runtime error:" in l]
	    details.append("sanitizer: %s: %s" % (name, first[0] if first else text[:200]))
	lines = open(os.path.join(out, "diags.jsonl")).read().splitlines() \
	    if os.path.exists(os.path.join(out, "diags.jsonl")) else []
	for l in lines:
	    d = json.loads(l)
	    if d.get("rule") != "analysis-failure":
	        found += 1
	        continue
	    m = d.get("message", "")
	    if "timed out after" in m:
	        tmo += 1
	    elif "exited with status 99" in m:
	        continue  # counted from its sanitizer log
	    elif "killed by signal" in m:
	        crash += 1
	    else:
	        fail += 1
	    details.append("%s: %s" % (d.get("path", ""), m[:300]))
	if rc not in ("0", "1", "3"):
	    crash += 1
	    details.append("smatch-ci itself exited with status %s" % rc)
	with open(os.path.join(out, "details.txt"), "w") as f:
	    f.write("".join(l + "\n" for l in details))
	print(pkg, tus, san, crash, tmo, fail, found, secs, rc, jobs)
	EOF
}

# sweep PKG: fetch, build, analyze; appends "pkg tus san crash timeout
# fail findings secs rc" to $work/sanitize.counts.
sweep() {
	pkg=$1
	fetch "$pkg" || return 1
	(
		# shellcheck source=bench/lib.sh
		. "$here/bench/lib.sh"	# fetches $work/$pkg-src, cds into it
		top=$work/$pkg-src
		cd "$top"
		out=$work/sanitize-$pkg
		rm -rf "$out"
		mkdir -p "$out/logs"
		if [ ! -s compile_commands.json ]; then
			echo "sanitize: $pkg: building to record compile_commands.json" >&2
			build "$pkg"
		fi
		[ -s compile_commands.json ] ||
			{ echo "sanitize: $pkg: bear recorded nothing" >&2; exit 1; }
		# bear also records the links and the assembler: keep the TUs
		python3 - "$max" <<-'EOF'
		import json, sys
		max_ = int(sys.argv[1])
		db = json.load(open("compile_commands.json"))
		seen, keep = set(), []
		for e in db:
		    f = e.get("file", "")
		    args = e.get("arguments") or e.get("command", "").split()
		    if not f.endswith(".c") or "-c" not in args or f in seen:
		        continue
		    seen.add(f)
		    keep.append(e)
		open("sanitize_total", "w").write("%d\n" % len(keep))
		if max_ > 0:
		    keep = keep[:max_]
		json.dump(keep, open("sanitize_commands.json", "w"), indent=1)
		EOF
		tus=$(python3 -c 'import json; print(len(json.load(open("sanitize_commands.json"))))')
		of="$tus/$(cat sanitize_total)"
		echo "sanitize: $pkg: analyzing $tus TUs (-j$jobs, --enable all)" >&2
		t0=$(date +%s)
		rc=0
		# exitcode=99: a sanitizer's exit is not sparse's exit(1), so the
		# driver names it ("worker exited with status 99").
		ASAN_OPTIONS=detect_leaks=0:exitcode=99:log_path=$out/logs/asan \
		UBSAN_OPTIONS=print_stacktrace=1:exitcode=99:log_path=$out/logs/ubsan \
			nice -n 10 "$SMATCH_CI" -p sanitize_commands.json --enable all \
			-j"$jobs" --no-cache --json "$out/diags.jsonl" -q \
			>"$out/stdout" 2>"$out/stderr" || rc=$?
		secs=$(($(date +%s) - t0))
		count "$pkg" "$of" "$secs" "$rc" "-j$jobs" >>"$work/sanitize.counts"
	)
}

work=${SCI_BENCH_DIR:-$here/build/bench}
mkdir -p "$work" "$here/bench/results"
# One line per project, from its latest run: a run of some projects keeps
# the others' lines.
touch "$work/sanitize.counts"
if [ "$recount" = yes ]; then
	# shellcheck disable=SC2034 # the columns count() does not need
	while read -r p tus san crash tmo fail found secs rc j; do
		if [ -d "$work/sanitize-$p/logs" ]; then
			count "$p" "$tus" "$secs" "$rc" "${j:-?}"
		else
			echo "$p $tus $san $crash $tmo $fail $found $secs $rc ${j:-?}"
		fi
	done < "$work/sanitize.counts" > "$work/sanitize.counts.new"
	mv "$work/sanitize.counts.new" "$work/sanitize.counts"
	pkgs=""
fi
for p in $pkgs; do
	grep -v "^$p " "$work/sanitize.counts" > "$work/sanitize.counts.new" || :
	mv "$work/sanitize.counts.new" "$work/sanitize.counts"
	sweep "$p" || echo "$p 0 0 0 0 0 0 0 not-run -" >> "$work/sanitize.counts"
done

{
	echo "# Sanitizer sweep, $date"
	echo
	echo "\`bench/sanitize.sh\` (each project's latest run): $(basename "$SMATCH_CI") built with"
	echo "ASan+UBSan (-DSCI_SANITIZE=ON), \`--enable all\`, default --tu-timeout;"
	echo "TUs: analyzed/in the project (SCI_SANITIZE_MAX takes the first ones); commit"
	echo "$(git -C "$here" rev-parse --short HEAD 2>/dev/null || echo '?') (the binary: $(date -u -r "$SMATCH_CI" '+built %Y-%m-%d %H:%M UTC'))."
	echo
	echo "| project | TUs | sanitizer reports | crashes | timeouts | analysis failures | findings | seconds | -j | exit |"
	echo "|---|---|---|---|---|---|---|---|---|---|"
	awk '{ printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6, $7, $8, $10, $9 }' \
		"$work/sanitize.counts"
	echo
	echo "Sanitizer logs and the analysis failures: \`$work/sanitize-<project>/\`."
	for p in $(awk '{ print $1 }' "$work/sanitize.counts"); do
		[ -s "$work/sanitize-$p/details.txt" ] || continue
		echo
		echo "## $p: every sanitizer report, crash, timeout and analysis failure"
		echo
		echo '```'
		cat "$work/sanitize-$p/details.txt"
		echo '```'
	done
} > "$report"
cat "$report"
