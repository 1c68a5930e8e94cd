/*
 * cache.c - the sqlite3 result cache (contract in cache.h).
 *
 * sqlite3 errors are wrapped once, in db_error(); after that they are
 * only warnings, because a broken cache must cost time, never a result.
 * The default rollback journal makes every store atomic; WAL would add
 * two side files for no benefit with one writer.
 *
 * Whether a file is ours is decided from its raw header bytes before
 * sqlite3 opens it for writing (util/dbfile.h says why); this file adds
 * the SQLite side: schema version, meta table, damage, and the schema 1
 * caches that predate the mark.
 */
#include "baseline/cache.h"
#include "baseline/baseline_int.h"
#include "util/alloc.h"
#include "util/dbfile.h"
#include "util/error.h"
#include "util/sha256.h"

#include <jansson.h>
#include <limits.h>
#include <sqlite3.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* v2: findings keep their path steps (sci_diag.steps) */
#define CACHE_KEY_TAG "smatch-ci-cache-v2"
/* The meta table's "format" row; people reading the file see it. */
#define CACHE_FORMAT "smatch-ci result cache"

/* Schema 2: as now, without results.used (migrated in place). */
#define SCHEMA_WITHOUT_USED 2

/*
 * Pruning leaves the cache at this share of its bound, so that the runs
 * after it add rows for a while before the next prune.
 */
#define PRUNE_TO_PERCENT 75

/* The only schema object of a schema 1 cache, as sqlite3 stores it. */
#define LEGACY_SCHEMA 1
#define LEGACY_RESULTS_SQL \
	"CREATE TABLE results( key TEXT PRIMARY KEY NOT NULL, diags TEXT NOT NULL) WITHOUT ROWID"

struct sci_cache {
	char *path;		/* as given, for messages */
	char *file;		/* the file sqlite3 opens: links resolved */
	sqlite3 *db;		/* NULL: the cache is a no-op */
	sqlite3_stmt *get;
	sqlite3_stmt *put;
	char *warning;		/* the first problem, or NULL */
	int recreated;		/* recreate at most once per run */
	/*
	 * Keys of this run's hits: their last use is written in one
	 * transaction by sci_cache_prune(), not one write per lookup.
	 */
	char **hits;
	size_t nhits;
};

/* What to do after a failed open. */
enum { OPEN_OK = 0, OPEN_RECREATE = 1, OPEN_DISABLE = 2, OPEN_FOREIGN = 3 };

void sci_cache_key(char out[SCI_FP_HEX], const char *tool_version,
		   const char *const *flags, size_t nflags,
		   const char *tu_path, const char *input_hash)
{
	unsigned char digest[SCI_SHA256_LEN];
	sci_sha256_ctx ctx;
	char count[32];
	size_t i;

	/* The flag count keeps ("a", "b") + hash apart from ("a") + "b". */
	snprintf(count, sizeof(count), "%zu", nflags);
	sci_sha256_init(&ctx);
	sci_sha256_field(&ctx, CACHE_KEY_TAG);
	sci_sha256_field(&ctx, tool_version);
	sci_sha256_field(&ctx, count);
	for (i = 0; i < nflags; i++)
		sci_sha256_field(&ctx, flags[i]);
	sci_sha256_field(&ctx, input_hash);
	sci_sha256_field(&ctx, tu_path);
	sci_sha256_final(&ctx, digest);
	sci_sha256_hex(out, digest);
}

static void warn(sci_cache *c, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void warn(sci_cache *c, const char *fmt, ...)
{
	va_list ap;

	if (c->warning)
		return;		/* the first problem is the interesting one */
	va_start(ap, fmt);
	c->warning = sci_vprintf_with(sci_malloc, fmt, ap);
	va_end(ap);
}

/* The one place a sqlite3 error becomes ours. */
static int db_error(sqlite3 *db)
{
	return sci_error_set(SCI_EDB, "%s",
			     db ? sqlite3_errmsg(db) : "out of memory");
}

/* Errors that a fresh file cures. */
static int is_damage(sqlite3 *db)
{
	int rc = db ? sqlite3_errcode(db) & 0xff : SQLITE_NOMEM;

	/* SQLITE_ERROR: e.g. our table is missing from our file. */
	return rc == SQLITE_NOTADB || rc == SQLITE_CORRUPT ||
	       rc == SQLITE_ERROR || rc == SQLITE_SCHEMA;
}

static void close_db(sci_cache *c)
{
	sqlite3_finalize(c->get);
	sqlite3_finalize(c->put);
	sqlite3_close(c->db);
	c->get = c->put = NULL;
	c->db = NULL;
}

/* ---- whose file is it? ---------------------------------------------------- */

/*
 * True if @file, an unmarked database with user_version 1, holds exactly
 * the schema 1 table and nothing else.  Opened read-only: a read-only
 * connection never writes, not even to roll back a hot journal.
 */
static int is_legacy_schema(const char *file)
{
	sqlite3 *db = NULL;
	sqlite3_stmt *st = NULL;
	int rows = 0, ok = 1, rc = SQLITE_ERROR;

	if (sqlite3_open_v2(file, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(db, "SELECT type, name, sql FROM sqlite_master",
			       -1, &st, NULL) != SQLITE_OK)
		goto done;
	while (ok && (rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *type = (const char *)sqlite3_column_text(st, 0);
		const char *name = (const char *)sqlite3_column_text(st, 1);
		const char *sql = (const char *)sqlite3_column_text(st, 2);

		rows++;
		ok = type && name && sql && strcmp(type, "table") == 0 &&
		     strcmp(name, "results") == 0 &&
		     strcmp(sql, LEGACY_RESULTS_SQL) == 0;
	}
done:
	sqlite3_finalize(st);
	sqlite3_close(db);
	return ok && rc == SQLITE_DONE && rows == 1;
}

static int refuse(const char *path, const char *what)
{
	return sci_error_set(SCI_EINVALID,
			     "cache '%s' is not a smatch-ci cache (%s); refusing to overwrite it: remove it or give --cache another path",
			     path, what);
}

/* ---- opening and recreating ------------------------------------------------- */

static int pragma_int(sqlite3 *db, const char *sql, long *out)
{
	sqlite3_stmt *st = NULL;
	int rc;

	*out = 0;
	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK)
		return db_error(db);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW)
		*out = (long)sqlite3_column_int64(st, 0);
	sqlite3_finalize(st);
	return rc == SQLITE_ROW ? 0 : db_error(db);
}

/* 1 if the meta table names our format, 0 if not, < 0 on a db error. */
static int has_meta(sqlite3 *db)
{
	sqlite3_stmt *st = NULL;
	int rc, ok = 0;

	if (sqlite3_prepare_v2(db, "SELECT value FROM meta WHERE name = 'format'",
			       -1, &st, NULL) != SQLITE_OK)
		return db_error(db);
	rc = sqlite3_step(st);
	if (rc == SQLITE_ROW) {
		const char *v = (const char *)sqlite3_column_text(st, 0);

		ok = v && strcmp(v, CACHE_FORMAT) == 0;
		rc = SQLITE_DONE;
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE ? ok : db_error(db);
}

#define STR_(x) #x
#define STR(x) STR_(x)

/*
 * Gives an empty database our mark and schema, in one transaction, so no
 * file ever has the tables without the mark or the mark without them.
 * IMMEDIATE: of two runs creating the cache at once, the second waits and
 * then finds the schema in place.
 */
static int init_schema(sqlite3 *db)
{
	long app, version, objects;

	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return db_error(db);
	if (pragma_int(db, "PRAGMA application_id", &app) < 0 ||
	    pragma_int(db, "PRAGMA user_version", &version) < 0 ||
	    pragma_int(db, "SELECT count(*) FROM sqlite_master", &objects) < 0)
		goto fail;
	if (app == 0 && version == 0 && objects == 0 &&
	    sqlite3_exec(db,
			 "PRAGMA application_id = " STR(SCI_CACHE_APPLICATION_ID) ";"
			 "CREATE TABLE meta("
			 " name TEXT PRIMARY KEY NOT NULL,"
			 " value TEXT NOT NULL) WITHOUT ROWID;"
			 "INSERT INTO meta VALUES('format', '" CACHE_FORMAT "');"
			 "INSERT INTO meta VALUES('schema', '" STR(SCI_CACHE_SCHEMA) "');"
			 "CREATE TABLE results("
			 " key TEXT PRIMARY KEY NOT NULL,"
			 " diags TEXT NOT NULL,"
			 " used INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID;"
			 "PRAGMA user_version = " STR(SCI_CACHE_SCHEMA) ";",
			 NULL, NULL, NULL) != SQLITE_OK) {
		db_error(db);
		goto fail;
	}
	if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		db_error(db);
		goto fail;
	}
	return 0;
fail:
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return SCI_EDB;
}

/*
 * Schema 2 lacked results.used: adding it keeps the cached results (all
 * as least recently used) instead of recreating the file.  IMMEDIATE and
 * checked again inside, as init_schema(): two runs may migrate at once.
 */
static int migrate_used(sqlite3 *db)
{
	long version;

	if (sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
		return db_error(db);
	if (pragma_int(db, "PRAGMA user_version", &version) < 0)
		goto fail;
	if (version == SCHEMA_WITHOUT_USED &&
	    sqlite3_exec(db,
			 "ALTER TABLE results ADD COLUMN used INTEGER NOT NULL DEFAULT 0;"
			 "PRAGMA user_version = " STR(SCI_CACHE_SCHEMA) ";",
			 NULL, NULL, NULL) != SQLITE_OK) {
		db_error(db);
		goto fail;
	}
	if (sqlite3_exec(db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		db_error(db);
		goto fail;
	}
	return 0;
fail:
	sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
	return SCI_EDB;
}

/* Opens c->file (which exists) and prepares the statements; OPEN_*. */
static int open_db(sci_cache *c)
{
	long app, version;
	int meta;

	/* No SQLITE_OPEN_CREATE: the file was vetted, and must not be
	 * re-created by sqlite3 if it vanished meanwhile. */
	if (sqlite3_open_v2(c->file, &c->db, SQLITE_OPEN_READWRITE,
			    NULL) != SQLITE_OK) {
		db_error(c->db);
		return OPEN_DISABLE;	/* cannot open at all: not damage */
	}
	sqlite3_busy_timeout(c->db, 5000);
	if (pragma_int(c->db, "PRAGMA application_id", &app) < 0 ||
	    pragma_int(c->db, "PRAGMA user_version", &version) < 0)
		return is_damage(c->db) ? OPEN_RECREATE : OPEN_DISABLE;
	/* Only a file without a mark needs the write lock, so a cache on a
	 * read-only medium still serves lookups. */
	if (app == 0 && version == 0 &&
	    (init_schema(c->db) < 0 ||
	     pragma_int(c->db, "PRAGMA application_id", &app) < 0 ||
	     pragma_int(c->db, "PRAGMA user_version", &version) < 0))
		return is_damage(c->db) ? OPEN_RECREATE : OPEN_DISABLE;
	if (app != SCI_CACHE_APPLICATION_ID) {
		/* an empty file that someone filled meanwhile */
		refuse(c->path, "it changed while it was being opened");
		return OPEN_FOREIGN;
	}
	if (version == SCHEMA_WITHOUT_USED &&
	    (migrate_used(c->db) < 0 ||
	     pragma_int(c->db, "PRAGMA user_version", &version) < 0))
		return is_damage(c->db) ? OPEN_RECREATE : OPEN_DISABLE;
	if (version != SCI_CACHE_SCHEMA) {
		sci_error_set(SCI_EDB, "schema version %ld, expected %d",
			      version, SCI_CACHE_SCHEMA);
		return OPEN_RECREATE;
	}
	if ((meta = has_meta(c->db)) <= 0) {
		if (meta == 0)
			sci_error_set(SCI_EDB, "the meta table does not name the format");
		return meta == 0 || is_damage(c->db) ? OPEN_RECREATE
						    : OPEN_DISABLE;
	}
	if (sqlite3_prepare_v2(c->db,
			       "SELECT diags FROM results WHERE key = ?1",
			       -1, &c->get, NULL) != SQLITE_OK ||
	    sqlite3_prepare_v2(c->db,
			       "INSERT OR REPLACE INTO results(key, diags, used) VALUES(?1, ?2, ?3)",
			       -1, &c->put, NULL) != SQLITE_OK) {
		db_error(c->db);
		return is_damage(c->db) ? OPEN_RECREATE : OPEN_DISABLE;
	}
	return OPEN_OK;
}

/*
 * After a failure described by sci_error_last(): start from an empty file
 * if that can help, has not been tried yet, and the file still carries
 * our mark (@legacy: it was checked to be a schema 1 cache just now); else
 * become a no-op.
 */
static void recover(sci_cache *c, int how, const char *what, int legacy)
{
	char *why = sci_strdup(sci_error_last());

	close_db(c);
	if (how == OPEN_RECREATE && !c->recreated &&
	    (legacy || sci_dbfile_is_ours(c->file, SCI_CACHE_APPLICATION_ID))) {
		c->recreated = 1;
		if (sci_dbfile_renew(c->file) == 0 && open_db(c) == OPEN_OK) {
			warn(c, "cache '%s': %s: %s; recreated", c->path, what,
			     why);
			goto done;
		}
		close_db(c);
	}
	warn(c, "cache '%s': %s: %s; caching disabled", c->path, what, why);
done:
	free(why);
}

int sci_cache_open(sci_cache **out, const char *path)
{
	sci_cache *c = sci_calloc(1, sizeof(*c));
	sci_dbfile f;
	int how, error = 0;

	*out = NULL;
	c->path = sci_strdup(path);
	switch (sci_dbfile_claim(&f, path, SCI_CACHE_APPLICATION_ID)) {
	case SCI_DBFILE_FOREIGN:
		error = refuse(path, f.why);
		goto done;
	case SCI_DBFILE_UNUSABLE:
		warn(c, "cache '%s': %s; caching disabled", path, f.why);
		goto done;
	case SCI_DBFILE_UNMARKED:
		/* Schema 1 caches used the rollback journal, never WAL. */
		if (f.user_version != LEGACY_SCHEMA || !f.rollback ||
		    !is_legacy_schema(f.file)) {
			error = refuse(path, "an SQLite database without the smatch-ci mark");
			goto done;
		}
		c->file = f.file;
		f.file = NULL;
		sci_error_set(SCI_EDB, "schema version %d, expected %d",
			      LEGACY_SCHEMA, SCI_CACHE_SCHEMA);
		recover(c, OPEN_RECREATE, "cannot open", 1);
		goto done;
	default:
		break;
	}
	c->file = f.file;
	f.file = NULL;
	how = open_db(c);
	if (how == OPEN_FOREIGN) {
		close_db(c);
		error = SCI_EINVALID;
	} else if (how != OPEN_OK) {
		recover(c, how, "cannot open", 0);
	}
done:
	sci_dbfile_clear(&f);
	if (error < 0) {
		sci_cache_free(c);
		return error;
	}
	*out = c;
	return 0;
}

static void forget_hits(sci_cache *c);

void sci_cache_free(sci_cache *c)
{
	if (!c)
		return;
	forget_hits(c);
	close_db(c);
	free(c->path);
	free(c->file);
	free(c->warning);
	free(c);
}

int sci_cache_enabled(const sci_cache *c)
{
	return c && c->db;
}

const char *sci_cache_warning(const sci_cache *c)
{
	return c ? c->warning : NULL;
}

/* ---- diagnostics as JSON ------------------------------------------------ */

static json_t *loc_json(const char *path, unsigned line, unsigned col,
			const char *message)
{
	json_t *o = json_object();

	if (!o)
		return NULL;
	if (json_object_set_new(o, "path", json_string(path)) < 0 ||
	    json_object_set_new(o, "line", json_integer(line)) < 0 ||
	    json_object_set_new(o, "column", json_integer(col)) < 0 ||
	    json_object_set_new(o, "message", json_string(message)) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *locs_json(const sci_diag_loc *v, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; a && i < n; i++) {
		if (json_array_append_new(a, loc_json(v[i].path, v[i].line,
						      v[i].col,
						      v[i].message)) < 0) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

static json_t *diag_json(const sci_diag *d)
{
	json_t *o = loc_json(d->path, d->line, d->col, d->message);

	if (!o)
		return NULL;
	if (json_object_set_new(o, "related",
				locs_json(d->related, d->nrelated)) < 0 ||
	    (d->nsteps &&
	     json_object_set_new(o, "steps",
				 locs_json(d->steps, d->nsteps)) < 0) ||
	    json_object_set_new(o, "rule", json_string(d->rule)) < 0 ||
	    json_object_set_new(o, "level",
				json_string(sci_level_name(d->level))) < 0 ||
	    json_object_set_new(o, "function", json_string(d->function)) < 0 ||
	    json_object_set_new(o, "key", json_string(d->key)) < 0 ||
	    /* the gate reads them off base findings too (deleted lines) */
	    (d->fn_first &&
	     json_object_set_new(o, "function_lines",
				 json_pack("[II]", (json_int_t)d->fn_first,
					   (json_int_t)d->fn_last)) < 0) ||
	    (d->fix_line &&
	     json_object_set_new(o, "fix",
				 json_pack("{sIsIsIss}",
					   "line", (json_int_t)d->fix_line,
					   "column", (json_int_t)d->fix_col,
					   "end_column", (json_int_t)d->fix_end_col,
					   "text", d->fix_text)) < 0)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static int diag_is_utf8(const sci_diag *d)
{
	size_t i;

	if (!sci_baseline__is_utf8(d->rule) || !sci_baseline__is_utf8(d->path) ||
	    !sci_baseline__is_utf8(d->function) ||
	    !sci_baseline__is_utf8(d->key) || !sci_baseline__is_utf8(d->message) ||
	    (d->fix_text && !sci_baseline__is_utf8(d->fix_text)))
		return 0;
	for (i = 0; i < d->nrelated; i++)
		if (!sci_baseline__is_utf8(d->related[i].path) ||
		    !sci_baseline__is_utf8(d->related[i].message))
			return 0;
	for (i = 0; i < d->nsteps; i++)
		if (!sci_baseline__is_utf8(d->steps[i].path) ||
		    !sci_baseline__is_utf8(d->steps[i].message))
			return 0;
	return 1;
}

static int get_str(const char **out, json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_string(v))
		return SCI_EINVALID;
	*out = json_string_value(v);
	return 0;
}

static int get_uint(unsigned *out, json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    json_integer_value(v) > (json_int_t)UINT_MAX)
		return SCI_EINVALID;
	*out = (unsigned)json_integer_value(v);
	return 0;
}

/* [{"path", "line", "column", "message"}...] into @d through @add. */
static int parse_locs(sci_diag *d, json_t *a,
		      void (*add)(sci_diag *, const char *, unsigned,
				  unsigned, const char *))
{
	const char *path, *message;
	unsigned line, col;
	json_t *r;
	size_t i;

	if (!json_is_array(a))
		return SCI_EINVALID;
	json_array_foreach(a, i, r) {
		if (get_str(&path, r, "path") < 0 ||
		    get_str(&message, r, "message") < 0 ||
		    get_uint(&line, r, "line") < 0 ||
		    get_uint(&col, r, "column") < 0)
			return SCI_EINVALID;
		add(d, path, line, col, message);
	}
	return 0;
}

static int parse_diag(sci_diag **out, json_t *o)
{
	const char *rule, *level, *path, *function, *key, *message;
	unsigned line, col;
	sci_diag *d = NULL;
	sci_level lv;
	json_t *rel, *r;

	*out = NULL;
	if (get_str(&rule, o, "rule") < 0 || get_str(&level, o, "level") < 0 ||
	    get_str(&path, o, "path") < 0 ||
	    get_str(&function, o, "function") < 0 ||
	    get_str(&key, o, "key") < 0 || get_str(&message, o, "message") < 0 ||
	    get_uint(&line, o, "line") < 0 || get_uint(&col, o, "column") < 0 ||
	    sci_level_parse(&lv, level) < 0 ||
	    !json_is_array(rel = json_object_get(o, "related")))
		return SCI_EINVALID;
	d = sci_diag_new(rule, lv, path, line, col, function, key, message);
	if (parse_locs(d, rel, sci_diag_add_related) < 0 ||
	    ((r = json_object_get(o, "steps")) != NULL &&
	     parse_locs(d, r, sci_diag_add_step) < 0)) {
		sci_diag_free(d);
		return SCI_EINVALID;
	}
	if ((r = json_object_get(o, "function_lines")) != NULL) {
		if (!json_is_array(r) || json_array_size(r) != 2 ||
		    !json_is_integer(json_array_get(r, 0)) ||
		    !json_is_integer(json_array_get(r, 1)) ||
		    json_integer_value(json_array_get(r, 0)) <= 0 ||
		    json_integer_value(json_array_get(r, 1)) <
		    json_integer_value(json_array_get(r, 0)) ||
		    json_integer_value(json_array_get(r, 1)) > (json_int_t)UINT_MAX) {
			sci_diag_free(d);
			return SCI_EINVALID;
		}
		d->fn_first = (unsigned)json_integer_value(json_array_get(r, 0));
		d->fn_last = (unsigned)json_integer_value(json_array_get(r, 1));
	}
	if ((r = json_object_get(o, "fix")) != NULL) {
		unsigned fl, fc, fe;
		const char *text;

		if (get_uint(&fl, r, "line") < 0 || get_uint(&fc, r, "column") < 0 ||
		    get_uint(&fe, r, "end_column") < 0 ||
		    get_str(&text, r, "text") < 0 || !fl || !fc || fe < fc) {
			sci_diag_free(d);
			return SCI_EINVALID;
		}
		sci_diag_set_fix(d, fl, fc, fe, text);
	}
	*out = d;
	return 0;
}

static int parse_diags(sci_diag_list *out, const char *text)
{
	json_t *doc = json_loads(text, 0, NULL), *o;
	size_t i;
	int error = 0;

	if (!json_is_array(doc)) {
		error = SCI_EINVALID;
		goto done;
	}
	json_array_foreach(doc, i, o) {
		sci_diag *d;

		if ((error = parse_diag(&d, o)) < 0)
			goto done;
		sci_diag_list_take(out, d);
	}
done:
	json_decref(doc);
	return error;
}

/* ---- get and put -------------------------------------------------------- */

int sci_cache_get(sci_cache *c, const char *key, sci_diag_list *out, int *hit)
{
	sci_diag_list found = { 0 };
	size_t i;
	int rc;

	*hit = 0;
	if (!c || !c->db)
		return 0;
	if (sqlite3_bind_text(c->get, 1, key, -1, SQLITE_TRANSIENT) != SQLITE_OK) {
		db_error(c->db);
		recover(c, OPEN_DISABLE, "lookup", 0);
		return 0;
	}
	rc = sqlite3_step(c->get);
	if (rc == SQLITE_ROW) {
		const char *text = (const char *)sqlite3_column_text(c->get, 0);

		if (text && parse_diags(&found, text) == 0) {
			*hit = 1;
			c->hits = sci_realloc(c->hits, (c->nhits + 1) *
					      sizeof(*c->hits));
			c->hits[c->nhits++] = sci_strdup(key);
		} else {
			/* A row we cannot read is a miss; the next put
			 * replaces it. */
			warn(c, "cache '%s': unreadable entry %s ignored",
			     c->path, key);
			sci_diag_list_clear(&found);
		}
		rc = SQLITE_DONE;
	}
	if (rc != SQLITE_DONE) {
		db_error(c->db);
		recover(c, is_damage(c->db) ? OPEN_RECREATE : OPEN_DISABLE,
			"lookup", 0);
		sci_diag_list_clear(&found);
		return 0;
	}
	sqlite3_reset(c->get);
	sqlite3_clear_bindings(c->get);
	for (i = 0; i < found.n; i++)
		sci_diag_list_take(out, found.items[i]);
	free(found.items);
	return 0;
}

int sci_cache_put(sci_cache *c, const char *key, const sci_diag_list *diags)
{
	json_t *arr = NULL;
	char *text = NULL;
	size_t i;

	if (!c || !c->db)
		return 0;
	if (!(arr = json_array()))
		goto done;
	for (i = 0; i < diags->n; i++) {
		if (!diag_is_utf8(diags->items[i]))
			goto done;
		if (json_array_append_new(arr, diag_json(diags->items[i])) < 0)
			goto done;
	}
	if (!(text = json_dumps(arr, JSON_COMPACT | JSON_SORT_KEYS)))
		goto done;
	if (sqlite3_bind_text(c->put, 1, key, -1, SQLITE_TRANSIENT) != SQLITE_OK ||
	    sqlite3_bind_text(c->put, 2, text, -1, SQLITE_TRANSIENT) != SQLITE_OK ||
	    sqlite3_bind_int64(c->put, 3, (sqlite3_int64)time(NULL)) != SQLITE_OK ||
	    sqlite3_step(c->put) != SQLITE_DONE) {
		db_error(c->db);
		recover(c, is_damage(c->db) ? OPEN_RECREATE : OPEN_DISABLE,
			"store", 0);
		goto done;
	}
	sqlite3_reset(c->put);
	sqlite3_clear_bindings(c->put);
done:
	free(text);
	json_decref(arr);
	return 0;
}

/* ---- size bound ---------------------------------------------------------- */

static void forget_hits(sci_cache *c)
{
	size_t i;

	for (i = 0; i < c->nhits; i++)
		free(c->hits[i]);
	free(c->hits);
	c->hits = NULL;
	c->nhits = 0;
}

/* Marks this run's hits used now.  Inside the caller's transaction. */
static int write_hits(sci_cache *c)
{
	sqlite3_stmt *st = NULL;
	size_t i;
	int rc = SQLITE_OK;

	if (!c->nhits)
		return 0;
	if (sqlite3_prepare_v2(c->db, "UPDATE results SET used = ?1 WHERE key = ?2",
			       -1, &st, NULL) != SQLITE_OK)
		return db_error(c->db);
	for (i = 0; rc == SQLITE_OK && i < c->nhits; i++) {
		sqlite3_bind_int64(st, 1, (sqlite3_int64)time(NULL));
		sqlite3_bind_text(st, 2, c->hits[i], -1, SQLITE_STATIC);
		rc = sqlite3_step(st) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
		sqlite3_reset(st);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_OK ? 0 : db_error(c->db);
}

/*
 * The file's pages that hold data: deleted rows free pages for the next
 * rows instead of shrinking the file, so this is what the bound limits,
 * and the file stays near its high-water mark.
 */
static int bytes_in_use(sqlite3 *db, long *out)
{
	return pragma_int(db,
			  "SELECT (page_count - freelist_count) * page_size"
			  " FROM pragma_page_count(), pragma_freelist_count(),"
			  " pragma_page_size()", out);
}

size_t sci_cache_prune(sci_cache *c, long long max_bytes)
{
	long used = 0, rows = 0;
	long long keep;
	sqlite3_stmt *st = NULL;
	int dropped = 0;

	if (!c || !c->db)
		return 0;
	/* nothing to record and under the bound: no write, no waiting */
	if (!c->nhits && (max_bytes <= 0 || (bytes_in_use(c->db, &used) == 0 &&
					     used <= max_bytes)))
		return 0;
	/* IMMEDIATE: another run's hits and stores wait, none is lost */
	if (sqlite3_exec(c->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK) {
		db_error(c->db);
		goto failed;
	}
	if (write_hits(c) < 0 || bytes_in_use(c->db, &used) < 0)
		goto failed;
	if (max_bytes > 0 && used > max_bytes) {
		if (pragma_int(c->db, "SELECT count(*) FROM results", &rows) < 0)
			goto failed;
		/* rows are of similar size: keep a share of them */
		keep = (long long)((double)rows * PRUNE_TO_PERCENT / 100 *
				   (double)max_bytes / (double)used);
		if (sqlite3_prepare_v2(c->db,
				       "DELETE FROM results WHERE key NOT IN"
				       " (SELECT key FROM results"
				       "  ORDER BY used DESC, key LIMIT ?1)",
				       -1, &st, NULL) != SQLITE_OK ||
		    sqlite3_bind_int64(st, 1, keep) != SQLITE_OK ||
		    sqlite3_step(st) != SQLITE_DONE) {
			db_error(c->db);
			goto failed;
		}
		dropped = sqlite3_changes(c->db);
	}
	if (sqlite3_exec(c->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK) {
		db_error(c->db);
		goto failed;
	}
	sqlite3_finalize(st);
	forget_hits(c);
	return (size_t)dropped;
failed:
	sqlite3_finalize(st);
	sqlite3_exec(c->db, "ROLLBACK", NULL, NULL, NULL);
	warn(c, "cache '%s': cannot prune: %s", c->path, sci_error_last());
	return 0;
}
