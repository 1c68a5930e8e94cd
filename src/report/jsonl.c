/*
 * jsonl.c - diagnostics to and from single JSON lines (jansson).
 *
 * Trees are built with the reference-stealing setters only, so each
 * function has exactly one json_decref(), on its root (style.md §5).
 */
#include "report/report_int.h"
#include "report/jsonl.h"
#include "util/alloc.h"
#include "util/error.h"

#include <jansson.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static json_t *loc_new(const char *path, unsigned line, unsigned col,
		       const char *message)
{
	json_t *o = json_object();

	if (!o)
		return NULL;
	if (json_object_set_new(o, "path", sci_report__str_new(path)) < 0 ||
	    json_object_set_new(o, "line", json_integer(line)) < 0 ||
	    json_object_set_new(o, "column", json_integer(col)) < 0 ||
	    json_object_set_new(o, "message", sci_report__str_new(message)) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *locs_new(const sci_diag_loc *v, size_t n)
{
	json_t *a = json_array();
	size_t i;

	if (!a)
		return NULL;
	for (i = 0; i < n; i++) {
		const sci_diag_loc *l = &v[i];

		if (json_array_append_new(a, loc_new(l->path, l->line, l->col,
						      l->message)) < 0) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

static json_t *diag_object(const sci_diag *d)
{
	json_t *o = loc_new(d->path, d->line, d->col, d->message);

	if (!o)
		return NULL;
	if (json_object_set_new(o, "rule", sci_report__str_new(d->rule)) < 0 ||
	    json_object_set_new(o, "level",
				json_string(sci_level_name(d->level))) < 0 ||
	    json_object_set_new(o, "function", sci_report__str_new(d->function)) < 0 ||
	    json_object_set_new(o, "key", sci_report__str_new(d->key)) < 0 ||
	    json_object_set_new(o, "related",
				locs_new(d->related, d->nrelated)) < 0 ||
	    (d->nsteps &&
	     json_object_set_new(o, "steps",
				 locs_new(d->steps, d->nsteps)) < 0)) {
		json_decref(o);
		return NULL;
	}
	if (d->fix_line &&
	    json_object_set_new(o, "fix",
				json_pack("{sIsIsIss}",
					  "line", (json_int_t)d->fix_line,
					  "column", (json_int_t)d->fix_col,
					  "end_column", (json_int_t)d->fix_end_col,
					  "text", d->fix_text)) < 0) {
		json_decref(o);
		return NULL;
	}
	if (d->fn_first &&
	    json_object_set_new(o, "function_lines",
				json_pack("[II]", (json_int_t)d->fn_first,
					  (json_int_t)d->fn_last)) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static int dump_line(char **out, json_t *o)
{
	char *text = o ? json_dumps(o, JSON_SORT_KEYS | JSON_COMPACT) : NULL;

	json_decref(o);
	*out = text;
	if (!text)
		return sci_error_set(SCI_EJSON, "cannot format diagnostic as JSON");
	return 0;
}

int sci_jsonl_format(char **out, const sci_diag *d)
{
	return dump_line(out, diag_object(d));
}

int sci_jsonl_format_result(char **out, const sci_result *r)
{
	json_t *o = diag_object(r->diag);

	if (o && (json_object_set_new(o, "class",
				      json_string(sci_class_name(r->cls))) < 0 ||
		  json_object_set_new(o, "fingerprint",
				      json_string(r->fingerprint)) < 0 ||
		  json_object_set_new(o, "touched", json_boolean(r->touched)) < 0 ||
		  (r->in_source &&
		   json_object_set_new(o, "in_source", json_true()) < 0))) {
		json_decref(o);
		o = NULL;
	}
	return dump_line(out, o);
}

static int write_text_line(FILE *f, char *text, int error)
{
	if (error == 0 && (fputs(text, f) == EOF || fputc('\n', f) == EOF))
		error = sci_error_set(SCI_EIO, "cannot write JSON output");
	free(text);
	return error;
}

int sci_jsonl_write_result(FILE *f, const sci_result *r)
{
	char *text = NULL;
	int error = sci_jsonl_format_result(&text, r);

	return write_text_line(f, text, error);
}

int sci_jsonl_write(FILE *f, const sci_diag *d)
{
	char *text = NULL;
	int error = sci_jsonl_format(&text, d);

	return write_text_line(f, text, error);
}

/* Reads member @key of @o as a string; @required: absent is an error. */
static int get_string(const char **out, json_t *o, const char *key,
		      int required, const char *what)
{
	json_t *v = json_object_get(o, key);

	*out = "";
	if (!v) {
		if (!required)
			return 0;
		return sci_error_set(SCI_EINVALID, "%s: missing \"%s\"",
				     what, key);
	}
	if (!json_is_string(v))
		return sci_error_set(SCI_EINVALID,
				     "%s: \"%s\" is not a string", what, key);
	*out = json_string_value(v);
	return 0;
}

static int get_uint(unsigned *out, json_t *o, const char *key, int required,
		    const char *what)
{
	json_t *v = json_object_get(o, key);
	json_int_t n;

	*out = 0;
	if (!v) {
		if (!required)
			return 0;
		return sci_error_set(SCI_EINVALID, "%s: missing \"%s\"",
				     what, key);
	}
	if (!json_is_integer(v))
		return sci_error_set(SCI_EINVALID,
				     "%s: \"%s\" is not an integer", what, key);
	n = json_integer_value(v);
	if (n < 0 || n > (json_int_t)UINT_MAX)
		return sci_error_set(SCI_EINVALID,
				     "%s: \"%s\" is out of range", what, key);
	*out = (unsigned)n;
	return 0;
}

/* "related" or "steps": [{"path", "line", "column", "message"}...] */
static int parse_locs(sci_diag *d, json_t *a, const char *key,
		      void (*add)(sci_diag *, const char *, unsigned,
				  unsigned, const char *))
{
	const char *path, *message;
	unsigned line, col;
	json_t *l;
	size_t i;
	int error;

	if (!json_is_array(a))
		return sci_error_set(SCI_EINVALID,
				     "diagnostic: \"%s\" is not an array", key);
	json_array_foreach(a, i, l) {
		if (!json_is_object(l))
			return sci_error_set(SCI_EINVALID,
					     "diagnostic: \"%s\"[%zu]: not an object",
					     key, i);
		if ((error = get_string(&path, l, "path", 1, key)) < 0 ||
		    (error = get_uint(&line, l, "line", 1, key)) < 0 ||
		    (error = get_uint(&col, l, "column", 0, key)) < 0 ||
		    (error = get_string(&message, l, "message", 0, key)) < 0)
			return error;
		add(d, path, line, col, message);
	}
	return 0;
}

/* "function_lines": [first, last], both lines of d->path. */
static int parse_function_lines(sci_diag *d, json_t *a)
{
	json_t *first = json_array_get(a, 0), *last = json_array_get(a, 1);

	if (!json_is_array(a) || json_array_size(a) != 2 ||
	    !json_is_integer(first) || !json_is_integer(last) ||
	    json_integer_value(first) < 0 ||
	    json_integer_value(last) < json_integer_value(first) ||
	    json_integer_value(last) > (json_int_t)UINT_MAX)
		return sci_error_set(SCI_EINVALID,
				     "diagnostic: \"function_lines\" is not [first, last]");
	d->fn_first = (unsigned)json_integer_value(first);
	d->fn_last = (unsigned)json_integer_value(last);
	return 0;
}

/* "fix": {"line", "column", "end_column", "text"} in d->path. */
static int parse_fix(sci_diag *d, json_t *o)
{
	const char *what = "fix", *text;
	unsigned line, col, end;
	int error;

	if (!json_is_object(o))
		return sci_error_set(SCI_EINVALID, "diagnostic: \"fix\" is not an object");
	if ((error = get_uint(&line, o, "line", 1, what)) < 0 ||
	    (error = get_uint(&col, o, "column", 1, what)) < 0 ||
	    (error = get_uint(&end, o, "end_column", 1, what)) < 0 ||
	    (error = get_string(&text, o, "text", 1, what)) < 0)
		return error;
	if (!line || !col || end < col)
		return sci_error_set(SCI_EINVALID, "fix: bad region");
	sci_diag_set_fix(d, line, col, end, text);
	return 0;
}

int sci_jsonl_parse(sci_diag **out, const char *line)
{
	const char *rule, *level_name, *path, *function, *key, *message;
	const char *what = "diagnostic";
	json_error_t jerr;
	json_t *o = NULL, *rel, *steps, *fn_lines, *fix;
	sci_diag *d = NULL;
	unsigned ln, col;
	sci_level level;
	int error;

	*out = NULL;
	if (!(o = json_loads(line, JSON_REJECT_DUPLICATES, &jerr))) {
		error = sci_error_set(SCI_EJSON, "diagnostic:%d:%d: %s",
				      jerr.line, jerr.column, jerr.text);
		goto done;
	}
	if (!json_is_object(o)) {
		error = sci_error_set(SCI_EINVALID,
				      "diagnostic: not a JSON object");
		goto done;
	}
	if ((error = get_string(&rule, o, "rule", 1, what)) < 0 ||
	    (error = get_string(&level_name, o, "level", 1, what)) < 0 ||
	    (error = get_string(&path, o, "path", 1, what)) < 0 ||
	    (error = get_uint(&ln, o, "line", 1, what)) < 0 ||
	    (error = get_uint(&col, o, "column", 0, what)) < 0 ||
	    (error = get_string(&function, o, "function", 0, what)) < 0 ||
	    (error = get_string(&key, o, "key", 0, what)) < 0 ||
	    (error = get_string(&message, o, "message", 1, what)) < 0)
		goto done;
	if (!*rule) {
		error = sci_error_set(SCI_EINVALID, "diagnostic: empty \"rule\"");
		goto done;
	}
	if ((error = sci_level_parse(&level, level_name)) < 0)
		goto done;
	d = sci_diag_new(rule, level, path, ln, col, function, key, message);
	rel = json_object_get(o, "related");
	if (rel && (error = parse_locs(d, rel, "related",
				       sci_diag_add_related)) < 0)
		goto done;
	steps = json_object_get(o, "steps");
	if (steps && (error = parse_locs(d, steps, "steps",
					 sci_diag_add_step)) < 0)
		goto done;
	fix = json_object_get(o, "fix");
	if (fix && (error = parse_fix(d, fix)) < 0)
		goto done;
	fn_lines = json_object_get(o, "function_lines");
	if (fn_lines && (error = parse_function_lines(d, fn_lines)) < 0)
		goto done;
	*out = d;
	d = NULL;
	error = 0;
done:
	sci_diag_free(d);
	json_decref(o);
	return error;
}
