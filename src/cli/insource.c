/*
 * insource.c - in-source suppressions for runs without the gate (see
 * insource.h).
 *
 * Findings name their files as reports show them (relative to the working
 * directory when under it), a TU's inputs absolutely: both are resolved
 * with realpath() before they meet in one suppression set, or a comment
 * used by a finding would look unused under its other name.
 */
#include "cli/insource.h"
#include "baseline/suppress.h"
#include "cli/paths.h"
#include "cli/strv.h"
#include "util/alloc.h"
#include "util/error.h"
#include "util/result.h"

#include <stdlib.h>
#include <string.h>

int sci_cli_suppress_rule(const char *rule, void *payload)
{
	const sci_analyze_opts *a = payload;
	const sci_check_info *c = sci_checks_find(rule);
	size_t i;

	if (!c)
		return SCI_SUPPRESS_RULE_UNKNOWN;
	if (!a->rules)
		return c->enabled_by_default ? SCI_SUPPRESS_RULE_RAN
					     : SCI_SUPPRESS_RULE_OFF;
	for (i = 0; i < a->nrules; i++)
		if (strcmp(a->rules[i], rule) == 0)
			return SCI_SUPPRESS_RULE_RAN;
	return SCI_SUPPRESS_RULE_OFF;
}

static int read_text(char **out, size_t *len, const char *path, void *payload)
{
	(void)payload;
	return sci_suppress_read_file(out, len, path);
}

/* @path resolved against @cwd and through links; owned. */
static char *canonical_dup(const char *path, const char *cwd)
{
	char *abs = sci_path_join_dup(cwd, path), *real = sci_path_real_dup(abs);

	if (!real)
		return abs;
	free(abs);
	return real;
}

static int tu_completed(const sci_tu *tu)
{
	size_t i;

	if (tu->summaries_only)
		return 0;
	for (i = 0; i < tu->diags.n; i++)
		if (strcmp(tu->diags.items[i]->rule, SCI_RULE_ANALYSIS_FAILURE) == 0)
			return 0;
	return 1;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files of completed TUs under @root, canonical, each once. */
static void files_read(sci_strv *out, const sci_tu_list *tus, const char *cwd,
		       const char *root)
{
	size_t i, k, n = 0;

	for (i = 0; i < tus->n; i++) {
		const sci_tu *tu = &tus->items[i];

		if (!tu_completed(tu))
			continue;
		for (k = 0; k <= tu->inputs.n; k++) {
			char *p = canonical_dup(k < tu->inputs.n ? tu->inputs.v[k]
								 : tu->path,
						tu->directory ? tu->directory : cwd);

			if (sci_path_under(p, root))
				sci_strv_push_take(out, p);
			else
				free(p);
		}
	}
	if (out->n > 1)
		qsort(out->v, out->n, sizeof(*out->v), cmp_str);
	for (i = 0; i < out->n; i++) {
		if (n && strcmp(out->v[n - 1], out->v[i]) == 0)
			free(out->v[i]);
		else
			out->v[n++] = out->v[i];
	}
	out->n = n;
}

int sci_cli_suppress_plain(sci_diag_list *diags, const sci_tu_list *tus,
			   const sci_analyze_opts *a, const char *cwd,
			   const char *root)
{
	sci_suppress_set *set = sci_suppress_set_new(read_text, NULL);
	sci_result_list shadow = { 0 };
	sci_diag_list probs = { 0 };
	sci_strv files = { 0 };
	size_t i, n = 0;
	int error;

	/* copies under canonical names; the originals keep theirs */
	for (i = 0; i < diags->n; i++) {
		sci_diag *d = sci_diag_dup(diags->items[i]);

		free(d->path);
		d->path = canonical_dup(diags->items[i]->path, cwd);
		sci_result_list_take(&shadow, d);
	}
	if ((error = sci_suppress_apply(set, &shadow)) < 0)
		goto done;
	files_read(&files, tus, cwd, root);
	for (i = 0; i < files.n; i++)
		if ((error = sci_suppress_problems(&probs, set, files.v[i],
						   sci_cli_suppress_rule,
						   (void *)a)) < 0)
			goto done;
	for (i = 0; i < diags->n; i++) {
		if (shadow.items[i].in_source) {
			sci_diag_free(diags->items[i]);
			continue;
		}
		diags->items[n++] = diags->items[i];
	}
	diags->n = n;
	for (i = 0; i < probs.n; i++) {
		char *shown = sci_path_display_dup(probs.items[i]->path, cwd, cwd);

		free(probs.items[i]->path);
		probs.items[i]->path = shown;
		sci_diag_list_take(diags, probs.items[i]);
		probs.items[i] = NULL;
	}
	probs.n = 0;
done:
	sci_strv_clear(&files);
	sci_diag_list_clear(&probs);
	sci_result_list_clear(&shadow);
	sci_suppress_set_free(set);
	return error;
}
