/*
 * summary.c - the function summary record, its JSON text, and the set of
 * a run's summaries by name.
 */
#include "summary/summary.h"

#include "util/alloc.h"
#include "util/error.h"
#include "util/sha256.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

sci_summary *sci_summary_new(const char *name)
{
	sci_summary *s = sci_calloc(1, sizeof(*s));

	s->name = sci_strdup(name ? name : "");
	return s;
}

static void free_names(char **v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

void sci_summary_free(sci_summary *s)
{
	size_t i;

	if (!s)
		return;
	free(s->name);
	free(s->file);
	free(s->ret);
	free(s->ret_obj);
	for (i = 0; i < s->ncalls; i++)
		free(s->calls[i]);
	free(s->calls);
	for (i = 0; i < s->nderef_globals; i++)
		free(s->deref_globals[i]);
	free(s->deref_globals);
	free_names(s->locks, s->nlocks);
	free_names(s->free_globals, s->nfree_globals);
	free_names(s->deref_paths, s->nderef_paths);
	free_names(s->unlocks, s->nunlocks);
	free_names(s->paths, s->npaths);
	free_names(s->call_args, s->ncall_args);
	for (i = 0; i < s->nresults; i++)
		free(s->results[i].callee);
	free(s->results);
	free_names(s->gdefs, s->ngdefs);
	free_names(s->gwrites, s->ngwrites);
	free_names(s->greads, s->ngreads);
	free_names(s->gpreads, s->ngpreads);
	free_names(s->preads, s->npreads);
	free(s);
}

static char **dup_names(char *const *v, size_t n)
{
	char **d = n ? sci_calloc(n, sizeof(*d)) : NULL;
	size_t i;

	for (i = 0; i < n; i++)
		d[i] = sci_strdup(v[i]);
	return d;
}

sci_summary *sci_summary_dup(const sci_summary *s)
{
	sci_summary *d = sci_calloc(1, sizeof(*d));
	size_t i;

	*d = *s;
	d->name = sci_strdup(s->name);
	d->file = s->file ? sci_strdup(s->file) : NULL;
	d->ret = s->ret ? sci_strdup(s->ret) : NULL;
	d->ret_obj = s->ret_obj ? sci_strdup(s->ret_obj) : NULL;
	d->calls = s->ncalls ? sci_calloc(s->ncalls, sizeof(*d->calls)) : NULL;
	for (i = 0; i < s->ncalls; i++)
		d->calls[i] = sci_strdup(s->calls[i]);
	d->deref_globals = s->nderef_globals ?
		sci_calloc(s->nderef_globals, sizeof(*d->deref_globals)) : NULL;
	for (i = 0; i < s->nderef_globals; i++)
		d->deref_globals[i] = sci_strdup(s->deref_globals[i]);
	d->locks = dup_names(s->locks, s->nlocks);
	d->free_globals = dup_names(s->free_globals, s->nfree_globals);
	d->deref_paths = dup_names(s->deref_paths, s->nderef_paths);
	d->unlocks = dup_names(s->unlocks, s->nunlocks);
	d->paths = dup_names(s->paths, s->npaths);
	d->call_args = dup_names(s->call_args, s->ncall_args);
	d->results = s->nresults ?
		sci_calloc(s->nresults, sizeof(*d->results)) : NULL;
	for (i = 0; i < s->nresults; i++) {
		d->results[i] = s->results[i];
		d->results[i].callee = sci_strdup(s->results[i].callee);
	}
	d->gdefs = dup_names(s->gdefs, s->ngdefs);
	d->gwrites = dup_names(s->gwrites, s->ngwrites);
	d->greads = dup_names(s->greads, s->ngreads);
	d->gpreads = dup_names(s->gpreads, s->ngpreads);
	d->preads = dup_names(s->preads, s->npreads);
	return d;
}

/* Inserts a copy of @name into the sorted, unique list *v of *n names. */
static void add_sorted(char ***v, size_t *n, const char *name)
{
	size_t lo = 0, hi = *n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp((*v)[mid], name);

		if (c == 0)
			return;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*v = sci_realloc(*v, (*n + 1) * sizeof(**v));
	memmove(&(*v)[lo + 1], &(*v)[lo], (*n - lo) * sizeof(**v));
	(*v)[lo] = sci_strdup(name);
	(*n)++;
}

void sci_summary_add_path(sci_summary *s, const char *path)
{
	add_sorted(&s->paths, &s->npaths, path);
}

void sci_summary_add_call_args(sci_summary *s, const char *entry)
{
	if (s->ncall_args < SCI_SUMMARY_MAX_CALL_ARGS)
		add_sorted(&s->call_args, &s->ncall_args, entry);
}

void sci_summary_add_gdef(sci_summary *s, const char *entry)
{
	add_sorted(&s->gdefs, &s->ngdefs, entry);
}

void sci_summary_add_gwrite(sci_summary *s, const char *entry)
{
	add_sorted(&s->gwrites, &s->ngwrites, entry);
}

void sci_summary_add_gread(sci_summary *s, const char *name)
{
	add_sorted(&s->greads, &s->ngreads, name);
}

void sci_summary_add_gpread(sci_summary *s, const char *name)
{
	add_sorted(&s->gpreads, &s->ngpreads, name);
}

void sci_summary_add_pread(sci_summary *s, const char *entry)
{
	add_sorted(&s->preads, &s->npreads, entry);
}

void sci_summary_add_call(sci_summary *s, const char *callee)
{
	add_sorted(&s->calls, &s->ncalls, callee);
}

void sci_summary_add_result(sci_summary *s, const char *callee,
			    unsigned used, unsigned discarded)
{
	size_t lo = 0, hi = s->nresults;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = strcmp(s->results[mid].callee, callee);

		if (c == 0) {
			s->results[mid].used += used;
			s->results[mid].discarded += discarded;
			return;
		}
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	s->results = sci_realloc(s->results,
				 (s->nresults + 1) * sizeof(*s->results));
	memmove(&s->results[lo + 1], &s->results[lo],
		(s->nresults - lo) * sizeof(*s->results));
	s->results[lo].callee = sci_strdup(callee);
	s->results[lo].used = used;
	s->results[lo].discarded = discarded;
	s->nresults++;
}

void sci_summary_add_free_global(sci_summary *s, const char *global)
{
	add_sorted(&s->free_globals, &s->nfree_globals, global);
}

void sci_summary_add_deref_global(sci_summary *s, const char *global)
{
	add_sorted(&s->deref_globals, &s->nderef_globals, global);
}

void sci_summary_add_deref_path(sci_summary *s, const char *path)
{
	add_sorted(&s->deref_paths, &s->nderef_paths, path);
}

void sci_summary_add_lock(sci_summary *s, const char *lock)
{
	add_sorted(&s->locks, &s->nlocks, lock);
}

void sci_summary_add_unlock(sci_summary *s, const char *lock)
{
	add_sorted(&s->unlocks, &s->nunlocks, lock);
}

/* ------------------------------------------------------------ text */

static json_t *mask_json(unsigned mask)
{
	json_t *a = json_array();
	unsigned i;

	for (i = 0; i < SCI_SUMMARY_MAX_PARAMS; i++)
		if (mask & (1u << i))
			json_array_append_new(a, json_integer(i));
	return a;
}

static void set(json_t *o, const char *key, json_t *v)
{
	if (!v || json_object_set_new(o, key, v) < 0)
		abort();
}

/* An optional list of names: absent when empty. */
static void set_names(json_t *o, const char *key, char *const *v, size_t n)
{
	json_t *a;
	size_t i;

	if (!n)
		return;
	a = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(a, json_string(v[i]));
	set(o, key, a);
}

char *sci_summary_format(const sci_summary *s)
{
	json_t *o = json_object(), *calls = json_array(), *ret = json_array();
	char *text;
	size_t i;

	if (!o || !calls || !ret)
		abort();
	set(o, "v", json_integer(SCI_SUMMARY_VERSION));
	set(o, "name", json_string(s->name));
	set(o, "file", json_string(s->file ? s->file : ""));
	set(o, "line", json_integer(s->line));
	set(o, "static", json_boolean(s->is_static));
	set(o, "params", json_integer(s->nparams));
	set(o, "derefs", mask_json(s->derefs));
	set(o, "frees", mask_json(s->frees));
	set(o, "captures", mask_json(s->captures));
	if (s->closes)
		set(o, "closes", mask_json(s->closes));
	if (s->pkeeps)
		set(o, "pkeeps", mask_json(s->pkeeps));
	if (s->preads_first)
		set(o, "preads_first", mask_json(s->preads_first));
	if (s->out_allocs)
		set(o, "out_allocs", mask_json(s->out_allocs));
	if (s->deref_pointees)
		set(o, "deref_pointees", mask_json(s->deref_pointees));
	if (s->uses)
		set(o, "uses", mask_json(s->uses));
	if (s->fills)
		set(o, "fills", mask_json(s->fills));
	if (s->formats)
		set(o, "formats", mask_json(s->formats));
	if (s->overwrites)
		set(o, "overwrites", mask_json(s->overwrites));
	if (s->passes)
		set(o, "passes", mask_json(s->passes));
	if (s->ret_param)
		set(o, "ret_param", mask_json(s->ret_param));
	if (s->ret_ge)
		set(o, "ret_ge", mask_json(s->ret_ge));
	if (s->ret_le)
		set(o, "ret_le", mask_json(s->ret_le));
	if (s->nderef_globals) {
		json_t *g = json_array();

		for (i = 0; i < s->nderef_globals; i++)
			json_array_append_new(g, json_string(s->deref_globals[i]));
		set(o, "deref_globals", g);
	}
	set_names(o, "deref_paths", s->deref_paths, s->nderef_paths);
	set_names(o, "locks", s->locks, s->nlocks);
	set_names(o, "free_globals", s->free_globals, s->nfree_globals);
	set_names(o, "unlocks", s->unlocks, s->nunlocks);
	set_names(o, "paths", s->paths, s->npaths);
	set_names(o, "call_args", s->call_args, s->ncall_args);
	set_names(o, "gdefs", s->gdefs, s->ngdefs);
	set_names(o, "gwrites", s->gwrites, s->ngwrites);
	set_names(o, "greads", s->greads, s->ngreads);
	set_names(o, "gpreads", s->gpreads, s->ngpreads);
	set_names(o, "preads", s->preads, s->npreads);
	if (s->returns & SCI_SUM_RET_FRESH)
		json_array_append_new(ret, json_string("fresh"));
	if (s->returns & SCI_SUM_RET_NULL)
		json_array_append_new(ret, json_string("null"));
	if (s->returns & SCI_SUM_RET_OTHER)
		json_array_append_new(ret, json_string("other"));
	if (s->returns & SCI_SUM_RET_INPUT)
		json_array_append_new(ret, json_string("input"));
	if (s->returns & SCI_SUM_RET_OPENED)
		json_array_append_new(ret, json_string("opened"));
	if (s->returns & SCI_SUM_RET_FREED)
		json_array_append_new(ret, json_string("freed"));
	set(o, "returns", ret);
	set(o, "noreturn", json_boolean(s->noreturn));
	if (s->ret_obj)
		set(o, "ret_obj", json_string(s->ret_obj));
	if (s->ret) {
		set(o, "range", json_string(s->ret));
		set(o, "range_soft", json_integer(s->ret_soft));
	}
	for (i = 0; i < s->ncalls; i++)
		json_array_append_new(calls, json_string(s->calls[i]));
	set(o, "calls", calls);
	if (s->nresults) {
		json_t *r = json_object();

		for (i = 0; i < s->nresults; i++)
			set(r, s->results[i].callee,
			    json_pack("[II]", (json_int_t)s->results[i].used,
				      (json_int_t)s->results[i].discarded));
		set(o, "results", r);
	}
	text = json_dumps(o, JSON_COMPACT | JSON_SORT_KEYS | JSON_ENSURE_ASCII);
	json_decref(o);
	if (!text)
		abort();
	return text;
}

static int bad(const char *what)
{
	return sci_error_set(SCI_EINVALID, "not a function summary: %s", what);
}

static int get_mask(unsigned *out, json_t *o, const char *key)
{
	json_t *a = json_object_get(o, key), *v;
	size_t i;

	*out = 0;
	if (!json_is_array(a))
		return bad(key);
	json_array_foreach(a, i, v) {
		if (!json_is_integer(v) || json_integer_value(v) < 0 ||
		    json_integer_value(v) >= SCI_SUMMARY_MAX_PARAMS)
			return bad(key);
		*out |= 1u << json_integer_value(v);
	}
	return 0;
}

static int get_uint(unsigned *out, json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);

	if (!json_is_integer(v) || json_integer_value(v) < 0 ||
	    json_integer_value(v) > 0x7fffffff)
		return bad(key);
	*out = (unsigned)json_integer_value(v);
	return 0;
}

static int get_names(sci_summary *s, json_t *o, const char *key,
		     void (*add)(sci_summary *, const char *))
{
	json_t *a = json_object_get(o, key), *v;
	size_t i;

	if (!a)
		return 0;
	if (!json_is_array(a))
		return bad(key);
	json_array_foreach(a, i, v) {
		if (!json_is_string(v) || !*json_string_value(v))
			return bad(key);
		add(s, json_string_value(v));
	}
	return 0;
}

/* "results": {"callee": [used, discarded], ...}; optional */
static int parse_results(sci_summary *s, json_t *r)
{
	const char *callee;
	json_t *v;

	if (!r)
		return 0;
	if (!json_is_object(r))
		return bad("results");
	json_object_foreach(r, callee, v) {
		json_t *u = json_array_get(v, 0), *d = json_array_get(v, 1);

		if (!*callee || !json_is_array(v) || json_array_size(v) != 2 ||
		    !json_is_integer(u) || !json_is_integer(d) ||
		    json_integer_value(u) < 0 || json_integer_value(d) < 0 ||
		    json_integer_value(u) > 0x7fffffff ||
		    json_integer_value(d) > 0x7fffffff)
			return bad("results");
		sci_summary_add_result(s, callee, (unsigned)json_integer_value(u),
				       (unsigned)json_integer_value(d));
	}
	return 0;
}

static int parse_obj(sci_summary *s, json_t *o)
{
	json_t *v, *calls = json_object_get(o, "calls"), *ret;
	unsigned version;
	size_t i;
	int e;

	if (!json_is_object(o))
		return bad("not an object");
	if ((e = get_uint(&version, o, "v")) < 0)
		return e;
	if (version != SCI_SUMMARY_VERSION)
		return sci_error_set(SCI_EINVALID, "function summary of version %u, expected %d",
				     version, SCI_SUMMARY_VERSION);
	v = json_object_get(o, "name");
	if (!json_is_string(v) || !*json_string_value(v))
		return bad("name");
	s->name = sci_strdup(json_string_value(v));
	v = json_object_get(o, "file");
	if (!json_is_string(v))
		return bad("file");
	s->file = sci_strdup(json_string_value(v));
	if ((e = get_uint(&s->line, o, "line")) < 0 ||
	    (e = get_uint(&s->nparams, o, "params")) < 0 ||
	    (e = get_mask(&s->derefs, o, "derefs")) < 0 ||
	    (e = get_mask(&s->frees, o, "frees")) < 0 ||
	    (e = get_mask(&s->captures, o, "captures")) < 0)
		return e;
	/* optional: absent means none */
	if (json_object_get(o, "closes") &&
	    (e = get_mask(&s->closes, o, "closes")) < 0)
		return e;
	if (json_object_get(o, "pkeeps") &&
	    (e = get_mask(&s->pkeeps, o, "pkeeps")) < 0)
		return e;
	if (json_object_get(o, "preads_first") &&
	    (e = get_mask(&s->preads_first, o, "preads_first")) < 0)
		return e;
	if (json_object_get(o, "out_allocs") &&
	    (e = get_mask(&s->out_allocs, o, "out_allocs")) < 0)
		return e;
	if (json_object_get(o, "uses") &&
	    (e = get_mask(&s->uses, o, "uses")) < 0)
		return e;
	if (json_object_get(o, "fills") &&
	    (e = get_mask(&s->fills, o, "fills")) < 0)
		return e;
	if (json_object_get(o, "formats") &&
	    (e = get_mask(&s->formats, o, "formats")) < 0)
		return e;
	if (json_object_get(o, "ret_ge") &&
	    (e = get_mask(&s->ret_ge, o, "ret_ge")) < 0)
		return e;
	if (json_object_get(o, "ret_le") &&
	    (e = get_mask(&s->ret_le, o, "ret_le")) < 0)
		return e;
	if (json_object_get(o, "passes") &&
	    (e = get_mask(&s->passes, o, "passes")) < 0)
		return e;
	if (json_object_get(o, "ret_param") &&
	    (e = get_mask(&s->ret_param, o, "ret_param")) < 0)
		return e;
	if (json_object_get(o, "overwrites") &&
	    (e = get_mask(&s->overwrites, o, "overwrites")) < 0)
		return e;
	if (json_object_get(o, "deref_pointees") &&
	    (e = get_mask(&s->deref_pointees, o, "deref_pointees")) < 0)
		return e;
	v = json_object_get(o, "deref_globals");
	if (v && !json_is_array(v))
		return bad("deref_globals");
	json_array_foreach(v, i, ret) {
		if (!json_is_string(ret))
			return bad("deref_globals");
		sci_summary_add_deref_global(s, json_string_value(ret));
	}
	if ((e = get_names(s, o, "deref_paths",
			   sci_summary_add_deref_path)) < 0 ||
	    (e = get_names(s, o, "locks", sci_summary_add_lock)) < 0 ||
	    (e = get_names(s, o, "free_globals",
			   sci_summary_add_free_global)) < 0 ||
	    (e = get_names(s, o, "unlocks", sci_summary_add_unlock)) < 0 ||
	    (e = get_names(s, o, "paths", sci_summary_add_path)) < 0 ||
	    (e = get_names(s, o, "call_args", sci_summary_add_call_args)) < 0 ||
	    (e = get_names(s, o, "gdefs", sci_summary_add_gdef)) < 0 ||
	    (e = get_names(s, o, "gwrites", sci_summary_add_gwrite)) < 0 ||
	    (e = get_names(s, o, "greads", sci_summary_add_gread)) < 0 ||
	    (e = get_names(s, o, "gpreads", sci_summary_add_gpread)) < 0 ||
	    (e = get_names(s, o, "preads", sci_summary_add_pread)) < 0)
		return e;
	v = json_object_get(o, "static");
	if (!json_is_boolean(v))
		return bad("static");
	s->is_static = json_is_true(v);
	v = json_object_get(o, "noreturn");
	if (!json_is_boolean(v))
		return bad("noreturn");
	s->noreturn = json_is_true(v);
	ret = json_object_get(o, "returns");
	if (!json_is_array(ret))
		return bad("returns");
	json_array_foreach(ret, i, v) {
		const char *w = json_string_value(v);

		if (w && strcmp(w, "fresh") == 0)
			s->returns |= SCI_SUM_RET_FRESH;
		else if (w && strcmp(w, "null") == 0)
			s->returns |= SCI_SUM_RET_NULL;
		else if (w && strcmp(w, "other") == 0)
			s->returns |= SCI_SUM_RET_OTHER;
		else if (w && strcmp(w, "input") == 0)
			s->returns |= SCI_SUM_RET_INPUT;
		else if (w && strcmp(w, "opened") == 0)
			s->returns |= SCI_SUM_RET_OPENED;
		else if (w && strcmp(w, "freed") == 0)
			s->returns |= SCI_SUM_RET_FREED;
		else
			return bad("returns");
	}
	v = json_object_get(o, "ret_obj");
	if (v) {
		if (!json_is_string(v))
			return bad("ret_obj");
		s->ret_obj = sci_strdup(json_string_value(v));
	}
	v = json_object_get(o, "range");
	if (v) {
		if (!json_is_string(v))
			return bad("range");
		s->ret = sci_strdup(json_string_value(v));
		if ((e = get_uint(&s->ret_soft, o, "range_soft")) < 0)
			return e;
	}
	if (!json_is_array(calls))
		return bad("calls");
	json_array_foreach(calls, i, v) {
		if (!json_is_string(v))
			return bad("calls");
		sci_summary_add_call(s, json_string_value(v));
	}
	return parse_results(s, json_object_get(o, "results"));
}

int sci_summary_parse(sci_summary **out, const char *text)
{
	json_error_t err;
	json_t *o = json_loads(text, JSON_REJECT_DUPLICATES, &err);
	sci_summary *s;
	int e;

	*out = NULL;
	if (!o)
		return sci_error_set(SCI_EINVALID, "not a function summary: %s",
				     err.text);
	s = sci_calloc(1, sizeof(*s));
	e = parse_obj(s, o);
	json_decref(o);
	if (e < 0) {
		sci_summary_free(s);
		return e;
	}
	*out = s;
	return 0;
}

static int str_eq(const char *a, const char *b)
{
	return (!a && !b) || (a && b && strcmp(a, b) == 0);
}

static int same_names(char *const *a, size_t na, char *const *b, size_t nb)
{
	size_t i;

	if (na != nb)
		return 0;
	for (i = 0; i < na; i++)
		if (strcmp(a[i], b[i]) != 0)
			return 0;
	return 1;
}

int sci_summary_same_facts(const sci_summary *a, const sci_summary *b)
{
	return same_names(a->deref_globals, a->nderef_globals,
			  b->deref_globals, b->nderef_globals) &&
	       same_names(a->deref_paths, a->nderef_paths,
			  b->deref_paths, b->nderef_paths) &&
	       same_names(a->locks, a->nlocks, b->locks, b->nlocks) &&
	       same_names(a->free_globals, a->nfree_globals, b->free_globals,
			  b->nfree_globals) &&
	       same_names(a->unlocks, a->nunlocks, b->unlocks, b->nunlocks) &&
	       same_names(a->paths, a->npaths, b->paths, b->npaths) &&
	       same_names(a->gdefs, a->ngdefs, b->gdefs, b->ngdefs) &&
	       same_names(a->gwrites, a->ngwrites, b->gwrites, b->ngwrites) &&
	       /* what its callers elsewhere send it (call_args) */
	       same_names(a->greads, a->ngreads, b->greads, b->ngreads) &&
	       same_names(a->gpreads, a->ngpreads, b->gpreads, b->ngpreads) &&
	       same_names(a->preads, a->npreads, b->preads, b->npreads) &&
	       str_eq(a->name, b->name) && a->is_static == b->is_static &&
	       a->nparams == b->nparams && a->derefs == b->derefs &&
	       a->frees == b->frees && a->closes == b->closes &&
	       a->captures == b->captures &&
	       a->pkeeps == b->pkeeps && a->preads_first == b->preads_first &&
	       a->out_allocs == b->out_allocs &&
	       a->deref_pointees == b->deref_pointees &&
	       a->uses == b->uses && a->fills == b->fills &&
	       a->formats == b->formats &&
	       a->overwrites == b->overwrites &&
	       a->passes == b->passes && a->ret_param == b->ret_param &&
	       a->ret_ge == b->ret_ge && a->ret_le == b->ret_le &&
	       a->returns == b->returns && a->noreturn == b->noreturn &&
	       str_eq(a->ret, b->ret) && a->ret_soft == b->ret_soft &&
	       str_eq(a->ret_obj, b->ret_obj);
}

/* ------------------------------------------------------------ the set */

typedef struct def {
	char *origin;
	sci_summary *s;
	char *digest;		/* of what s does, once asked (def_digest()) */
	struct def *next;
} def;

/* A value an integer global is given, and by how many definitions/writes. */
typedef struct {
	long long v;
	unsigned n;
} gval;

typedef struct entry {
	char *name;
	def *defs;
	unsigned used, discarded;	/* call sites of it, over the tallies */
	/* a global of this name, over the tallies' gdefs and gwrites */
	unsigned gdefs, gunknown;	/* definitions; writes of no constant */
	gval *vals;
	size_t nvals;
	/* the call_args entries of the tallies that name it as callee */
	struct arg_ref *refs;
	size_t nrefs;
	struct entry *next;
} entry;

/*
 * unchecked-return's statistics: what each function (keyed by its file
 * and name, so that a header's static inline function included by many
 * TUs counts once) says of its calls; the sums per callee are kept in
 * the callee's entry, up to date as tallies are replaced and dropped.
 */
typedef struct tally {
	char *key;		/* "file\nname" of the calling function */
	char *origin;
	sci_summary_result *r;
	size_t n;
	char **gv;		/* "d:NAME=V" definitions, "w:NAME=V" writes */
	size_t ngv;
	char **args;		/* its call_args */
	size_t nargs;
	size_t *ref_at;		/* args[k]'s place in its callee's refs */
	unsigned line;		/* where the calling function is defined */
	struct tally *next;
} tally;

typedef struct arg_ref {
	tally *t;
	size_t k;		/* t->args[k] */
} arg_ref;

/*
 * What was filed under one origin (a TU): the keys of its tallies and the
 * names it has definitions of, so that dropping the origin, once per TU
 * analyzed, looks at those and not at the whole set.  A key may be
 * listed twice, or no longer be the origin's: the drop checks.
 */
typedef struct filed {
	char *origin;
	char **keys, **names;
	size_t nkeys, nnames;
	struct filed *next;
} filed;

#define ORIGIN_BUCKETS 1024

struct sci_summary_set {
	entry **buckets;
	size_t nbuckets, n;
	tally **tallies;	/* nbuckets of them */
	filed *origins[ORIGIN_BUCKETS];
};

static size_t hash(const char *s, size_t n)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % n;
}

sci_summary_set *sci_summary_set_new(void)
{
	sci_summary_set *set = sci_calloc(1, sizeof(*set));

	set->nbuckets = 4096;
	set->buckets = sci_calloc(set->nbuckets, sizeof(*set->buckets));
	set->tallies = sci_calloc(set->nbuckets, sizeof(*set->tallies));
	return set;
}

static entry *lookup(const sci_summary_set *set, const char *name, int add);

static filed *filed_of(sci_summary_set *set, const char *origin, int add)
{
	filed **pp = &set->origins[hash(origin, ORIGIN_BUCKETS)];
	filed *f;

	for (f = *pp; f; f = f->next)
		if (strcmp(f->origin, origin) == 0)
			return f;
	if (!add)
		return NULL;
	f = sci_calloc(1, sizeof(*f));
	f->origin = sci_strdup(origin);
	f->next = *pp;
	*pp = f;
	return f;
}

static void push_name(char ***v, size_t *n, const char *name)
{
	if (!(*n & (*n + 1)))
		*v = sci_realloc(*v, (*n * 2 + 1) * sizeof(**v));
	(*v)[(*n)++] = sci_strdup(name);
}

/* @origin filed a tally of @key (@is_key) or a definition of @name */
static void filed_add(sci_summary_set *set, const char *origin,
		      const char *name, int is_key)
{
	filed *f = filed_of(set, origin ? origin : "", 1);

	if (is_key)
		push_name(&f->keys, &f->nkeys, name);
	else
		push_name(&f->names, &f->nnames, name);
}

static void filed_clear(filed *f)
{
	free_names(f->keys, f->nkeys);
	free_names(f->names, f->nnames);
	f->keys = f->names = NULL;
	f->nkeys = f->nnames = 0;
}

static void tally_free(tally *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->r[i].callee);
	free(t->r);
	free_names(t->gv, t->ngv);
	free_names(t->args, t->nargs);
	free(t->ref_at);
	free(t->key);
	free(t->origin);
	free(t);
}

/* Counts (@sign 1) or uncounts (-1) one "d:NAME=V" / "w:NAME=V" entry. */
static void gval_count(sci_summary_set *set, const char *gv, int sign)
{
	const char *eq = strchr(gv, '=');
	char *name, *end;
	entry *g;
	long long v;
	size_t k;

	if (!eq || strlen(gv) < 3 || gv[1] != ':')
		return;
	name = sci_realloc(NULL, (size_t)(eq - gv - 2) + 1);
	memcpy(name, gv + 2, (size_t)(eq - gv - 2));
	name[eq - gv - 2] = '\0';
	g = lookup(set, name, 1);
	free(name);
	if (gv[0] == 'd')
		g->gdefs += (unsigned)sign;
	errno = 0;
	v = strtoll(eq + 1, &end, 10);
	if (eq[1] == '*' || *end || end == eq + 1 || errno) {
		g->gunknown += (unsigned)sign;
		return;
	}
	for (k = 0; k < g->nvals && g->vals[k].v != v; k++)
		;
	if (k == g->nvals) {
		g->vals = sci_grow(g->vals, g->nvals, sizeof(*g->vals));
		g->vals[g->nvals].v = v;
		g->vals[g->nvals++].n = 0;
	}
	g->vals[k].n += (unsigned)sign;
}

/* Files (@sign 1) or unfiles (-1) @t's call_args entry @k under its callee. */
static void arg_count(sci_summary_set *set, tally *t, size_t k,
		      int sign)
{
	const char *text = t->args[k];
	size_t len = strcspn(text, ";"), i;
	char *callee = sci_realloc(NULL, len + 1);
	entry *e;

	memcpy(callee, text, len);
	callee[len] = '\0';
	e = lookup(set, callee, sign > 0);
	free(callee);
	if (!e)
		return;
	if (sign > 0) {
		/* redis's addReply() has thousands: not one realloc each */
		e->refs = sci_grow(e->refs, e->nrefs, sizeof(*e->refs));
		t->ref_at[k] = e->nrefs;
		e->refs[e->nrefs].t = t;
		e->refs[e->nrefs++].k = k;
		return;
	}
	/*
	 * A callee called from thousands of places (redis's addReply())
	 * has as many refs: each knows its place, and the one moved into
	 * the hole learns its new one.
	 */
	i = t->ref_at[k];
	if (i >= e->nrefs || e->refs[i].t != t || e->refs[i].k != k)
		for (i = 0; i < e->nrefs; i++)
			if (e->refs[i].t == t && e->refs[i].k == k)
				break;
	if (i == e->nrefs)
		return;
	e->refs[i] = e->refs[--e->nrefs];
	if (i < e->nrefs)
		e->refs[i].t->ref_at[e->refs[i].k] = i;
}

/* Adds (@sign 1) or takes away (-1) @t's counts from the callees' sums. */
static void tally_count(sci_summary_set *set, tally *t, int sign)
{
	size_t i;

	for (i = 0; i < t->ngv; i++)
		gval_count(set, t->gv[i], sign);
	for (i = 0; i < t->nargs; i++)
		arg_count(set, t, i, sign);

	for (i = 0; i < t->n; i++) {
		entry *s = lookup(set, t->r[i].callee, 1);

		if (sign > 0) {
			s->used += t->r[i].used;
			s->discarded += t->r[i].discarded;
		} else {
			s->used -= t->r[i].used;
			s->discarded -= t->r[i].discarded;
		}
	}
}

/* Unlinks and frees the tally *@pp, taking its counts away. */
static void tally_remove(sci_summary_set *set, tally **pp)
{
	tally *t = *pp;

	*pp = t->next;
	tally_count(set, t, -1);
	tally_free(t);
}

static void tally_put(sci_summary_set *set, const char *key,
		      const char *origin, const sci_summary *s,
		      char *const *gv, size_t ngv)
{
	size_t h = hash(key, set->nbuckets), i, n = s->nresults;
	tally **pp, *t;

	for (pp = &set->tallies[h]; *pp; pp = &(*pp)->next)
		if (strcmp((*pp)->key, key) == 0) {
			tally_remove(set, pp);
			break;
		}
	if (!n && !ngv && !s->ncall_args)
		return;
	t = sci_calloc(1, sizeof(*t));
	t->gv = dup_names(gv, ngv);
	t->ngv = ngv;
	t->args = dup_names(s->call_args, s->ncall_args);
	t->ref_at = sci_calloc(s->ncall_args + 1, sizeof(*t->ref_at));
	t->nargs = s->ncall_args;
	t->line = s->line;
	t->key = sci_strdup(key);
	t->origin = sci_strdup(origin ? origin : "");
	t->r = sci_calloc(n, sizeof(*t->r));
	t->n = n;
	for (i = 0; i < n; i++) {
		t->r[i] = s->results[i];
		t->r[i].callee = sci_strdup(s->results[i].callee);
	}
	t->next = set->tallies[h];
	set->tallies[h] = t;
	tally_count(set, t, 1);
	filed_add(set, t->origin, key, 1);
}

static void tally_add(sci_summary_set *set, const sci_summary *s,
		      const char *origin)
{
	size_t ng = s->ngdefs + s->ngwrites, i;
	char *key, **gv;

	if (!s->name || !*s->name)
		return;
	key = sci_realloc(NULL, strlen(s->file ? s->file : "") +
				strlen(s->name) + 2);
	sprintf(key, "%s\n%s", s->file ? s->file : "", s->name);
	gv = ng ? sci_calloc(ng, sizeof(*gv)) : NULL;
	for (i = 0; i < s->ngdefs; i++)
		gv[i] = sci_printf_dup("d:%s", s->gdefs[i]);
	for (i = 0; i < s->ngwrites; i++)
		gv[s->ngdefs + i] = sci_printf_dup("w:%s", s->gwrites[i]);
	tally_put(set, key, origin, s, gv, ng);
	free_names(gv, ng);
	free(key);
}

void sci_summary_set_call_args(const sci_summary_set *set, const char *callee,
			       sci_summary_args_fn fn, void *payload)
{
	const entry *e = set && callee ? lookup(set, callee, 0) : NULL;
	size_t i, n = callee ? strlen(callee) : 0;

	for (i = 0; e && i < e->nrefs; i++) {
		const tally *t = e->refs[i].t;
		const char *nl = strchr(t->key, '\n');
		char *file;

		if (!nl)
			continue;
		file = sci_realloc(NULL, (size_t)(nl - t->key) + 1);
		memcpy(file, t->key, (size_t)(nl - t->key));
		file[nl - t->key] = '\0';
		fn(file, nl + 1, t->line, t->args[e->refs[i].k] + n + 1, payload);
		free(file);
	}
}

int sci_summary_set_global_value(const sci_summary_set *set, const char *name,
				 long long *v)
{
	const entry *g = set && name ? lookup(set, name, 0) : NULL;
	size_t k;
	int found = 0;

	if (!g || !g->gdefs || g->gunknown)
		return 0;
	for (k = 0; k < g->nvals; k++) {
		if (!g->vals[k].n)
			continue;
		if (found && *v != g->vals[k].v)
			return 0;
		*v = g->vals[k].v;
		found = 1;
	}
	return found;
}

int sci_summary_set_result_counts(const sci_summary_set *set,
				  const char *callee, unsigned *used,
				  unsigned *discarded)
{
	const entry *t = set && callee ? lookup(set, callee, 0) : NULL;

	*used = t ? t->used : 0;
	*discarded = t ? t->discarded : 0;
	return t && (t->used || t->discarded);
}

static void def_free(def *d)
{
	free(d->digest);
	free(d->origin);
	sci_summary_free(d->s);
	free(d);
}

void sci_summary_set_free(sci_summary_set *set)
{
	size_t i;

	if (!set)
		return;
	for (i = 0; i < set->nbuckets; i++) {
		entry *e = set->buckets[i], *en;

		for (; e; e = en) {
			def *d = e->defs, *dn;

			en = e->next;
			for (; d; d = dn) {
				dn = d->next;
				def_free(d);
			}
			free(e->name);
			free(e->vals);
			free(e->refs);
			free(e);
		}
		while (set->tallies[i]) {
			tally *t = set->tallies[i];

			set->tallies[i] = t->next;
			tally_free(t);
		}
	}
	for (i = 0; i < ORIGIN_BUCKETS; i++)
		while (set->origins[i]) {
			filed *f = set->origins[i];

			set->origins[i] = f->next;
			filed_clear(f);
			free(f->origin);
			free(f);
		}
	free(set->tallies);
	free(set->buckets);
	free(set);
}

static entry *lookup(const sci_summary_set *set, const char *name, int add)
{
	size_t h = hash(name, set->nbuckets);
	entry *e;

	for (e = set->buckets[h]; e; e = e->next)
		if (strcmp(e->name, name) == 0)
			return e;
	if (!add)
		return NULL;
	e = sci_calloc(1, sizeof(*e));
	e->name = sci_strdup(name);
	e->next = set->buckets[h];
	set->buckets[h] = e;
	((sci_summary_set *)set)->n++;
	return e;
}

void sci_summary_set_add(sci_summary_set *set, const sci_summary *s,
			 const char *origin)
{
	entry *e;
	def *d;

	tally_add(set, s, origin);
	if (s->is_static || !s->name || !*s->name)
		return;
	e = lookup(set, s->name, 1);
	filed_add(set, origin, s->name, 0);
	for (d = e->defs; d; d = d->next)
		if (strcmp(d->origin, origin ? origin : "") == 0) {
			sci_summary_free(d->s);
			d->s = sci_summary_dup(s);
			free(d->digest);
			d->digest = NULL;
			return;
		}
	d = sci_calloc(1, sizeof(*d));
	d->origin = sci_strdup(origin ? origin : "");
	d->s = sci_summary_dup(s);
	d->next = e->defs;
	e->defs = d;
}

void sci_summary_set_merge(sci_summary_set *dst, const sci_summary_set *src)
{
	size_t i;

	for (i = 0; src && i < src->nbuckets; i++) {
		const entry *e;
		const def *d;

		const tally *t;

		for (e = src->buckets[i]; e; e = e->next)
			for (d = e->defs; d; d = d->next)
				sci_summary_set_add(dst, d->s, d->origin);
		for (t = src->tallies[i]; t; t = t->next) {
			sci_summary calls = { 0 };

			calls.results = t->r;
			calls.nresults = t->n;
			calls.call_args = t->args;
			calls.ncall_args = t->nargs;
			calls.line = t->line;
			tally_put(dst, t->key, t->origin, &calls, t->gv, t->ngv);
		}
	}
}

void sci_summary_set_drop_origin(sci_summary_set *set, const char *origin)
{
	filed *f = filed_of(set, origin, 0);
	size_t i;

	if (!f)
		return;
	for (i = 0; i < f->nkeys; i++) {
		tally **tp = &set->tallies[hash(f->keys[i], set->nbuckets)];

		for (; *tp; tp = &(*tp)->next)
			if (strcmp((*tp)->key, f->keys[i]) == 0) {
				if (strcmp((*tp)->origin, origin) == 0)
					tally_remove(set, tp);
				break;
			}
	}
	for (i = 0; i < f->nnames; i++) {
		entry *e = lookup(set, f->names[i], 0);
		def **pp = e ? &e->defs : NULL;

		while (pp && *pp) {
			if (strcmp((*pp)->origin, origin) == 0) {
				def *d = *pp;

				*pp = d->next;
				def_free(d);
			} else {
				pp = &(*pp)->next;
			}
		}
	}
	filed_clear(f);
}

const sci_summary *sci_summary_set_find(const sci_summary_set *set,
					const char *name)
{
	const entry *e;
	const def *d;

	if (!set || !name)
		return NULL;
	e = lookup(set, name, 0);
	if (!e || !e->defs)
		return NULL;
	/* one program's main() is another's: only agreeing definitions */
	for (d = e->defs->next; d; d = d->next)
		if (!sci_summary_same_facts(d->s, e->defs->s))
			return NULL;
	return e->defs->s;
}

const sci_summary *sci_summary_set_find_origin(const sci_summary_set *set,
					       const char *name,
					       const char *origin)
{
	const entry *e = set && name ? lookup(set, name, 0) : NULL;
	const def *d;

	for (d = e ? e->defs : NULL; d; d = d->next)
		if (strcmp(d->origin, origin) == 0)
			return d->s;
	return NULL;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * A shallow copy of @s without where it is written and what it calls or
 * passes on: those do not change what a call of it does.
 */
static sci_summary what_it_does(const sci_summary *s)
{
	sci_summary facts = *s;

	facts.file = NULL;
	facts.line = 0;
	facts.calls = NULL;
	facts.ncalls = 0;
	facts.call_args = NULL;
	facts.ncall_args = 0;
	return facts;
}

/*
 * What @d's summary says a call does, as sci_summary_set_digest() words
 * it (without where it is written), hashed once and kept until it is
 * replaced: the callers' digests of every settling round ask again.
 */
static const char *def_digest(def *d)
{
	unsigned char digest[SCI_SHA256_LEN];
	sci_summary facts;
	char *text;

	if (d->digest)
		return d->digest;
	facts = what_it_does(d->s);
	text = sci_summary_format(&facts);
	sci_sha256(digest, text, strlen(text));
	free(text);
	d->digest = sci_calloc(65, 1);
	sci_sha256_hex(d->digest, digest);
	return d->digest;
}

void sci_summary_set_names_digest(const sci_summary_set *set,
				  char *const *names, size_t n, char out[65])
{
	unsigned char digest[SCI_SHA256_LEN];
	sci_sha256_ctx ctx;
	size_t i;

	sci_sha256_init(&ctx);
	sci_sha256_field(&ctx, "names-v1");
	for (i = 0; i < n; i++) {
		const entry *e = set ? lookup(set, names[i], 0) : NULL;

		/* the one sci_summary_set_find() answers with, or none */
		if (!e || !e->defs || !sci_summary_set_find(set, names[i]))
			continue;
		sci_sha256_field(&ctx, names[i]);
		sci_sha256_field(&ctx, def_digest(e->defs));
	}
	sci_sha256_final(&ctx, digest);
	sci_sha256_hex(out, digest);
}

void sci_summary_set_digest(const sci_summary_set *set, char out[65])
{
	unsigned char digest[SCI_SHA256_LEN];
	sci_sha256_ctx ctx;
	char **lines = NULL;
	size_t i, n = 0, cap = 0;

	for (i = 0; set && i < set->nbuckets; i++) {
		const entry *e;
		const def *d;

		for (e = set->buckets[i]; e; e = e->next)
			for (d = e->defs; d; d = d->next) {
				sci_summary facts = what_it_does(d->s);
				char *text;

				facts.results = NULL;	/* in the sums below */
				facts.nresults = 0;
				text = sci_summary_format(&facts);
				if (n == cap) {
					cap = cap ? cap * 2 : 256;
					lines = sci_realloc(lines, cap * sizeof(*lines));
				}
				lines[n] = sci_realloc(NULL, strlen(d->origin) +
							     strlen(text) + 2);
				sprintf(lines[n++], "%s %s", d->origin, text);
				free(text);
			}
	}
	/* unchecked-return's findings depend on the sums */
	for (i = 0; set && i < set->nbuckets; i++) {
		const entry *t;

		for (t = set->buckets[i]; t; t = t->next) {
			if (!t->used && !t->discarded)
				continue;
			if (n == cap) {
				cap = cap ? cap * 2 : 256;
				lines = sci_realloc(lines, cap * sizeof(*lines));
			}
			lines[n] = sci_printf_dup("= %s %u %u", t->name,
						  t->used, t->discarded);
			n++;
		}
	}
	if (n)
		qsort(lines, n, sizeof(*lines), cmp_str);
	sci_sha256_init(&ctx);
	for (i = 0; i < n; i++) {
		sci_sha256_field(&ctx, lines[i]);
		free(lines[i]);
	}
	free(lines);
	sci_sha256_final(&ctx, digest);
	sci_sha256_hex(out, digest);
}

size_t sci_summary_set_count(const sci_summary_set *set)
{
	size_t i, n = 0;

	for (i = 0; set && i < set->nbuckets; i++) {
		const entry *e;

		for (e = set->buckets[i]; e; e = e->next)
			n += sci_summary_set_find(set, e->name) != NULL;
	}
	return n;
}
