#!/bin/sh
# SPDX-License-Identifier: MIT
# check_layout.sh SRCDIR - checkers use only the checker API, and each one
# comes with its documentation, its registration and its samples.
#
# For every src/checks/*.c and *.h:
#   - it includes only "analyzer/checker.h", <std*.h>, <string.h>, <limits.h>,
#     and headers of src/checks itself ("leak_tracker.h": code two checkers
#     share, built on the checker API alone);
#   - it never mentions an engine-internal name (sci_*__*) or __sci*;
# and, unless it is table.c or catalog.c, for NAME.c with RULE = NAME, _ -> -:
#   - docs/checks/RULE.md exists;
#   - src/checks/checks.def has the line SCI_CHECK(NAME);
#   - tests/e2e/checks/RULE/ holds a .c sample with an expect-warning or
#     expect-error annotation and one with expect-none.
# Exit 0 if all hold, 1 listing every problem, 2 on a usage error.
# POSIX sh, grep and sed only.
set -eu

if [ $# -ne 1 ]; then
	echo "usage: check_layout.sh SRCDIR" >&2
	exit 2
fi
top=$1
checks=$top/src/checks
if [ ! -d "$checks" ]; then
	echo "check_layout: $checks: no such directory" >&2
	exit 2
fi

problems=0
n=0
problem() {
	problems=$((problems + 1))
	printf '  %s\n' "$*"
}

# each_line LINES FILE WHY: one problem per "N:text" line of LINES.
each_line() {
	[ -n "$1" ] || return 0
	while IFS= read -r hit; do
		if [ -n "$hit" ]; then
			problem "$2:${hit%%:*}: $3: ${hit#*:}"
		fi
	done <<EOF
$1
EOF
}

allowed_include='[[:space:]]*#[[:space:]]*include[[:space:]]*("analyzer/checker\.h"|"[a-z0-9_]+\.h"|<std[a-z0-9_]*\.h>|<string\.h>|<limits\.h>)'
def=$checks/checks.def

for f in "$checks"/*.c "$checks"/*.h; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	file=${f#"$top"/}

	# Includes: only the checker API and a few libc headers.
	bad=$(grep -n '^[[:space:]]*#[[:space:]]*include' "$f" |
		grep -v -E "^[0-9]+:$allowed_include" || true)
	each_line "$bad" "$file" \
		'includes something other than "analyzer/checker.h", a header of src/checks, <std*.h>, <string.h>, <limits.h>'
	# Engine internals: sci_xxx__yyy and __sci*.
	bad=$(grep -n -E 'sci_[a-z_]*__|__sci' "$f" || true)
	each_line "$bad" "$file" 'uses an engine-internal name (sci_*__* or __sci*)'

	# a shared header is no checker: no docs, registration or samples
	case $f in
	*.h)
		continue ;;
	esac
	name=${f##*/}
	name=${name%.c}
	case $name in
	table | catalog)
		continue ;;
	*[!a-z0-9_]* | "")
		problem "$file: a checker's file name is lower_snake_case"
		continue ;;
	esac
	rule=$(printf '%s\n' "$name" | sed 's/_/-/g')

	[ -f "$top/docs/checks/$rule.md" ] ||
		problem "$file: missing docs/checks/$rule.md"

	if [ ! -f "$def" ]; then
		problem "$file: missing src/checks/checks.def (with SCI_CHECK($name))"
	elif ! grep -q "^[[:space:]]*SCI_CHECK($name)[[:space:]]*\$" "$def"; then
		problem "$file: missing the line SCI_CHECK($name) in src/checks/checks.def"
	fi

	samples=$top/tests/e2e/checks/$rule
	if [ ! -d "$samples" ]; then
		problem "$file: missing tests/e2e/checks/$rule/ (samples with expect-warning/error and expect-none)"
		continue
	fi
	pos=no
	neg=no
	for s in "$samples"/*.c; do
		[ -f "$s" ] || continue
		grep -q -E 'expect-(warning|error)(@[+-][0-9]+)?:' "$s" && pos=yes
		grep -q 'expect-none' "$s" && neg=yes
	done
	[ "$pos" = yes ] ||
		problem "$file: no sample in tests/e2e/checks/$rule/ with an expect-warning or expect-error annotation"
	[ "$neg" = yes ] ||
		problem "$file: no sample in tests/e2e/checks/$rule/ with expect-none"
done

if [ "$problems" -gt 0 ]; then
	echo "check_layout: $problems problem(s) in $n file(s) of src/checks/ (see style.md §6, §9)"
	exit 1
fi
echo "check_layout: OK ($n file(s) in src/checks/)"
