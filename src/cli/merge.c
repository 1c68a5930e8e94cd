/*
 * merge.c - joining the results files of a sharded run (merge.h).
 *
 * Each TU belongs to one shard, and every shard computed the summaries of
 * all TUs the same way (docs/results-file.md), so the union of the
 * shards' findings is the single run's list.  What needs the whole list -
 * fingerprints (their occurrence index counts findings across TUs), the
 * classification against the base and the baseline file, the verdict -
 * happens after this, in gate.c, exactly as in a single run.
 */
#include "cli/merge.h"
#include "cli/driver.h"
#include "cli/plugin.h"
#include "cli/results.h"
#include "baseline/suppress.h"
#include "util/alloc.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

/* A head finding's gate data, looked up by the diagnostic. */
typedef struct {
	sci_diag *diag;		/* owned copy */
	int touched;
	sci_diag_loc cause;	/* borrowed from the results; path NULL: none */
	const char *suppression;	/* borrowed: in-source reason, or NULL */
} entry;

struct sci_merge {
	sci_results **parts;	/* by shard index - 1 */
	size_t nparts;
	const char **paths;	/* borrowed strings, by shard index - 1 */
	entry *entries;		/* sorted by sci_diag_cmp_full */
	size_t nentries;
	size_t tus, failed, unanalyzed;
};

static int str_eq(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "") == 0;
}

static int cmp_entry(const void *a, const void *b)
{
	return sci_diag_cmp_full(((const entry *)a)->diag, ((const entry *)b)->diag);
}

void sci_merge_free(sci_merge *m)
{
	size_t i;

	if (!m)
		return;
	for (i = 0; i < m->nentries; i++)
		sci_diag_free(m->entries[i].diag);
	free(m->entries);
	for (i = 0; i < m->nparts; i++)
		sci_results_free(m->parts[i]);
	free(m->parts);
	free((void *)m->paths);
	free(m);
}

static int same_plugins(const sci_strv *a, const sci_strv *b)
{
	size_t i;

	if (a->n != b->n)
		return 0;
	for (i = 0; i < a->n; i++)
		if (strcmp(a->v[i], b->v[i]) != 0)
			return 0;
	return 1;
}

/*
 * The plugins the shards ran must be this merge's own --plugin files:
 * their checkers describe the findings' rules in the reports, and a
 * merge without them would publish rules it knows nothing of.
 */
static int check_plugins(const sci_results *first, const char *path)
{
	sci_strv own = { 0 };
	size_t i;
	int same;

	for (i = 0; i < sci_plugin_count(); i++)
		sci_strv_push(&own, sci_plugin_sha(i));
	same = same_plugins(&own, &first->plugins);
	sci_strv_clear(&own);
	if (same)
		return 0;
	return sci_error_set(SCI_EINVALID,
			     "'%s' was analyzed with %zu checker plugin%s and this merge has %zu%s: give merge the --plugin files the shards ran, in the same order",
			     path, first->plugins.n,
			     first->plugins.n == 1 ? "" : "s",
			     sci_plugin_count(),
			     first->plugins.n == sci_plugin_count() ?
			     " other ones" : "");
}

/* @r against the first shard @f: same run, same tool, same options. */
static int check_same(const sci_results *f, const char *fpath,
		      const sci_results *r, const char *rpath)
{
	const char *what = NULL;

	if (!str_eq(f->tool_version, r->tool_version))
		what = "were written by different smatch-ci versions";
	else if (f->shard_n != r->shard_n)
		what = "split the run into different numbers of shards";
	else if (!str_eq(f->head_sha, r->head_sha))
		what = "analyzed different commits";
	else if (!str_eq(f->base_ref, r->base_ref) || !str_eq(f->base_sha, r->base_sha))
		what = "compared with different bases";
	else if (!same_plugins(&f->plugins, &r->plugins))
		what = "ran different checker plugins (--plugin)";
	else if (!str_eq(f->options, r->options) || f->tus_planned != r->tus_planned)
		what = "ran with different options or translation units (checks, profile, flags, --tu-timeout, --allow-unanalyzed, compile database)";
	if (!what)
		return 0;
	return sci_error_set(SCI_EINVALID,
			     "'%s' and '%s' are not shards of one run: they %s",
			     fpath, rpath, what);
}

static int check_parts(sci_merge *m, sci_results **all, const char *const *paths,
		       size_t n, const char *version)
{
	sci_results *first = all[0];
	size_t i, sum = 0;
	int error;

	if (!str_eq(first->tool_version, version))
		return sci_error_set(SCI_EINVALID,
				     "'%s' was written by smatch-ci %s, this is %s: merge with the version the shards ran",
				     paths[0], first->tool_version, version);
	for (i = 1; i < n; i++)
		if ((error = check_same(first, paths[0], all[i], paths[i])) < 0)
			return error;
	if ((error = check_plugins(first, paths[0])) < 0)
		return error;
	m->nparts = first->shard_n;
	m->parts = sci_calloc(m->nparts, sizeof(*m->parts));
	m->paths = sci_calloc(m->nparts, sizeof(*m->paths));
	for (i = 0; i < n; i++) {
		unsigned k = all[i]->shard_k;

		if (m->parts[k - 1])
			return sci_error_set(SCI_EINVALID,
					     "shard %u/%u given twice: '%s' and '%s'",
					     k, first->shard_n, m->paths[k - 1], paths[i]);
		m->parts[k - 1] = all[i];
		m->paths[k - 1] = paths[i];
		all[i] = NULL;
	}
	for (i = 0; i < m->nparts; i++)
		if (!m->parts[i])
			return sci_error_set(SCI_EINVALID,
					     "shard %zu/%zu is missing (got %zu of %zu results files)",
					     i + 1, m->nparts, n, m->nparts);
	for (i = 0; i < m->nparts; i++) {
		sum += m->parts[i]->tus_analyzed;
		m->failed += m->parts[i]->tus_failed;
		m->unanalyzed += m->parts[i]->unanalyzed;
	}
	m->tus = sum;
	if (sum != first->tus_planned)
		return sci_error_set(SCI_EINVALID,
				     "the shards analyzed %zu translation units in all, not the %zu of the run: were they planned from the same tree?",
				     sum, first->tus_planned);
	if (!sum)
		return sci_error_set(SCI_EINVALID,
				     "the shards analyzed nothing (no translation units)");
	return 0;
}

static void index_entries(sci_merge *m)
{
	size_t i, k, n = 0;

	for (i = 0; i < m->nparts; i++)
		n += m->parts[i]->nfindings;
	m->entries = sci_calloc(n ? n : 1, sizeof(*m->entries));
	for (i = 0; i < m->nparts; i++)
		for (k = 0; k < m->parts[i]->nfindings; k++) {
			const sci_results_finding *f = &m->parts[i]->findings[k];
			entry *e = &m->entries[m->nentries++];

			e->diag = sci_diag_dup(f->diag);
			e->touched = f->touched;
			e->cause = f->cause;
			e->suppression = f->suppression;
		}
	qsort(m->entries, m->nentries, sizeof(*m->entries), cmp_entry);
}

int sci_merge_load(sci_merge **out, const char *const *paths, size_t n,
		   const char *version)
{
	sci_merge *m = sci_calloc(1, sizeof(*m));
	sci_results **all = sci_calloc(n ? n : 1, sizeof(*all));
	size_t i;
	int error = 0;

	*out = NULL;
	if (!n) {
		error = sci_error_set(SCI_EINVALID,
				      "merge needs the results files of every shard");
		goto done;
	}
	for (i = 0; i < n; i++)
		if ((error = sci_results_read(&all[i], paths[i])) < 0)
			goto done;
	if ((error = check_parts(m, all, paths, n, version)) < 0)
		goto done;
	index_entries(m);
	*out = m;
	m = NULL;
done:
	for (i = 0; i < n; i++)
		sci_results_free(all[i]);
	free(all);
	sci_merge_free(m);
	return error;
}

static const entry *find(const sci_merge *m, const sci_diag *d);

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int has_diag(const sci_diag *const *l, size_t n, const sci_diag *d)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (l[i] && sci_diag_cmp(l[i], d) == 0)
			return 1;
	return 0;
}

/*
 * A shard judges a suppression unused by its own findings only: a header's
 * comment may be used by a TU of another shard.  It is unused when every
 * shard that read the file says so (each side on its own, @base).
 */
static int unused_everywhere(const sci_merge *m, const sci_diag *d, int base)
{
	size_t j, k;

	for (j = 0; j < m->nparts; j++) {
		const sci_results *r = m->parts[j];
		const char *key = d->path;
		int found;

		if (!r->nfiles || !bsearch(&key, r->files, r->nfiles,
					   sizeof(*r->files), cmp_str))
			continue;
		if (base) {
			found = has_diag((const sci_diag *const *)r->base.items,
					 r->base.n, d);
		} else {
			for (k = 0, found = 0; k < r->nfindings && !found; k++)
				found = r->findings[k].diag &&
					sci_diag_cmp(r->findings[k].diag, d) == 0;
		}
		if (!found)
			return 0;
	}
	return 1;
}

/* Frees the unused-suppression findings another shard contradicts. */
static void drop_used_elsewhere(sci_merge *m)
{
	unsigned char **drop = sci_calloc(m->nparts, sizeof(*drop));
	size_t i, k;

	/* decide on the untouched lists first, then free */
	for (i = 0; i < m->nparts; i++) {
		sci_results *r = m->parts[i];

		drop[i] = sci_calloc(r->nfindings + r->base.n + 1, 1);
		for (k = 0; k < r->nfindings; k++)
			drop[i][k] = strcmp(r->findings[k].diag->rule,
					    SCI_RULE_UNUSED_SUPPRESSION) == 0 &&
				     !unused_everywhere(m, r->findings[k].diag, 0);
		for (k = 0; k < r->base.n; k++)
			drop[i][r->nfindings + k] =
				strcmp(r->base.items[k]->rule,
				       SCI_RULE_UNUSED_SUPPRESSION) == 0 &&
				!unused_everywhere(m, r->base.items[k], 1);
	}
	for (i = 0; i < m->nparts; i++) {
		sci_results *r = m->parts[i];
		size_t n = 0;

		for (k = 0; k < r->nfindings; k++)
			if (drop[i][k]) {
				sci_diag_free(r->findings[k].diag);
				r->findings[k].diag = NULL;
			}
		for (k = 0; k < r->base.n; k++) {
			if (drop[i][r->nfindings + k])
				sci_diag_free(r->base.items[k]);
			else
				r->base.items[n++] = r->base.items[k];
		}
		r->base.n = n;
		free(drop[i]);
	}
	free(drop);
}

void sci_merge_take(sci_merge *m, sci_result_list *head, sci_result_list *base,
		    sci_diag_list *failures)
{
	sci_diag_list h = { 0 }, f = { 0 };
	size_t i, k;

	drop_used_elsewhere(m);
	for (i = 0; i < m->nparts; i++) {
		sci_results *r = m->parts[i];

		for (k = 0; k < r->nfindings; k++) {
			if (r->findings[k].diag)
				sci_diag_list_take(&h, r->findings[k].diag);
			r->findings[k].diag = NULL;
		}
		for (k = 0; k < r->base.n; k++)
			sci_result_list_take(base, r->base.items[k]);
		r->base.n = 0;
		/* they count in the fingerprints, then go (gate.c) */
		for (k = 0; k < r->base_suppressed.n; k++)
			sci_result_list_take(base, r->base_suppressed.items[k])->in_source = 1;
		r->base_suppressed.n = 0;
		for (k = 0; k < r->failures.n; k++)
			sci_diag_list_take(&f, r->failures.items[k]);
		r->failures.n = 0;
	}
	/* a single run collects every TU's diagnostics in this order */
	sci_driver_sort_unique(&h, 0);
	sci_driver_sort_unique(&f, 0);
	for (i = 0; i < h.n; i++) {
		sci_result *res = sci_result_list_take(head, h.items[i]);
		const entry *e = find(m, h.items[i]);

		if (e && e->suppression) {
			res->in_source = 1;
			res->justification = sci_strdup(e->suppression);
		}
	}
	h.n = 0;
	for (i = 0; i < f.n; i++)
		sci_diag_list_take(failures, f.items[i]);
	f.n = 0;
	sci_diag_list_clear(&h);
	sci_diag_list_clear(&f);
}

static const entry *find(const sci_merge *m, const sci_diag *d)
{
	entry key;

	memset(&key, 0, sizeof(key));
	key.diag = (sci_diag *)d;
	return bsearch(&key, m->entries, m->nentries, sizeof(*m->entries),
		       cmp_entry);
}

int sci_merge_touched(const sci_merge *m, const sci_diag *d)
{
	const entry *e = find(m, d);

	return e ? e->touched : 0;
}

const sci_diag_loc *sci_merge_cause(const sci_merge *m, const sci_diag *d)
{
	const entry *e = find(m, d);

	return e && e->cause.path ? &e->cause : NULL;
}

const char *sci_merge_base_ref(const sci_merge *m)
{
	return m->parts[0]->base_ref;
}

size_t sci_merge_unanalyzed(const sci_merge *m)
{
	return m->unanalyzed;
}

int sci_merge_allow_unanalyzed(const sci_merge *m)
{
	return m->parts[0]->allow_unanalyzed;
}

size_t sci_merge_tus(const sci_merge *m)
{
	return m->tus;
}

size_t sci_merge_failed(const sci_merge *m)
{
	return m->failed;
}
