/*
 * fingerprint.c - fingerprints of findings (format in fingerprint.h).
 */
#include "baseline/fingerprint.h"
#include "baseline/baseline_int.h"
#include "util/alloc.h"
#include "util/sha256.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sci_fp_compute(char out[SCI_FP_HEX], const char *rule, const char *path,
		    const char *function, const char *key, unsigned occurrence)
{
	unsigned char digest[SCI_SHA256_LEN];
	char occ[16];
	sci_sha256_ctx ctx;

	/* Decimal text rather than a fixed-width integer: the encoding stays
	 * a plain list of strings, the same for every field. */
	snprintf(occ, sizeof(occ), "%u", occurrence);
	sci_sha256_init(&ctx);
	sci_sha256_field(&ctx, SCI_FP_VERSION_TAG);
	sci_sha256_field(&ctx, rule);
	sci_sha256_field(&ctx, path);
	sci_sha256_field(&ctx, function);
	sci_sha256_field(&ctx, key);
	sci_sha256_field(&ctx, occ);
	sci_sha256_final(&ctx, digest);
	sci_sha256_hex(out, digest);
}

struct fp_item {
	sci_result *r;
	char *path;	/* mapped, owned */
};

static int cmp_uint(unsigned a, unsigned b)
{
	return a < b ? -1 : a > b;
}

/* Identity fields: findings equal here share one occurrence counter. */
static int cmp_identity(const struct fp_item *x, const struct fp_item *y)
{
	const sci_diag *a = x->r->diag, *b = y->r->diag;
	int c;

	if ((c = strcmp(a->rule, b->rule)) != 0)
		return c;
	if ((c = strcmp(x->path, y->path)) != 0)
		return c;
	if ((c = strcmp(a->function, b->function)) != 0)
		return c;
	return strcmp(a->key, b->key);
}

static int cmp_item(const void *pa, const void *pb)
{
	const struct fp_item *x = pa, *y = pb;
	const sci_diag *a = x->r->diag, *b = y->r->diag;
	int c;

	if ((c = cmp_identity(x, y)) != 0)
		return c;
	if ((c = cmp_uint(a->line, b->line)) != 0)
		return c;
	if ((c = cmp_uint(a->col, b->col)) != 0)
		return c;
	/* Findings equal down to the message are interchangeable, so
	 * whichever gets which index, the set of fingerprints is the same. */
	return strcmp(a->message, b->message);
}

void sci_fp_assign(sci_result_list *list, sci_fp_map_path_fn map_path,
		   void *payload)
{
	struct fp_item *items;
	unsigned occ = 0;
	size_t i;

	if (list->n == 0)
		return;
	items = sci_calloc(list->n, sizeof(*items));
	for (i = 0; i < list->n; i++) {
		const char *p = list->items[i].diag->path;
		const char *mapped = map_path ? map_path(p, payload) : NULL;

		items[i].r = &list->items[i];
		items[i].path = sci_strdup(mapped ? mapped : p);
	}
	qsort(items, list->n, sizeof(*items), cmp_item);
	for (i = 0; i < list->n; i++) {
		const sci_diag *d = items[i].r->diag;

		if (i > 0 && cmp_identity(&items[i - 1], &items[i]) == 0)
			occ++;
		else
			occ = 0;
		sci_fp_compute(items[i].r->fingerprint, d->rule, items[i].path,
			       d->function, d->key, occ);
	}
	for (i = 0; i < list->n; i++)
		free(items[i].path);
	free(items);
}
