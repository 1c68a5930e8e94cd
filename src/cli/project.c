/*
 * project.c - summarize every TU, then analyze every TU with all the
 * summaries, then settle (project.h).
 */
#include "cli/project.h"
#include "cli/project_db.h"
#include "cli/progress.h"
#include "cli/round_order.h"

#include "util/alloc.h"
#include "util/error.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	unsigned long gen;	/* when (r->gen counts filings) */
	size_t tu;		/* who filed it */
	char *name;		/* the function, SCI_SUMMARY_GLOBALS, or "*" */
} change;

typedef struct {
	sci_tu_list *tus;
	const sci_project_opts *popts;
	char **origins;			/* per TU */
	sci_summary_set *set;
	const sci_analyze_opts *aopts;	/* the run's, for the keys */
	/* per TU: */
	char (*deps)[SCI_DB_HASH_HEX];	/* callee summaries its findings used */
	unsigned char *has_deps;	/* analyzed here, or stored findings reused */
	unsigned char *stale;		/* a callee changed while it ran */
	unsigned char *reuse_tried;
	unsigned *analyses;		/* in this run */
	/*
	 * Light analyses (summaries only, no checkers) of a TU that ran while
	 * a TU it calls in its cycle had filed none yet: in this run, and
	 * whether the last one was one (then a whole analysis must follow).
	 */
	unsigned *light;
	unsigned char *light_last;
	unsigned char *never;		/* per TU: no summaries of it filed */
	sci_tu_list *sub;		/* run_some(): what the driver runs */
	unsigned long *forked_at;	/* r->gen then */
	sci_strv *filed;		/* names filed under its origin */
	char **filed_globals;		/* its SCI_SUMMARY_GLOBALS record filed */
	sci_strv *filed_args;		/* its call_args filed, sorted */
	sci_tu *old;			/* its summaries while it runs again */
	/* summaries filed in the set that differ from what was there */
	change *log;
	size_t nlog, caplog;
	unsigned long gen;
	size_t *map;			/* run_some(): driver's index -> TU */
	sci_round_order *order;		/* run_some(): callees first */
	unsigned char *done;		/* per TU: done in this round */
	int keep_inputs;		/* the caller asked for each TU's inputs */
	/* with a database, per TU: */
	sci_db *db;
	sci_project_memo *memo;
	char (*keys)[SCI_DB_HASH_HEX];
	sci_db_tu **recs;		/* stored, inputs unchanged; or NULL */
	sci_strv *inputs;		/* files it read */
	unsigned char *analyzed;	/* analyzed in this run */
} run_ctx;

static char *origin_of(const run_ctx *r, const sci_tu *tu)
{
	if (r->popts && r->popts->origin)
		return r->popts->origin(tu, r->popts->origin_payload);
	return sci_strdup(tu->display ? tu->display : tu->path);
}

static int statistics(const run_ctx *r)
{
	return r->aopts && r->aopts->must_check_statistics;
}

static void log_change(run_ctx *r, size_t i, const char *name)
{
	if (r->nlog == r->caplog) {
		r->caplog = r->caplog ? 2 * r->caplog : 64;
		r->log = sci_realloc(r->log, r->caplog * sizeof(*r->log));
	}
	r->log[r->nlog].gen = ++r->gen;
	r->log[r->nlog].tu = i;
	r->log[r->nlog++].name = sci_strdup(name);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Logs "=args:CALLEE" for the call_args entry @entry ("CALLEE;..."). */
static void log_args(run_ctx *r, size_t i, const char *entry)
{
	char *name = sci_printf_dup("=args:%.*s", (int)strcspn(entry, ";"),
				    entry);

	log_change(r, i, name);
	free(name);
}

/*
 * What @tu's functions pass to others now against what was filed: each
 * callee an entry appeared or vanished for is logged (the TUs defining it
 * walk it with those values, analyzer/callers.c).
 */
static void file_call_args(run_ctx *r, size_t i, const sci_tu *tu)
{
	sci_strv now = { 0 };
	const sci_strv *was = &r->filed_args[i];
	size_t k, c, a = 0, b = 0;

	for (k = 0; k < tu->nsummaries; k++)
		for (c = 0; c < tu->summaries[k]->ncall_args; c++)
			sci_strv_push(&now, tu->summaries[k]->call_args[c]);
	if (now.n > 1)
		qsort(now.v, now.n, sizeof(*now.v), cmp_str);
	while (a < now.n || b < was->n) {
		int d = a == now.n ? 1 : b == was->n ? -1 :
			strcmp(now.v[a], was->v[b]);

		if (d < 0)
			log_args(r, i, now.v[a++]);
		else if (d > 0)
			log_args(r, i, was->v[b++]);
		else
			a++, b++;
	}
	sci_strv_clear(&r->filed_args[i]);
	r->filed_args[i] = now;
}

/*
 * Files @tu's summaries (TU @i's) in the set, under its origin alone, and
 * logs what they change for the TUs running meanwhile (changed_meanwhile).
 */
static void file_summaries(run_ctx *r, size_t i, const sci_tu *tu)
{
	char *globals = NULL;
	size_t k;
	int any = 0;

	for (k = 0; k < tu->nsummaries; k++) {
		const sci_summary *now = tu->summaries[k];
		const sci_summary *before;

		if (strcmp(now->name, SCI_SUMMARY_GLOBALS) == 0) {
			globals = sci_summary_format(now);
			continue;
		}
		if (now->is_static)
			continue;
		before = sci_summary_set_find_origin(r->set, now->name,
						     r->origins[i]);
		if (!before || !sci_summary_same_facts(before, now)) {
			log_change(r, i, now->name);
			any = 1;
		}
	}
	for (k = 0; k < r->filed[i].n; k++)
		if (!sci_project_tu_defines(tu, r->filed[i].v[k])) {
			log_change(r, i, r->filed[i].v[k]);
			any = 1;
		}
	if ((globals || r->filed_globals[i]) &&
	    (!globals || !r->filed_globals[i] ||
	     strcmp(globals, r->filed_globals[i]) != 0)) {
		log_change(r, i, SCI_SUMMARY_GLOBALS);
		any = 1;
	}
	/* the statistics sum every function's call sites, static ones too */
	if (statistics(r) && !any)
		log_change(r, i, "*");
	free(r->filed_globals[i]);
	r->filed_globals[i] = globals;
	file_call_args(r, i, tu);

	sci_strv_clear(&r->filed[i]);
	sci_summary_set_drop_origin(r->set, r->origins[i]);
	for (k = 0; k < tu->nsummaries; k++) {
		sci_summary_set_add(r->set, tu->summaries[k], r->origins[i]);
		if (!tu->summaries[k]->is_static)
			sci_strv_push(&r->filed[i], tu->summaries[k]->name);
	}
}

static int tu_calls(const sci_tu *tu, const char *name)
{
	size_t k, c;

	for (k = 0; k < tu->nsummaries; k++)
		for (c = 0; c < tu->summaries[k]->ncalls; c++)
			if (strcmp(tu->summaries[k]->calls[c], name) == 0)
				return !sci_project_tu_defines(tu, name);
	return 0;
}

static int tu_defines_extern(const sci_tu *tu, const char *name)
{
	size_t k;

	for (k = 0; k < tu->nsummaries; k++)
		if (!tu->summaries[k]->is_static &&
		    strcmp(tu->summaries[k]->name, name) == 0)
			return 1;
	return 0;
}

static int tu_reads_globals(const sci_tu *tu)
{
	size_t k;

	for (k = 0; k < tu->nsummaries; k++)
		if (tu->summaries[k]->ngreads)
			return 1;
	return 0;
}

/*
 * Did another TU file, while TU @i ran, a summary that its deps (computed
 * now) count?  Then they do not say what its worker saw.
 */
static int changed_meanwhile(const run_ctx *r, size_t i, const sci_tu *tu)
{
	size_t e;

	for (e = r->nlog; e-- > 0 && r->log[e].gen > r->forked_at[i];) {
		const char *name = r->log[e].name;

		if (r->log[e].tu == i)
			continue;
		if (statistics(r))
			return 1;
		if (strcmp(name, SCI_SUMMARY_GLOBALS) == 0) {
			if (tu_reads_globals(tu))
				return 1;
		} else if (strncmp(name, "=args:", 6) == 0) {
			if (tu_defines_extern(tu, name + 6))
				return 1;
		} else if (tu_calls(tu, name)) {
			return 1;
		}
	}
	return 0;
}

/*
 * A TU's first analysis in the run, started while a TU it calls in its
 * own cycle has filed no summaries yet, is certain to run again: that
 * TU's summaries will change what it calls from unknown.  Its findings
 * would be thrown away, so it is walked for its summaries alone, without
 * checkers (about a third of an analysis): what its cycle needs from it.
 */
static void tu_start(size_t k, void *payload)
{
	run_ctx *r = payload;
	size_t i = r->map[k];
	sci_tu *tu = &r->sub->items[k];

	r->forked_at[i] = r->gen;
	r->light_last[i] = 0;
	if (!tu->summaries_only && r->analyses[i] == 1 && !r->light[i] &&
	    sci_round_order_cycle_waits(r->order, i, r->done, r->never)) {
		tu->summaries_only = 1;
		r->light[i]++;
		r->light_last[i] = 1;
	}
}

static void keep_whole_summaries(sci_tu *tu, sci_tu *before);

/*
 * A TU's results are in: what its findings were computed with, then its
 * summaries for the workers forked from now on.
 */
static void tu_done(sci_tu *tu, size_t k, void *payload)
{
	run_ctx *r = payload;
	size_t i = r->map[k];

	r->done[i] = 1;
	r->never[i] = 0;
	if (r->light_last[i])
		tu->summaries_only = 0;
	keep_whole_summaries(tu, &r->old[i]);
	/* before its own summaries are filed, as its worker saw the set */
	sci_project_deps(r->deps[i], tu, r->set, statistics(r));
	r->has_deps[i] = 1;
	r->stale[i] = changed_meanwhile(r, i, tu);
	if (r->inputs) {
		sci_strv_clear(&r->inputs[i]);
		if (r->keep_inputs) {
			sci_strv_extend(&r->inputs[i], &tu->inputs);
		} else {
			r->inputs[i] = tu->inputs;
			memset(&tu->inputs, 0, sizeof(tu->inputs));
		}
	}
	file_summaries(r, i, tu);
}

static int tu_ready(size_t k, void *payload)
{
	run_ctx *r = payload;

	return sci_round_order_ready(r->order, r->map[k], r->done);
}

/*
 * Runs the driver over the TUs r->order lists, as if they were the whole
 * list: shallow copies go in, what the driver adds to them comes back.
 * Each TU's summaries are filed as soon as it is done, so every worker
 * started later knows them, and a TU waits for the TUs it calls.
 */
static int run_some(run_ctx *r, const sci_driver_opts *dopts,
		    sci_driver_stats *stats)
{
	sci_driver_opts d = *dopts;
	sci_tu_list sub = { 0 };
	sci_diag_list scratch = { 0 };
	size_t i, k = 0;
	int error;

	sub.items = sci_calloc(r->tus->n ? r->tus->n : 1, sizeof(*sub.items));
	for (k = 0; k < sci_round_order_count(r->order); k++) {
		i = sci_round_order_at(r->order, k);
		r->map[sub.n] = i;
		r->done[i] = 0;
		sub.items[sub.n++] = r->tus->items[i];
	}
	d.on_tu_start = tu_start;
	d.on_tu_done = tu_done;
	d.ready = tu_ready;
	d.hook_payload = r;
	r->sub = &sub;
	error = sci_driver_run(&scratch, stats, &sub, &d);
	r->sub = NULL;
	for (k = 0; k < sub.n; k++)
		r->tus->items[r->map[k]] = sub.items[k];
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
static int analysis_failed(const sci_tu *tu)
{
	size_t k;

	for (k = 0; k < tu->diags.n; k++)
		if (strcmp(tu->diags.items[k]->rule,
			   SCI_RULE_ANALYSIS_FAILURE) == 0)
			return 1;
	return 0;
}

static void keep_whole_summaries(sci_tu *tu, sci_tu *before)
{
	if (analysis_failed(tu) && before->nsummaries) {
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
	tu->inputs_known = 0;
	sci_tu_summaries_clear(tu);
}

/*
 * Before @tu is analyzed (again).  The files it read stay when a whole
 * analysis of this run listed them: the next one reads the same files,
 * and listing them (a realpath() and a stat() each, a record the driver
 * parses) cost about 2.5 ms per analysis of redis, 190 records.
 */
static void forget_for_analysis(sci_tu *tu)
{
	sci_strv kept = tu->inputs;
	int whole = kept.n > 0 && !analysis_failed(tu);

	if (whole)
		memset(&tu->inputs, 0, sizeof(tu->inputs));
	forget_results(tu);
	if (whole) {
		tu->inputs = kept;
		tu->inputs_known = 1;
	}
}

static int reuse_findings(run_ctx *r, size_t i);

/*
 * After a round: marks in @pick the TUs whose findings do not hold with
 * the summaries now filed - analyzed with other callee summaries than the
 * set's, or stored and not reusable - unless analyzed SCI_PROJECT_ROUNDS
 * times already.  Returns how many TUs are marked.
 */
static size_t settle(run_ctx *r, unsigned char *pick)
{
	size_t i, n = 0;

	for (i = 0; i < r->tus->n; i++) {
		const sci_tu *tu = &r->tus->items[i];
		char now[SCI_DB_HASH_HEX];

		pick[i] = 0;
		if (r->light_last[i]) {
			pick[i] = 1;	/* its findings are still to be made */
		} else if (r->has_deps[i]) {
			if (r->analyses[i] - r->light[i] >= SCI_PROJECT_ROUNDS)
				continue;
			sci_project_deps(now, tu, r->set, statistics(r));
			pick[i] = r->stale[i] || strcmp(now, r->deps[i]) != 0;
		} else if (!r->reuse_tried[i]) {
			r->reuse_tried[i] = 1;
			pick[i] = !reuse_findings(r, i);
		} else {
			/* never analyzed (none could be started: no deps) */
			pick[i] = r->analyses[i] == 0;
		}
		n += pick[i];
	}
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
	memcpy(r->deps[i], deps, sizeof(deps));
	r->has_deps[i] = 1;
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
	free(r->analyzed);
	sci_project_memo_free(r->memo);
}

int sci_project_run(sci_diag_list *out, sci_driver_stats *stats,
		    sci_tu_list *tus, const sci_driver_opts *dopts,
		    const sci_project_opts *popts)
{
	sci_driver_opts d2 = *dopts;
	sci_analyze_opts a2;
	sci_driver_stats st;
	sci_project_stats ps = { 0, 0, 0, 0, 0 };
	run_ctx r;
	unsigned char *pick;
	size_t i, n = tus->n ? tus->n : 1;
	int error = 0, any;

	if (tus->n < 2 && !(popts && (popts->background || popts->db)) &&
	    !(tus->n && tus->items[0].summaries_only))
		return sci_driver_run(out, stats, tus, dopts);
	memset(&a2, 0, sizeof(a2));
	if (dopts->analyze_opts)
		a2 = *dopts->analyze_opts;
	memset(&r, 0, sizeof(r));
	r.tus = tus;
	r.popts = popts;
	r.set = sci_summary_set_new();
	r.db = popts ? popts->db : NULL;
	r.aopts = dopts->analyze_opts;
	r.keep_inputs = a2.report_inputs;
	r.origins = sci_calloc(n, sizeof(*r.origins));
	r.deps = sci_calloc(n, sizeof(*r.deps));
	r.has_deps = sci_calloc(n, 1);
	r.stale = sci_calloc(n, 1);
	r.reuse_tried = sci_calloc(n, 1);
	r.analyses = sci_calloc(n, sizeof(*r.analyses));
	r.light = sci_calloc(n, sizeof(*r.light));
	r.light_last = sci_calloc(n, 1);
	r.never = sci_calloc(n, 1);
	r.forked_at = sci_calloc(n, sizeof(*r.forked_at));
	r.filed = sci_calloc(n, sizeof(*r.filed));
	r.filed_globals = sci_calloc(n, sizeof(*r.filed_globals));
	r.filed_args = sci_calloc(n, sizeof(*r.filed_args));
	r.old = sci_calloc(n, sizeof(*r.old));
	r.map = sci_calloc(n, sizeof(*r.map));
	r.done = sci_calloc(n, 1);
	pick = sci_calloc(n, 1);
	for (i = 0; i < tus->n; i++)
		r.origins[i] = origin_of(&r, &tus->items[i]);
	if (popts && popts->background)
		sci_summary_set_merge(r.set, popts->background);

	if (r.db)
		db_begin(&r, popts);

	/*
	 * What is already known (stored summaries of unchanged TUs, the
	 * background) serves from the start; the TUs that must be analyzed
	 * in any case go first, and the others' stored findings are judged
	 * once those TUs' summaries are in (settle()).
	 */
	for (i = 0; i < tus->n; i++) {
		const sci_db_tu *rec = r.recs ? r.recs[i] : NULL;

		if (rec) {
			reuse_summaries(&r, i);
			file_summaries(&r, i, &tus->items[i]);
		}
		pick[i] = !rec || !rec->findings || !rec->deps;
		r.reuse_tried[i] = !rec;
		r.never[i] = !rec;
	}
	a2.summaries = r.set;
	a2.emit_summaries = 1;
	a2.report_inputs |= r.db != NULL;
	d2.analyze_opts = &a2;
	for (any = 0, i = 0; i < tus->n; i++)
		any |= pick[i];
	if (!any && !settle(&r, pick))
		goto collected;
	for (;;) {
		ps.rounds++;
		if (dopts->progress) {
			char label[32];

			if (ps.rounds == 1)
				snprintf(label, sizeof(label), "analyzing");
			else
				snprintf(label, sizeof(label), "settling round %u",
					 ps.rounds - 1);
			sci_progress_label(dopts->progress, label,
					   findings_kept(tus, pick));
		}
		/* from the summaries they hold, before they run again */
		r.order = sci_round_order_new(tus, pick);
		for (i = 0; i < tus->n; i++)
			if (pick[i]) {
				ps.analyses++;
				r.analyses[i]++;
				/* kept until the analysis is known to be whole */
				r.old[i] = tus->items[i];
				tus->items[i].summaries = NULL;
				tus->items[i].nsummaries = 0;
				forget_for_analysis(&tus->items[i]);
				if (r.analyzed)
					r.analyzed[i] = 1;
			}
		error = run_some(&r, &d2, &st);
		sci_round_order_free(r.order);
		r.order = NULL;
		if (error < 0)
			goto done;
		if (settle(&r, pick) == 0)
			break;
	}
collected:
	for (i = 0; i < tus->n; i++) {
		ps.light += r.light[i];
		ps.summarized += r.analyses[i] > 0;
		ps.reused += r.analyses[i] == 0;
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
	for (i = 0; i < tus->n; i++) {
		free(r.origins[i]);
		sci_strv_clear(&r.filed[i]);
		free(r.filed_globals[i]);
		sci_strv_clear(&r.filed_args[i]);
		sci_tu_summaries_clear(&r.old[i]);
	}
	for (i = 0; i < r.nlog; i++)
		free(r.log[i].name);
	free(r.log);
	free(r.origins);
	free(r.deps);
	free(r.has_deps);
	free(r.stale);
	free(r.reuse_tried);
	free(r.analyses);
	free(r.light);
	free(r.light_last);
	free(r.never);
	free(r.forked_at);
	free(r.filed);
	free(r.filed_globals);
	free(r.filed_args);
	free(r.old);
	free(r.map);
	free(r.done);
	sci_round_order_free(r.order);
	free(pick);
	sci_summary_set_free(r.set);
	return error;
}
