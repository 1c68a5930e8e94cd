/*
 * fuzz_db.c - the project database (db/db.h) opening a file whose bytes
 * are fuzzed; db.h follows the cache's ownership rules (fuzz_cache.c):
 * a file it cannot prove it made is refused and left byte for byte as it
 * was, ours is used, rebuilt when damaged, or the database becomes a
 * no-op; nothing crashes.  A usable database then reads back every TU
 * stored in the file (keys read with sqlite3 directly), answers stats and
 * `db show` for the functions stored, prunes, and stores and reads back a
 * TU of its own.
 *
 * SCI_FUZZ_MAKE_SEED=FILE: writes a small database holding one TU with an
 * input, two summaries and a finding to FILE and exits;
 * tests/fuzz/corpus/db/ was made so.
 */
#include "fuzz.h"
#include "db/db.h"
#include "util/error.h"

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS 8

static sci_db_tu *sample(const char *name)
{
	sci_db_tu *tu = sci_db_tu_new();
	sci_summary *s;

	sci_db_tu_key(tu->key, "fuzz", name, "/src", NULL, 0);
	tu->path = strdup(name);
	tu->inputs = calloc(1, sizeof(*tu->inputs));
	tu->inputs[0].path = strdup("/src/a.h");
	memset(tu->inputs[0].sha, 'a', SCI_DB_HASH_HEX - 1);
	tu->ninputs = 1;
	tu->summaries = calloc(2, sizeof(*tu->summaries));
	s = sci_summary_new("xmalloc");
	s->file = strdup(name);
	s->line = 3;
	s->nparams = 1;
	s->returns = SCI_SUM_RET_FRESH;
	s->ret = strdup("4096-ptr_max");
	sci_summary_add_call(s, "malloc");
	tu->summaries[tu->nsummaries++] = s;
	s = sci_summary_new("xfree");
	s->file = strdup(name);
	s->line = 9;
	s->nparams = 1;
	s->frees = 1;
	s->derefs = 1;
	sci_summary_add_deref_global(s, "state");
	sci_summary_add_call(s, "free");
	tu->summaries[tu->nsummaries++] = s;
	tu->deps = strdup("0123");
	tu->findings = strdup("{\"rule\":\"memory-leak\",\"level\":\"warning\",\"path\":\"a.c\",\"line\":3,\"column\":5,\"function\":\"f\",\"key\":\"p\",\"message\":\"memory leak of 'p'\",\"related\":[]}\n");
	if (!tu->path || !tu->inputs || !tu->inputs[0].path || !tu->deps ||
	    !tu->findings)
		abort();
	return tu;
}

static void make_seed(const char *path)
{
	sci_db_tu *tu = sample("a.c");
	sci_db *db = NULL;

	if (sci_db_open(&db, path) < 0 || !sci_db_enabled(db))
		sci_fuzz_fail("cannot make a database at %s", path);
	sci_db_tu_put(db, tu);
	sci_db_tu_free(tu);
	sci_db_free(db);
	exit(0);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *seed = getenv("SCI_FUZZ_MAKE_SEED");

	(void)argc;
	(void)argv;
	if (seed && *seed)
		make_seed(seed);
	return 0;
}

/* Up to MAX_ROWS values of @sql's first column in @file. */
static size_t stored(const char *file, const char *sql, char out[][128])
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	size_t n = 0;

	if (sqlite3_open_v2(file, &db, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
	    sqlite3_prepare_v2(db, sql, -1, &st, NULL) == SQLITE_OK) {
		while (n < MAX_ROWS && sqlite3_step(st) == SQLITE_ROW) {
			const char *v = (const char *)sqlite3_column_text(st, 0);

			snprintf(out[n++], 128, "%s", v ? v : "");
		}
	}
	sqlite3_finalize(st);
	sqlite3_close(db);
	return n;
}

static void use(sci_db *db, const char *file)
{
	char rows[MAX_ROWS][128];
	sci_db_stats stats;
	sci_db_tu *tu = NULL, *mine;
	size_t i, n;
	FILE *null = fopen("/dev/null", "w");

	if (!null)
		abort();
	n = stored(file, "SELECT key FROM tu LIMIT 8", rows);
	for (i = 0; i < n; i++) {
		if (sci_db_tu_get(db, rows[i], &tu) == 0)
			sci_db_tu_free(tu);
		tu = NULL;
	}
	n = stored(file, "SELECT name FROM fn LIMIT 8", rows);
	for (i = 0; i < n; i++)
		sci_db_show(db, rows[i], null);
	sci_db_show(db, "malloc", null);
	sci_db_stats_get(db, &stats);
	sci_db_prune(db, 3650);
	mine = sample("fuzz.c");
	sci_db_tu_put(db, mine);
	/* without a warning nothing went wrong, so nothing may be lost */
	if (sci_db_tu_get(db, mine->key, &tu) != 0 && !sci_db_warning(db))
		sci_fuzz_fail("a database without problems lost what was just stored");
	sci_db_tu_free(tu);
	sci_db_tu_free(mine);
	fclose(null);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[4096];
	uint8_t *after = NULL;
	size_t nafter;
	sci_db *db = NULL;
	int error, may_own;

	snprintf(path, sizeof(path), "%s", sci_fuzz_path("db.sqlite"));
	sci_fuzz_remove_db(path);
	sci_fuzz_write(path, data, size);
	/* the database has no format from before its mark */
	may_own = sci_fuzz_may_own(data, size, SCI_DB_APPLICATION_ID, 0);
	error = sci_db_open(&db, path);
	if (error < 0) {
		if (error != SCI_EINVALID || db)
			sci_fuzz_fail("open returned %d: %s", error, sci_error_last());
	} else {
		if (!may_own)
			sci_fuzz_fail("opened a file that is not a smatch-ci database");
		use(db, path);
		sci_db_free(db);
	}
	if (!may_own) {
		if (sci_fuzz_read(path, &after, &nafter) < 0 || nafter != size ||
		    memcmp(after, data, size) != 0)
			sci_fuzz_fail("a file that is not a smatch-ci database was changed");
		free(after);
	}
	sci_fuzz_remove_db(path);
	return 0;
}
