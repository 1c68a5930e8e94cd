/*
 * frontend.c - one translation unit: sparse parses it (without evaluation,
 * see expr_util.c), then every function defined in the file itself or in
 * one of the project's headers is walked, and its findings are emitted.
 */
#include "analyzer/engine_int.h"
#include "util/alloc.h"

#include <stdlib.h>
#include <string.h>

static int cmp_fn(const void *a, const void *b)
{
	const struct symbol *x = *(struct symbol *const *)a;
	const struct symbol *y = *(struct symbol *const *)b;

	if (x->pos.stream != y->pos.stream)
		return x->pos.stream < y->pos.stream ? -1 : 1;
	if (x->pos.line != y->pos.line)
		return x->pos.line < y->pos.line ? -1 : 1;
	return x->pos.pos < y->pos.pos ? -1 : x->pos.pos > y->pos.pos;
}

/* 1 if @path (absolute) lies in @dir or below it. */
static int is_under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	return strncmp(path, dir, n) == 0 &&
	       (path[n] == '/' || path[n] == '\0' || (n == 1 && dir[0] == '/'));
}

/*
 * Streams whose definitions are analyzed: the TU's own file, and headers
 * of the project (a bug in a static inline helper is a bug of every
 * includer; the gate reports it once).  Decided once per stream.
 */
static signed char *own_streams;
static int nown_streams;

static int is_own_stream(int stream, int main_stream,
			 const char *const *project_dirs)
{
	char *real;
	size_t i;
	int own = 0;

	if (stream == main_stream)
		return 1;
	if (!project_dirs || stream < 0 || stream >= input_stream_nr)
		return 0;
	if (stream >= nown_streams) {
		int n = input_stream_nr, k;

		own_streams = realloc(own_streams, (size_t)n);
		if (!own_streams)
			abort();
		for (k = nown_streams; k < n; k++)
			own_streams[k] = -1;
		nown_streams = n;
	}
	if (own_streams[stream] >= 0)
		return own_streams[stream];
	real = input_streams[stream].name ?
	       sci__realpath(input_streams[stream].name) : NULL;
	for (i = 0; real && project_dirs[i] && !own; i++)
		own = is_under(real, project_dirs[i]);
	free(real);
	own_streams[stream] = (signed char)own;
	return own;
}

static int is_definition(struct symbol *sym, int stream,
			 const char *const *project_dirs)
{
	struct symbol *base;

	if (!sym || sym->type != SYM_NODE)
		return 0;
	base = sym->ctype.base_type;
	if (!base || base->type != SYM_FN || !(base->stmt || base->inline_stmt))
		return 0;
	if (sci__fn_has_holes(sym))
		return 0;
	return is_own_stream(sym->pos.stream, stream, project_dirs);
}

/*
 * A parameter declared as an array or a function is a pointer (C11
 * 6.7.6.3p7, p8).  sparse makes it one when it evaluates the function,
 * which this front end does not ask for; done here as sparse's
 * examine_fn_arguments() does it, so that `int buf[]` is followed like
 * `int *buf` (what the callers pass into it, sizeof of it).
 */
static void decay_params(struct symbol *sym)
{
	struct symbol *base, *s;

	if (!sym || sym->type != SYM_NODE)
		return;
	base = sym->ctype.base_type;
	if (!base || base->type != SYM_FN)
		return;
	FOR_EACH_PTR(base->arguments, s) {
		struct symbol *t = sci__real_type(s), *ptr;

		if (!t || (t->type != SYM_ARRAY && t->type != SYM_FN))
			continue;
		ptr = alloc_symbol(s->pos, SYM_PTR);
		if (t->type == SYM_ARRAY)
			ptr->ctype = t->ctype;
		else
			ptr->ctype.base_type = t;
		s->ctype.base_type = ptr;
		s->bit_size = 0;
		s->examined = 0;
		examine_symbol_type(s);
	} END_FOR_EACH_PTR(s);
}

static void add_fn(struct symbol ***v, int *n, int *cap, struct symbol *sym)
{
	int i;

	for (i = 0; i < *n; i++)
		if ((*v)[i] == sym)
			return;
	if (*n == *cap) {
		*cap = *cap ? *cap * 2 : 32;
		*v = realloc(*v, (size_t)*cap * sizeof(**v));
		if (!*v)
			abort();
	}
	(*v)[(*n)++] = sym;
}

int sci__main_stream = -1;

static sci_diag_emit_fn tu_emit;
static void *tu_payload;

/* A function's summary goes to the driver as one record. */
static void emit_summary(sci_summary *s)
{
	char *text;

	if (!s)
		return;
	text = sci_summary_format(s);
	tu_emit(sci_diag_new(SCI_RULE_SUMMARY, SCI_LEVEL_NOTE, s->file, s->line,
			     0, s->name, "", text), tu_payload);
	free(text);
	sci_summary_free(s);
}

/* The engine's per-function state, fresh for a walk of @fn. */
static void walk_begin(struct symbol *fn, const sci_analyze_opts *opts)
{
	sci__keys_reset();
	sci__extra_init();
	sci__relation_init();
	sci__points_init();
	sci__strlen_init();
	sci__limits_reset();
	sci__cur_fn = fn;
	sci__cur_fn_name = sci_sym_name(fn);
	if (opts && opts->on_function)
		opts->on_function(sci__cur_fn_name, opts->on_function_payload);
}

static void walk_end(void)
{
	sci__cur_fn = NULL;
	sci__cur_fn_name = NULL;
	sci_arena_reset();
}

/*
 * The first walk of @fn: its findings, its summary, and the values it
 * passes to the TU's static functions.  The findings of a function whose
 * callers may all be known wait in @held for settle_callers(), and so
 * does its summary, in @held_sum: the walks with the callers' values add
 * what they pass on.
 */
static void analyze_function(struct symbol *fn, const sci_analyze_opts *opts,
			     sci_diag_list *held, sci_summary **held_sum)
{
	int complete, candidate;

	walk_begin(fn, opts);
	sci__summary_begin(fn);
	sci__fn_facts_begin(fn);
	sci__locks_begin();
	sci__walk_function(fn);
	complete = !sci__limits_stopped();
	sci__summary_end(complete);
	sci__fn_facts_end(complete);
	sci__callers_walked(fn, complete);
	candidate = sci__callers_candidate(fn);
	if (candidate) {
		*held_sum = sci__fn_facts_take_summary();
	} else {
		if (opts && opts->emit_summaries)
			emit_summary(sci__fn_facts_take_summary());
		else
			sci_summary_free(sci__fn_facts_take_summary());
	}
	sci__limits_report(fn);
	if (candidate)
		sci__report_take(held);
	else
		sci__report_flush_function();
	walk_end();
}

/*
 * Same place, rule, function and key: one finding, whatever its text
 * (`can be 10` and `can be 12` for two callers); a debug note says what
 * each walk saw.
 */
static int same_finding(const sci_diag *a, const sci_diag *b)
{
	return strcmp(a->path, b->path) == 0 && a->line == b->line &&
	       a->col == b->col && strcmp(a->rule, b->rule) == 0 &&
	       strcmp(a->function, b->function) == 0 &&
	       strcmp(a->key, b->key) == 0 &&
	       (strcmp(a->rule, SCI_RULE_DEBUG) != 0 ||
		strcmp(a->message, b->message) == 0);
}

/* Moves @from's findings into @into; a repeat adds its related places. */
static void join_findings(sci_diag_list *into, sci_diag_list *from)
{
	size_t i, k, r;

	for (i = 0; i < from->n; i++) {
		sci_diag *d = from->items[i];

		for (k = 0; k < into->n && !same_finding(into->items[k], d); k++)
			;
		if (k == into->n) {
			sci_diag_list_take(into, d);
			continue;
		}
		for (r = 0; r < d->nrelated; r++) {
			const sci_diag_loc *l = &d->related[r];
			sci_diag *o = into->items[k];
			size_t j;

			for (j = 0; j < o->nrelated; j++)
				if (o->related[j].line == l->line &&
				    strcmp(o->related[j].path, l->path) == 0 &&
				    strcmp(o->related[j].message, l->message) == 0)
					break;
			if (j == o->nrelated)
				sci_diag_add_related(o, l->path, l->line, l->col,
						     l->message);
		}
		sci_diag_free(d);
	}
	free(from->items);
	memset(from, 0, sizeof(*from));
}

/*
 * @fn walked once per tuple of values its callers pass (callers.c), the
 * findings of those walks, each naming the calls that lead to it, into
 * @out.  Returns 0, or -1 when a limit stopped a walk (@out is emptied).
 * @all_known: the calls recorded replace those of @fn's first walk.
 */
static int walk_with_callers(struct symbol *fn, size_t ntuples, int all_known,
			     const sci_analyze_opts *opts, sci_diag_list *out)
{
	sci_diag_list one = { 0 };
	size_t k, i;
	int ok = 1;

	for (k = 0; k < ntuples && ok; k++) {
		walk_begin(fn, opts);
		sci__callers_use(fn, k);
		sci__locks_begin();
		sci__walk_function(fn);
		ok = !sci__limits_stopped();
		sci__report_take(&one);
		for (i = 0; i < one.n; i++)
			sci__callers_annotate(one.items[i], fn, k);
		join_findings(out, &one);
		sci__callers_use(NULL, 0);
		walk_end();
	}
	sci__callers_commit(fn, ok && all_known);
	if (!ok)
		sci_diag_list_clear(out);
	return ok ? 0 : -1;
}

/* Moves the findings of @from that @into lacks into @into. */
static void add_new_findings(sci_diag_list *into, sci_diag_list *from)
{
	size_t i, k;

	for (i = 0; i < from->n; i++) {
		sci_diag *d = from->items[i];

		for (k = 0; k < into->n && !same_finding(into->items[k], d); k++)
			;
		if (k < into->n)
			sci_diag_free(d);
		else
			sci_diag_list_take(into, d);
	}
	free(from->items);
	memset(from, 0, sizeof(*from));
}

/*
 * After every first walk: the functions some callers' values say more
 * of, in caller-first order (so values travel down chains of static
 * functions), walked again with them.  Where every caller is known the
 * new findings replace the first walk's; else they are added.
 */
static void settle_callers(struct symbol **fns, sci_diag_list *held,
			   sci_summary **held_sum, int n,
			   const sci_analyze_opts *opts)
{
	sci_diag_list again = { 0 };
	size_t ntuples;
	int i, all_known;

	for (i = n - 1; i >= 0; i--) {
		if (!held[i].n && !sci__callers_candidate(fns[i]))
			goto summary;
		ntuples = sci__callers_tuples(fns[i], &all_known);
		sci__fn_facts_settle_begin(fns[i], held_sum[i]);
		if (ntuples && walk_with_callers(fns[i], ntuples, all_known,
						 opts, &again) == 0) {
			if (all_known)
				sci_diag_list_clear(&held[i]);
			add_new_findings(&held[i], &again);
		}
		sci__fn_facts_settle_end();
		sci__report_emit(&held[i]);
summary:
		if (opts && opts->emit_summaries)
			emit_summary(held_sum[i]);
		else
			sci_summary_free(held_sum[i]);
		held_sum[i] = NULL;
	}
}

/*
 * Every file sparse opened for this TU, once each: the driver learns which
 * TUs a change to a header affects.
 */
static void emit_inputs(sci_diag_emit_fn emit, void *payload)
{
	char **seen = calloc((size_t)input_stream_nr + 1, sizeof(*seen));
	int i, j, n = 0;

	if (!seen)
		abort();
	for (i = 0; i < input_stream_nr; i++) {
		char *abs = input_streams[i].name ?
			    sci__realpath_file(input_streams[i].name) : NULL;

		if (!abs) {
			/* <built-in>, command-line, vanished; a directory
			 * sparse opened looking for a header */
			free(abs);
			continue;
		}
		for (j = 0; j < n && strcmp(seen[j], abs) != 0; j++)
			;
		if (j < n) {
			free(abs);
			continue;
		}
		seen[n++] = abs;
		emit(sci_diag_new(SCI_RULE_INPUT, SCI_LEVEL_NOTE, abs, 0, 0, "",
				  "", ""), payload);
	}
	for (j = 0; j < n; j++)
		free(seen[j]);
	free(seen);
}

/*
 * sparse ends the process with exit(1) on a fatal error - most often a
 * missing #include - so a TU it gives up on would report no inputs, and
 * the gate could not tell whether the change touched what it read (it
 * would analyze it again on the merge base at every run).  What it read
 * up to there is what the failure depends on; the file it could not open
 * is no input (the gate counts a deleted file against such a TU).
 */
static int exit_inputs_armed;

static void emit_inputs_at_exit(void)
{
	if (exit_inputs_armed && tu_emit)
		emit_inputs(tu_emit, tu_payload);
	exit_inputs_armed = 0;
}

void sci_analyzer_prepare(void)
{
	/* 1.3% of a redis run when each worker parsed them */
	sci__models_builtin();
}

int sci_analyze_tu(const char *path, char **argv, const sci_analyze_opts *opts,
		   sci_diag_emit_fn emit, void *payload)
{
	static int exit_hook;

	struct string_list *files = NULL;
	struct symbol_list *list;
	struct symbol *sym, **fns = NULL;
	sci_diag_list *held;
	sci_summary **held_sum;
	const char *const *dirs;
	int argc = 0, stream, n = 0, cap = 0, i;
	unsigned line, col;

	while (argv[argc])
		argc++;
	tu_emit = emit;
	tu_payload = payload;
	if (opts && opts->report_inputs) {
		/* later than the caller's own handlers, so it runs before them */
		if (!exit_hook && atexit(emit_inputs_at_exit) == 0)
			exit_hook = 1;
		exit_inputs_armed = 1;
	}
	sci__realpath_reset();
	sci__expr_memo_reset();
	sci__profile_set(opts);
	sci__registry_init(opts);
	sci__report_begin_tu(emit, payload);
	sci__includes_install(opts ? opts->on_include_dir : NULL,
			      opts ? opts->on_function_payload : NULL);
	sparse_initialize(argc, argv, &files);
	sci__macros_install();

	if (sci__prescan_file(path, &line, &col) < 0) {
		emit(sci_diag_new(SCI_RULE_ANALYSIS_FAILURE, SCI_LEVEL_ERROR, path,
				  line, col, "", "",
				  "not analyzed: brackets nested more than "
				  SCI_STRINGIFY(SCI_LIMIT_BRACKETS)
				  " levels deep (see Limits in docs/engine.md)"),
		     payload);
		exit_inputs_armed = 0;
		return SCI_TU_OK;
	}
	stream = input_stream_nr;
	sci__main_stream = stream;
	list = sparse_keep_tokens((char *)path);
	if (has_error)
		sci__holes_find(list, file_scope->symbols);

	dirs = opts ? opts->project_dirs : NULL;
	FOR_EACH_PTR(list, sym) {
		decay_params(sym);
	} END_FOR_EACH_PTR(sym);
	FOR_EACH_PTR(file_scope->symbols, sym) {
		decay_params(sym);
	} END_FOR_EACH_PTR(sym);
	FOR_EACH_PTR(list, sym) {
		if (is_definition(sym, stream, dirs))
			add_fn(&fns, &n, &cap, sym);
	} END_FOR_EACH_PTR(sym);
	/* inline definitions are not in the list sparse returns */
	FOR_EACH_PTR(file_scope->symbols, sym) {
		if (is_definition(sym, stream, dirs))
			add_fn(&fns, &n, &cap, sym);
	} END_FOR_EACH_PTR(sym);
	if (n > 1)
		qsort(fns, (size_t)n, sizeof(*fns), cmp_fn);
	/* callees first, so their return summaries serve their callers */
	sci__tu_facts_scan(list, file_scope->symbols);
	/* the scan names calls through constant pointers (call->fn) */
	sci__expr_memo_reset();
	sci__tu_facts_order(fns, n);
	n = sci__tu_facts_keep_used(fns, n, stream);
	sci__fn_facts_tu_begin(fns, n, opts ? opts->summaries : NULL);
	sci__callers_tu_begin(fns, n, opts ? opts->summaries : NULL);

	held = sci_calloc((size_t)n + 1, sizeof(*held));
	held_sum = sci_calloc((size_t)n + 1, sizeof(*held_sum));
	for (i = 0; i < n; i++)
		analyze_function(fns[i], opts, &held[i], &held_sum[i]);
	settle_callers(fns, held, held_sum, n, opts);
	free(held);
	free(held_sum);
	if (opts && opts->on_function)
		opts->on_function(NULL, opts->on_function_payload);
	if (opts && opts->emit_summaries)
		emit_summary(sci__tu_facts_take_globals(path));
	/* the last function's limits must not reach the file-end hooks */
	sci__limits_reset();
	exit_inputs_armed = 0;
	if (opts && opts->report_inputs)
		emit_inputs(emit, payload);
	sci__cur = SCI_STREE_EMPTY;
	sci__fire_file_end();
	sci__report_flush_function();
	sci__cur = NULL;
	sci_arena_reset();
	sci__callers_reset();
	sci__tu_facts_free();
	sci__fn_facts_reset();
	sci__holes_reset();
	free(fns);
	return has_error ? SCI_TU_FRONTEND_ERRORS : SCI_TU_OK;
}
