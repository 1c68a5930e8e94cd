/*
 * config.h - the project's configuration file, .smatch-ci.json at the
 * root of the git repository (docs/config.md), e.g.
 *
 *	{ "version": 1,
 *	  "profile": "kernel",
 *	  "allocators": ["xmalloc"],
 *	  "checks": { "enabled": ["uninitialized"],
 *		      "disabled": ["shift-overflow"] },
 *	  "exclude": ["third_party", "*.gen.c"] }
 *
 * Every key but "version" is optional.  The project profile's keys
 * (profile.h) may be given inline; they are read by the profile's own
 * reader.  Unknown keys are errors, as in the profile: a typo must not
 * silently turn a checker off.  Every error names the file, the line and
 * the key.
 */
#ifndef SCI_CLI_CONFIG_H
#define SCI_CLI_CONFIG_H

#include "cli/options.h"
#include "cli/profile.h"
#include "cli/strv.h"

/* The file's name at the repository root. */
#define SCI_CONFIG_NAME ".smatch-ci.json"

typedef struct {
	char *path;		/* the file read, or NULL when there is none */
	char *root;		/* what "exclude" is relative to (absolute,
				 * real), set by sci_config_find() */
	/* "profile": the built-in models, "generic" (the default) or "kernel" */
	const char *models;
	sci_profile profile;	/* the profile keys given inline */
	/* "checks": rule ids (or "all"), applied before --enable/--disable */
	sci_strv enabled;
	sci_strv disabled;
	/* "exclude": fnmatch(3) patterns, relative to the repository root */
	sci_strv exclude;
} sci_config;

/**
 * Reads @path into @out (zeroed first; out->models is "generic" unless
 * the file says otherwise).  Returns 0, SCI_EIO for an unreadable file,
 * SCI_EINVALID for bad JSON, an unknown key, a value of the wrong type or
 * an unknown rule, with "path:line: key: reason" through sci_error_last()
 * (for a JSON syntax error jansson's "path:line:column: reason").
 */
int sci_config_load(sci_config *out, const char *path);

/**
 * Where a run's config file is looked for and its excludes are relative
 * to: the root of the git repository holding the analyzed files (those
 * of -p's database, else the first FILE, else the working directory
 * @cwd), or @cwd when that is in no repository.  Returns: owned.
 */
char *sci_config_root_dup(const sci_cli_options *o, const char *cwd);

/**
 * The configuration of a run: --config FILE, else the SCI_CONFIG_NAME of
 * @root (sci_config_root_dup) if there is one, else none (--no-config:
 * none either way).  @out is zeroed first, then holds @root, and the
 * "generic" models when there is no file.  Returns 0 or the errors of
 * sci_config_load(); a --config FILE that does not exist is SCI_EIO.
 */
int sci_config_find(sci_config *out, const sci_cli_options *o,
		    const char *root);

void sci_config_clear(sci_config *c);

/**
 * True if @rel, a path relative to the repository root, matches one of
 * the "exclude" patterns: the whole path, or one of its leading
 * directories ("vendor" excludes vendor/zlib/inflate.c).  Patterns are
 * fnmatch(3)'s without FNM_PATHNAME: '*' matches '/' too.  False for a
 * NULL @c.
 */
int sci_config_excludes(const sci_config *c, const char *rel);

/**
 * sci_config_excludes() for a file @path (absolute, or relative to
 * @base_dir): false when it is not under c->root.
 */
int sci_config_excludes_file(const sci_config *c, const char *path,
			     const char *base_dir);

/**
 * The line of @key in the JSON object text @text, the key at the top
 * level when @parent is NULL, else inside the top-level object @parent;
 * 0 when it is not found.  jansson gives lines only for syntax errors:
 * this finds them for the errors of meaning.
 */
unsigned sci_config_key_line(const char *text, const char *parent,
			     const char *key);

#endif
