/*
 * report.c - printing values and the whole store.
 */
#include <stdio.h>

#include "kv.h"

const char *kv_get_or(const struct kv_store *s, const char *key,
		      const char *fallback)
{
	const struct kv_entry *e = kv_find(s, key);

	if (!e) {
		if (fallback)
			return fallback;
		/* BUG: e is NULL here; the message meant `key` */
		fprintf(stderr, "config: no value for '%s'\n", e->key);
		return NULL;
	}
	return e->value;
}

/* Correct: `if (!e) return -1;` before anything uses e. */
int kv_print(const struct kv_store *s, const char *key, FILE *out)
{
	const struct kv_entry *e = kv_find(s, key);

	if (!e)
		return -1;
	fprintf(out, "%s=%s", e->key, e->value);
	if (e->line)
		fprintf(out, "\t# line %d", e->line);
	fputc('\n', out);
	return 0;
}

void kv_dump(const struct kv_store *s, FILE *out)
{
	const struct kv_entry *e;

	fprintf(out, "# %zu entries\n", s->count);
	if (!s)		/* BUG: s was already dereferenced just above */
		return;
	for (e = s->head; e; e = e->next)
		kv_print(s, e->key, out);
}
