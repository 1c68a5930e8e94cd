/* result.c - findings with their gate classification. */
#include "util/result.h"
#include "util/alloc.h"

#include <stdlib.h>
#include <string.h>

static const char *const class_names[] = {
	"new", "unchanged", "fixed", "suppressed"
};

const char *sci_class_name(sci_class c)
{
	if ((unsigned)c > SCI_CLASS_SUPPRESSED)
		return "new";
	return class_names[c];
}

sci_result *sci_result_list_take(sci_result_list *list, sci_diag *d)
{
	sci_result *r;

	if (list->n == list->cap) {
		list->cap = list->cap ? list->cap * 2 : 16;
		list->items = sci_realloc(list->items,
					  list->cap * sizeof(*list->items));
	}
	r = &list->items[list->n++];
	memset(r, 0, sizeof(*r));
	r->diag = d;
	r->cls = SCI_CLASS_NEW;
	return r;
}

static int cmp_result(const void *a, const void *b)
{
	const sci_result *x = a, *y = b;

	if (x->cls != y->cls)
		return x->cls < y->cls ? -1 : 1;
	return sci_diag_cmp(x->diag, y->diag);
}

void sci_result_list_sort(sci_result_list *list)
{
	if (list->n > 1)
		qsort(list->items, list->n, sizeof(*list->items), cmp_result);
}

void sci_result_list_dedupe(sci_result_list *list)
{
	size_t i, n = 0;

	sci_result_list_sort(list);
	for (i = 0; i < list->n; i++) {
		sci_result *r = &list->items[i];

		if (n && list->items[n - 1].cls == r->cls &&
		    sci_diag_cmp(list->items[n - 1].diag, r->diag) == 0) {
			sci_diag_free(r->diag);
			free(r->justification);
			continue;
		}
		list->items[n++] = *r;
	}
	list->n = n;
}

void sci_result_list_clear(sci_result_list *list)
{
	size_t i;

	for (i = 0; i < list->n; i++) {
		sci_diag_free(list->items[i].diag);
		free(list->items[i].justification);
	}
	free(list->items);
	memset(list, 0, sizeof(*list));
}
