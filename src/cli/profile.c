/* profile.c - reading the project profile (see profile.h). */
#include "cli/profile.h"
#include "util/error.h"

#include <errno.h>
#include <jansson.h>
#include <string.h>

static int read_names(sci_strv *out, json_t *v, const char *path,
		      const char *key)
{
	size_t i;
	json_t *item;

	if (!json_is_array(v))
		return sci_error_set(SCI_EINVALID, "%s: \"%s\" must be an array of function names",
				     path, key);
	json_array_foreach(v, i, item) {
		const char *name = json_string_value(item);

		if (!name || !*name)
			return sci_error_set(SCI_EINVALID,
					     "%s: \"%s\"[%zu] must be a non-empty string",
					     path, key, i);
		sci_strv_push(out, name);
	}
	return 0;
}

/* "locks": [{"acquire": "spin_lock", "release": "spin_unlock"}, ...] */
static int read_locks(sci_profile *out, json_t *v, const char *path)
{
	size_t i;
	json_t *item;

	if (!json_is_array(v))
		return sci_error_set(SCI_EINVALID, "%s: \"locks\" must be an array of {\"acquire\": name, \"release\": name} objects",
				     path);
	json_array_foreach(v, i, item) {
		const char *acq = json_string_value(json_object_get(item, "acquire"));
		const char *rel = json_string_value(json_object_get(item, "release"));

		if (!json_is_object(item) || json_object_size(item) != 2 ||
		    !acq || !*acq || !rel || !*rel)
			return sci_error_set(SCI_EINVALID,
					     "%s: \"locks\"[%zu] must be {\"acquire\": name, \"release\": name}",
					     path, i);
		sci_strv_push(&out->lock_acquire, acq);
		sci_strv_push(&out->lock_release, rel);
	}
	return 0;
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
		if (strcmp(key, "allocators") == 0)
			error = read_names(&out->allocators, v, path, key);
		else if (strcmp(key, "deallocators") == 0)
			error = read_names(&out->deallocators, v, path, key);
		else if (strcmp(key, "noreturn") == 0)
			error = read_names(&out->noreturn, v, path, key);
		else if (strcmp(key, "returns_nonnull") == 0)
			error = read_names(&out->returns_nonnull, v, path, key);
		else if (strcmp(key, "untrusted_sources") == 0)
			error = read_names(&out->untrusted_sources, v, path, key);
		else if (strcmp(key, "locks") == 0)
			error = read_locks(out, v, path);
		else
			error = sci_error_set(SCI_EINVALID,
					      "%s: unknown key \"%s\" (known: version, allocators, deallocators, noreturn, returns_nonnull, untrusted_sources, locks)",
					      path, key);
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
	sci_strv_clear(&p->allocators);
	sci_strv_clear(&p->deallocators);
	sci_strv_clear(&p->noreturn);
	sci_strv_clear(&p->returns_nonnull);
	sci_strv_clear(&p->untrusted_sources);
	sci_strv_clear(&p->lock_acquire);
	sci_strv_clear(&p->lock_release);
}
