/*
 * profile.h - the project profile: a JSON file naming the project's own
 * allocation, free and noreturn functions, functions that never return
 * NULL, functions whose result is read from input, functions whose result
 * must not be ignored (unchecked-return), and lock functions
 * (each pair takes and releases the lock its first argument points to), e.g.
 *
 *	{ "version": 1,
 *	  "allocators": ["xmalloc", "xstrdup"],
 *	  "deallocators": ["xfree"],
 *	  "noreturn": ["die", "BUG_fn"],
 *	  "returns_nonnull": ["must_alloc"],
 *	  "untrusted_sources": ["read_config_int"],
 *	  "must_check": ["lock_or_fail"],
 *	  "must_check_statistics": true,
 *	  "locks": [{ "acquire": "spin_lock", "release": "spin_unlock" }] }
 *
 * Every key but "version" is optional; unknown keys are errors (a typo
 * must not silently turn a checker off).
 */
#ifndef SCI_CLI_PROFILE_H
#define SCI_CLI_PROFILE_H

#include <jansson.h>

#include "cli/strv.h"

typedef struct {
	sci_strv allocators;
	sci_strv deallocators;
	sci_strv noreturn;
	sci_strv returns_nonnull;
	sci_strv untrusted_sources;
	sci_strv must_check;
	/* unchecked-return also from how other call sites use a result */
	int must_check_statistics;
	/* "locks": parallel lists, lock_acquire[i] pairs with lock_release[i] */
	sci_strv lock_acquire;
	sci_strv lock_release;
} sci_profile;

/**
 * Reads @path into @out (zeroed first).  Returns 0, SCI_EIO for an
 * unreadable file, SCI_EINVALID for bad JSON or a bad shape, with
 * "path:line:column: reason" through sci_error_last().
 */
int sci_profile_load(sci_profile *out, const char *path);
void sci_profile_clear(sci_profile *p);

/**
 * Reads the value @v of profile key @key (not "version") into @out,
 * adding to what it holds.  The config file (config.h) holds the same
 * keys and reads them through this, so the two cannot drift apart.
 *
 * Returns 0; SCI_ENOTFOUND, with no message, when @key is not a profile
 * key; SCI_EINVALID for a bad value, with a reason that names the key but
 * not the file (the caller knows where the key is).
 */
int sci_profile_read_key(sci_profile *out, const char *key, json_t *v);

/** Returns: the profile keys but "version", for messages (static). */
const char *sci_profile_keys(void);

/** Appends every list of @from to the same list of @into. */
void sci_profile_add(sci_profile *into, const sci_profile *from);

#endif
