#!/bin/sh
# SPDX-License-Identifier: MIT
# tests/fuzz/make_corpus.sh - (re)makes the generated seeds of
# tests/fuzz/corpus/: cache/ and db/ with the fuzz targets' own seed mode
# (the real writer makes them), engine/ from the small annotated samples
# of tests/e2e with each #include replaced by a few declarations, so that
# an execution does not parse the C library's headers.  The hand-written
# seeds (baseline/, compdb/) are left alone.
#
# Usage: tests/fuzz/make_corpus.sh BUILD_DIR   (a build with the fuzz targets)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
build=${1:?usage: make_corpus.sh BUILD_DIR}
bin=$build/tests/fuzz

mkdir -p "$here/corpus/cache" "$here/corpus/db" "$here/corpus/engine"
rm -f "$here/corpus/cache/seed.sqlite" "$here/corpus/db/seed.sqlite"
SCI_FUZZ_MAKE_SEED=$here/corpus/cache/seed.sqlite "$bin/fuzz_cache"
SCI_FUZZ_MAKE_SEED=$here/corpus/db/seed.sqlite "$bin/fuzz_db"

rm -f "$here"/corpus/engine/*.c
prelude='typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)'
find "$here/../e2e/checks" "$here/../e2e/engine" -name '*.c' -size -3k | sort |
while read -r f; do
	name=$(echo "$f" | sed "s|.*/e2e/||; s|/|-|g")
	awk -v p="$prelude" '
		/^#include/ { if (!done) print p; done = 1; next }
		{ print }' "$f" > "$here/corpus/engine/$name"
done
ls "$here/corpus/engine" | wc -l
