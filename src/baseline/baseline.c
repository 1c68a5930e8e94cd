/*
 * baseline.c - loading, validating, updating, checking and saving the
 * baseline file (format in baseline.h).
 *
 * Entries are kept sorted in file order at all times, plus an index
 * sorted by fingerprint for lookups, so saving needs no extra work.  Every
 * mutation ends with reindex(), which also renews the index's pointers.
 */
#include "baseline/baseline.h"
#include "baseline/baseline_int.h"
#include "util/alloc.h"
#include "util/atomic.h"
#include "util/error.h"

#include <ctype.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sci_baseline {
	char *path;			/* where it was loaded from, or NULL */
	sci_baseline_entry *items;	/* sorted by cmp_entry */
	size_t n, cap;
	sci_baseline_entry **by_fp;	/* into items, sorted by fingerprint */
};

/* Entry members in the order error messages list them. */
static const char *const members[] = {
	"fingerprint", "rule", "path", "function", "key", "message",
	"justification"
};

static const char *name_of(const sci_baseline *bl)
{
	return bl->path ? bl->path : "baseline";
}

static void entry_clear(sci_baseline_entry *e)
{
	free(e->rule);
	free(e->path);
	free(e->function);
	free(e->key);
	free(e->message);
	free(e->justification);
	memset(e, 0, sizeof(*e));
}

static sci_baseline_entry *entry_push(sci_baseline *bl)
{
	sci_baseline_entry *e;

	if (bl->n == bl->cap) {
		bl->cap = bl->cap ? bl->cap * 2 : 16;
		bl->items = sci_realloc(bl->items,
					bl->cap * sizeof(*bl->items));
	}
	e = &bl->items[bl->n++];
	memset(e, 0, sizeof(*e));
	return e;
}

static int cmp_entry(const void *pa, const void *pb)
{
	const sci_baseline_entry *a = pa, *b = pb;
	int c;

	if ((c = strcmp(a->path, b->path)) != 0)
		return c;
	if ((c = strcmp(a->rule, b->rule)) != 0)
		return c;
	if ((c = strcmp(a->function, b->function)) != 0)
		return c;
	if ((c = strcmp(a->key, b->key)) != 0)
		return c;
	return strcmp(a->fingerprint, b->fingerprint);
}

static int cmp_by_fp(const void *pa, const void *pb)
{
	const sci_baseline_entry *a = *(const sci_baseline_entry *const *)pa;
	const sci_baseline_entry *b = *(const sci_baseline_entry *const *)pb;

	return strcmp(a->fingerprint, b->fingerprint);
}

static void reindex(sci_baseline *bl)
{
	size_t i;

	if (bl->n > 1)
		qsort(bl->items, bl->n, sizeof(*bl->items), cmp_entry);
	free(bl->by_fp);
	bl->by_fp = sci_calloc(bl->n ? bl->n : 1, sizeof(*bl->by_fp));
	for (i = 0; i < bl->n; i++)
		bl->by_fp[i] = &bl->items[i];
	if (bl->n > 1)
		qsort(bl->by_fp, bl->n, sizeof(*bl->by_fp), cmp_by_fp);
}

int sci_baseline_new(sci_baseline **out)
{
	*out = sci_calloc(1, sizeof(**out));
	reindex(*out);
	return 0;
}

void sci_baseline_free(sci_baseline *bl)
{
	size_t i;

	if (!bl)
		return;
	for (i = 0; i < bl->n; i++)
		entry_clear(&bl->items[i]);
	free(bl->items);
	free(bl->by_fp);
	free(bl->path);
	free(bl);
}

const char *sci_baseline_path(const sci_baseline *bl)
{
	return bl->path;
}

size_t sci_baseline_count(const sci_baseline *bl)
{
	return bl->n;
}

const sci_baseline_entry *sci_baseline_at(const sci_baseline *bl, size_t i)
{
	return i < bl->n ? &bl->items[i] : NULL;
}

const sci_baseline_entry *sci_baseline_find(const sci_baseline *bl,
					    const char *fingerprint)
{
	size_t lo = 0, hi = bl->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const sci_baseline_entry *e = bl->by_fp[mid];
		int c = strcmp(fingerprint, e->fingerprint);

		if (c == 0)
			return e;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

int sci_baseline_is_unjustified(const char *j)
{
	const char *end;

	if (!j)
		return 1;
	while (isspace((unsigned char)*j))
		j++;
	end = j + strlen(j);
	while (end > j && isspace((unsigned char)end[-1]))
		end--;
	if (end == j)
		return 1;
	return (size_t)(end - j) == strlen(SCI_BASELINE_PLACEHOLDER) &&
	       memcmp(j, SCI_BASELINE_PLACEHOLDER, (size_t)(end - j)) == 0;
}

/* ---- loading ---------------------------------------------------------- */

static int is_fingerprint(const char *s)
{
	size_t i;

	for (i = 0; i < SCI_FP_HEX - 1; i++)
		if (!isdigit((unsigned char)s[i]) && !(s[i] >= 'a' && s[i] <= 'f'))
			return 0;
	return s[i] == '\0';
}

/* "findings[3]" or "findings[3] (fingerprint ab12...)" for messages. */
static void where(char *buf, size_t n, size_t index, json_t *entry)
{
	json_t *fp = json_is_object(entry) ?
		     json_object_get(entry, "fingerprint") : NULL;

	if (json_is_string(fp) && json_string_length(fp) > 0)
		snprintf(buf, n, "findings[%zu] (fingerprint %.64s)", index,
			 json_string_value(fp));
	else
		snprintf(buf, n, "findings[%zu]", index);
}

static int parse_entry(sci_baseline *bl, const char *path, size_t index,
		       json_t *o)
{
	const char *key, *vals[7];
	sci_baseline_entry *e;
	char at[128];
	json_t *v;
	size_t i;

	where(at, sizeof(at), index, o);
	if (!json_is_object(o))
		return sci_error_set(SCI_EINVALID,
				     "%s: %s: expected an object", path, at);
	json_object_foreach(o, key, v) {
		for (i = 0; i < 7; i++)
			if (strcmp(key, members[i]) == 0)
				break;
		if (i == 7)
			return sci_error_set(SCI_EINVALID,
					     "%s: %s: unknown member \"%s\"",
					     path, at, key);
	}
	for (i = 0; i < 7; i++) {
		v = json_object_get(o, members[i]);
		if (!v)
			return sci_error_set(SCI_EINVALID,
					     "%s: %s: missing \"%s\"", path,
					     at, members[i]);
		if (!json_is_string(v))
			return sci_error_set(SCI_EINVALID,
					     "%s: %s: \"%s\" is not a string",
					     path, at, members[i]);
		vals[i] = json_string_value(v);
	}
	if (!is_fingerprint(vals[0]))
		return sci_error_set(SCI_EINVALID,
				     "%s: %s: \"fingerprint\" must be 64 lowercase hex digits",
				     path, at);
	e = entry_push(bl);
	memcpy(e->fingerprint, vals[0], SCI_FP_HEX);
	e->rule = sci_strdup(vals[1]);
	e->path = sci_strdup(vals[2]);
	e->function = sci_strdup(vals[3]);
	e->key = sci_strdup(vals[4]);
	e->message = sci_strdup(vals[5]);
	e->justification = sci_strdup(vals[6]);
	return 0;
}

struct fp_at {
	const char *fp;
	size_t index;
};

static int cmp_fp_at(const void *pa, const void *pb)
{
	const struct fp_at *a = pa, *b = pb;
	int c = strcmp(a->fp, b->fp);

	if (c)
		return c;
	return a->index < b->index ? -1 : a->index > b->index;
}

/*
 * Names the duplicate that comes first in the file, so a person fixing the
 * file from the top sees the errors in order.
 */
static int check_duplicates(const char *path, json_t *findings)
{
	size_t n = json_array_size(findings), i, bad = n, first = 0;
	struct fp_at *v = sci_calloc(n ? n : 1, sizeof(*v));
	int error = 0;

	for (i = 0; i < n; i++) {
		v[i].fp = json_string_value(json_object_get(
				json_array_get(findings, i), "fingerprint"));
		v[i].index = i;
	}
	qsort(v, n, sizeof(*v), cmp_fp_at);
	for (i = 1; i < n; i++) {
		if (strcmp(v[i - 1].fp, v[i].fp) == 0 && v[i].index < bad) {
			bad = v[i].index;
			first = v[i - 1].index;
		}
	}
	if (bad < n)
		error = sci_error_set(SCI_EINVALID,
				      "%s: findings[%zu]: duplicate fingerprint %s (also findings[%zu])",
				      path, bad,
				      json_string_value(json_object_get(
					      json_array_get(findings, bad),
					      "fingerprint")),
				      first);
	free(v);
	return error;
}

static int parse_doc(sci_baseline *bl, const char *path, json_t *doc)
{
	json_t *version, *findings, *v;
	const char *key;
	size_t i;
	int error;

	if (!json_is_object(doc))
		return sci_error_set(SCI_EINVALID,
				     "%s: expected a JSON object with \"version\" and \"findings\"",
				     path);
	json_object_foreach(doc, key, v) {
		if (strcmp(key, "version") != 0 && strcmp(key, "findings") != 0)
			return sci_error_set(SCI_EINVALID,
					     "%s: unknown top-level member \"%s\"",
					     path, key);
	}
	version = json_object_get(doc, "version");
	if (!version)
		return sci_error_set(SCI_EINVALID, "%s: missing \"version\"",
				     path);
	if (!json_is_integer(version))
		return sci_error_set(SCI_EINVALID,
				     "%s: \"version\" must be an integer", path);
	if (json_integer_value(version) != SCI_BASELINE_VERSION)
		return sci_error_set(SCI_EINVALID,
				     "%s: unsupported version %" JSON_INTEGER_FORMAT
				     " (this smatch-ci reads version %d)",
				     path, json_integer_value(version),
				     SCI_BASELINE_VERSION);
	findings = json_object_get(doc, "findings");
	if (!findings)
		return sci_error_set(SCI_EINVALID, "%s: missing \"findings\"",
				     path);
	if (!json_is_array(findings))
		return sci_error_set(SCI_EINVALID,
				     "%s: \"findings\" must be an array", path);
	json_array_foreach(findings, i, v) {
		if ((error = parse_entry(bl, path, i, v)) < 0)
			return error;
	}
	return check_duplicates(path, findings);
}

int sci_baseline_load(sci_baseline **out, const char *path, unsigned flags)
{
	sci_baseline *bl = NULL;
	json_error_t jerr;
	json_t *doc = NULL;
	char *text = NULL;
	size_t len;
	int error;

	*out = NULL;
	bl = sci_calloc(1, sizeof(*bl));
	bl->path = sci_strdup(path);
	error = sci_baseline__read_file(&text, &len, path);
	if (error == SCI_ENOTFOUND && (flags & SCI_BASELINE_MISSING_OK)) {
		error = 0;
		goto done;
	}
	if (error == SCI_ENOTFOUND) {
		error = sci_error_set(SCI_ENOTFOUND,
				      "%s: no such baseline file (create it with 'smatch-ci baseline update')",
				      path);
		goto done;
	}
	if (error < 0)
		goto done;
	/* Duplicate keys in a hand-edited object are a mistake, not "last
	 * one wins". */
	doc = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
	if (!doc) {
		error = sci_error_set(SCI_EINVALID, "%s:%d:%d: %s", path,
				      jerr.line, jerr.column, jerr.text);
		goto done;
	}
	error = parse_doc(bl, path, doc);
done:
	json_decref(doc);
	free(text);
	if (error < 0) {
		sci_baseline_free(bl);
		return error;
	}
	reindex(bl);
	*out = bl;
	return 0;
}

/* ---- update, prune, check --------------------------------------------- */

static int is_current(const sci_result *r)
{
	return r->cls != SCI_CLASS_FIXED && sci_diag_is_finding(r->diag);
}

static int check_fingerprints(const sci_result_list *current)
{
	size_t i;

	for (i = 0; current && i < current->n; i++) {
		const sci_result *r = &current->items[i];

		if (is_current(r) && !r->fingerprint[0])
			return sci_error_set(SCI_EINVALID,
					     "%s:%u: finding has no fingerprint (sci_fp_assign() not called)",
					     r->diag->path, r->diag->line);
	}
	return 0;
}

static int cmp_str_ptr(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Sorted fingerprints of the current findings, for bsearch(). */
static const char **current_fps(const sci_result_list *current, size_t *n)
{
	const char **v = sci_calloc(current->n ? current->n : 1, sizeof(*v));
	size_t i;

	*n = 0;
	for (i = 0; i < current->n; i++)
		if (is_current(&current->items[i]))
			v[(*n)++] = current->items[i].fingerprint;
	qsort(v, *n, sizeof(*v), cmp_str_ptr);
	return v;
}

static int cmp_result_fp(const void *pa, const void *pb)
{
	const sci_result *a = *(const sci_result *const *)pa;
	const sci_result *b = *(const sci_result *const *)pb;
	int c = strcmp(a->fingerprint, b->fingerprint);

	if (c)
		return c;
	return a < b ? -1 : a > b;
}

static int has_fp(const char **fps, size_t n, const char *fp)
{
	return bsearch(&fp, fps, n, sizeof(*fps), cmp_str_ptr) != NULL;
}

/* Current findings sorted by fingerprint, then by list position. */
static const sci_result **current_results(const sci_result_list *current,
					  size_t *n)
{
	const sci_result **v = sci_calloc(current->n ? current->n : 1,
					  sizeof(*v));
	size_t i;

	*n = 0;
	for (i = 0; i < current->n; i++)
		if (is_current(&current->items[i]))
			v[(*n)++] = &current->items[i];
	qsort(v, *n, sizeof(*v), cmp_result_fp);
	return v;
}

int sci_baseline_update(sci_baseline *bl, const sci_result_list *current,
			sci_baseline_counts *counts)
{
	sci_baseline next = { 0 };
	sci_baseline_counts c = { 0 };
	const sci_result **cur;
	size_t i, ncur;
	int error;

	if ((error = check_fingerprints(current)) < 0)
		return error;
	cur = current_results(current, &ncur);
	for (i = 0; i < ncur; i++) {
		const sci_result *r = cur[i];
		const sci_baseline_entry *old;
		sci_baseline_entry *e;

		/* One fingerprint twice would be a caller bug (the occurrence
		 * index keeps identical findings apart): one entry. */
		if (i > 0 && strcmp(cur[i - 1]->fingerprint, r->fingerprint) == 0)
			continue;
		old = sci_baseline_find(bl, r->fingerprint);
		e = entry_push(&next);
		memcpy(e->fingerprint, r->fingerprint, SCI_FP_HEX);
		e->rule = sci_strdup(r->diag->rule);
		e->path = sci_strdup(r->diag->path);
		e->function = sci_strdup(r->diag->function);
		e->key = sci_strdup(r->diag->key);
		e->message = sci_strdup(r->diag->message);
		if (old) {
			e->justification = sci_strdup(old->justification);
			c.kept++;
		} else {
			e->justification = sci_strdup(SCI_BASELINE_PLACEHOLDER);
			c.added++;
		}
	}
	c.dropped = bl->n - c.kept;
	free(cur);

	for (i = 0; i < bl->n; i++)
		entry_clear(&bl->items[i]);
	free(bl->items);
	bl->items = next.items;
	bl->n = next.n;
	bl->cap = next.cap;
	reindex(bl);
	if (counts)
		*counts = c;
	return 0;
}

int sci_baseline_prune(sci_baseline *bl, const sci_result_list *current,
		       size_t *dropped)
{
	const char **fps;
	size_t i, j, nfps;
	int error;

	if ((error = check_fingerprints(current)) < 0)
		return error;
	fps = current_fps(current, &nfps);
	for (i = j = 0; i < bl->n; i++) {
		if (has_fp(fps, nfps, bl->items[i].fingerprint))
			bl->items[j++] = bl->items[i];
		else
			entry_clear(&bl->items[i]);
	}
	free(fps);
	if (dropped)
		*dropped = bl->n - j;
	bl->n = j;
	reindex(bl);
	return 0;
}

static void append(char **buf, size_t *len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void append(char **buf, size_t *len, const char *fmt, ...)
{
	va_list ap;
	char *line;
	size_t n;

	va_start(ap, fmt);
	line = sci_vprintf_with(sci_malloc, fmt, ap);
	va_end(ap);
	n = strlen(line);
	*buf = sci_realloc(*buf, *len + n + 1);
	memcpy(*buf + *len, line, n + 1);
	*len += n;
	free(line);
}

size_t sci_baseline_check(char **out, const sci_baseline *bl,
			  const sci_result_list *current)
{
	const char **fps = NULL;
	size_t i, nfps = 0, problems = 0, len = 0;
	char *text = sci_strdup("");

	if (current)
		fps = current_fps(current, &nfps);
	for (i = 0; i < bl->n; i++) {
		const sci_baseline_entry *e = &bl->items[i];

		if (current && !has_fp(fps, nfps, e->fingerprint)) {
			problems++;
			append(&text, &len,
			       "%s: stale entry %s (%s in %s, function '%s', key '%s'): no current finding matches; run 'smatch-ci baseline prune'\n",
			       name_of(bl), e->fingerprint, e->rule, e->path,
			       e->function, e->key);
		}
		if (sci_baseline_is_unjustified(e->justification)) {
			problems++;
			append(&text, &len,
			       "%s: entry %s (%s in %s, function '%s', key '%s') has no justification: write why this finding is acceptable\n",
			       name_of(bl), e->fingerprint, e->rule, e->path,
			       e->function, e->key);
		}
	}
	free(fps);
	if (out)
		*out = text;
	else
		free(text);
	return problems;
}

/* ---- saving ------------------------------------------------------------ */

static json_t *entry_json(const sci_baseline_entry *e)
{
	json_t *o = json_object();

	if (!o)
		return NULL;
	if (json_object_set_new(o, "fingerprint", json_string(e->fingerprint)) < 0 ||
	    json_object_set_new(o, "rule", sci_baseline__json_string(e->rule)) < 0 ||
	    json_object_set_new(o, "path", sci_baseline__json_string(e->path)) < 0 ||
	    json_object_set_new(o, "function", sci_baseline__json_string(e->function)) < 0 ||
	    json_object_set_new(o, "key", sci_baseline__json_string(e->key)) < 0 ||
	    json_object_set_new(o, "message", sci_baseline__json_string(e->message)) < 0 ||
	    json_object_set_new(o, "justification",
				sci_baseline__json_string(e->justification)) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int sci_baseline_save(const sci_baseline *bl, const char *path)
{
	sci_atomic_file *f = NULL;
	json_t *doc = NULL, *findings;
	char *text = NULL;
	size_t i;
	int error = SCI_EJSON;

	if (!(doc = json_object()) ||
	    json_object_set_new(doc, "version",
				json_integer(SCI_BASELINE_VERSION)) < 0 ||
	    json_object_set_new(doc, "findings", json_array()) < 0)
		goto json_failed;
	findings = json_object_get(doc, "findings");
	for (i = 0; i < bl->n; i++)
		if (json_array_append_new(findings, entry_json(&bl->items[i])) < 0)
			goto json_failed;
	if (!(text = json_dumps(doc, JSON_INDENT(2) | JSON_SORT_KEYS)))
		goto json_failed;

	if ((error = sci_baseline__mkdirs(path)) < 0)
		goto done;
	if ((error = sci_atomic_open(&f, path)) < 0)
		goto done;
	if (fputs(text, sci_atomic_stream(f)) == EOF ||
	    fputc('\n', sci_atomic_stream(f)) == EOF) {
		error = sci_error_set(SCI_EIO, "cannot write '%s'", path);
		goto done;
	}
	error = sci_atomic_commit(f);
	f = NULL;	/* commit frees it, also on failure */
	goto done;

json_failed:
	error = sci_error_set(SCI_EJSON, "%s: cannot build the baseline JSON",
			      path);
done:
	sci_atomic_abort(f);
	free(text);
	json_decref(doc);
	return error;
}
