/*
 * compare.c - new / unchanged / fixed / suppressed, and the gate.
 *
 * Matching is by fingerprint only.  Base results are looked up through an
 * index sorted by fingerprint, so a comparison is O((h + b) log b).
 */
#include "baseline/compare.h"
#include "util/alloc.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

static int cmp_result_ptr(const void *pa, const void *pb)
{
	const sci_result *a = *(const sci_result *const *)pa;
	const sci_result *b = *(const sci_result *const *)pb;
	int c = strcmp(a->fingerprint, b->fingerprint);

	if (c)
		return c;
	return a < b ? -1 : a > b;
}

/* The first unmatched base result with @fp, or NULL. */
static sci_result *match_base(sci_result **index, size_t n,
			      unsigned char *used, const char *fp)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {	/* lower bound */
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(index[mid]->fingerprint, fp) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < n && strcmp(index[lo]->fingerprint, fp) == 0; lo++) {
		if (!used[lo]) {
			used[lo] = 1;
			return index[lo];
		}
	}
	return NULL;
}

static int check_fingerprints(const sci_result_list *list)
{
	size_t i;

	for (i = 0; list && i < list->n; i++)
		if (!list->items[i].fingerprint[0])
			return sci_error_set(SCI_EINVALID,
					     "%s:%u: result has no fingerprint (sci_fp_assign() not called)",
					     list->items[i].diag->path,
					     list->items[i].diag->line);
	return 0;
}

/* Moves @r (its diagnostic and justification) to the end of @out. */
static sci_result *move_result(sci_result_list *out, sci_result *r)
{
	sci_result *o = sci_result_list_take(out, r->diag);

	memcpy(o->fingerprint, r->fingerprint, SCI_FP_HEX);
	o->justification = r->justification;
	o->in_source = r->in_source;
	r->diag = NULL;
	r->justification = NULL;
	return o;
}

int sci_compare(sci_result_list *out, sci_result_list *head,
		sci_result_list *base, const sci_baseline *bl,
		sci_touched_fn touched, void *payload)
{
	sci_result_list tmp = { 0 };
	sci_result **index = NULL;
	unsigned char *used = NULL;
	size_t i, nbase = base ? base->n : 0;
	int error;

	if ((error = check_fingerprints(head)) < 0 ||
	    (error = check_fingerprints(base)) < 0)
		goto done;

	index = sci_calloc(nbase ? nbase : 1, sizeof(*index));
	used = sci_calloc(nbase ? nbase : 1, 1);
	for (i = 0; i < nbase; i++)
		index[i] = &base->items[i];
	qsort(index, nbase, sizeof(*index), cmp_result_ptr);

	for (i = 0; i < head->n; i++) {
		sci_result *h = &head->items[i];
		const sci_baseline_entry *e = bl ?
			sci_baseline_find(bl, h->fingerprint) : NULL;
		sci_result *b = match_base(index, nbase, used, h->fingerprint);
		sci_result *o;
		int t = 1;

		if (touched && (t = touched(h->diag, payload)) < 0) {
			error = t;
			goto done;
		}
		o = move_result(&tmp, h);
		o->touched = t > 0;
		if (o->in_source) {
			/* the comment's reason stands; @b, if any, is consumed:
			 * a finding silenced in the change is not fixed */
			o->cls = SCI_CLASS_SUPPRESSED;
		} else if (e) {
			o->cls = SCI_CLASS_SUPPRESSED;
			free(o->justification);
			o->justification = sci_strdup(e->justification);
		} else {
			o->cls = b ? SCI_CLASS_UNCHANGED : SCI_CLASS_NEW;
		}
	}
	for (i = 0; i < nbase; i++) {
		sci_result *o;

		if (used[i])
			continue;
		o = move_result(&tmp, index[i]);
		o->cls = SCI_CLASS_FIXED;
		o->touched = 0;
	}

	/* Only now, with nothing left to fail, hand the results over. */
	for (i = 0; i < tmp.n; i++) {
		sci_result *o = sci_result_list_take(out, tmp.items[i].diag);

		*o = tmp.items[i];
	}
	free(tmp.items);
	memset(&tmp, 0, sizeof(tmp));
	sci_result_list_sort(out);
	error = 0;
done:
	free(index);
	free(used);
	sci_result_list_clear(&tmp);
	/* Taken: results moved to @out have NULL diags, which
	 * sci_result_list_clear() skips (sci_diag_free(NULL)). */
	sci_result_list_clear(head);
	if (base)
		sci_result_list_clear(base);
	return error;
}

static const char *const mode_names[] = { "touched", "new", "any", "none" };

int sci_gate_parse(sci_gate *out, const char *spec)
{
	sci_gate g = SCI_GATE_INIT;
	const char *colon = strchr(spec, ':');
	size_t mlen = colon ? (size_t)(colon - spec) : strlen(spec);
	size_t i;

	for (i = 0; i < 4; i++)
		if (strlen(mode_names[i]) == mlen &&
		    strncmp(spec, mode_names[i], mlen) == 0)
			break;
	if (i < 4) {
		g.mode = (sci_fail_on)i;
		if (colon && (g.mode == SCI_FAIL_ON_NONE ||
			      sci_level_parse(&g.min_level, colon + 1) < 0))
			goto bad;
	} else if (colon || sci_level_parse(&g.min_level, spec) < 0) {
		goto bad;
	}
	*out = g;
	return 0;
bad:
	return sci_error_set(SCI_EINVALID,
			     "invalid --fail-on value '%s' (use touched, new, any or none, optionally with :note, :warning or :error, or just a level)",
			     spec);
}

static int fails_one(const sci_gate *gate, const sci_result *r)
{
	if (!sci_diag_is_finding(r->diag) || r->diag->level < gate->min_level)
		return 0;
	switch (gate->mode) {
	case SCI_FAIL_ON_TOUCHED:
		return r->cls == SCI_CLASS_NEW && r->touched;
	case SCI_FAIL_ON_NEW:
		return r->cls == SCI_CLASS_NEW;
	case SCI_FAIL_ON_ANY:
		return r->cls == SCI_CLASS_NEW || r->cls == SCI_CLASS_UNCHANGED;
	case SCI_FAIL_ON_NONE:
		return 0;
	}
	return 0;
}

int sci_gate_fails(const sci_gate *gate, const sci_result_list *results)
{
	size_t i;

	for (i = 0; i < results->n; i++)
		if (fails_one(gate, &results->items[i]))
			return 1;
	return 0;
}
