/*
 * project_db.c - project.c's rows in the project database (project_db.h).
 */
#include "cli/project_db.h"

#include "cli/options.h"
#include "cli/plugin.h"
#include "report/jsonl.h"
#include "util/alloc.h"
#include "util/sha256.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct memo_entry {
	char *path;
	char sha[SCI_DB_HASH_HEX];	/* "" when unreadable */
	struct memo_entry *next;
} memo_entry;

#define MEMO_BUCKETS 4096

struct sci_project_memo {
	memo_entry *b[MEMO_BUCKETS];
};

sci_project_memo *sci_project_memo_new(void)
{
	return sci_calloc(1, sizeof(sci_project_memo));
}

void sci_project_memo_free(sci_project_memo *m)
{
	size_t i;

	for (i = 0; m && i < MEMO_BUCKETS; i++) {
		memo_entry *e = m->b[i], *n;

		for (; e; e = n) {
			n = e->next;
			free(e->path);
			free(e);
		}
	}
	free(m);
}

static size_t hash_path(const char *s)
{
	size_t h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % MEMO_BUCKETS;
}

/* The SHA-256 of @path's content ("" if it cannot be read), once a run. */
static const char *file_sha(sci_project_memo *m, const char *path)
{
	size_t h = hash_path(path);
	unsigned char digest[SCI_SHA256_LEN], buf[65536];
	sci_sha256_ctx ctx;
	memo_entry *e;
	FILE *f;
	size_t n;

	for (e = m->b[h]; e; e = e->next)
		if (strcmp(e->path, path) == 0)
			return e->sha;
	e = sci_calloc(1, sizeof(*e));
	e->path = sci_strdup(path);
	e->next = m->b[h];
	m->b[h] = e;
	if (!(f = fopen(path, "rb")))
		return e->sha;
	sci_sha256_init(&ctx);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		sci_sha256_update(&ctx, buf, n);
	if (!ferror(f)) {
		sci_sha256_final(&ctx, digest);
		sci_sha256_hex(e->sha, digest);
	}
	fclose(f);
	return e->sha;
}

void sci_project_opts_flags(sci_strv *out, const sci_analyze_opts *a)
{
	size_t i;

	/* a plugin's checkers decide findings as the rules do */
	sci_plugin_opts_flags(out);
	if (!a)
		return;
	for (i = 0; a->rules && i < a->nrules; i++)
		sci_strv_push_take(out, sci_printf_dup("rule:%s", a->rules[i]));
	/* only when not the default, so generic runs keep their cache */
	if (a->models && strcmp(a->models, "generic") != 0)
		sci_strv_push_take(out, sci_printf_dup("models:%s", a->models));
	for (i = 0; a->allocators && a->allocators[i]; i++)
		sci_strv_push_take(out, sci_printf_dup("alloc:%s", a->allocators[i]));
	for (i = 0; a->deallocators && a->deallocators[i]; i++)
		sci_strv_push_take(out, sci_printf_dup("free:%s", a->deallocators[i]));
	for (i = 0; a->noreturn && a->noreturn[i]; i++)
		sci_strv_push_take(out, sci_printf_dup("noreturn:%s", a->noreturn[i]));
	for (i = 0; a->returns_nonnull && a->returns_nonnull[i]; i++)
		sci_strv_push_take(out, sci_printf_dup("nonnull:%s", a->returns_nonnull[i]));
	for (i = 0; a->untrusted_sources && a->untrusted_sources[i]; i++)
		sci_strv_push_take(out, sci_printf_dup("untrusted:%s",
						       a->untrusted_sources[i]));
	for (i = 0; a->must_check && a->must_check[i]; i++)
		sci_strv_push_take(out, sci_printf_dup("mustcheck:%s", a->must_check[i]));
	if (a->must_check_statistics)
		sci_strv_push(out, "mustcheck-statistics");
	for (i = 0; a->lock_acquire && a->lock_acquire[i]; i++)
		sci_strv_push_take(out, sci_printf_dup("lock:%s", a->lock_acquire[i]));
	for (i = 0; a->lock_release && a->lock_release[i]; i++)
		sci_strv_push_take(out, sci_printf_dup("unlock:%s", a->lock_release[i]));
}

void sci_project_tu_key(char out[SCI_DB_HASH_HEX], const sci_tu *tu,
			const char *cwd, const sci_analyze_opts *a)
{
	sci_strv flags = { 0 };
	size_t i;

	/* findings carry paths relative to where the run was */
	sci_strv_push(&flags, cwd ? cwd : "");
	for (i = 0; tu->argv && tu->argv[i]; i++)
		sci_strv_push(&flags, tu->argv[i]);
	/* the checkers and the profile decide findings and summaries too */
	sci_project_opts_flags(&flags, a);
	sci_db_tu_key(out, sci_cli_build_id(), tu->path, tu->directory,
		      (const char *const *)flags.v, flags.n);
	sci_strv_clear(&flags);
}

sci_db_tu *sci_project_lookup(sci_db *db, sci_project_memo *m,
			      const char *key)
{
	sci_db_tu *rec = NULL;
	size_t i;

	if (!db || sci_db_tu_get(db, key, &rec) < 0)
		return NULL;
	/* a TU always reads its own file: no inputs means a broken row */
	if (!rec->ninputs)
		goto stale;
	for (i = 0; i < rec->ninputs; i++) {
		const char *now = file_sha(m, rec->inputs[i].path);

		if (!*now || strcmp(now, rec->inputs[i].sha) != 0)
			goto stale;
	}
	return rec;
stale:
	sci_db_tu_free(rec);
	return NULL;
}

int sci_project_tu_defines(const sci_tu *tu, const char *name)
{
	size_t k;

	for (k = 0; k < tu->nsummaries; k++)
		if (strcmp(tu->summaries[k]->name, name) == 0)
			return 1;
	return 0;
}

/*
 * What else the TU's findings depend on, mixed into @out (a digest
 * already) when there is any: the values the project gives the globals it
 * reads (sci_summary_set_global_value()), and, with @statistics,
 * unchecked-return's counts of how the whole project treats the results
 * of the functions it calls.
 */
static void deps_add_project(char out[SCI_DB_HASH_HEX], const sci_tu *tu,
			     const sci_summary_set *set, int statistics)
{
	unsigned char digest[SCI_SHA256_LEN];
	sci_sha256_ctx ctx;
	size_t k, c;
	int any = 0;

	sci_sha256_init(&ctx);
	sci_sha256_field(&ctx, out);
	for (k = 0; k < tu->nsummaries; k++) {
		const sci_summary *s = tu->summaries[k];
		size_t nresults = statistics ? s->nresults : 0;

		for (c = 0; c < nresults + s->ngreads; c++) {
			unsigned used, discarded;
			long long v;
			char *line;

			if (c < nresults) {
				sci_summary_set_result_counts(set,
					s->results[c].callee, &used, &discarded);
				line = sci_printf_dup("%s %u %u",
						      s->results[c].callee,
						      used, discarded);
			} else if (sci_summary_set_global_value(set,
					s->greads[c - nresults], &v)) {
				line = sci_printf_dup("%s=%lld",
						      s->greads[c - nresults], v);
			} else {
				line = sci_printf_dup("%s=*",
						      s->greads[c - nresults]);
			}
			sci_sha256_field(&ctx, line);
			free(line);
			any = 1;
		}
	}
	if (!any)
		return;
	sci_sha256_final(&ctx, digest);
	sci_sha256_hex(out, digest);
}

typedef struct {
	const sci_tu *tu;
	sci_strv lines;
} args_ctx;

/* Is @caller of @file one of @tu's own functions? */
static int tu_owns(const sci_tu *tu, const char *file, const char *caller)
{
	size_t k;

	for (k = 0; k < tu->nsummaries; k++)
		if (strcmp(tu->summaries[k]->name, caller) == 0 &&
		    tu->summaries[k]->file &&
		    strcmp(tu->summaries[k]->file, file) == 0)
			return 1;
	return 0;
}

static void on_args(const char *file, const char *caller, unsigned line,
		    const char *args, void *payload)
{
	args_ctx *x = payload;
	const char *at = strstr(args, ";@");
	char *text;

	(void)line;
	if (tu_owns(x->tu, file, caller))
		return;
	/*
	 * Not the call's line (";@LINE"): a caller moved down its file
	 * passes the same values.  A finding reused then names the old
	 * line; it is no new finding, so the gate does not ask.  Nor the
	 * caller's file: the two sides of the gate spell it differently
	 * (`./x.c` as given on the command line, `x.c` from the merge
	 * base's tree), and every TU a changed file calls looked passed
	 * other values (git: 21 TUs analyzed again for a function added to
	 * one file).  Two callers of one name in two files are two lines.
	 */
	text = sci_printf_dup("%s\n%.*s", caller,
			      (int)(at ? (size_t)(at - args) : strlen(args)),
			      args);
	sci_strv_push_take(&x->lines, text);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int sci_project_callers_digest(char out[SCI_DB_HASH_HEX], const sci_tu *tu,
			       const sci_summary_set *set)
{
	unsigned char digest[SCI_SHA256_LEN];
	sci_sha256_ctx ctx;
	args_ctx x = { tu, { 0 } };
	size_t k;

	for (k = 0; k < tu->nsummaries; k++)
		if (!tu->summaries[k]->is_static)
			sci_summary_set_call_args(set, tu->summaries[k]->name,
						  on_args, &x);
	if (!x.lines.n)
		return 0;
	qsort(x.lines.v, x.lines.n, sizeof(*x.lines.v), cmp_str);
	sci_sha256_init(&ctx);
	sci_sha256_field(&ctx, "callers");
	for (k = 0; k < x.lines.n; k++)
		sci_sha256_field(&ctx, x.lines.v[k]);
	sci_sha256_final(&ctx, digest);
	sci_sha256_hex(out, digest);
	sci_strv_clear(&x.lines);
	return 1;
}

/* The callers' values (sci_project_callers_digest()) mixed into @out. */
static void deps_add_callers(char out[SCI_DB_HASH_HEX], const sci_tu *tu,
			     const sci_summary_set *set)
{
	unsigned char digest[SCI_SHA256_LEN];
	char callers[SCI_DB_HASH_HEX];
	sci_sha256_ctx ctx;

	if (!sci_project_callers_digest(callers, tu, set))
		return;
	sci_sha256_init(&ctx);
	sci_sha256_field(&ctx, out);
	sci_sha256_field(&ctx, callers);
	sci_sha256_final(&ctx, digest);
	sci_sha256_hex(out, digest);
}

void sci_project_deps(char out[SCI_DB_HASH_HEX], const sci_tu *tu,
		      const sci_summary_set *set, int statistics)
{
	char **defined, **names;
	size_t k, c, n = 0, m = 0, ndefined = tu->nsummaries;

	/* the names it calls that it does not define, sorted, once each */
	defined = sci_calloc(ndefined + 1, sizeof(*defined));
	for (k = 0; k < ndefined; k++)
		defined[k] = tu->summaries[k]->name;
	if (ndefined > 1)
		qsort(defined, ndefined, sizeof(*defined), cmp_str);
	for (k = 0; k < tu->nsummaries; k++)
		n += tu->summaries[k]->ncalls;
	names = sci_calloc(n + 1, sizeof(*names));
	for (k = 0; k < tu->nsummaries; k++) {
		const sci_summary *s = tu->summaries[k];

		for (c = 0; c < s->ncalls; c++)
			if (!ndefined ||
			    !bsearch(&s->calls[c], defined, ndefined,
				     sizeof(*defined), cmp_str))
				names[m++] = s->calls[c];
	}
	if (m > 1)
		qsort(names, m, sizeof(*names), cmp_str);
	for (k = n = 0; k < m; k++)
		if (!n || strcmp(names[n - 1], names[k]) != 0)
			names[n++] = names[k];
	sci_summary_set_names_digest(set, names, n, out);
	free(names);
	free(defined);
	/*
	 * Result counts only when the statistics run: otherwise a change
	 * that adds one call to malloc() would re-analyze every TU that
	 * calls it (183 of git's 225 for a one-function change).
	 */
	deps_add_project(out, tu, set, statistics);
	deps_add_callers(out, tu, set);
}

int sci_project_take_findings(sci_tu *tu, const sci_db_tu *rec)
{
	const char *p = rec->findings;
	sci_diag_list got = { 0 };
	size_t i;

	while (p && *p) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p) : strlen(p);
		char *line = sci_realloc(NULL, n + 1);
		sci_diag *d = NULL;
		int e;

		memcpy(line, p, n);
		line[n] = '\0';
		e = n ? sci_jsonl_parse(&d, line) : 0;
		free(line);
		if (e < 0) {
			sci_diag_list_clear(&got);
			return -1;
		}
		if (d)
			sci_diag_list_take(&got, d);
		p = nl ? nl + 1 : p + n;
	}
	for (i = 0; i < got.n; i++)
		sci_diag_list_take(&tu->diags, got.items[i]);
	free(got.items);
	return 0;
}

void sci_project_store(sci_db *db, sci_project_memo *m, const char *key,
		       const sci_tu *tu, const sci_strv *inputs,
		       const char *deps)
{
	sci_db_tu rec;
	char *findings = NULL;
	size_t i, len = 0;

	if (!db || !inputs->n)
		return;
	/*
	 * sparse gave up on it (a missing header): it reported what it read
	 * up to there, but a record would stand for a TU with no functions
	 * until one of those files changed, though the header may appear.
	 */
	if (!tu->nsummaries)
		for (i = 0; i < tu->diags.n; i++)
			if (strcmp(tu->diags.items[i]->rule,
				   SCI_RULE_ANALYSIS_FAILURE) == 0)
				return;
	memset(&rec, 0, sizeof(rec));
	snprintf(rec.key, sizeof(rec.key), "%s", key);
	rec.path = tu->display ? tu->display : tu->path;
	rec.inputs = sci_calloc(inputs->n, sizeof(*rec.inputs));
	for (i = 0; i < inputs->n; i++) {
		const char *sha = file_sha(m, inputs->v[i]);

		if (!*sha)
			goto done;	/* vanished: nothing to vouch for */
		rec.inputs[rec.ninputs].path = inputs->v[i];
		snprintf(rec.inputs[rec.ninputs].sha, SCI_DB_HASH_HEX, "%s", sha);
		rec.ninputs++;
	}
	rec.summaries = tu->summaries;
	rec.nsummaries = tu->nsummaries;
	if (deps) {
		findings = sci_strdup("");
		for (i = 0; i < tu->diags.n; i++) {
			char *line = NULL;
			size_t n;

			if (strcmp(tu->diags.items[i]->rule,
				   SCI_RULE_ANALYSIS_FAILURE) == 0 ||
			    sci_jsonl_format(&line, tu->diags.items[i]) < 0) {
				free(line);
				free(findings);
				findings = NULL;	/* summaries only */
				break;
			}
			n = strlen(line);
			findings = sci_realloc(findings, len + n + 2);
			memcpy(findings + len, line, n);
			findings[len + n] = '\n';
			findings[len + n + 1] = '\0';
			len += n + 1;
			free(line);
		}
		rec.deps = findings ? (char *)deps : NULL;
		rec.findings = findings;
	}
	sci_db_tu_put(db, &rec);
done:
	free(rec.inputs);
	free(findings);
}

void sci_project_walk_key(char out[SCI_DB_HASH_HEX], const char *key)
{
	unsigned char d[SCI_SHA256_LEN];
	sci_sha256_ctx c;

	sci_sha256_init(&c);
	sci_sha256_field(&c, "smatch-ci-shard-walk-v1");
	sci_sha256_field(&c, key);
	sci_sha256_final(&c, d);
	sci_sha256_hex(out, d);
}
