/* path.c - a finding's path in the order the code runs (see path.h). */
#include "report/path.h"
#include "util/alloc.h"

#include <stdlib.h>
#include <string.h>

/* Is @l in @d's function?  Without the function's lines: its file. */
static int in_function(const sci_diag *d, const sci_diag_loc *l)
{
	if (l->path[0] && strcmp(l->path, d->path) != 0)
		return 0;
	if (!d->fn_first)
		return 1;
	return l->line >= d->fn_first && l->line <= d->fn_last;
}

/*
 * Steps in the function: by line; on one line what led to the finding
 * first - branches, then events, then the finding - and by column.
 */
static int step_cmp(const void *pa, const void *pb)
{
	const sci_step *a = pa, *b = pb;

	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	if (a->kind != b->kind)
		return a->kind == SCI_STEP_BRANCH ? -1 :
		       b->kind == SCI_STEP_BRANCH ? 1 :
		       a->kind == SCI_STEP_FINDING ? 1 : -1;
	if (a->col != b->col)
		return a->col < b->col ? -1 : 1;
	/* qsort is not stable: equal places still get one order */
	return strcmp(a->message, b->message);
}

static void add(sci_step *v, size_t *n, sci_step_kind kind,
		const sci_diag *d, const sci_diag_loc *l)
{
	sci_step *s = &v[(*n)++];

	s->kind = kind;
	s->path = l->path[0] ? l->path : d->path;
	s->line = l->line;
	s->col = l->col;
	s->message = l->message;
	s->nesting = !in_function(d, l);
}

size_t sci_path_steps(const sci_diag *d, sci_step **out)
{
	size_t total = d->nrelated + d->nsteps + 1, n = 0, i, inner;
	sci_step *v = sci_calloc(total, sizeof(*v));

	for (i = 0; i < d->nsteps; i++)
		add(v, &n, SCI_STEP_BRANCH, d, &d->steps[i]);
	for (i = 0; i < d->nrelated; i++)
		add(v, &n, SCI_STEP_EVENT, d, &d->related[i]);
	v[n].kind = SCI_STEP_FINDING;
	v[n].path = d->path;
	v[n].line = d->line;
	v[n].col = d->col;
	v[n].message = d->message;
	n++;
	/* the steps in the function to the front, in their order */
	inner = 0;
	for (i = 0; i < n; i++) {
		if (!v[i].nesting) {
			sci_step t = v[i];

			memmove(&v[inner + 1], &v[inner], (i - inner) * sizeof(*v));
			v[inner++] = t;
		}
	}
	qsort(v, inner, sizeof(*v), step_cmp);
	*out = v;
	return n;
}
