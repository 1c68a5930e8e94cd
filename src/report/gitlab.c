/*
 * gitlab.c - the GitLab Code Quality report (see gitlab.h).
 *
 * Built as one jansson tree with the reference-stealing setters only, so
 * the writer decrefs one root (style.md §5).  Checks come first: a report
 * with duplicate fingerprints is refused whole rather than written with
 * GitLab silently folding findings together.
 */
#include "report/report_int.h"
#include "report/gitlab.h"
#include "util/alloc.h"
#include "util/error.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* {@key: @v}, stealing @v; NULL @v gives NULL. */
static json_t *wrap_new(const char *key, json_t *v)
{
	json_t *o = json_object();

	if (json_object_set_new(o, key, v) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

const char *sci_gitlab_severity(sci_level level)
{
	switch (level) {
	case SCI_LEVEL_NOTE:
		return "info";
	case SCI_LEVEL_ERROR:
		return "critical";
	case SCI_LEVEL_WARNING:
	default:
		return "major";
	}
}

/* NOTE: the same choice as is_reported() in sarif.c without suppressed. */
static int is_reported(const sci_result *r)
{
	return sci_diag_is_finding(r->diag) &&
	       (r->cls == SCI_CLASS_NEW || r->cls == SCI_CLASS_UNCHANGED);
}

static int cmp_fp(const void *a, const void *b)
{
	const sci_result *const *x = a, *const *y = b;

	return strcmp((*x)->fingerprint, (*y)->fingerprint);
}

/* Every reported finding has a fingerprint of its own. */
static int check_fingerprints(const sci_result_list *results)
{
	const sci_result **v = sci_malloc((results->n + 1) * sizeof(*v));
	size_t i, n = 0;
	int error = 0;

	for (i = 0; i < results->n; i++) {
		const sci_result *r = &results->items[i];

		if (!is_reported(r))
			continue;
		if (!r->fingerprint[0]) {
			error = sci_error_set(SCI_EINVALID,
					      "%s:%u: finding [%s] has no "
					      "fingerprint", r->diag->path,
					      r->diag->line, r->diag->rule);
			goto done;
		}
		v[n++] = r;
	}
	qsort(v, n, sizeof(*v), cmp_fp);
	for (i = 1; i < n; i++) {
		if (strcmp(v[i - 1]->fingerprint, v[i]->fingerprint) == 0) {
			error = sci_error_set(SCI_EINVALID,
					      "%s:%u and %s:%u share "
					      "fingerprint %s",
					      v[i - 1]->diag->path,
					      v[i - 1]->diag->line,
					      v[i]->diag->path,
					      v[i]->diag->line,
					      v[i]->fingerprint);
			goto done;
		}
	}
done:
	free(v);
	return error;
}

static json_t *location_new(const sci_diag *d, const char *srcroot)
{
	json_t *o = json_object();

	if (json_object_set_new(o, "path",
				sci_report__str_new(sci_report__rel_path(d->path, srcroot))) < 0 ||
	    json_object_set_new(o, "lines",
				wrap_new("begin", json_integer(
					d->line ? d->line : 1))) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *item_new(const sci_result *r, const char *srcroot)
{
	const sci_diag *d = r->diag;
	json_t *o = json_object(), *cats = json_array();

	/*
	 * Code Climate's category; every checker finds a likely bug.  "type"
	 * is Code Climate's, ignored by GitLab, kept for other consumers.
	 */
	if (json_array_append_new(cats, json_string("Bug Risk")) < 0 ||
	    json_object_set_new(o, "categories", cats) < 0) {
		json_decref(o);
		return NULL;
	}
	if (json_object_set_new(o, "type", json_string("issue")) < 0 ||
	    json_object_set_new(o, "check_name", sci_report__str_new(d->rule)) < 0 ||
	    json_object_set_new(o, "description", sci_report__str_new(d->message)) < 0 ||
	    json_object_set_new(o, "fingerprint", sci_report__str_new(r->fingerprint)) < 0 ||
	    json_object_set_new(o, "severity",
				json_string(sci_gitlab_severity(d->level))) < 0 ||
	    json_object_set_new(o, "location", location_new(d, srcroot)) < 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int sci_gitlab_write(FILE *f, const sci_result_list *results,
		     const sci_report_run *run)
{
	const char *srcroot = run ? run->srcroot : NULL;
	json_t *root = NULL;
	size_t i;
	int error;

	if ((error = check_fingerprints(results)) < 0)
		goto done;
	root = json_array();
	for (i = 0; i < results->n; i++) {
		const sci_result *r = &results->items[i];

		if (is_reported(r) &&
		    json_array_append_new(root, item_new(r, srcroot)) < 0) {
			error = sci_error_set(SCI_EJSON, "cannot build the "
					      "GitLab Code Quality report");
			goto done;
		}
	}
	if (!root) {
		error = sci_error_set(SCI_EJSON, "cannot build the GitLab "
				      "Code Quality report");
		goto done;
	}
	if (json_dumpf(root, f, JSON_SORT_KEYS | JSON_INDENT(2)) < 0 ||
	    fputc('\n', f) == EOF || fflush(f) == EOF || ferror(f))
		error = sci_error_set(SCI_EIO, "cannot write the GitLab Code "
				      "Quality report");
done:
	json_decref(root);
	return error;
}
