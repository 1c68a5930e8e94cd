/* profile.c - reading the project profile (see profile.h). */
#include "cli/profile.h"
#include "util/error.h"

#include <errno.h>
#include <jansson.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static int read_names(sci_strv *out, json_t *v, const char *key)
{
	size_t i;
	json_t *item;

	if (!json_is_array(v))
		return sci_error_set(SCI_EINVALID, "\"%s\" must be an array of function names",
				     key);
	json_array_foreach(v, i, item) {
		const char *name = json_string_value(item);

		if (!name || !*name)
			return sci_error_set(SCI_EINVALID,
					     "\"%s\"[%zu] must be a non-empty string",
					     key, i);
		sci_strv_push(out, name);
	}
	return 0;
}

/* "locks": [{"acquire": "spin_lock", "release": "spin_unlock"}, ...] */
static int read_locks(sci_profile *out, json_t *v)
{
	size_t i;
	json_t *item;

	if (!json_is_array(v))
		return sci_error_set(SCI_EINVALID, "\"locks\" must be an array of {\"acquire\": name, \"release\": name} objects");
	json_array_foreach(v, i, item) {
		const char *acq = json_string_value(json_object_get(item, "acquire"));
		const char *rel = json_string_value(json_object_get(item, "release"));

		if (!json_is_object(item) || json_object_size(item) != 2 ||
		    !acq || !*acq || !rel || !*rel)
			return sci_error_set(SCI_EINVALID,
					     "\"locks\"[%zu] must be {\"acquire\": name, \"release\": name}",
					     i);
		sci_strv_push(&out->lock_acquire, acq);
		sci_strv_push(&out->lock_release, rel);
	}
	return 0;
}

/*
 * The keys holding a list of names, and where each goes.  The config file
 * (config.c) reads its profile keys through sci_profile_read_key(), so a
 * key added here is known there too.
 */
static const struct {
	const char *key;
	size_t offset;
} name_keys[] = {
	{ "allocators", offsetof(sci_profile, allocators) },
	{ "deallocators", offsetof(sci_profile, deallocators) },
	{ "noreturn", offsetof(sci_profile, noreturn) },
	{ "returns_nonnull", offsetof(sci_profile, returns_nonnull) },
	{ "untrusted_sources", offsetof(sci_profile, untrusted_sources) },
	{ "must_check", offsetof(sci_profile, must_check) },
};

#define N_NAME_KEYS (sizeof(name_keys) / sizeof(name_keys[0]))

int sci_profile_read_key(sci_profile *out, const char *key, json_t *v)
{
	size_t k;

	for (k = 0; k < N_NAME_KEYS; k++)
		if (strcmp(key, name_keys[k].key) == 0)
			return read_names((sci_strv *)((char *)out +
						       name_keys[k].offset),
					  v, key);
	if (strcmp(key, "locks") == 0)
		return read_locks(out, v);
	if (strcmp(key, "must_check_statistics") == 0) {
		if (!json_is_boolean(v))
			return sci_error_set(SCI_EINVALID,
					     "\"must_check_statistics\" must be true or false");
		out->must_check_statistics = json_is_true(v);
		return 0;
	}
	return SCI_ENOTFOUND;
}

const char *sci_profile_keys(void)
{
	static char list[256];
	size_t k;

	/* built once from the table, so the message cannot forget a key */
	if (!list[0]) {
		for (k = 0; k < N_NAME_KEYS; k++)
			snprintf(list + strlen(list), sizeof(list) - strlen(list),
				 "%s, ", name_keys[k].key);
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "locks, must_check_statistics");
	}
	return list;
}

void sci_profile_add(sci_profile *into, const sci_profile *from)
{
	size_t k;

	for (k = 0; k < N_NAME_KEYS; k++)
		sci_strv_extend((sci_strv *)((char *)into + name_keys[k].offset),
				(const sci_strv *)((const char *)from +
						   name_keys[k].offset));
	into->must_check_statistics |= from->must_check_statistics;
	sci_strv_extend(&into->lock_acquire, &from->lock_acquire);
	sci_strv_extend(&into->lock_release, &from->lock_release);
}

int sci_profile_load(sci_profile *out, const char *path)
{
	json_error_t jerr;
	json_t *root = NULL, *v;
	const char *key;
	int error = 0;

	memset(out, 0, sizeof(*out));
	root = json_load_file(path, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		if (jerr.line < 0)
			return sci_error_set(SCI_EIO, "cannot read profile '%s': %s",
					     path, jerr.text);
		return sci_error_set(SCI_EINVALID, "%s:%d:%d: %s", path,
				     jerr.line, jerr.column, jerr.text);
	}
	if (!json_is_object(root)) {
		error = sci_error_set(SCI_EINVALID, "%s: the profile must be a JSON object",
				      path);
		goto done;
	}
	v = json_object_get(root, "version");
	if (!json_is_integer(v) || json_integer_value(v) != 1) {
		error = sci_error_set(SCI_EINVALID,
				      "%s: \"version\" must be 1 (the only profile version)",
				      path);
		goto done;
	}
	json_object_foreach(root, key, v) {
		if (strcmp(key, "version") == 0)
			continue;
		error = sci_profile_read_key(out, key, v);
		if (error == SCI_ENOTFOUND) {
			error = sci_error_set(SCI_EINVALID,
					      "%s: unknown key \"%s\" (known: version, %s)",
					      path, key, sci_profile_keys());
			goto done;
		}
		if (error < 0 && error != SCI_ENOTFOUND) {
			/* sci_error_last() is the buffer sci_error_set() writes */
			char why[512];

			snprintf(why, sizeof(why), "%s", sci_error_last());
			error = sci_error_set(SCI_EINVALID, "%s: %s", path, why);
		}
		if (error < 0)
			goto done;
	}
done:
	json_decref(root);
	if (error < 0)
		sci_profile_clear(out);
	return error;
}

void sci_profile_clear(sci_profile *p)
{
	size_t k;

	for (k = 0; k < N_NAME_KEYS; k++)
		sci_strv_clear((sci_strv *)((char *)p + name_keys[k].offset));
	sci_strv_clear(&p->lock_acquire);
	sci_strv_clear(&p->lock_release);
}
