/*
 * sarif.c - the SARIF 2.1.0 log (see sarif.h for what goes where).
 *
 * The log is built as one jansson tree, only with the reference-stealing
 * setters (json_object_set_new, json_array_append_new), so each builder
 * frees nothing but its own root on failure and the writer decrefs one
 * root (style.md §5).  A builder returns NULL when jansson fails, which
 * in practice means out of memory.
 *
 * What GitHub code scanning adds to the schema, and why it matters here:
 * every result's ruleId must name a rule of the run (so unknown rule ids
 * get a rule of their own), levels are none/note/warning/error, URIs are
 * relative to the checkout (so %SRCROOT%), and at most 20 tags per rule.
 */
#include "report/path.h"
#include "report/report_int.h"
#include "report/sarif.h"
#include "util/alloc.h"
#include "util/error.h"

#include <ctype.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define SARIF_SCHEMA_URI "https://json.schemastore.org/sarif-2.1.0.json"
#define SRCROOT "%SRCROOT%"
#define DEFAULT_CATEGORY "smatch-ci"
/* GitHub rejects a log with more tags than this on one rule. */
#define MAX_TAGS 20

/*
 * {@key: @v}, stealing @v.  NULL @v (a failed builder) gives NULL, so
 * builders nest: wrap_new("a", wrap_new("b", sci_report__str_new(s))).
 */
static json_t *wrap_new(const char *key, json_t *v)
{
	json_t *o = json_object();

	if (json_object_set_new(o, key, v) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* [@v], stealing @v; NULL @v gives NULL. */
static json_t *array1_new(json_t *v)
{
	json_t *a = json_array();

	if (json_array_append_new(a, v) < 0) {
		json_decref(a);
		return NULL;
	}
	return a;
}

/* {"text": @s} */
static json_t *message_new(const char *s)
{
	return wrap_new("text", sci_report__str_new(s));
}

/*
 * Percent-encodes @path for a URI: every byte but RFC 3986's unreserved
 * characters and '/'.  Encoding the sub-delimiters too (rather than
 * keeping them) costs nothing and keeps a ':' in a first segment from
 * reading as a scheme.  Bytes, not characters: UTF-8 stays UTF-8 once
 * decoded, and invalid UTF-8 survives unchanged.  Returns: owned.
 */
static char *uri_encode(const char *prefix, const char *path,
			const char *suffix)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t plen = strlen(prefix), slen = strlen(suffix);
	char *out = sci_malloc(plen + 3 * strlen(path) + slen + 1);
	char *q = out + plen;
	const unsigned char *p;

	memcpy(out, prefix, plen);
	for (p = (const unsigned char *)path; *p; p++) {
		if (*p < 0x80 && isalnum(*p)) {
			*q++ = (char)*p;
		} else if (strchr("-._~/", *p)) {
			*q++ = (char)*p;
		} else {
			*q++ = '%';
			*q++ = hex[*p >> 4];
			*q++ = hex[*p & 15];
		}
	}
	memcpy(q, suffix, slen + 1);
	return out;
}

/*
 * Whether @s can stand where the schema wants format "uri": a scheme, then
 * only characters a URI may hold.  A docs path or a URI with raw spaces is
 * not one; such links are left out rather than made to fail the log.
 */
static int is_absolute_uri(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	if (!s || !isalpha(*p) || *p >= 0x80)
		return 0;
	while (*p && *p < 0x80 && (isalnum(*p) || strchr("+-.", *p)))
		p++;
	if (*p++ != ':' || !*p)
		return 0;
	for (; *p; p++)
		if (*p <= 0x20 || *p >= 0x7f || strchr("\"<>\\^`{|}", *p))
			return 0;
	return 1;
}

/* {"uri": ..., "uriBaseId": "%SRCROOT%"}, or a file:// URI if absolute. */
static json_t *artifact_location_new(const char *path, const char *srcroot)
{
	const char *rel = sci_report__rel_path(path, srcroot);
	int absolute = rel[0] == '/';
	char *uri = uri_encode(absolute ? "file://" : "", rel, "");
	json_t *o = json_object();

	if (json_object_set_new(o, "uri", json_string(uri)) < 0 ||
	    (!absolute &&
	     json_object_set_new(o, "uriBaseId", json_string(SRCROOT)) < 0)) {
		json_decref(o);
		o = NULL;
	}
	free(uri);
	return o;
}

/* {"startLine": @line, "startColumn": @col (if > 0)} */
static json_t *region_new(unsigned line, unsigned col)
{
	json_t *o = json_object();

	if (json_object_set_new(o, "startLine", json_integer(line)) < 0 ||
	    (col > 0 &&
	     json_object_set_new(o, "startColumn", json_integer(col)) < 0)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/*
 * A location; @id 0: none; @message NULL: none; @line 0: the file as a
 * whole (no region).
 */
static json_t *location_new(const char *path, unsigned line, unsigned col,
			    const char *message, int id, const char *srcroot)
{
	json_t *o = json_object();
	json_t *phys = wrap_new("artifactLocation",
				artifact_location_new(path, srcroot));

	if (line > 0 &&
	    json_object_set_new(phys, "region", region_new(line, col)) < 0) {
		json_decref(phys);
		phys = NULL;
	}
	if (json_object_set_new(o, "physicalLocation", phys) < 0 ||
	    (id > 0 && json_object_set_new(o, "id", json_integer(id)) < 0) ||
	    (message && json_object_set_new(o, "message",
					    message_new(message)) < 0)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* ---- rules ---- */

/* "memory-leak" -> "MemoryLeak" (SARIF rules[].name).  Returns: owned. */
static char *camel_case(const char *id)
{
	char *out = sci_malloc(strlen(id) + 1), *q = out;
	int upper = 1;

	for (; *id; id++) {
		if (!isalnum((unsigned char)*id) || (unsigned char)*id >= 0x80) {
			upper = 1;
			continue;
		}
		*q++ = upper ? (char)toupper((unsigned char)*id) : *id;
		upper = 0;
	}
	*q = '\0';
	return out;
}

/*
 * "CWE-401" (any case, or bare digits) -> "external/cwe/cwe-401", the tag
 * GitHub and CodeQL use; zero-padded to three digits as CodeQL does.
 */
static int cwe_tag(char *out, size_t n, const char *cwe, const char *rule)
{
	const char *p = cwe;
	unsigned long v = 0;

	if (strncasecmp(p, "cwe-", 4) == 0)
		p += 4;
	if (!isdigit((unsigned char)*p))
		goto bad;
	for (; isdigit((unsigned char)*p); p++) {
		v = v * 10 + (unsigned long)(*p - '0');
		if (v > 999999)
			goto bad;
	}
	if (*p || v == 0)
		goto bad;
	snprintf(out, n, "external/cwe/cwe-%03lu", v);
	return 0;
bad:
	return sci_error_set(SCI_EINVALID,
			     "rule '%s': CWE '%s' is not CWE-<number>",
			     rule, cwe);
}

/* Appends @len bytes of @tag unless already there.  Returns 0 or -1. */
static int add_tag(json_t *tags, const char *tag, size_t len)
{
	char *s = sci_malloc(len + 1);
	int found = 0, err = 0;
	json_t *t;
	size_t i;

	memcpy(s, tag, len);
	s[len] = '\0';
	json_array_foreach(tags, i, t)
		if (strcmp(json_string_value(t), s) == 0)
			found = 1;
	if (!found)
		err = json_array_append_new(tags, sci_report__str_new(s));
	free(s);
	return err;
}

/* The rule's tags, then its CWE tag.  *out: owned array, maybe empty. */
static int tags_new(json_t **out, const sci_rule_info *ri)
{
	json_t *tags = json_array();
	const char *p = ri->tags, *start;
	char cwe[64];
	int error = SCI_EJSON;

	*out = NULL;
	if (!tags)
		goto done;
	while (p && *p) {
		while (isspace((unsigned char)*p))
			p++;
		for (start = p; *p && !isspace((unsigned char)*p); p++)
			;
		if (p > start && add_tag(tags, start, (size_t)(p - start)) < 0)
			goto done;
	}
	if (ri->cwe && ri->cwe[0]) {
		if ((error = cwe_tag(cwe, sizeof(cwe), ri->cwe, ri->id)) < 0)
			goto done;
		error = SCI_EJSON;
		if (add_tag(tags, cwe, strlen(cwe)) < 0)
			goto done;
	}
	if (json_array_size(tags) > MAX_TAGS) {
		error = sci_error_set(SCI_EINVALID,
				      "rule '%s': more than %d tags", ri->id,
				      MAX_TAGS);
		goto done;
	}
	*out = tags;
	tags = NULL;
	error = 0;
done:
	json_decref(tags);
	return error;
}

static const char *first_of(const char *a, const char *b, const char *c)
{
	if (a && a[0])
		return a;
	if (b && b[0])
		return b;
	return c;
}

/* {"text": ..., "markdown": ...} */
static json_t *help_new(const sci_rule_info *ri, const char *full)
{
	const char *md = first_of(ri->help_markdown, NULL, NULL);
	json_t *o = json_object();

	/*
	 * help.text is required next to help.markdown; the markdown source
	 * reads fine as plain text, better than a repeat of the description.
	 */
	if (json_object_set_new(o, "text", sci_report__str_new(md ? md : full)) < 0 ||
	    (md && json_object_set_new(o, "markdown", sci_report__str_new(md)) < 0)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* The reportingDescriptor for @ri.  *out: owned. */
static int rule_new(json_t **out, const sci_rule_info *ri)
{
	const char *summary = first_of(ri->summary, NULL, ri->id);
	const char *full = first_of(ri->description, summary, NULL);
	const char *uri = is_absolute_uri(ri->help_uri) ? ri->help_uri : NULL;
	char *name = NULL;
	json_t *o = NULL, *tags = NULL;
	int error;

	*out = NULL;
	if ((error = tags_new(&tags, ri)) < 0)
		goto done;
	error = SCI_EJSON;
	o = json_object();
	if (json_array_size(tags) > 0) {
		/* stolen, also on failure */
		int err = json_object_set_new(o, "properties",
					      wrap_new("tags", tags));

		tags = NULL;
		if (err < 0)
			goto done;
	}
	name = camel_case(ri->id);
	if (json_object_set_new(o, "id", sci_report__str_new(ri->id)) < 0 ||
	    json_object_set_new(o, "name", sci_report__str_new(name)) < 0 ||
	    json_object_set_new(o, "shortDescription",
				message_new(summary)) < 0 ||
	    json_object_set_new(o, "fullDescription", message_new(full)) < 0 ||
	    json_object_set_new(o, "help", help_new(ri, full)) < 0 ||
	    json_object_set_new(o, "defaultConfiguration",
				wrap_new("level", json_string(
					sci_level_name(ri->level)))) < 0 ||
	    (uri && json_object_set_new(o, "helpUri", sci_report__str_new(uri)) < 0))
		goto done;
	*out = o;
	o = NULL;
	error = 0;
done:
	free(name);
	json_decref(tags);
	json_decref(o);
	return error;
}

/*
 * The run's rule table: the catalogue in its order, then a stand-in for
 * each rule id that only results name, in order of first appearance
 * (GitHub rejects a result whose rule the run does not describe).
 */
typedef struct {
	const sci_rule_info **items;
	size_t n, cap;
	sci_rule_info *stubs;	/* owned; their ids are borrowed */
	size_t nstubs;
} rule_table;

/* Index of rule @id, or -1.  Linear: a run has a few dozen rules. */
static int rule_table_find(const rule_table *t, const char *id)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		if (strcmp(t->items[i]->id, id) == 0)
			return (int)i;
	return -1;
}

static void rule_table_push(rule_table *t, const sci_rule_info *ri)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->items = sci_realloc(t->items, t->cap * sizeof(*t->items));
	}
	t->items[t->n++] = ri;
}

static int cmp_rule_ptr(const void *a, const void *b)
{
	const sci_rule_info *const *x = a, *const *y = b;

	return strcmp((*x)->id, (*y)->id);
}

/*
 * Whether @r goes into the log.
 * NOTE: gitlab.c and markdown.c (new findings) make the same choice.
 */
static int is_reported(const sci_result *r, int include_suppressed)
{
	if (!sci_diag_is_finding(r->diag))
		return 0;
	switch (r->cls) {
	case SCI_CLASS_NEW:
	case SCI_CLASS_UNCHANGED:
		return 1;
	case SCI_CLASS_SUPPRESSED:
		/*
		 * Suppressed in source too: code scanning ingests a result
		 * with suppressions as an open alert, so the upload must not
		 * carry it (as with the baseline's; suppressions_new()).
		 */
		return include_suppressed;
	case SCI_CLASS_FIXED:
	default:
		return 0;
	}
}

static int rule_table_init(rule_table *t, const sci_rule_info *rules,
			   size_t nrules, const sci_result_list *results,
			   int include_suppressed)
{
	const sci_rule_info **sorted = NULL;
	size_t i;
	int error = 0;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < nrules; i++) {
		if (!rules[i].id || !rules[i].id[0]) {
			error = sci_error_set(SCI_EINVALID,
					      "rule %zu has no id", i);
			goto done;
		}
		rule_table_push(t, &rules[i]);
	}
	if (nrules > 1) {
		sorted = sci_malloc(nrules * sizeof(*sorted));
		memcpy(sorted, t->items, nrules * sizeof(*sorted));
		qsort(sorted, nrules, sizeof(*sorted), cmp_rule_ptr);
		for (i = 1; i < nrules; i++) {
			if (strcmp(sorted[i - 1]->id, sorted[i]->id) == 0) {
				error = sci_error_set(SCI_EINVALID,
						      "duplicate rule '%s'",
						      sorted[i]->id);
				goto done;
			}
		}
	}
	/* at most one stub per result: no reallocation, stable pointers */
	t->stubs = sci_calloc(results->n + 1, sizeof(*t->stubs));
	for (i = 0; i < results->n; i++) {
		const sci_diag *d = results->items[i].diag;
		sci_rule_info *stub;

		if (!is_reported(&results->items[i], include_suppressed) ||
		    rule_table_find(t, d->rule) >= 0)
			continue;
		stub = &t->stubs[t->nstubs++];
		stub->id = d->rule;
		stub->level = d->level;
		rule_table_push(t, stub);
	}
done:
	free(sorted);
	return error;
}

static void rule_table_clear(rule_table *t)
{
	free(t->items);
	free(t->stubs);
	memset(t, 0, sizeof(*t));
}

/* tool.driver.rules.  *out: owned. */
static int rules_new(json_t **out, const rule_table *t)
{
	json_t *a = json_array(), *r;
	size_t i;
	int error = 0;

	*out = NULL;
	for (i = 0; i < t->n; i++) {
		if ((error = rule_new(&r, t->items[i])) < 0)
			goto done;
		if (json_array_append_new(a, r) < 0) {
			error = SCI_EJSON;
			goto done;
		}
	}
	if (!a)
		error = SCI_EJSON;
	*out = a;
	a = NULL;
done:
	json_decref(a);
	return error;
}

/* ---- results ---- */

static const char *baseline_state(sci_class c)
{
	switch (c) {
	case SCI_CLASS_NEW:
		return "new";
	case SCI_CLASS_FIXED:
		return "absent";
	case SCI_CLASS_UNCHANGED:
	case SCI_CLASS_SUPPRESSED:
	default:
		/* suppressed: it is there in the base too, only accepted */
		return "unchanged";
	}
}

static json_t *related_locations_new(const sci_diag *d, const char *srcroot)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < d->nrelated; i++) {
		const sci_diag_loc *l = &d->related[i];

		/* ids from 1, so messages may link "[here](1)" one day */
		if (json_array_append_new(a, location_new(l->path, l->line,
							  l->col, l->message,
							  (int)i + 1,
							  srcroot)) < 0) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

/*
 * [{"threadFlows": [{"locations": [...]}]}]: the finding's path
 * (report/path.h); a branch step is marked "branch", a step outside the
 * function is nested one level in.
 */
static json_t *code_flows_new(const sci_diag *d, const char *srcroot)
{
	json_t *locs = json_array(), *tfl;
	sci_step *steps;
	size_t n = sci_path_steps(d, &steps), i;

	for (i = 0; i < n; i++) {
		const sci_step *st = &steps[i];

		tfl = wrap_new("location",
			       location_new(st->path, st->line, st->col,
					    st->message, 0, srcroot));
		if (tfl && st->kind == SCI_STEP_BRANCH &&
		    json_object_set_new(tfl, "kinds",
					array1_new(json_string("branch"))) < 0) {
			json_decref(tfl);
			tfl = NULL;
		}
		if (tfl && st->nesting &&
		    json_object_set_new(tfl, "nestingLevel",
					json_integer(st->nesting)) < 0) {
			json_decref(tfl);
			tfl = NULL;
		}
		if (json_array_append_new(locs, tfl) < 0)
			goto fail;
	}
	free(steps);
	return array1_new(wrap_new("threadFlows",
				   array1_new(wrap_new("locations", locs))));
fail:
	free(steps);
	json_decref(locs);
	return NULL;
}

/* [{"name": @function, "kind": "function"}] */
static json_t *logical_locations_new(const char *function)
{
	json_t *o = json_object();

	if (json_object_set_new(o, "name", sci_report__str_new(function)) < 0 ||
	    json_object_set_new(o, "kind", json_string("function")) < 0) {
		json_decref(o);
		return NULL;
	}
	return array1_new(o);
}

/*
 * [{"kind": "external", "status": "accepted", "justification": ...}], or
 * kind "inSource" for a comment in the code.
 */
static json_t *suppressions_new(const char *justification, int in_source)
{
	json_t *o = json_object();

	if (json_object_set_new(o, "kind", json_string(in_source ? "inSource"
								   : "external")) < 0 ||
	    json_object_set_new(o, "status", json_string("accepted")) < 0 ||
	    (justification && justification[0] &&
	     json_object_set_new(o, "justification",
				 sci_report__str_new(justification)) < 0)) {
		json_decref(o);
		return NULL;
	}
	return array1_new(o);
}

/* The result's location, with the function as its logical location. */
static json_t *primary_location_new(const sci_diag *d, const char *srcroot)
{
	json_t *o = location_new(d->path, d->line, d->col, NULL, 0, srcroot);

	if (d->function[0] &&
	    json_object_set_new(o, "logicalLocations",
				logical_locations_new(d->function)) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/*
 * [{"description", "artifactChanges": [{"artifactLocation", "replacements":
 * [{"deletedRegion", "insertedContent"}]}]}]: the finding's fix, one
 * replacement on one line of its file.
 */
static json_t *fixes_new(const sci_diag *d, const char *srcroot)
{
	json_t *region = json_pack("{sIsIsI}",
				   "startLine", (json_int_t)d->fix_line,
				   "startColumn", (json_int_t)d->fix_col,
				   "endColumn", (json_int_t)d->fix_end_col);

	/* "o" steals each reference, also when packing fails */
	return json_pack("[{s:o, s:[{s:o, s:[{s:o, s:o}]}]}]",
			 "description",
			 message_new("Apply the suggested replacement"),
			 "artifactChanges",
			 "artifactLocation", artifact_location_new(d->path, srcroot),
			 "replacements",
			 "deletedRegion", region,
			 "insertedContent",
			 wrap_new("text", sci_report__str_new(d->fix_text)));
}

static json_t *result_new(const sci_result *r, int rule_index,
			  const char *srcroot)
{
	const sci_diag *d = r->diag;
	json_t *o = json_object();

	if (json_object_set_new(o, "ruleId", sci_report__str_new(d->rule)) < 0 ||
	    json_object_set_new(o, "ruleIndex", json_integer(rule_index)) < 0 ||
	    json_object_set_new(o, "level",
				json_string(sci_level_name(d->level))) < 0 ||
	    json_object_set_new(o, "message", message_new(d->message)) < 0 ||
	    json_object_set_new(o, "locations",
				array1_new(primary_location_new(d,
								srcroot))) < 0 ||
	    json_object_set_new(o, "baselineState",
				json_string(baseline_state(r->cls))) < 0)
		goto fail;
	if (d->nrelated > 0 &&
	    json_object_set_new(o, "relatedLocations",
				related_locations_new(d, srcroot)) < 0)
		goto fail;
	if ((d->nrelated > 0 || d->nsteps > 0) &&
	    json_object_set_new(o, "codeFlows",
				code_flows_new(d, srcroot)) < 0)
		goto fail;
	if (d->fix_line &&
	    json_object_set_new(o, "fixes", fixes_new(d, srcroot)) < 0)
		goto fail;
	if (r->fingerprint[0] &&
	    json_object_set_new(o, "partialFingerprints",
				wrap_new(SCI_SARIF_FINGERPRINT_KEY,
					 sci_report__str_new(r->fingerprint))) < 0)
		goto fail;
	if (r->cls == SCI_CLASS_SUPPRESSED &&
	    json_object_set_new(o, "suppressions",
				suppressions_new(r->justification,
						 r->in_source)) < 0)
		goto fail;
	return o;
fail:
	json_decref(o);
	return NULL;
}

static json_t *results_new(const sci_result_list *results,
			   const rule_table *t, const char *srcroot,
			   int include_suppressed)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < results->n; i++) {
		const sci_result *r = &results->items[i];

		if (!is_reported(r, include_suppressed))
			continue;
		if (json_array_append_new(a, result_new(
				r, rule_table_find(t, r->diag->rule),
				srcroot)) < 0) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

/* ---- run ---- */

/* "1.2.3" with an optional -pre / +build tail: SemVer 2.0's shape. */
static int is_semver(const char *v)
{
	int part;

	for (part = 0; part < 3; part++) {
		if (!isdigit((unsigned char)*v))
			return 0;
		if (v[0] == '0' && isdigit((unsigned char)v[1]))
			return 0;
		while (isdigit((unsigned char)*v))
			v++;
		if (part < 2 && *v++ != '.')
			return 0;
	}
	if (*v == '\0')
		return 1;
	if (*v != '-' && *v != '+')
		return 0;
	for (v++; *v; v++)
		if (!isalnum((unsigned char)*v) && !strchr("-.+", *v))
			return 0;
	return 1;
}

/* tool.driver.notifications: what a toolExecutionNotification can be. */
static json_t *notification_descriptors_new(void)
{
	json_t *o = json_object();

	if (json_object_set_new(o, "id",
				json_string(SCI_RULE_ANALYSIS_FAILURE)) < 0 ||
	    json_object_set_new(o, "shortDescription",
				message_new("A translation unit could not be "
					    "analyzed")) < 0 ||
	    json_object_set_new(o, "fullDescription",
				message_new("The translation unit did not "
					    "parse, the analyzer crashed on "
					    "it, or it timed out; its "
					    "findings are missing from this "
					    "run.")) < 0) {
		json_decref(o);
		return NULL;
	}
	return array1_new(o);
}

/* tool.driver, stealing @rules. */
static json_t *driver_new(json_t *rules, const sci_report_run *run)
{
	const char *v = first_of(run->tool_version, NULL, NULL);
	const char *info = is_absolute_uri(run->information_uri) ?
			   run->information_uri : NULL;
	json_t *o = json_object();

	if (json_object_set_new(o, "rules", rules) < 0 ||
	    json_object_set_new(o, "name", json_string("smatch-ci")) < 0 ||
	    json_object_set_new(o, "notifications",
				notification_descriptors_new()) < 0 ||
	    (info && json_object_set_new(o, "informationUri",
					 sci_report__str_new(info)) < 0) ||
	    (v && json_object_set_new(o, "version", sci_report__str_new(v)) < 0) ||
	    (v && is_semver(v) &&
	     json_object_set_new(o, "semanticVersion", sci_report__str_new(v)) < 0)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *notification_new(const sci_diag *f, const char *srcroot)
{
	json_t *o = json_object();

	if (json_object_set_new(o, "descriptor",
				wrap_new("id", sci_report__str_new(f->rule))) < 0 ||
	    json_object_set_new(o, "level", json_string("error")) < 0 ||
	    json_object_set_new(o, "message", message_new(f->message)) < 0 ||
	    /* the TU as a whole: a failure has no meaningful line */
	    (f->path[0] &&
	     json_object_set_new(o, "locations",
				 array1_new(location_new(f->path, 0, 0, NULL,
							 0, srcroot))) < 0)) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *invocations_new(const sci_report_run *run)
{
	json_t *inv = json_object(), *notes = NULL;
	/* a failed gate with a TU that could not be analyzed is exit 1 too:
	 * the execution still did not cover everything */
	int ok = (run->exit_code == SCI_RUN_EXIT_CLEAN ||
		  run->exit_code == SCI_RUN_EXIT_FINDINGS) && !run->nfailures;
	size_t i;

	if (json_object_set_new(inv, "executionSuccessful",
				json_boolean(ok)) < 0 ||
	    json_object_set_new(inv, "exitCode",
				json_integer(run->exit_code)) < 0)
		goto fail;
	if (run->nfailures > 0) {
		notes = json_array();
		for (i = 0; i < run->nfailures; i++) {
			if (json_array_append_new(notes, notification_new(
					run->failures[i], run->srcroot)) < 0) {
				json_decref(notes);
				goto fail;
			}
		}
		if (json_object_set_new(inv, "toolExecutionNotifications",
					notes) < 0)
			goto fail;
	}
	return array1_new(inv);
fail:
	json_decref(inv);
	return NULL;
}

/* {"id": "<category>/"}: GitHub's convention, the run id would follow. */
static json_t *automation_details_new(const char *category)
{
	json_t *o;
	size_t n;
	char *id;

	if (!category || !category[0])
		category = DEFAULT_CATEGORY;
	n = strlen(category);
	id = sci_printf_dup("%s%s", category,
			    category[n - 1] == '/' ? "" : "/");
	o = wrap_new("id", sci_report__str_new(id));
	free(id);
	return o;
}

/* {"%SRCROOT%": {"uri": "file:///<srcroot>/"}} */
static json_t *uri_base_ids_new(const char *srcroot)
{
	size_t n = strlen(srcroot);
	char *uri;
	json_t *o;

	/* a base URI must end in '/' or resolving drops its last segment */
	uri = uri_encode("file://", srcroot,
			 srcroot[n - 1] == '/' ? "" : "/");
	o = wrap_new(SRCROOT, wrap_new("uri", json_string(uri)));
	free(uri);
	return o;
}

static int sarif_build(json_t **out, const sci_result_list *results,
		       const sci_rule_info *rules, size_t nrules,
		       const sci_report_run *run, int include_suppressed)
{
	const char *srcroot = first_of(run->srcroot, NULL, NULL);
	json_t *root = NULL, *r = NULL, *jrules = NULL;
	rule_table t;
	int error;

	*out = NULL;
	memset(&t, 0, sizeof(t));
	if (srcroot && srcroot[0] != '/') {
		error = sci_error_set(SCI_EINVALID,
				      "source root '%s' is not absolute",
				      srcroot);
		goto done;
	}
	if ((error = rule_table_init(&t, rules, nrules, results,
				     include_suppressed)) < 0 ||
	    (error = rules_new(&jrules, &t)) < 0)
		goto done;
	error = SCI_EJSON;
	r = json_object();
	if (json_object_set_new(r, "tool",
				wrap_new("driver",
					 driver_new(jrules, run))) < 0 ||
	    json_object_set_new(r, "results",
				results_new(results, &t, srcroot,
					    include_suppressed)) < 0 ||
	    json_object_set_new(r, "automationDetails",
				automation_details_new(run->category)) < 0 ||
	    json_object_set_new(r, "invocations", invocations_new(run)) < 0 ||
	    (srcroot &&
	     json_object_set_new(r, "originalUriBaseIds",
				 uri_base_ids_new(srcroot)) < 0) ||
	    /* the property bag: what "new" and "unchanged" are relative to */
	    (run->base_ref &&
	     json_object_set_new(r, "properties",
				 wrap_new("baseRef",
					  sci_report__str_new(run->base_ref))) < 0)) {
		jrules = NULL;	/* stolen by driver_new() in any case */
		goto done;
	}
	jrules = NULL;
	root = json_object();
	if (json_object_set_new(root, "$schema",
				json_string(SARIF_SCHEMA_URI)) < 0 ||
	    json_object_set_new(root, "version", json_string("2.1.0")) < 0)
		goto done;
	/* stolen, also on failure */
	if (json_object_set_new(root, "runs", array1_new(r)) < 0) {
		r = NULL;
		goto done;
	}
	r = NULL;
	*out = root;
	root = NULL;
	error = 0;
done:
	json_decref(root);
	json_decref(r);
	json_decref(jrules);
	rule_table_clear(&t);
	if (error == SCI_EJSON)
		sci_error_set(error, "cannot build the SARIF log");
	return error;
}

int sci_sarif_write(FILE *f, const sci_result_list *results,
		    const sci_rule_info *rules, size_t nrules,
		    const sci_report_run *run, int include_suppressed)
{
	json_t *root = NULL;
	int error;

	if ((error = sarif_build(&root, results, rules, nrules, run,
				 include_suppressed)) < 0)
		goto done;
	if (json_dumpf(root, f, JSON_SORT_KEYS | JSON_INDENT(2)) < 0 ||
	    fputc('\n', f) == EOF || fflush(f) == EOF || ferror(f))
		error = sci_error_set(SCI_EIO, "cannot write the SARIF log");
done:
	json_decref(root);
	return error;
}
