/*
 * report.c - the engine's sink for findings.  Checkers never print: they
 * hand a structured finding to sci_report(); findings of one function are
 * collected, deduplicated (loop passes and re-walked paths see the same
 * code more than once) and emitted when the function is done.
 */
#include "analyzer/engine_int.h"
#include "util/alloc.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sci_finding {
	sci_diag *diag;
};

static sci_diag_emit_fn sink;
static void *sink_payload;
static sci_diag_list pending;
static struct sci_finding handle;

void sci__report_begin_tu(sci_diag_emit_fn emit, void *payload)
{
	sink = emit;
	sink_payload = payload;
}

static int same(const sci_diag *a, const sci_diag *b)
{
	return sci_diag_cmp(a, b) == 0;
}

/*
 * The lines of the function being walked, when @d lies in its file: the
 * gate needs them to tell whether a change that deleted lines (a free(), a
 * check) caused a finding reported somewhere else in the function.
 */
static void set_function_lines(sci_diag *d)
{
	struct symbol *fn = sci__cur_fn;

	if (!fn || fn->endpos.line < fn->pos.line ||
	    fn->endpos.stream != fn->pos.stream ||
	    strcmp(sci__pos_path(fn->pos), d->path) != 0)
		return;
	d->fn_first = fn->pos.line;
	d->fn_last = fn->endpos.line;
}

/* Takes @d; returns the kept copy (an earlier identical one, or @d). */
static sci_diag *keep(sci_diag *d)
{
	size_t i;

	set_function_lines(d);
	for (i = 0; i < pending.n; i++) {
		if (same(pending.items[i], d)) {
			sci_diag_free(d);
			return pending.items[i];
		}
	}
	sci_diag_list_take(&pending, d);
	return d;
}

sci_finding *sci_report(sci_checker_id me, sci_pos pos, const char *key,
			const char *fmt, ...)
{
	va_list ap;
	char msg[1024];
	const struct sci_checker *c;

	if (sci__quiet || !sci__cur || me < SCI_OWNER_FIRST_CHECKER ||
	    me >= sci__nowners)
		return NULL;
	c = sci__owners[me].desc;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	handle.diag = keep(sci_diag_new(c->rule, (sci_level)c->severity,
					pos.path, pos.line, pos.col,
					sci_func_name(), key, msg));
	return &handle;
}

void sci_finding_related(sci_finding *f, sci_pos pos, const char *message)
{
	size_t i;
	sci_diag *d;

	if (!f || !f->diag)
		return;
	d = f->diag;
	for (i = 0; i < d->nrelated; i++)
		if (d->related[i].line == pos.line &&
		    strcmp(d->related[i].message, message) == 0)
			return;
	sci_diag_add_related(d, pos.path, pos.line, pos.col,
			     message);
}

void sci__report_raw(const char *rule, sci_level level, struct position pos,
		     const char *key, const char *msg)
{
	if (sci__quiet)
		return;
	keep(sci_diag_new(rule, level, sci__pos_path(pos),
			  pos.line, pos.pos, sci__cur_fn_name, key, msg));
}

void sci__report_flush_function(void)
{
	size_t i;

	sci_diag_list_sort(&pending);
	for (i = 0; i < pending.n; i++) {
		if (sink)
			sink(pending.items[i], sink_payload);
		else
			sci_diag_free(pending.items[i]);
	}
	free(pending.items);
	memset(&pending, 0, sizeof(pending));
}
