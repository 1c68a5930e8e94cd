/*
 * fuzz_compdb.c - the compile_commands.json reader (cli/compdb.h) on
 * arbitrary bytes, and the shell-word splitter on the same bytes.
 *
 * Properties from compdb.h: a failed parse is SCI_EJSON or SCI_EINVALID
 * with *out NULL and a message naming the source; a parsed entry has an
 * absolute directory and file, and a NULL-terminated argument vector of
 * nargs words starting with the compiler.  Each entry's arguments then
 * go through sci_flags_sanitize(), as the planner sends them.
 */
#include "fuzz.h"
#include "cli/compdb.h"
#include "cli/flags.h"
#include "cli/strv.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

#define SOURCE "fuzz/compile_commands.json"

static void check_entry(const sci_compdb_entry *e, size_t i)
{
	sci_strv flags = { 0 };
	size_t k;

	if (!e->directory || e->directory[0] != '/')
		sci_fuzz_fail("entry %zu: directory is not absolute", i);
	if (!e->file || e->file[0] != '/')
		sci_fuzz_fail("entry %zu: file is not absolute", i);
	if (!e->args || e->nargs == 0)
		sci_fuzz_fail("entry %zu: no arguments", i);
	for (k = 0; k < e->nargs; k++)
		if (!e->args[k])
			sci_fuzz_fail("entry %zu: argument %zu is NULL", i, k);
	if (e->args[e->nargs])
		sci_fuzz_fail("entry %zu: arguments not NULL-terminated", i);
	sci_flags_sanitize(&flags, e->args + 1, e->nargs - 1, e->directory);
	for (k = 0; k < flags.n; k++)
		if (!flags.v[k])
			sci_fuzz_fail("entry %zu: sanitized flag %zu is NULL", i, k);
	sci_strv_clear(&flags);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	sci_compdb *db = NULL;
	sci_strv words = { 0 };
	size_t i;
	int error;

	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	error = sci_compdb_parse(&db, text, SOURCE, "/fuzz/base");
	if (error < 0) {
		if (error != SCI_EJSON && error != SCI_EINVALID)
			sci_fuzz_fail("parse returned %d: %s", error, sci_error_last());
		if (db)
			sci_fuzz_fail("a failed parse left *out set");
		if (!strstr(sci_error_last(), SOURCE))
			sci_fuzz_fail("the message does not name the source: %s",
				      sci_error_last());
	} else {
		for (i = 0; i < db->n; i++)
			check_entry(&db->entries[i], i);
		sci_compdb_free(db);
	}
	/* the bytes as one "command" value */
	sci_compdb_split_command(&words, text);
	for (i = 0; i < words.n; i++)
		if (!words.v[i])
			sci_fuzz_fail("split word %zu is NULL", i);
	sci_strv_clear(&words);
	free(text);
	return 0;
}
