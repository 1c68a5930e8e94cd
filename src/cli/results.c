/*
 * results.c - writing and reading a shard's results file (results.h,
 * docs/results-file.md).
 *
 * Diagnostics are stored as the objects of report/jsonl.h, so a finding
 * crosses from a shard to the merge exactly as it crosses from a worker
 * to the driver; a finding's extra members ("touched", "cause") sit next
 * to them and the diagnostic parser ignores them.
 */
#include "cli/results.h"
#include "report/jsonl.h"
#include "util/alloc.h"
#include "util/atomic.h"
#include "util/error.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Larger is not a results file this smatch-ci wrote. */
#define MAX_FILE_BYTES ((size_t)1 << 30)

sci_results *sci_results_new(void)
{
	return sci_calloc(1, sizeof(sci_results));
}

void sci_results_free(sci_results *r)
{
	size_t i;

	if (!r)
		return;
	for (i = 0; i < r->nfindings; i++) {
		sci_diag_free(r->findings[i].diag);
		free(r->findings[i].cause.path);
		free(r->findings[i].cause.message);
		free(r->findings[i].suppression);
	}
	free(r->findings);
	for (i = 0; i < r->nfiles; i++)
		free(r->files[i]);
	free(r->files);
	sci_diag_list_clear(&r->base);
	sci_diag_list_clear(&r->base_suppressed);
	sci_diag_list_clear(&r->failures);
	free(r->tool_version);
	free(r->options);
	sci_strv_clear(&r->plugins);
	free(r->head_sha);
	free(r->base_ref);
	free(r->base_sha);
	free(r);
}

sci_results_finding *sci_results_add_finding(sci_results *r, sci_diag *d,
					     int touched)
{
	sci_results_finding *f;

	r->findings = sci_realloc(r->findings,
				  (r->nfindings + 1) * sizeof(*r->findings));
	f = &r->findings[r->nfindings++];
	memset(f, 0, sizeof(*f));
	f->diag = d;
	f->touched = touched;
	return f;
}

/* ------------------------------------------------------------ writing */

static json_t *diag_json(const sci_diag *d)
{
	char *text = NULL;
	json_t *o;

	if (sci_jsonl_format(&text, d) < 0)
		return NULL;
	o = json_loads(text, 0, NULL);
	free(text);
	return o;
}

static int add_list(json_t *root, const char *key, const sci_diag_list *l)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < l->n; i++) {
		json_t *o = diag_json(l->items[i]);

		if (!o || json_array_append_new(a, o) < 0) {
			json_decref(a);
			return sci_error_set(SCI_EJSON, "cannot encode a diagnostic");
		}
	}
	return json_object_set_new(root, key, a) < 0 ?
	       sci_error_set(SCI_EJSON, "cannot encode the results") : 0;
}

static int add_findings(json_t *root, const sci_results *r)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < r->nfindings; i++) {
		const sci_results_finding *f = &r->findings[i];
		json_t *o = diag_json(f->diag);

		if (!o) {
			json_decref(a);
			return sci_error_set(SCI_EJSON, "cannot encode a finding");
		}
		json_object_set_new(o, "touched", json_boolean(f->touched));
		if (f->cause.path)
			json_object_set_new(o, "cause",
					    json_pack("{s:s,s:I,s:s}", "path",
						      f->cause.path, "line",
						      (json_int_t)f->cause.line,
						      "message",
						      f->cause.message ?
						      f->cause.message : ""));
		if (f->suppression)
			json_object_set_new(o, "suppression",
					    json_string(f->suppression));
		json_array_append_new(a, o);
	}
	return json_object_set_new(root, "findings", a) < 0 ?
	       sci_error_set(SCI_EJSON, "cannot encode the results") : 0;
}

static int add_files(json_t *root, const sci_results *r)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < r->nfiles; i++)
		if (json_array_append_new(a, json_string(r->files[i])) < 0) {
			json_decref(a);
			return sci_error_set(SCI_EJSON, "cannot encode a file name");
		}
	return json_object_set_new(root, "files", a) < 0 ?
	       sci_error_set(SCI_EJSON, "cannot encode the results") : 0;
}

static json_t *build(const sci_results *r)
{
	json_t *root = json_pack("{s:i,s:s,s:s?,s:{s:I,s:I},s:s?,s:s?,s:b,s:{s:I,s:I,s:I,s:I}}",
				 "version", SCI_RESULTS_VERSION,
				 "tool", SCI_RESULTS_TOOL,
				 "tool_version", r->tool_version,
				 "shard", "index", (json_int_t)r->shard_k,
				 "count", (json_int_t)r->shard_n,
				 "options", r->options,
				 "head", r->head_sha,
				 "allow_unanalyzed", r->allow_unanalyzed,
				 "tus", "planned", (json_int_t)r->tus_planned,
				 "analyzed", (json_int_t)r->tus_analyzed,
				 "failed", (json_int_t)r->tus_failed,
				 "unanalyzed", (json_int_t)r->unanalyzed);

	if (!root)
		return NULL;
	/* only with plugins: files of runs without any stay as they were */
	if (r->plugins.n) {
		json_t *a = json_array();
		size_t i;

		for (i = 0; i < r->plugins.n; i++)
			json_array_append_new(a, json_string(r->plugins.v[i]));
		json_object_set_new(root, "plugins", a);
	}
	json_object_set_new(root, "base", r->base_ref ?
			    json_pack("{s:s,s:s}", "ref", r->base_ref, "sha",
				      r->base_sha ? r->base_sha : "") :
			    json_null());
	if (add_findings(root, r) < 0 || add_list(root, "base_findings", &r->base) < 0 ||
	    add_list(root, "base_suppressed", &r->base_suppressed) < 0 ||
	    add_list(root, "failures", &r->failures) < 0 || add_files(root, r) < 0) {
		json_decref(root);
		return NULL;
	}
	return root;
}

int sci_results_write(const char *path, const sci_results *r)
{
	sci_atomic_file *af = NULL;
	json_t *root = build(r);
	int error;

	if (!root)
		return sci_error_set(SCI_EJSON, "cannot encode the results for '%s'",
				     path);
	if ((error = sci_atomic_open(&af, path)) < 0)
		goto done;
	if (json_dumpf(root, sci_atomic_stream(af),
		       JSON_SORT_KEYS | JSON_INDENT(1)) < 0 ||
	    fputc('\n', sci_atomic_stream(af)) == EOF) {
		sci_atomic_abort(af);
		error = sci_error_set(SCI_EIO, "cannot write '%s'", path);
		goto done;
	}
	error = sci_atomic_commit(af);
done:
	json_decref(root);
	return error;
}

/* ------------------------------------------------------------ reading */

typedef struct {
	const char *source;
	json_t *root;
} reader;

static int bad(const reader *rd, const char *fmt, const char *what)
{
	char msg[512];

	snprintf(msg, sizeof(msg), fmt, what);
	return sci_error_set(SCI_EINVALID, "%s: %s", rd->source, msg);
}

static int get_count(size_t *out, const reader *rd, json_t *o, const char *key,
		     const char *where)
{
	json_t *v = json_object_get(o, key);
	char name[128];

	snprintf(name, sizeof(name), "%s\"%s\"", where, key);
	if (!json_is_integer(v))
		return bad(rd, "%s is missing or not an integer", name);
	if (json_integer_value(v) < 0 || json_integer_value(v) > (json_int_t)UINT_MAX)
		return bad(rd, "%s is out of range", name);
	*out = (size_t)json_integer_value(v);
	return 0;
}

static int get_str(char **out, const reader *rd, json_t *o, const char *key,
		   const char *where)
{
	json_t *v = json_object_get(o, key);
	char name[128];

	snprintf(name, sizeof(name), "%s\"%s\"", where, key);
	if (!json_is_string(v))
		return bad(rd, "%s is missing or not a string", name);
	*out = sci_strdup(json_string_value(v));
	return 0;
}

/* One diagnostic of @key[@i]: through the worker protocol's parser. */
static int read_diag(sci_diag **out, const reader *rd, json_t *o,
		     const char *key, size_t i)
{
	char *text;
	int error;

	*out = NULL;
	if (!json_is_object(o))
		return sci_error_set(SCI_EINVALID, "%s: \"%s\"[%zu] is not an object",
				     rd->source, key, i);
	text = json_dumps(o, JSON_COMPACT);
	if (!text)
		return sci_error_set(SCI_EJSON, "%s: \"%s\"[%zu] cannot be encoded",
				     rd->source, key, i);
	error = sci_jsonl_parse(out, text);
	free(text);
	if (error < 0) {
		char why[512];

		snprintf(why, sizeof(why), "%s", sci_error_last());
		return sci_error_set(SCI_EINVALID, "%s: \"%s\"[%zu]: %s",
				     rd->source, key, i, why);
	}
	return 0;
}

static int read_list(sci_diag_list *out, const reader *rd, const char *key)
{
	json_t *a = json_object_get(rd->root, key), *o;
	size_t i;
	int error;

	if (!json_is_array(a))
		return bad(rd, "\"%s\" is missing or not an array", key);
	json_array_foreach(a, i, o) {
		sci_diag *d;

		if ((error = read_diag(&d, rd, o, key, i)) < 0)
			return error;
		sci_diag_list_take(out, d);
	}
	return 0;
}

static int read_cause(sci_results_finding *f, const reader *rd, json_t *c,
		      size_t i)
{
	json_t *path = json_object_get(c, "path"), *line = json_object_get(c, "line");
	json_t *msg = json_object_get(c, "message");

	if (!json_is_object(c) || !json_is_string(path) || !json_is_string(msg) ||
	    !json_is_integer(line) || json_integer_value(line) < 0 ||
	    json_integer_value(line) > (json_int_t)UINT_MAX)
		return sci_error_set(SCI_EINVALID,
				     "%s: \"findings\"[%zu]: \"cause\" is not {path, line, message}",
				     rd->source, i);
	f->cause.path = sci_strdup(json_string_value(path));
	f->cause.line = (unsigned)json_integer_value(line);
	f->cause.message = sci_strdup(json_string_value(msg));
	return 0;
}

static int read_findings(sci_results *r, const reader *rd)
{
	json_t *a = json_object_get(rd->root, "findings"), *o;
	size_t i;
	int error;

	if (!json_is_array(a))
		return bad(rd, "\"%s\" is missing or not an array", "findings");
	json_array_foreach(a, i, o) {
		sci_results_finding *f;
		json_t *touched, *cause, *why;
		sci_diag *d;

		if ((error = read_diag(&d, rd, o, "findings", i)) < 0)
			return error;
		touched = json_object_get(o, "touched");
		if (!json_is_boolean(touched)) {
			sci_diag_free(d);
			return sci_error_set(SCI_EINVALID,
					     "%s: \"findings\"[%zu]: \"touched\" is missing or not a boolean",
					     rd->source, i);
		}
		f = sci_results_add_finding(r, d, json_is_true(touched));
		cause = json_object_get(o, "cause");
		if (cause && (error = read_cause(f, rd, cause, i)) < 0)
			return error;
		why = json_object_get(o, "suppression");
		if (why && !json_is_string(why))
			return sci_error_set(SCI_EINVALID,
					     "%s: \"findings\"[%zu]: \"suppression\" is not a string",
					     rd->source, i);
		if (why)
			f->suppression = sci_strdup(json_string_value(why));
	}
	return 0;
}

/* "files": optional, so the first version-1 writers' files still read */
static int read_files(sci_results *r, const reader *rd)
{
	json_t *a = json_object_get(rd->root, "files"), *v;
	size_t i;

	if (!a)
		return 0;
	if (!json_is_array(a))
		return bad(rd, "\"%s\" is not an array", "files");
	r->files = sci_calloc(json_array_size(a) + 1, sizeof(*r->files));
	json_array_foreach(a, i, v) {
		if (!json_is_string(v))
			return sci_error_set(SCI_EINVALID, "%s: \"files\"[%zu] is not a string",
					     rd->source, i);
		r->files[r->nfiles++] = sci_strdup(json_string_value(v));
	}
	return 0;
}

/* "plugins": optional, an array of SHA-256 hex digests. */
static int read_plugins(sci_results *r, const reader *rd)
{
	json_t *a = json_object_get(rd->root, "plugins"), *v;
	size_t i;

	if (!a)
		return 0;
	if (!json_is_array(a))
		return bad(rd, "%s is not an array", "\"plugins\"");
	json_array_foreach(a, i, v) {
		const char *s = json_string_value(v);

		if (!s || strlen(s) != 64 ||
		    strspn(s, "0123456789abcdef") != 64)
			return bad(rd, "%s holds something other than SHA-256 digests",
				   "\"plugins\"");
		sci_strv_push(&r->plugins, s);
	}
	return 0;
}

static int read_header(sci_results *r, const reader *rd)
{
	json_t *root = rd->root, *v, *shard, *tus, *base;
	size_t k, n;
	int error;

	v = json_object_get(root, "version");
	if (!json_is_integer(v))
		return bad(rd, "%s is missing or not an integer (is this a smatch-ci results file?)",
			   "\"version\"");
	if (json_integer_value(v) != SCI_RESULTS_VERSION) {
		char num[32];

		snprintf(num, sizeof(num), "%lld", (long long)json_integer_value(v));
		return sci_error_set(SCI_EINVALID,
				     "%s: format version %s is not supported (this smatch-ci reads version %d)",
				     rd->source, num, SCI_RESULTS_VERSION);
	}
	v = json_object_get(root, "tool");
	if (!json_is_string(v) || strcmp(json_string_value(v), SCI_RESULTS_TOOL) != 0)
		return bad(rd, "\"tool\" is not \"%s\"", SCI_RESULTS_TOOL);
	if ((error = get_str(&r->tool_version, rd, root, "tool_version", "")) < 0 ||
	    (error = get_str(&r->options, rd, root, "options", "")) < 0 ||
	    (error = get_str(&r->head_sha, rd, root, "head", "")) < 0)
		return error;
	shard = json_object_get(root, "shard");
	if (!json_is_object(shard))
		return bad(rd, "%s is missing or not an object", "\"shard\"");
	if ((error = get_count(&k, rd, shard, "index", "\"shard\".")) < 0 ||
	    (error = get_count(&n, rd, shard, "count", "\"shard\".")) < 0)
		return error;
	if (n < 1 || n > 1024 || k < 1 || k > n)
		return bad(rd, "%s is not K of N with 1 <= K <= N <= 1024",
			   "\"shard\"");
	r->shard_k = (unsigned)k;
	r->shard_n = (unsigned)n;
	v = json_object_get(root, "allow_unanalyzed");
	if (!json_is_boolean(v))
		return bad(rd, "%s is missing or not a boolean", "\"allow_unanalyzed\"");
	r->allow_unanalyzed = json_is_true(v);
	tus = json_object_get(root, "tus");
	if (!json_is_object(tus))
		return bad(rd, "%s is missing or not an object", "\"tus\"");
	if ((error = get_count(&r->tus_planned, rd, tus, "planned", "\"tus\".")) < 0 ||
	    (error = get_count(&r->tus_analyzed, rd, tus, "analyzed", "\"tus\".")) < 0 ||
	    (error = get_count(&r->tus_failed, rd, tus, "failed", "\"tus\".")) < 0 ||
	    (error = get_count(&r->unanalyzed, rd, tus, "unanalyzed", "\"tus\".")) < 0)
		return error;
	if (r->tus_analyzed > r->tus_planned || r->tus_failed > r->tus_analyzed ||
	    r->unanalyzed > r->tus_failed)
		return bad(rd, "%s: counts do not add up (unanalyzed <= failed <= analyzed <= planned)",
			   "\"tus\"");
	base = json_object_get(root, "base");
	if (!base)
		return bad(rd, "%s is missing (null when there is no base)", "\"base\"");
	if (json_is_object(base)) {
		if ((error = get_str(&r->base_ref, rd, base, "ref", "\"base\".")) < 0 ||
		    (error = get_str(&r->base_sha, rd, base, "sha", "\"base\".")) < 0)
			return error;
	} else if (!json_is_null(base)) {
		return bad(rd, "%s is not an object or null", "\"base\"");
	}
	return 0;
}

int sci_results_parse(sci_results **out, const char *text, size_t len,
		      const char *source)
{
	sci_results *r = sci_results_new();
	json_error_t jerr;
	reader rd = { source, NULL };
	int error;

	*out = NULL;
	rd.root = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
	if (!rd.root) {
		error = sci_error_set(SCI_EJSON, "%s:%d:%d: %s", source, jerr.line,
				      jerr.column, jerr.text);
		goto done;
	}
	if (!json_is_object(rd.root)) {
		error = bad(&rd, "%s", "not a JSON object");
		goto done;
	}
	if ((error = read_header(r, &rd)) < 0 ||
	    (error = read_plugins(r, &rd)) < 0 ||
	    (error = read_findings(r, &rd)) < 0 ||
	    (error = read_list(&r->base, &rd, "base_findings")) < 0 ||
	    (error = read_list(&r->failures, &rd, "failures")) < 0 ||
	    (json_object_get(rd.root, "base_suppressed") &&
	     (error = read_list(&r->base_suppressed, &rd, "base_suppressed")) < 0) ||
	    (error = read_files(r, &rd)) < 0)
		goto done;
	if (r->base.n && !r->base_ref) {
		error = bad(&rd, "%s", "\"base_findings\" without a \"base\"");
		goto done;
	}
	*out = r;
	r = NULL;
done:
	json_decref(rd.root);
	sci_results_free(r);
	return error;
}

int sci_results_read(sci_results **out, const char *path)
{
	FILE *f;
	char *buf = NULL;
	size_t len = 0, cap = 0, got;
	int error;

	*out = NULL;
	if (!(f = fopen(path, "rb")))
		return sci_error_set(errno == ENOENT ? SCI_ENOTFOUND : SCI_EIO,
				     "cannot read results file '%s': %s", path,
				     strerror(errno));
	do {
		if (len == cap) {
			cap = cap ? cap * 2 : 65536;
			buf = sci_realloc(buf, cap);
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
	} while (got && len <= MAX_FILE_BYTES);
	if (ferror(f))
		error = sci_error_set(SCI_EIO, "cannot read results file '%s'", path);
	else if (len > MAX_FILE_BYTES)
		error = sci_error_set(SCI_EINVALID, "%s: larger than 1 GiB: not a results file",
				      path);
	else
		error = sci_results_parse(out, buf, len, path);
	fclose(f);
	free(buf);
	return error;
}
