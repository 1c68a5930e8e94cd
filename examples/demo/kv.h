/*
 * kv.h - kvtool: a tiny key=value configuration store.
 *
 * This little project is the demo for smatch-ci (scripts/demo.sh).  It
 * builds and works, and it has three planted bugs, each marked with a
 * BUG comment, among code that does the same things correctly.
 */
#ifndef KV_H
#define KV_H

#include <stddef.h>
#include <stdio.h>

struct kv_entry {
	char *key;
	char *value;
	int line;		/* where it was set in the file, 0 if not */
	struct kv_entry *next;
};

struct kv_store {
	struct kv_entry *head;
	size_t count;
};

/* store.c */
struct kv_store *kv_new(void);
void kv_free(struct kv_store *s);
struct kv_entry *kv_find(const struct kv_store *s, const char *key);
int kv_set(struct kv_store *s, const char *key, const char *value, int line);
int kv_unset(struct kv_store *s, const char *key);
size_t kv_count(const struct kv_store *s);

/* load.c */
int kv_load(struct kv_store *s, const char *path);

/* report.c */
const char *kv_get_or(const struct kv_store *s, const char *key,
		      const char *fallback);
int kv_print(const struct kv_store *s, const char *key, FILE *out);
void kv_dump(const struct kv_store *s, FILE *out);

#endif /* KV_H */
