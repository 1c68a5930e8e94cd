/* diag.c - diagnostic records and lists. */
#include "util/diag.h"
#include "util/alloc.h"
#include "util/error.h"

#include <stdlib.h>
#include <string.h>

static const char *const level_names[] = { "note", "warning", "error" };

const char *sci_level_name(sci_level level)
{
	if ((unsigned)level > SCI_LEVEL_ERROR)
		return "warning";
	return level_names[level];
}

int sci_level_parse(sci_level *out, const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(level_names) / sizeof(level_names[0]); i++) {
		if (strcmp(name, level_names[i]) == 0) {
			*out = (sci_level)i;
			return 0;
		}
	}
	return sci_error_set(SCI_EINVALID,
			     "unknown level '%s' (use note, warning or error)",
			     name);
}

static char *dup_or_empty(const char *s)
{
	return sci_strdup(s ? s : "");
}

sci_diag *sci_diag_new(const char *rule, sci_level level, const char *path,
		       unsigned line, unsigned col, const char *function,
		       const char *key, const char *message)
{
	sci_diag *d = sci_calloc(1, sizeof(*d));

	d->rule = dup_or_empty(rule);
	d->level = level;
	d->path = dup_or_empty(path);
	d->line = line;
	d->col = col;
	d->function = dup_or_empty(function);
	d->key = dup_or_empty(key);
	d->message = dup_or_empty(message);
	return d;
}

void sci_diag_add_related(sci_diag *d, const char *path, unsigned line,
			  unsigned col, const char *message)
{
	sci_diag_loc *loc;

	d->related = sci_realloc(d->related,
				 (d->nrelated + 1) * sizeof(*d->related));
	loc = &d->related[d->nrelated++];
	loc->path = dup_or_empty(path);
	loc->line = line;
	loc->col = col;
	loc->message = dup_or_empty(message);
}

void sci_diag_set_fix(sci_diag *d, unsigned line, unsigned col,
		      unsigned end_col, const char *text)
{
	free(d->fix_text);
	d->fix_line = line;
	d->fix_col = col;
	d->fix_end_col = end_col;
	d->fix_text = dup_or_empty(text);
}

sci_diag *sci_diag_dup(const sci_diag *d)
{
	sci_diag *c = sci_diag_new(d->rule, d->level, d->path, d->line, d->col,
				   d->function, d->key, d->message);
	size_t i;

	for (i = 0; i < d->nrelated; i++)
		sci_diag_add_related(c, d->related[i].path, d->related[i].line,
				     d->related[i].col, d->related[i].message);
	c->fn_first = d->fn_first;
	c->fn_last = d->fn_last;
	if (d->fix_line)
		sci_diag_set_fix(c, d->fix_line, d->fix_col, d->fix_end_col,
				 d->fix_text);
	return c;
}

void sci_diag_free(sci_diag *d)
{
	size_t i;

	if (!d)
		return;
	for (i = 0; i < d->nrelated; i++) {
		free(d->related[i].path);
		free(d->related[i].message);
	}
	free(d->related);
	free(d->rule);
	free(d->path);
	free(d->function);
	free(d->key);
	free(d->message);
	free(d->fix_text);
	free(d);
}

static int cmp_uint(unsigned a, unsigned b)
{
	return a < b ? -1 : a > b;
}

int sci_diag_cmp(const sci_diag *a, const sci_diag *b)
{
	int c;

	if ((c = strcmp(a->path, b->path)) != 0)
		return c;
	if ((c = cmp_uint(a->line, b->line)) != 0)
		return c;
	if ((c = cmp_uint(a->col, b->col)) != 0)
		return c;
	if ((c = strcmp(a->rule, b->rule)) != 0)
		return c;
	if ((c = strcmp(a->function, b->function)) != 0)
		return c;
	if ((c = strcmp(a->key, b->key)) != 0)
		return c;
	return strcmp(a->message, b->message);
}

int sci_diag_is_finding(const sci_diag *d)
{
	return strcmp(d->rule, SCI_RULE_ANALYSIS_FAILURE) != 0 &&
	       strcmp(d->rule, SCI_RULE_DEBUG) != 0 &&
	       strcmp(d->rule, SCI_RULE_INPUT) != 0 &&
	       strcmp(d->rule, SCI_RULE_SUMMARY) != 0;
}

void sci_diag_list_take(sci_diag_list *list, sci_diag *d)
{
	if (list->n == list->cap) {
		list->cap = list->cap ? list->cap * 2 : 16;
		list->items = sci_realloc(list->items,
					  list->cap * sizeof(*list->items));
	}
	list->items[list->n++] = d;
}

static int cmp_ptr(const void *a, const void *b)
{
	return sci_diag_cmp(*(sci_diag *const *)a, *(sci_diag *const *)b);
}

void sci_diag_list_sort(sci_diag_list *list)
{
	if (list->n > 1)
		qsort(list->items, list->n, sizeof(*list->items), cmp_ptr);
}

void sci_diag_list_dedupe(sci_diag_list *list)
{
	size_t i, n = 0;

	sci_diag_list_sort(list);
	for (i = 0; i < list->n; i++) {
		if (n && sci_diag_cmp(list->items[n - 1], list->items[i]) == 0) {
			sci_diag_free(list->items[i]);
			continue;
		}
		list->items[n++] = list->items[i];
	}
	list->n = n;
}

void sci_diag_list_clear(sci_diag_list *list)
{
	size_t i;

	for (i = 0; i < list->n; i++)
		sci_diag_free(list->items[i]);
	free(list->items);
	list->items = NULL;
	list->n = list->cap = 0;
}

int sci_diag_cmp_full(const sci_diag *a, const sci_diag *b)
{
	size_t i;
	int c = sci_diag_cmp(a, b);

	if (c)
		return c;
	if (a->level != b->level)
		return a->level < b->level ? -1 : 1;
	if (a->nrelated != b->nrelated)
		return a->nrelated < b->nrelated ? -1 : 1;
	for (i = 0; i < a->nrelated; i++) {
		const sci_diag_loc *x = &a->related[i], *y = &b->related[i];

		if ((c = strcmp(x->path, y->path)) != 0)
			return c;
		if (x->line != y->line)
			return x->line < y->line ? -1 : 1;
		if (x->col != y->col)
			return x->col < y->col ? -1 : 1;
		if ((c = strcmp(x->message, y->message)) != 0)
			return c;
	}
	return 0;
}
