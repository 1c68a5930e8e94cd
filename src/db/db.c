/*
 * db.c - a TU's rows: its key, reading them back, replacing them, pruning
 * TUs no run uses any more, and counting (contract in db.h, schema in
 * docs/db.md).
 *
 * Every write is one BEGIN IMMEDIATE transaction: it takes the write lock
 * before reading anything, so two runs writing at once queue on the busy
 * timeout instead of deadlocking on a read lock each wants upgraded.  A
 * read is one deferred transaction, so a TU is never seen half replaced.
 */
#include "db/db_int.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/sha256.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#define KEY_TAG "smatch-ci-db-tu-v1"

/*
 * A lookup marks its TU as used (for sci_db_prune) only when the mark is
 * older than this, so that runs which change nothing do not write.
 */
#define TOUCH_AFTER (24 * 60 * 60)

void sci_db_tu_key(char out[SCI_DB_HASH_HEX], const char *tool_version,
		   const char *path, const char *directory,
		   const char *const *flags, size_t nflags)
{
	unsigned char digest[SCI_SHA256_LEN];
	sci_sha256_ctx ctx;
	size_t i;

	/* The flags come last, so their number needs no field of its own. */
	sci_sha256_init(&ctx);
	sci_sha256_field(&ctx, KEY_TAG);
	sci_sha256_field(&ctx, tool_version);
	sci_sha256_field(&ctx, path);
	sci_sha256_field(&ctx, directory);
	for (i = 0; i < nflags; i++)
		sci_sha256_field(&ctx, flags[i]);
	sci_sha256_final(&ctx, digest);
	sci_sha256_hex(out, digest);
}

sci_db_tu *sci_db_tu_new(void)
{
	return sci_calloc(1, sizeof(sci_db_tu));
}

void sci_db_tu_free(sci_db_tu *tu)
{
	size_t i;

	if (!tu)
		return;
	free(tu->path);
	for (i = 0; i < tu->ninputs; i++)
		free(tu->inputs[i].path);
	free(tu->inputs);
	for (i = 0; i < tu->nsummaries; i++)
		sci_summary_free(tu->summaries[i]);
	free(tu->summaries);
	free(tu->deps);
	free(tu->findings);
	free(tu);
}

/* ---- get ---------------------------------------------------------------- */

static char *column_dup(sqlite3_stmt *st, int i)
{
	if (sqlite3_column_type(st, i) == SQLITE_NULL)
		return NULL;
	return sci_strdup((const char *)sqlite3_column_text(st, i));
}

/* A valid SHA-256 in hex: what every sha column must hold. */
static int is_hash(const char *s)
{
	return s && strlen(s) == SCI_DB_HASH_HEX - 1 &&
	       strspn(s, "0123456789abcdef") == SCI_DB_HASH_HEX - 1;
}

/*
 * Reads the input and fn rows of TU @id into @tu.  Returns 0, SCI_EDB
 * (sqlite3 error on db->h) or SCI_EINVALID for a row that does not read
 * back.
 */
static int read_rows(sci_db *db, long long id, sci_db_tu *tu)
{
	sqlite3_stmt *st = NULL;
	int rc, error = SCI_EDB;

	if (sci_db__prepare(db, &st,
			    "SELECT path, sha FROM input WHERE tu = ?1 ORDER BY seq",
			    "i", id) < 0)
		goto done;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *sha = (const char *)sqlite3_column_text(st, 1);
		sci_db_input *in;

		if (!is_hash(sha)) {
			error = sci_error_set(SCI_EINVALID,
					      "input with a malformed hash");
			goto done;
		}
		tu->inputs = sci_realloc(tu->inputs, (tu->ninputs + 1) *
					 sizeof(*tu->inputs));
		in = &tu->inputs[tu->ninputs++];
		in->path = column_dup(st, 0);
		memcpy(in->sha, sha, SCI_DB_HASH_HEX);
	}
	if (rc != SQLITE_DONE)
		goto done;
	sqlite3_finalize(st);
	if (sci_db__prepare(db, &st,
			    "SELECT summary FROM fn WHERE tu = ?1 ORDER BY seq",
			    "i", id) < 0)
		goto done;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *text = (const char *)sqlite3_column_text(st, 0);
		sci_summary *s;

		if (!text || sci_summary_parse(&s, text) < 0) {
			error = SCI_EINVALID;
			goto done;
		}
		tu->summaries = sci_realloc(tu->summaries,
					    (tu->nsummaries + 1) *
					    sizeof(*tu->summaries));
		tu->summaries[tu->nsummaries++] = s;
	}
	if (rc == SQLITE_DONE)
		error = 0;
done:
	sqlite3_finalize(st);
	return error;
}

/*
 * Reads TU @key into *out inside the caller's read transaction; *used
 * gets its mark.  Returns 0, SCI_ENOTFOUND, SCI_EINVALID (a row that does
 * not read back) or SCI_EDB.
 */
static int read_tu(sci_db *db, const char *key, sci_db_tu **out,
		   long long *id, long long *used)
{
	sci_db_tu *tu = NULL;
	sqlite3_stmt *st = NULL;
	int rc, error = SCI_EDB;

	if (sci_db__prepare(db, &st,
			    "SELECT id, path, deps, findings, used FROM tu WHERE key = ?1",
			    "t", key) < 0)
		goto done;
	rc = sqlite3_step(st);
	if (rc != SQLITE_ROW) {
		error = rc == SQLITE_DONE ? SCI_ENOTFOUND : SCI_EDB;
		goto done;
	}
	tu = sci_db_tu_new();
	snprintf(tu->key, sizeof(tu->key), "%s", key);
	*id = sqlite3_column_int64(st, 0);
	tu->path = column_dup(st, 1);
	tu->deps = column_dup(st, 2);
	tu->findings = column_dup(st, 3);
	*used = sqlite3_column_int64(st, 4);
	if ((error = read_rows(db, *id, tu)) < 0)
		goto done;
	*out = tu;
	tu = NULL;
done:
	sqlite3_finalize(st);
	sci_db_tu_free(tu);
	return error;
}

/*
 * Marks TU @id used now.  Not being able to (a database on a read-only
 * medium) costs only pruning, so it is a warning, and tried once.
 */
static void touch(sci_db *db, long long id)
{
	if (db->no_touch)
		return;
	if (sci_db__run(db, NULL, 0, "UPDATE tu SET used = ?1 WHERE id = ?2",
			"ii", (long long)time(NULL), id) < 0) {
		sci_db__error(db);
		sci_db__warn(db, "database '%s': cannot mark a TU used: %s",
			     db->path, sci_error_last());
		db->no_touch = 1;
	}
}

int sci_db_tu_get(sci_db *db, const char *key, sci_db_tu **out)
{
	long long id = 0, used = 0;
	int error;

	*out = NULL;
	if (!sci_db_enabled(db))
		return SCI_ENOTFOUND;
	if (sqlite3_exec(db->h, "BEGIN", NULL, NULL, NULL) != SQLITE_OK) {
		sci_db__fail(db, "lookup");
		return SCI_ENOTFOUND;
	}
	error = read_tu(db, key, out, &id, &used);
	if (error == SCI_EDB) {
		sci_db__fail(db, "lookup");
		return SCI_ENOTFOUND;
	}
	sqlite3_exec(db->h, "COMMIT", NULL, NULL, NULL);
	if (error == SCI_EINVALID) {
		/* a miss: the next put of this TU replaces the row */
		sci_db__warn(db, "database '%s': unreadable TU %s ignored: %s",
			     db->path, key, sci_error_last());
		return SCI_ENOTFOUND;
	}
	if (error == 0 && used < (long long)time(NULL) - TOUCH_AFTER)
		touch(db, id);
	return error;
}

/* ---- put ---------------------------------------------------------------- */

/* Deletes TU @key and its rows, if it is there. */
static int delete_tu(sci_db *db, const char *key)
{
	static const char *const sql[] = {
		"DELETE FROM input WHERE tu = (SELECT id FROM tu WHERE key = ?1)",
		"DELETE FROM fn WHERE tu = (SELECT id FROM tu WHERE key = ?1)",
		"DELETE FROM calls WHERE tu = (SELECT id FROM tu WHERE key = ?1)",
		"DELETE FROM tu WHERE key = ?1",
	};
	size_t i;

	for (i = 0; i < sizeof(sql) / sizeof(sql[0]); i++)
		if (sci_db__run(db, NULL, 0, sql[i], "t", key) < 0)
			return SCI_EDB;
	return 0;
}

static int insert_fn(sci_db *db, long long id, long long seq,
		     const sci_summary *s)
{
	char *text = sci_summary_format(s);
	size_t i;
	int error;

	error = sci_db__run(db, NULL, 0,
			    "INSERT INTO fn(tu, seq, name, file, line, static, summary)"
			    " VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7)",
			    "iittiit", id, seq, s->name, s->file ? s->file : "",
			    (long long)s->line, (long long)!!s->is_static, text);
	free(text);
	/* OR IGNORE: a call list is unique, but not if it was built by hand */
	for (i = 0; error == 0 && i < s->ncalls; i++)
		error = sci_db__run(db, NULL, 0,
				    "INSERT OR IGNORE INTO calls(tu, caller, callee)"
				    " VALUES(?1, ?2, ?3)",
				    "iit", id, seq, s->calls[i]);
	return error;
}

static int insert_tu(sci_db *db, const sci_db_tu *tu)
{
	long long id;
	size_t i;

	if (sci_db__run(db, NULL, 0,
			"INSERT INTO tu(key, path, deps, findings, used)"
			" VALUES(?1, ?2, ?3, ?4, ?5)",
			"tttti", tu->key, tu->path ? tu->path : "", tu->deps,
			tu->findings, (long long)time(NULL)) < 0)
		return SCI_EDB;
	id = sqlite3_last_insert_rowid(db->h);
	for (i = 0; i < tu->ninputs; i++)
		if (sci_db__run(db, NULL, 0,
				"INSERT INTO input(tu, seq, path, sha) VALUES(?1, ?2, ?3, ?4)",
				"iitt", id, (long long)i,
				tu->inputs[i].path ? tu->inputs[i].path : "",
				tu->inputs[i].sha) < 0)
			return SCI_EDB;
	for (i = 0; i < tu->nsummaries; i++)
		if (insert_fn(db, id, (long long)i, tu->summaries[i]) < 0)
			return SCI_EDB;
	return 0;
}

int sci_db_tu_put(sci_db *db, const sci_db_tu *tu)
{
	if (!sci_db_enabled(db))
		return 0;
	if (sqlite3_exec(db->h, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK ||
	    delete_tu(db, tu->key) < 0 || insert_tu(db, tu) < 0 ||
	    sqlite3_exec(db->h, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		sci_db__fail(db, "store");
	return 0;
}

/* ---- prune and stats ---------------------------------------------------- */

size_t sci_db_prune(sci_db *db, unsigned days)
{
	static const char *const sql[] = {
		"DELETE FROM input WHERE tu IN (SELECT id FROM tu WHERE used < ?1)",
		"DELETE FROM fn WHERE tu IN (SELECT id FROM tu WHERE used < ?1)",
		"DELETE FROM calls WHERE tu IN (SELECT id FROM tu WHERE used < ?1)",
		"DELETE FROM tu WHERE used < ?1",
	};
	long long cutoff = (long long)time(NULL) - (long long)days * 86400;
	size_t i;
	int dropped;

	if (!sci_db_enabled(db))
		return 0;
	if (sqlite3_exec(db->h, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		goto failed;
	for (i = 0; i < sizeof(sql) / sizeof(sql[0]); i++)
		if (sci_db__run(db, NULL, 0, sql[i], "i", cutoff) < 0)
			goto failed;
	dropped = sqlite3_changes(db->h);	/* of the last: the TU rows */
	if (sqlite3_exec(db->h, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		goto failed;
	return (size_t)dropped;
failed:
	sci_db__fail(db, "prune");
	return 0;
}

/*
 * Pruning leaves the database at this share of its bound, so that the
 * runs after it add TUs for a while before the next prune.
 */
#define PRUNE_TO_PERCENT 75

/*
 * @n[0]: bytes of the file's pages that hold data (freed pages are reused,
 * not returned, so this is what a bound limits); @n[1]: TUs stored.
 */
static int data_size(sci_db *db, long long n[2])
{
	return sci_db__run(db, n, 2,
			   "SELECT (page_count - freelist_count) * page_size,"
			   " (SELECT count(*) FROM tu)"
			   " FROM pragma_page_count(), pragma_freelist_count(),"
			   " pragma_page_size()", "");
}

size_t sci_db_prune_size(sci_db *db, long long max_bytes)
{
	static const char *const sql[] = {
		"DELETE FROM input WHERE tu NOT IN (SELECT id FROM keep)",
		"DELETE FROM fn WHERE tu NOT IN (SELECT id FROM keep)",
		"DELETE FROM calls WHERE tu NOT IN (SELECT id FROM keep)",
		"DELETE FROM tu WHERE id NOT IN (SELECT id FROM keep)",
	};
	long long n[2];
	long long keep;
	size_t i;
	int dropped;

	if (!sci_db_enabled(db) || max_bytes <= 0)
		return 0;
	/* a run under the bound does not write (nor wait for a writer) */
	if (data_size(db, n) < 0)
		goto failed;
	if (n[0] <= max_bytes)
		return 0;
	/* IMMEDIATE: a run storing at the same time waits, nothing is torn */
	if (sqlite3_exec(db->h, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		goto failed;
	if (data_size(db, n) < 0)
		goto failed;
	if (n[0] <= max_bytes) {
		sqlite3_exec(db->h, "COMMIT", NULL, NULL, NULL);
		return 0;
	}
	/* TUs are of similar size: keep the most recently used share */
	keep = (long long)((double)n[1] * PRUNE_TO_PERCENT / 100 *
			   (double)max_bytes / (double)n[0]);
	/* ties on the day-grained `used`: a higher id was stored later */
	if (sci_db__run(db, NULL, 0,
			"CREATE TEMP TABLE keep AS SELECT id FROM tu"
			" ORDER BY used DESC, id DESC LIMIT ?1", "i", keep) < 0)
		goto failed;
	for (i = 0; i < sizeof(sql) / sizeof(sql[0]); i++)
		if (sci_db__run(db, NULL, 0, sql[i], "") < 0)
			goto failed;
	dropped = sqlite3_changes(db->h);	/* of the last: the TU rows */
	if (sci_db__run(db, NULL, 0, "DROP TABLE temp.keep", "") < 0 ||
	    sqlite3_exec(db->h, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
		goto failed;
	return (size_t)dropped;
failed:
	sci_db__fail(db, "prune");
	return 0;
}

int sci_db_stats_get(sci_db *db, sci_db_stats *out)
{
	long long n[6];

	memset(out, 0, sizeof(*out));
	if (!sci_db_enabled(db))
		return sci_error_set(SCI_EDB, "database '%s' is disabled: %s",
				     db ? db->path : "",
				     db && db->warning ? db->warning : "");
	if (sci_db__run(db, n, 6,
			"SELECT (SELECT count(*) FROM tu),"
			" (SELECT count(*) FROM tu WHERE findings IS NOT NULL),"
			" (SELECT count(*) FROM fn),"
			" (SELECT count(DISTINCT name) FROM fn),"
			" (SELECT count(DISTINCT path) FROM input),"
			" (SELECT page_count * page_size"
			"  FROM pragma_page_count(), pragma_page_size())", "") < 0)
		return sci_db__fail(db, "stats");
	out->tus = (size_t)n[0];
	out->analyzed = (size_t)n[1];
	out->functions = (size_t)n[2];
	out->names = (size_t)n[3];
	out->inputs = (size_t)n[4];
	out->bytes = n[5];
	return 0;
}

int sci_db_foreach_key(sci_db *db, int (*fn)(const char *key, void *payload),
		       void *payload)
{
	sqlite3_stmt *st = NULL;
	char **keys = NULL;
	size_t n = 0, cap = 0, i;
	int rc, error = 0;

	if (!sci_db_enabled(db))
		return sci_error_set(SCI_EDB, "database '%s' is disabled: %s",
				     db ? db->path : "",
				     db && db->warning ? db->warning : "");
	if (sci_db__prepare(db, &st, "SELECT key FROM tu ORDER BY key", "") < 0) {
		sqlite3_finalize(st);
		return sci_db__fail(db, "read");
	}
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			keys = sci_realloc(keys, cap * sizeof(*keys));
		}
		keys[n++] = column_dup(st, 0);
	}
	sqlite3_finalize(st);
	if (rc != SQLITE_DONE)
		error = sci_db__fail(db, "read");
	for (i = 0; i < n && error == 0; i++)
		error = fn(keys[i], payload);
	for (i = 0; i < n; i++)
		free(keys[i]);
	free(keys);
	return error;
}
