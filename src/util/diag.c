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

static void locs_add(sci_diag_loc **v, size_t *n, const char *path,
		     unsigned line, unsigned col, const char *message)
{
	sci_diag_loc *loc;

	*v = sci_realloc(*v, (*n + 1) * sizeof(**v));
	loc = &(*v)[(*n)++];
	loc->path = dup_or_empty(path);
	loc->line = line;
	loc->col = col;
	loc->message = dup_or_empty(message);
}

static void locs_free(sci_diag_loc *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].path);
		free(v[i].message);
	}
	free(v);
}

void sci_diag_add_related(sci_diag *d, const char *path, unsigned line,
			  unsigned col, const char *message)
{
	locs_add(&d->related, &d->nrelated, path, line, col, message);
}

void sci_diag_add_step(sci_diag *d, const char *path, unsigned line,
		       unsigned col, const char *message)
{
	locs_add(&d->steps, &d->nsteps, path, line, col, message);
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

static void locs_map(sci_diag_loc *v, size_t n,
		     char *(*map)(const char *, void *), void *payload)
{
	size_t i;
	char *p;

	for (i = 0; i < n; i++) {
		if (!v[i].path[0] || !(p = map(v[i].path, payload)))
			continue;
		free(v[i].path);
		v[i].path = p;
	}
}

void sci_diag_map_loc_paths(sci_diag *d,
			    char *(*map)(const char *path, void *payload),
			    void *payload)
{
	locs_map(d->related, d->nrelated, map, payload);
	locs_map(d->steps, d->nsteps, map, payload);
}

sci_diag *sci_diag_dup(const sci_diag *d)
{
	sci_diag *c = sci_diag_new(d->rule, d->level, d->path, d->line, d->col,
				   d->function, d->key, d->message);
	size_t i;

	for (i = 0; i < d->nrelated; i++)
		sci_diag_add_related(c, d->related[i].path, d->related[i].line,
				     d->related[i].col, d->related[i].message);
	for (i = 0; i < d->nsteps; i++)
		sci_diag_add_step(c, d->steps[i].path, d->steps[i].line,
				  d->steps[i].col, d->steps[i].message);
	c->fn_first = d->fn_first;
	c->fn_last = d->fn_last;
	if (d->fix_line)
		sci_diag_set_fix(c, d->fix_line, d->fix_col, d->fix_end_col,
				 d->fix_text);
	return c;
}

void sci_diag_free(sci_diag *d)
{
	if (!d)
		return;
	locs_free(d->related, d->nrelated);
	locs_free(d->steps, d->nsteps);
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

static int locs_cmp(const sci_diag_loc *a, size_t na, const sci_diag_loc *b,
		    size_t nb)
{
	size_t i;
	int c;

	if (na != nb)
		return na < nb ? -1 : 1;
	for (i = 0; i < na; i++) {
		const sci_diag_loc *x = &a[i], *y = &b[i];

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

int sci_diag_cmp_full(const sci_diag *a, const sci_diag *b)
{
	int c = sci_diag_cmp(a, b);

	if (c)
		return c;
	if (a->level != b->level)
		return a->level < b->level ? -1 : 1;
	if ((c = locs_cmp(a->related, a->nrelated, b->related, b->nrelated)))
		return c;
	return locs_cmp(a->steps, a->nsteps, b->steps, b->nsteps);
}
