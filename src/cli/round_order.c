/*
 * round_order.c - callees first (round_order.h).
 */
#include "cli/round_order.h"
#include "cli/call_scan.h"

#include "summary/summary.h"
#include "util/alloc.h"

#include <stdlib.h>
#include <string.h>

struct sci_round_order {
	size_t n;		/* TUs of the round */
	size_t *order;		/* their indexes in the list, callees first */
	/* per TU of the list (NULL lists when not in the round): */
	size_t *scc;		/* its cycle's number */
	size_t *dep_at;		/* deps[dep_at[t] .. dep_at[t + 1]) */
	size_t *deps;		/* TUs it calls, outside its cycle */
	size_t *cyc_at;		/* cyc[cyc_at[t] .. cyc_at[t + 1]) */
	size_t *cyc;		/* TUs it calls, inside its cycle */
};

typedef struct {
	const char *name;
	size_t tu;
} def;

/*
 * What a TU of the round defines (extern functions) and calls: by the
 * summaries it holds, else by a scan of its file (call_scan.h) when it
 * holds none yet (a run's first round).  Names borrowed from either.
 */
typedef struct {
	sci_strv defs, calls;		/* the scan's */
	const char **def, **call;
	size_t ndef, ncall;
} node;

static void node_of_summaries(node *g, const sci_tu *tu)
{
	size_t k, c, n = 0;

	g->def = sci_calloc(tu->nsummaries + 1, sizeof(*g->def));
	for (k = 0; k < tu->nsummaries; k++) {
		const sci_summary *s = tu->summaries[k];

		n += s->ncalls;
		if (!s->is_static && strcmp(s->name, SCI_SUMMARY_GLOBALS) != 0)
			g->def[g->ndef++] = s->name;
	}
	g->call = sci_calloc(n + 1, sizeof(*g->call));
	for (k = 0; k < tu->nsummaries; k++)
		for (c = 0; c < tu->summaries[k]->ncalls; c++)
			g->call[g->ncall++] = tu->summaries[k]->calls[c];
}

static void node_of_scan(node *g, const sci_tu *tu)
{
	size_t k;

	if (!tu->invalid)
		(void)sci_call_scan_file(&g->defs, &g->calls, tu->path,
					 tu->directory);
	g->def = sci_calloc(g->defs.n + 1, sizeof(*g->def));
	for (k = 0; k < g->defs.n; k++)
		g->def[g->ndef++] = g->defs.v[k];
	g->call = sci_calloc(g->calls.n + 1, sizeof(*g->call));
	for (k = 0; k < g->calls.n; k++)
		g->call[g->ncall++] = g->calls.v[k];
}

static node *nodes_new(const sci_tu_list *tus, const unsigned char *pick)
{
	node *g = sci_calloc(tus->n + 1, sizeof(*g));
	size_t i;

	for (i = 0; i < tus->n; i++) {
		if (!pick[i])
			continue;
		if (tus->items[i].nsummaries)
			node_of_summaries(&g[i], &tus->items[i]);
		else
			node_of_scan(&g[i], &tus->items[i]);
	}
	return g;
}

static void nodes_free(node *g, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(g[i].def);
		free(g[i].call);
		sci_strv_clear(&g[i].defs);
		sci_strv_clear(&g[i].calls);
	}
	free(g);
}

static int cmp_def(const void *a, const void *b)
{
	const def *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	return x->tu < y->tu ? -1 : x->tu > y->tu;
}

static int cmp_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* The extern functions the round's TUs define, sorted by name. */
static def *definitions(const node *g, size_t ntus, size_t *count)
{
	def *defs = NULL;
	size_t i, k, n = 0, cap = 0;

	for (i = 0; i < ntus; i++)
		for (k = 0; k < g[i].ndef; k++) {
			if (n == cap) {
				cap = cap ? 2 * cap : 256;
				defs = sci_realloc(defs, cap * sizeof(*defs));
			}
			defs[n].name = g[i].def[k];
			defs[n++].tu = i;
		}
	if (n > 1)
		qsort(defs, n, sizeof(*defs), cmp_def);
	*count = n;
	return defs;
}

/* The first definition of @name in @defs (sorted), or NULL. */
static const def *find_def(const def *defs, size_t n, const char *name)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(defs[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && strcmp(defs[lo].name, name) == 0 ? &defs[lo] : NULL;
}

/*
 * Per TU of the round, the TUs of the round it calls, sorted, without
 * itself: out[at[t] .. at[t + 1]).
 */
static size_t *callees(const node *g, size_t ntus, size_t **at_out)
{
	size_t ndefs, i, c, k, n = 0, cap = 0;
	def *defs = definitions(g, ntus, &ndefs);
	size_t *out = NULL, *at = sci_calloc(ntus + 1, sizeof(*at));

	for (i = 0; i < ntus; i++) {
		size_t first = n, w;

		at[i] = n;
		for (c = 0; c < g[i].ncall; c++) {
			const def *d = find_def(defs, ndefs, g[i].call[c]);

			for (; d && d < defs + ndefs &&
			       strcmp(d->name, g[i].call[c]) == 0; d++) {
				if (d->tu == i)
					continue;
				if (n == cap) {
					cap = cap ? 2 * cap : 256;
					out = sci_realloc(out, cap * sizeof(*out));
				}
				out[n++] = d->tu;
			}
		}
		if (n - first > 1)
			qsort(out + first, n - first, sizeof(*out), cmp_size);
		for (w = first, k = first; k < n; k++)
			if (w == first || out[w - 1] != out[k])
				out[w++] = out[k];
		n = w;
	}
	at[ntus] = n;
	free(defs);
	*at_out = at;
	return out;
}

/*
 * Tarjan's strongly connected components, without recursion: a component
 * is complete only once every component it reaches is, so they come out
 * callees first.  Fills o->order and o->scc.
 */
static void components(sci_round_order *o, size_t ntus,
		       const unsigned char *pick, const size_t *at,
		       const size_t *out)
{
	const size_t none = (size_t)-1;
	size_t *index = sci_calloc(ntus, sizeof(*index));
	size_t *low = sci_calloc(ntus, sizeof(*low));
	size_t *edge = sci_calloc(ntus, sizeof(*edge));
	size_t *call = sci_calloc(ntus, sizeof(*call));	/* DFS path */
	size_t *stack = sci_calloc(ntus, sizeof(*stack));
	unsigned char *on = sci_calloc(ntus, 1);
	size_t i, next = 0, ncall, nstack = 0, nscc = 0, nout = 0;

	for (i = 0; i < ntus; i++)
		index[i] = none;
	for (i = 0; i < ntus; i++) {
		if (!pick[i] || index[i] != none)
			continue;
		ncall = 0;
		call[ncall++] = i;
		index[i] = low[i] = next++;
		edge[i] = at[i];
		stack[nstack++] = i;
		on[i] = 1;
		while (ncall > 0) {
			size_t v = call[ncall - 1];

			if (edge[v] < at[v + 1]) {
				size_t w = out[edge[v]++];

				if (index[w] == none) {
					index[w] = low[w] = next++;
					edge[w] = at[w];
					stack[nstack++] = w;
					on[w] = 1;
					call[ncall++] = w;
				} else if (on[w] && index[w] < low[v]) {
					low[v] = index[w];
				}
				continue;
			}
			ncall--;
			if (ncall > 0 && low[v] < low[call[ncall - 1]])
				low[call[ncall - 1]] = low[v];
			if (low[v] != index[v])
				continue;
			/* v roots a component: its members in list order */
			{
				size_t first = nout, w;

				do {
					w = stack[--nstack];
					on[w] = 0;
					o->scc[w] = nscc;
					o->order[nout++] = w;
				} while (w != v);
				qsort(o->order + first, nout - first,
				      sizeof(*o->order), cmp_size);
				nscc++;
			}
		}
	}
	free(index);
	free(low);
	free(edge);
	free(call);
	free(stack);
	free(on);
}

sci_round_order *sci_round_order_new(const sci_tu_list *tus,
				     const unsigned char *pick)
{
	sci_round_order *o = sci_calloc(1, sizeof(*o));
	size_t *at, *out, i, k, n = 0, m = 0;
	node *g;

	for (i = 0; i < tus->n; i++)
		o->n += pick[i] != 0;
	o->order = sci_calloc(o->n ? o->n : 1, sizeof(*o->order));
	o->scc = sci_calloc(tus->n ? tus->n : 1, sizeof(*o->scc));
	g = nodes_new(tus, pick);
	out = callees(g, tus->n, &at);
	nodes_free(g, tus->n);
	components(o, tus->n, pick, at, out);
	/* what a TU waits for: its callees in other components */
	o->dep_at = sci_calloc(tus->n + 1, sizeof(*o->dep_at));
	o->deps = sci_calloc(at[tus->n] ? at[tus->n] : 1, sizeof(*o->deps));
	o->cyc_at = sci_calloc(tus->n + 1, sizeof(*o->cyc_at));
	o->cyc = sci_calloc(at[tus->n] ? at[tus->n] : 1, sizeof(*o->cyc));
	for (i = 0; i < tus->n; i++) {
		o->dep_at[i] = n;
		o->cyc_at[i] = m;
		for (k = at[i]; k < at[i + 1]; k++)
			if (o->scc[out[k]] != o->scc[i])
				o->deps[n++] = out[k];
			else
				o->cyc[m++] = out[k];
	}
	o->dep_at[tus->n] = n;
	o->cyc_at[tus->n] = m;
	free(at);
	free(out);
	return o;
}

void sci_round_order_free(sci_round_order *o)
{
	if (!o)
		return;
	free(o->order);
	free(o->scc);
	free(o->dep_at);
	free(o->deps);
	free(o->cyc_at);
	free(o->cyc);
	free(o);
}

size_t sci_round_order_count(const sci_round_order *o)
{
	return o->n;
}

size_t sci_round_order_at(const sci_round_order *o, size_t k)
{
	return o->order[k];
}

int sci_round_order_ready(const sci_round_order *o, size_t tu,
			  const unsigned char *done)
{
	size_t k;

	for (k = o->dep_at[tu]; k < o->dep_at[tu + 1]; k++)
		if (!done[o->deps[k]])
			return 0;
	return 1;
}

int sci_round_order_cycle_waits(const sci_round_order *o, size_t tu,
				const unsigned char *done,
				const unsigned char *never)
{
	size_t k;

	for (k = o->cyc_at[tu]; k < o->cyc_at[tu + 1]; k++)
		if (!done[o->cyc[k]] && never[o->cyc[k]])
			return 1;
	return 0;
}
