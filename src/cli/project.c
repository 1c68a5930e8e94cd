/*
 * project.c - summarize every TU, then analyze every TU with all the
 * summaries, then settle (project.h).
 */
#include "cli/project.h"
#include "cli/project_db.h"
#include "cli/progress.h"

#include "util/alloc.h"
#include "util/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	sci_tu_list *tus;
	const sci_project_opts *popts;
	char **origins;			/* per TU */
	sci_summary_set *set;
	/* with a database, per TU: */
	sci_db *db;
	sci_project_memo *memo;
	char (*keys)[SCI_DB_HASH_HEX];
	sci_db_tu **recs;		/* stored, inputs unchanged; or NULL */
	char (*deps)[SCI_DB_HASH_HEX];	/* callee summaries its analysis used */
	sci_strv *inputs;		/* files it read */
	unsigned char *analyzed;	/* analyzed in this run */
	const sci_analyze_opts *aopts;	/* the run's, for the keys */
} run_ctx;

static char *origin_of(const run_ctx *r, const sci_tu *tu)
{
	if (r->popts && r->popts->origin)
		return r->popts->origin(tu, r->popts->origin_payload);
	return sci_strdup(tu->display ? tu->display : tu->path);
}

/*
 * Runs the driver over the TUs @pick marks, as if they were the whole
 * list: shallow copies go in, what the driver adds to them comes back.
 */
static int run_some(run_ctx *r, const unsigned char *pick,
		    const sci_driver_opts *dopts, sci_driver_stats *stats)
{
	sci_tu_list sub = { 0 };
	sci_diag_list scratch = { 0 };
	size_t i, k = 0;
	int error;

	sub.items = sci_calloc(r->tus->n ? r->tus->n : 1, sizeof(*sub.items));
	for (i = 0; i < r->tus->n; i++)
		if (pick[i])
			sub.items[sub.n++] = r->tus->items[i];
	error = sci_driver_run(&scratch, stats, &sub, dopts);
	for (i = 0; i < r->tus->n; i++)
		if (pick[i])
			r->tus->items[i] = sub.items[k++];
	free(sub.items);
	sci_diag_list_clear(&scratch);
	return error;
}

static void forget_results(sci_tu *tu);

/*
 * Findings of the TUs @pick leaves out: they stand while the others
 * run, so the progress line counts them from the start of the phase.
 */
static size_t findings_kept(const sci_tu_list *tus, const unsigned char *pick)
{
	size_t i, k, n = 0;

	for (i = 0; i < tus->n; i++)
		for (k = 0; !pick[i] && k < tus->items[i].diags.n; k++)
			n += sci_diag_is_finding(tus->items[i].diags.items[k]) != 0;
	return n;
}

/* The stored summaries again (forget_results() dropped them). */
static void reuse_summaries_only(run_ctx *r, size_t i)
{
	const sci_db_tu *rec = r->recs[i];
	size_t k;

	for (k = 0; k < rec->nsummaries; k++)
		sci_tu_summaries_add(&r->tus->items[i],
				     sci_summary_dup(rec->summaries[k]));
}

/*
 * After an analysis of @tu: an analysis that failed (a crash, a timeout,
 * a limit) sent the summaries of only some functions, so the ones it had
 * before (in @before, taken) stay; otherwise they go.
 */
static void keep_whole_summaries(sci_tu *tu, sci_tu *before)
{
	size_t k;
	int failed = 0;

	for (k = 0; k < tu->diags.n; k++)
		failed |= strcmp(tu->diags.items[k]->rule,
				 SCI_RULE_ANALYSIS_FAILURE) == 0;
	if (failed && before->nsummaries) {
		sci_tu_summaries_clear(tu);
		tu->summaries = before->summaries;
		tu->nsummaries = before->nsummaries;
	} else {
		sci_tu_summaries_clear(before);
	}
	before->summaries = NULL;
	before->nsummaries = 0;
}

static void forget_results(sci_tu *tu)
{
	sci_diag_list_clear(&tu->diags);
	sci_strv_clear(&tu->inputs);
	sci_tu_summaries_clear(tu);
}

/* Files @tu's summaries in the set, under its origin alone. */
static void file_summaries(run_ctx *r, size_t i)
{
	const sci_tu *tu = &r->tus->items[i];
	size_t k;

	sci_summary_set_drop_origin(r->set, r->origins[i]);
	for (k = 0; k < tu->nsummaries; k++)
		sci_summary_set_add(r->set, tu->summaries[k], r->origins[i]);
}

/* Does @tu call, in another TU, a function @changed names? */
static int calls_changed(const sci_tu *tu, const sci_summary_set *changed)
{
	size_t k, c;

	for (k = 0; k < tu->nsummaries; k++) {
		const sci_summary *s = tu->summaries[k];

		for (c = 0; c < s->ncalls; c++)
			if (sci_summary_set_find(changed, s->calls[c]) &&
			    !sci_project_tu_defines(tu, s->calls[c]))
				return 1;
	}
	return 0;
}

/*
 * Files the summaries the last round sent and marks in @pick the TUs that
 * call one that changed.  Returns how many TUs are marked.
 */
static size_t settle(run_ctx *r, const unsigned char *ran, unsigned char *pick)
{
	sci_summary_set *changed = sci_summary_set_new();
	size_t i, k, n = 0;
	int any;

	for (i = 0; i < r->tus->n; i++) {
		const sci_tu *tu = &r->tus->items[i];

		if (!ran[i])
			continue;
		for (k = 0; k < tu->nsummaries; k++) {
			const sci_summary *now = tu->summaries[k];
			const sci_summary *before;

			if (now->is_static)
				continue;
			before = sci_summary_set_find_origin(r->set, now->name,
							     r->origins[i]);
			if (!before || !sci_summary_same_facts(before, now))
				sci_summary_set_add(changed, now, "");
		}
		file_summaries(r, i);
	}
	any = sci_summary_set_count(changed) > 0;
	for (i = 0; i < r->tus->n; i++) {
		pick[i] = any && calls_changed(&r->tus->items[i], changed);
		n += pick[i];
	}
	sci_summary_set_free(changed);
	return n;
}

static void collect(sci_diag_list *out, sci_driver_stats *stats,
		    const sci_tu_list *tus)
{
	size_t i, k, first = out->n;

	memset(stats, 0, sizeof(*stats));
	for (i = 0; i < tus->n; i++) {
		const sci_tu *tu = &tus->items[i];
		int failed = 0;

		if (tu->summaries_only)
			continue;	/* another shard's (plan.h) */
		stats->tus++;
		for (k = 0; k < tu->diags.n; k++) {
			failed |= strcmp(tu->diags.items[k]->rule,
					 SCI_RULE_ANALYSIS_FAILURE) == 0;
			sci_diag_list_take(out, sci_diag_dup(tu->diags.items[k]));
		}
		stats->failed += failed;
	}
	sci_driver_sort_unique(out, first);
}

/* ------------------------------------------------ the project database */

/*
 * Another shard's TU (plan.h) is walked without checkers.  A whole record
 * (a single run's, or its own shard's) serves it, summaries and deps; else
 * its walk is kept under a key of its own, derived from the TU's, which
 * only such walks look up: its empty findings then never pass for a
 * checked TU's, while the next run of the shard reuses its summaries in
 * both steps when nothing it depends on changed.
 */
static void walk_key(run_ctx *r, size_t i)
{
	char walk[SCI_DB_HASH_HEX];

	sci_project_walk_key(walk, r->keys[i]);
	memcpy(r->keys[i], walk, sizeof(walk));
	if (!r->recs[i])
		r->recs[i] = sci_project_lookup(r->db, r->memo, r->keys[i]);
}

static void db_begin(run_ctx *r, const sci_project_opts *popts)
{
	size_t i, n = r->tus->n ? r->tus->n : 1;

	r->memo = sci_project_memo_new();
	r->keys = sci_calloc(n, sizeof(*r->keys));
	r->recs = sci_calloc(n, sizeof(*r->recs));
	r->deps = sci_calloc(n, sizeof(*r->deps));
	r->inputs = sci_calloc(n, sizeof(*r->inputs));
	r->analyzed = sci_calloc(n, 1);
	for (i = 0; i < r->tus->n; i++) {
		sci_project_tu_key(r->keys[i], &r->tus->items[i], popts->cwd,
				   r->aopts);
		r->recs[i] = sci_project_lookup(r->db, r->memo, r->keys[i]);
		if (r->tus->items[i].summaries_only)
			walk_key(r, i);
	}
}

static void reuse_summaries(run_ctx *r, size_t i)
{
	const sci_db_tu *rec = r->recs[i];
	size_t k;

	reuse_summaries_only(r, i);
	for (k = 0; k < rec->ninputs; k++)
		sci_strv_push(&r->inputs[i], rec->inputs[k].path);
}

static int statistics(const run_ctx *r)
{
	return r->aopts && r->aopts->must_check_statistics;
}

/* The stored findings, if made with the callee summaries of now. */
static int reuse_findings(run_ctx *r, size_t i)
{
	const sci_db_tu *rec = r->recs ? r->recs[i] : NULL;
	sci_tu *tu = &r->tus->items[i];
	char deps[SCI_DB_HASH_HEX];
	size_t k;

	if (!rec || !rec->findings || !rec->deps)
		return 0;
	sci_project_deps(deps, tu, r->set, statistics(r));
	if (strcmp(deps, rec->deps) != 0)
		return 0;
	forget_results(tu);
	if (sci_project_take_findings(tu, rec) < 0) {
		sci_diag_list_clear(&tu->diags);
		reuse_summaries_only(r, i);
		return 0;
	}
	if (tu->summaries_only)	/* another shard reports them */
		sci_diag_list_clear(&tu->diags);
	reuse_summaries_only(r, i);
	for (k = 0; k < rec->ninputs; k++)
		sci_strv_push(&tu->inputs, rec->inputs[k].path);
	return 1;
}

static void db_store(run_ctx *r)
{
	size_t i;

	for (i = 0; i < r->tus->n; i++) {
		const sci_tu *tu = &r->tus->items[i];

		if (!r->analyzed[i])
			continue;
		/* another shard's TU: under its walk key (walk_key()) */
		sci_project_store(r->db, r->memo, r->keys[i], tu,
				  r->inputs[i].n ? &r->inputs[i] : &tu->inputs,
				  r->deps[i]);
	}
}

static void db_end(run_ctx *r)
{
	size_t i;

	for (i = 0; r->recs && i < r->tus->n; i++) {
		sci_db_tu_free(r->recs[i]);
		sci_strv_clear(&r->inputs[i]);
	}
	free(r->recs);
	free(r->inputs);
	free(r->keys);
	free(r->deps);
	free(r->analyzed);
	sci_project_memo_free(r->memo);
}

int sci_project_run(sci_diag_list *out, sci_driver_stats *stats,
		    sci_tu_list *tus, const sci_driver_opts *dopts,
		    const sci_project_opts *popts)
{
	static const char *const no_rules[] = { NULL };
	sci_driver_opts d1 = *dopts, d2 = *dopts;
	sci_analyze_opts a1, a2;
	sci_driver_stats st;
	sci_project_stats ps = { 0, 0, 0, 0 };
	sci_tu *old = NULL;
	run_ctx r;
	unsigned char *all, *pick;
	size_t i;
	int error = 0, round;

	if (tus->n < 2 && !(popts && (popts->background || popts->db)) &&
	    !(tus->n && tus->items[0].summaries_only))
		return sci_driver_run(out, stats, tus, dopts);
	memset(&a1, 0, sizeof(a1));
	if (dopts->analyze_opts)
		a1 = *dopts->analyze_opts;
	a2 = a1;
	memset(&r, 0, sizeof(r));
	r.tus = tus;
	r.popts = popts;
	r.set = sci_summary_set_new();
	r.db = popts ? popts->db : NULL;
	r.aopts = dopts->analyze_opts;
	r.origins = sci_calloc(tus->n ? tus->n : 1, sizeof(*r.origins));
	all = sci_calloc(tus->n ? tus->n : 1, 1);
	pick = sci_calloc(tus->n ? tus->n : 1, 1);
	old = sci_calloc(tus->n ? tus->n : 1, sizeof(*old));
	for (i = 0; i < tus->n; i++) {
		r.origins[i] = origin_of(&r, &tus->items[i]);
		all[i] = 1;
	}
	if (popts && popts->background)
		sci_summary_set_merge(r.set, popts->background);

	if (r.db)
		db_begin(&r, popts);

	/* 1. summaries, no checkers: what is found here is found again in 2 */
	a1.rules = no_rules;
	a1.nrules = 0;
	a1.report_inputs = r.db != NULL;
	a1.emit_summaries = 1;
	/*
	 * What is already known (stored summaries of unchanged TUs, the
	 * background) serves the summaries made now: a one-file change then
	 * summarizes that file as the last run did, and its callers' stored
	 * findings stay valid.
	 */
	a1.summaries = r.set;
	d1.analyze_opts = &a1;
	for (i = 0; i < tus->n; i++) {
		pick[i] = !(r.recs && r.recs[i]);
		ps.summarized += pick[i];
		if (!pick[i]) {
			reuse_summaries(&r, i);
			file_summaries(&r, i);
		}
	}
	sci_progress_label(dopts->progress, "summarizing", 0);
	if ((error = run_some(&r, pick, &d1, &st)) < 0)
		goto done;
	for (i = 0; i < tus->n; i++) {
		if (!pick[i])
			continue;
		if (r.inputs) {
			r.inputs[i] = tus->items[i].inputs;
			memset(&tus->items[i].inputs, 0, sizeof(tus->items[i].inputs));
		}
		file_summaries(&r, i);
		/* its summaries stay: they say what it calls (deps) */
		sci_diag_list_clear(&tus->items[i].diags);
		sci_strv_clear(&tus->items[i].inputs);
	}

	/* 2 and 3 */
	a2.summaries = r.set;
	a2.emit_summaries = 1;
	d2.analyze_opts = &a2;
	for (i = 0; i < tus->n; i++) {
		pick[i] = !reuse_findings(&r, i);
		ps.reused += !pick[i];
	}
	for (round = 1; round <= SCI_PROJECT_ROUNDS; round++) {
		int any = 0;

		for (i = 0; i < tus->n; i++)
			any |= pick[i];
		if (!any)
			break;
		ps.rounds = (unsigned)round;
		if (dopts->progress) {
			char label[32];

			if (round == 1)
				snprintf(label, sizeof(label), "analyzing");
			else
				snprintf(label, sizeof(label), "settling round %d",
					 round - 1);
			sci_progress_label(dopts->progress, label,
					   findings_kept(tus, pick));
		}
		for (i = 0; i < tus->n; i++)
			if (pick[i]) {
				ps.analyses++;
				/* its calls are in the summaries it had */
				if (r.deps)
					sci_project_deps(r.deps[i], &tus->items[i],
							 r.set, statistics(&r));
				/* kept until the analysis is known to be whole */
				old[i] = tus->items[i];
				tus->items[i].summaries = NULL;
				tus->items[i].nsummaries = 0;
				forget_results(&tus->items[i]);
				if (r.analyzed)
					r.analyzed[i] = 1;
			}
		error = run_some(&r, pick, &d2, &st);
		for (i = 0; i < tus->n; i++)
			if (pick[i])
				keep_whole_summaries(&tus->items[i], &old[i]);
		if (error < 0)
			goto done;
		memcpy(all, pick, tus->n);
		if (settle(&r, all, pick) == 0)
			break;
	}
	collect(out, stats, tus);
	if (r.db)
		db_store(&r);
	if (popts && popts->stats_out)
		*popts->stats_out = ps;
	if (popts && popts->set_out) {
		*popts->set_out = r.set;
		r.set = NULL;
	}
done:
	db_end(&r);
	for (i = 0; i < tus->n; i++)
		free(r.origins[i]);
	free(r.origins);
	free(all);
	free(pick);
	free(old);
	sci_summary_set_free(r.set);
	return error;
}
