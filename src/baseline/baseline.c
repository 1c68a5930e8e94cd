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
#include "baseline/fingerprint.h"
#include "util/alloc.h"
#include "util/atomic.h"
#include "util/error.h"
#include "util/fs.h"

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

/* ---- matching entries to current findings ------------------------------- */

/* a finding a comment suppresses is accepted there, not here */
static int is_current(const sci_result *r)
{
	return r->cls != SCI_CLASS_FIXED && !r->in_source &&
	       sci_diag_is_finding(r->diag);
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

static int cmp_result_fp(const void *pa, const void *pb)
{
	const sci_result *a = *(const sci_result *const *)pa;
	const sci_result *b = *(const sci_result *const *)pb;
	int c = strcmp(a->fingerprint, b->fingerprint);

	if (c)
		return c;
	return a < b ? -1 : a > b;
}

static int cmp_uint(unsigned a, unsigned b)
{
	return a < b ? -1 : a > b;
}

/* (rule, function, key) first: the identity that survives a rename. */
static int cmp_result_key(const void *pa, const void *pb)
{
	const sci_diag *a = (*(const sci_result *const *)pa)->diag;
	const sci_diag *b = (*(const sci_result *const *)pb)->diag;
	int c;

	if ((c = strcmp(a->rule, b->rule)) != 0 ||
	    (c = strcmp(a->function, b->function)) != 0 ||
	    (c = strcmp(a->key, b->key)) != 0 ||
	    (c = strcmp(a->path, b->path)) != 0 ||
	    (c = cmp_uint(a->line, b->line)) != 0 ||
	    (c = cmp_uint(a->col, b->col)) != 0)
		return c;
	return strcmp(a->message, b->message);
}

/* The current findings, sorted with @cmp.  Owned. */
static const sci_result **current_results(const sci_result_list *current,
					  size_t *n,
					  int (*cmp)(const void *, const void *))
{
	const sci_result **v = sci_calloc(current && current->n ? current->n : 1,
					  sizeof(*v));
	size_t i;

	*n = 0;
	for (i = 0; current && i < current->n; i++)
		if (is_current(&current->items[i]))
			v[(*n)++] = &current->items[i];
	qsort(v, *n, sizeof(*v), cmp);
	return v;
}

/* How an entry matched. */
enum { MATCH_NONE = 0, MATCH_EXACT, MATCH_MOVED };

/* Occurrence indexes beyond this are not worth hashing for. */
#define MAX_OCCURRENCE 256

typedef struct {
	const sci_baseline *bl;
	size_t n;			/* entries when matched */
	const sci_baseline_scope *scope;
	const sci_result **by_fp;	/* current findings by fingerprint */
	const sci_result **by_key;	/* ... by (rule, function, key, path, line) */
	size_t ncur;
	unsigned char *used;		/* per by_fp slot */
	/* per entry */
	const sci_result **match;
	unsigned char *how;
	char **new_path;		/* where its file went, or NULL; owned */
} matcher;

/* The by_fp slot of an unused finding with @fp, or -1. */
static long find_unused(const matcher *m, const char *fp)
{
	size_t lo = 0, hi = m->ncur;

	while (lo < hi) {	/* lower bound */
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(m->by_fp[mid]->fingerprint, fp) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < m->ncur && strcmp(m->by_fp[lo]->fingerprint, fp) == 0; lo++)
		if (!m->used[lo])
			return (long)lo;
	return -1;
}

static void take(matcher *m, size_t entry, long slot, int how)
{
	m->used[slot] = 1;
	m->match[entry] = m->by_fp[slot];
	m->how[entry] = (unsigned char)how;
}

/* The by_fp slot of @r. */
static long slot_of(const matcher *m, const sci_result *r)
{
	size_t lo = 0, hi = m->ncur;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = cmp_result_fp(&m->by_fp[mid], &r);

		if (c == 0)
			return (long)mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/*
 * The occurrence index hashed into @e's fingerprint, found by trying
 * them: the file does not store it, and hashing is cheap next to
 * analysis.  -1 for a hand-edited entry whose members do not hash to
 * its fingerprint.
 */
static int recover_occurrence(const sci_baseline_entry *e)
{
	char fp[SCI_FP_HEX];
	int k;

	for (k = 0; k < MAX_OCCURRENCE; k++) {
		sci_fp_compute(fp, e->rule, e->path, e->function, e->key,
			       (unsigned)k);
		if (strcmp(fp, e->fingerprint) == 0)
			return k;
	}
	return -1;
}

static int is_gone(const matcher *m, const char *path)
{
	return m->scope && m->scope->is_gone &&
	       m->scope->is_gone(path, m->scope->payload);
}

/* True if some entry of the baseline has @path (entries sort by path). */
static int has_entries_for(const sci_baseline *bl, const char *path)
{
	size_t lo = 0, hi = bl->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(bl->items[mid].path, path);

		if (c == 0)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

/*
 * Step 3 for entry @i: an unused finding with its rule, function and key,
 * in its new path if known, else in the one file that has such findings
 * and that the baseline does not know (a different file with a function
 * of the same name is not a rename).
 */
static void match_by_key(matcher *m, size_t i)
{
	const sci_baseline_entry *e = &m->bl->items[i];
	const char *want = m->new_path[i], *only = NULL;
	const sci_result *pick = NULL;
	size_t lo = 0, hi = m->ncur, k;

	while (lo < hi) {	/* lower bound of (rule, function, key) */
		size_t mid = lo + (hi - lo) / 2;
		const sci_diag *d = m->by_key[mid]->diag;
		int c;

		if ((c = strcmp(d->rule, e->rule)) == 0 &&
		    (c = strcmp(d->function, e->function)) == 0)
			c = strcmp(d->key, e->key);
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (k = lo; k < m->ncur; k++) {
		const sci_diag *d = m->by_key[k]->diag;

		if (strcmp(d->rule, e->rule) != 0 ||
		    strcmp(d->function, e->function) != 0 ||
		    strcmp(d->key, e->key) != 0)
			break;
		if (m->used[slot_of(m, m->by_key[k])])
			continue;
		if (want) {
			if (strcmp(d->path, want) == 0) {
				pick = m->by_key[k];
				break;
			}
			continue;
		}
		if (only && strcmp(only, d->path) != 0)
			return;		/* two files could be it: no guess */
		if (!only) {
			only = d->path;
			pick = m->by_key[k];
		}
	}
	if (!pick || (!want && has_entries_for(m->bl, pick->diag->path)))
		return;
	take(m, i, slot_of(m, pick), MATCH_MOVED);
}

/* An entry waiting for step 3. */
struct late {
	size_t i;
	const sci_baseline_entry *e;
	unsigned occurrence;	/* -1 (unknown) sorts last */
};

/* Entries of one (path, rule, function, key) in occurrence order. */
static int cmp_late(const void *pa, const void *pb)
{
	const struct late *a = pa, *b = pb;
	int c;

	if ((c = strcmp(a->e->path, b->e->path)) != 0 ||
	    (c = strcmp(a->e->rule, b->e->rule)) != 0 ||
	    (c = strcmp(a->e->function, b->e->function)) != 0 ||
	    (c = strcmp(a->e->key, b->e->key)) != 0 ||
	    (c = cmp_uint(a->occurrence, b->occurrence)) != 0)
		return c;
	return strcmp(a->e->fingerprint, b->e->fingerprint);
}

static void matcher_free(matcher *m)
{
	size_t i;

	for (i = 0; m->new_path && i < m->n; i++)
		free(m->new_path[i]);
	free(m->new_path);
	free(m->match);
	free(m->how);
	free(m->used);
	free(m->by_fp);
	free(m->by_key);
}

/* Matches every entry of @bl against @current (see sci_baseline_scope). */
static void match_entries(matcher *m, const sci_baseline *bl,
			  const sci_result_list *current,
			  const sci_baseline_scope *scope)
{
	size_t i, n = bl->n ? bl->n : 1, nlate = 0, ncur;
	struct late *late;
	long slot;

	memset(m, 0, sizeof(*m));
	m->bl = bl;
	m->n = bl->n;
	m->scope = scope;
	m->by_fp = current_results(current, &m->ncur, cmp_result_fp);
	m->by_key = current_results(current, &ncur, cmp_result_key);
	m->used = sci_calloc(m->ncur ? m->ncur : 1, 1);
	m->match = sci_calloc(n, sizeof(*m->match));
	m->how = sci_calloc(n, 1);
	m->new_path = sci_calloc(n, sizeof(*m->new_path));
	late = sci_calloc(n, sizeof(*late));

	for (i = 0; i < bl->n; i++)
		if ((slot = find_unused(m, bl->items[i].fingerprint)) >= 0)
			take(m, i, slot, MATCH_EXACT);
	for (i = 0; i < bl->n; i++) {
		const sci_baseline_entry *e = &bl->items[i];
		const char *to;
		char fp[SCI_FP_HEX];
		int occ;

		if (m->how[i])
			continue;
		to = scope && scope->renamed ?
		     scope->renamed(e->path, scope->payload) : NULL;
		if (to)
			m->new_path[i] = sci_strdup(to);
		if (!to && !is_gone(m, e->path))
			continue;
		occ = recover_occurrence(e);
		late[nlate].i = i;
		late[nlate].e = e;
		late[nlate++].occurrence = (unsigned)occ;
		if (!to || occ < 0)
			continue;
		sci_fp_compute(fp, e->rule, to, e->function, e->key,
			       (unsigned)occ);
		if ((slot = find_unused(m, fp)) >= 0)
			take(m, i, slot, MATCH_MOVED);
	}
	/* Guesses by key come last, so they only get the findings that no
	 * exact or same-occurrence match claimed. */
	qsort(late, nlate, sizeof(*late), cmp_late);
	for (i = 0; i < nlate; i++)
		if (!m->how[late[i].i])
			match_by_key(m, late[i].i);
	free(late);
}

static int in_scope(const matcher *m, size_t i)
{
	const sci_baseline_scope *s = m->scope;
	const sci_baseline_entry *e = &m->bl->items[i];

	if (!s || !s->covers || m->how[i])
		return 1;
	return s->covers(e->rule, e->path, s->payload) ||
	       (m->new_path[i] &&
		s->covers(e->rule, m->new_path[i], s->payload));
}

/* ---- update, prune, follow, check --------------------------------------- */

static void entry_from_result(sci_baseline_entry *e, const sci_result *r)
{
	memcpy(e->fingerprint, r->fingerprint, SCI_FP_HEX);
	e->rule = sci_strdup(r->diag->rule);
	e->path = sci_strdup(r->diag->path);
	e->function = sci_strdup(r->diag->function);
	e->key = sci_strdup(r->diag->key);
	e->message = sci_strdup(r->diag->message);
}

static void entry_copy(sci_baseline_entry *e, const sci_baseline_entry *from)
{
	memcpy(e->fingerprint, from->fingerprint, SCI_FP_HEX);
	e->rule = sci_strdup(from->rule);
	e->path = sci_strdup(from->path);
	e->function = sci_strdup(from->function);
	e->key = sci_strdup(from->key);
	e->message = sci_strdup(from->message);
	e->justification = sci_strdup(from->justification);
}

/* Replaces the entries of @bl with those of @next (taken). */
static void replace_entries(sci_baseline *bl, sci_baseline *next)
{
	size_t i;

	for (i = 0; i < bl->n; i++)
		entry_clear(&bl->items[i]);
	free(bl->items);
	bl->items = next->items;
	bl->n = next->n;
	bl->cap = next->cap;
	reindex(bl);
}

int sci_baseline_update(sci_baseline *bl, const sci_result_list *current,
			const sci_baseline_scope *scope,
			sci_baseline_counts *counts)
{
	sci_baseline next = { 0 };
	sci_baseline_counts c = { 0 };
	const sci_baseline_entry **by_result;
	matcher m;
	size_t i;
	long slot;
	int error;

	if ((error = check_fingerprints(current)) < 0)
		return error;
	match_entries(&m, bl, current, scope);
	by_result = sci_calloc(m.ncur ? m.ncur : 1, sizeof(*by_result));
	for (i = 0; i < bl->n; i++) {
		if (m.how[i]) {
			slot = slot_of(&m, m.match[i]);
			by_result[slot] = &bl->items[i];
			if (m.how[i] == MATCH_EXACT)
				c.kept++;
			else
				c.moved++;
		} else if (in_scope(&m, i)) {
			c.dropped++;
		} else {
			entry_copy(entry_push(&next), &bl->items[i]);
		}
	}
	for (i = 0; i < m.ncur; i++) {
		const sci_result *r = m.by_fp[i];
		const sci_baseline_entry *old = by_result[i];
		sci_baseline_entry *e;

		/* One fingerprint twice would be a caller bug (the occurrence
		 * index keeps identical findings apart): one entry. */
		if (i > 0 && strcmp(m.by_fp[i - 1]->fingerprint,
				    r->fingerprint) == 0)
			continue;
		e = entry_push(&next);
		entry_from_result(e, r);
		if (old) {
			e->justification = sci_strdup(old->justification);
		} else {
			e->justification = sci_strdup(SCI_BASELINE_PLACEHOLDER);
			c.added++;
		}
	}
	free(by_result);
	matcher_free(&m);
	replace_entries(bl, &next);
	if (counts)
		*counts = c;
	return 0;
}

/* Gives the moved entries their finding's path and fingerprint. */
static size_t move_entries(sci_baseline *bl, const matcher *m)
{
	size_t i, moved = 0;

	for (i = 0; i < bl->n; i++) {
		sci_baseline_entry *e = &bl->items[i];

		if (m->how[i] != MATCH_MOVED)
			continue;
		free(e->path);
		e->path = sci_strdup(m->match[i]->diag->path);
		memcpy(e->fingerprint, m->match[i]->fingerprint, SCI_FP_HEX);
		moved++;
	}
	return moved;
}

int sci_baseline_prune(sci_baseline *bl, const sci_result_list *current,
		       const sci_baseline_scope *scope,
		       sci_baseline_counts *counts)
{
	sci_baseline_counts c = { 0 };
	matcher m;
	size_t i, j;
	int error;

	if ((error = check_fingerprints(current)) < 0)
		return error;
	match_entries(&m, bl, current, scope);
	c.moved = move_entries(bl, &m);
	for (i = j = 0; i < bl->n; i++) {
		if (!m.how[i] && in_scope(&m, i)) {
			entry_clear(&bl->items[i]);
			c.dropped++;
		} else {
			bl->items[j++] = bl->items[i];
		}
	}
	bl->n = j;
	matcher_free(&m);
	reindex(bl);
	if (counts)
		*counts = c;
	return 0;
}

int sci_baseline_follow(sci_baseline *bl, const sci_result_list *current,
			const sci_baseline_scope *scope, size_t *moved)
{
	matcher m;
	size_t n;
	int error;

	if ((error = check_fingerprints(current)) < 0)
		return error;
	match_entries(&m, bl, current, scope);
	n = move_entries(bl, &m);
	matcher_free(&m);
	if (n)
		reindex(bl);
	if (moved)
		*moved = n;
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
			  const sci_result_list *current,
			  const sci_baseline_scope *scope)
{
	size_t i, problems = 0, len = 0;
	char *text = sci_strdup("");
	matcher m;

	if (current)
		match_entries(&m, bl, current, scope);
	for (i = 0; i < bl->n; i++) {
		const sci_baseline_entry *e = &bl->items[i];

		if (current && !m.how[i] && in_scope(&m, i)) {
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
	if (current)
		matcher_free(&m);
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

	if ((error = sci_fs_mkdirs(path)) < 0)
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
