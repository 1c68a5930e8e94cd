/* config.c - reading the project's configuration file (see config.h). */
#include "cli/config.h"
#include "analyzer/analyzer.h"
#include "cli/paths.h"
#include "util/alloc.h"
#include "util/error.h"

#include <errno.h>
#include <fnmatch.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The config's own keys; the rest are the profile's (profile.h). */
static const char *const own_keys = "version, profile, checks, exclude";

/* ------------------------------------------------------- key lines */

/* After the string that starts at @p ('"'): past its closing quote. */
static const char *skip_string(const char *p)
{
	for (p++; *p && *p != '"'; p++)
		if (*p == '\\' && p[1])
			p++;
	return *p ? p + 1 : p;
}

static int is_key(const char *start, const char *end, const char *key)
{
	size_t n = strlen(key);
	const char *p = end;

	if ((size_t)(end - start) != n + 2 || strncmp(start + 1, key, n) != 0)
		return 0;
	while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
		p++;
	return *p == ':';
}

/*
 * A scan of the text, not a second parser: strings are skipped whole (a
 * brace inside one does not count) and a key is a string followed by ':'
 * at the depth of the object searched.
 */
unsigned sci_config_key_line(const char *text, const char *parent,
			     const char *key)
{
	const char *want[2] = { parent ? parent : key, key };
	size_t nwant = parent ? 2 : 1, matched = 0;
	unsigned line = 1, depth = 0;
	const char *p = text, *end;

	while (*p) {
		switch (*p) {
		case '\n':
			line++;
			break;
		case '{':
		case '[':
			depth++;
			break;
		case '}':
		case ']':
			/* left the object the rest of the key was in */
			if (depth-- == matched + 1 && matched)
				return 0;
			break;
		case '"':
			end = skip_string(p);
			if (depth == matched + 1 &&
			    is_key(p, end, want[matched])) {
				if (++matched == nwant)
					return line;
			}
			p = end;
			continue;
		}
		p++;
	}
	return 0;
}

/* ------------------------------------------------------------ reading */

typedef struct {
	const char *path;
	const char *text;	/* the file, for the lines of keys */
} source;

/* "path:line: key: why" (or "path: key: why" if the key is not found) */
static int bad(const source *src, const char *parent, const char *key,
	       const char *why)
{
	unsigned line = sci_config_key_line(src->text, parent, key);
	char name[128], where[32] = "";

	if (parent)
		snprintf(name, sizeof(name), "\"%s\".\"%s\"", parent, key);
	else
		snprintf(name, sizeof(name), "\"%s\"", key);
	if (line)
		snprintf(where, sizeof(where), ":%u", line);
	return sci_error_set(SCI_EINVALID, "%s%s: %s: %s", src->path, where,
			     name, why);
}

/* A list of non-empty strings; @what names the strings in messages. */
static int read_strings(sci_strv *out, json_t *v, const source *src,
			const char *parent, const char *key, const char *what)
{
	char why[256];
	json_t *item;
	size_t i;

	if (!json_is_array(v)) {
		snprintf(why, sizeof(why), "must be an array of %s", what);
		return bad(src, parent, key, why);
	}
	json_array_foreach(v, i, item) {
		const char *s = json_string_value(item);

		if (!s || !*s) {
			snprintf(why, sizeof(why),
				 "item %zu must be a non-empty string", i);
			return bad(src, parent, key, why);
		}
		sci_strv_push(out, s);
	}
	return 0;
}

static int is_rule(const char *name)
{
	size_t i, n = sci_checks_count();

	if (strcmp(name, "all") == 0)
		return 1;
	for (i = 0; i < n; i++)
		if (strcmp(sci_checks_at(i)->rule, name) == 0)
			return 1;
	return 0;
}

/* "checks": {"enabled": [rule, ...], "disabled": [rule, ...]} */
static int read_checks(sci_config *out, json_t *v, const source *src)
{
	char why[256];
	const char *key;
	json_t *list;
	sci_strv *to;
	size_t i, from;
	int error;

	if (!json_is_object(v))
		return bad(src, NULL, "checks",
			   "must be an object: {\"enabled\": [rule, ...], \"disabled\": [rule, ...]}");
	json_object_foreach(v, key, list) {
		if (strcmp(key, "enabled") == 0)
			to = &out->enabled;
		else if (strcmp(key, "disabled") == 0)
			to = &out->disabled;
		else
			return bad(src, "checks", key,
				   "unknown key (known: enabled, disabled)");
		from = to->n;
		if ((error = read_strings(to, list, src, "checks", key,
					  "rule ids")) < 0)
			return error;
		/* here, not when the rules are resolved: the line is known */
		for (i = from; i < to->n; i++)
			if (!is_rule(to->v[i])) {
				snprintf(why, sizeof(why),
					 "unknown rule '%s' (see --list-checks)",
					 to->v[i]);
				return bad(src, "checks", key, why);
			}
	}
	return 0;
}

static int read_models(sci_config *out, json_t *v, const source *src)
{
	const char *name = json_string_value(v);

	if (name && strcmp(name, "generic") == 0)
		out->models = "generic";
	else if (name && strcmp(name, "kernel") == 0)
		out->models = "kernel";
	else
		return bad(src, NULL, "profile",
			   "must be \"generic\" (libc, POSIX, pthreads) or \"kernel\"");
	return 0;
}

static int read_key(sci_config *out, const char *key, json_t *v,
		    const source *src)
{
	char why[512];
	int error;

	if (strcmp(key, "profile") == 0)
		return read_models(out, v, src);
	if (strcmp(key, "checks") == 0)
		return read_checks(out, v, src);
	if (strcmp(key, "exclude") == 0)
		return read_strings(&out->exclude, v, src, NULL, key,
				    "path patterns");
	error = sci_profile_read_key(&out->profile, key, v);
	if (error == SCI_ENOTFOUND) {
		snprintf(why, sizeof(why), "unknown key (known: %s, %s)",
			 own_keys, sci_profile_keys());
		return bad(src, NULL, key, why);
	}
	if (error < 0) {
		/* the profile's reason, with the line of the key added */
		snprintf(why, sizeof(why), "%s", sci_error_last());
		return bad(src, NULL, key, why);
	}
	return 0;
}

static int read_file(char **out, const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	size_t n = 0, cap = 0, got;

	*out = NULL;
	if (!f)
		return sci_error_set(SCI_EIO, "cannot read config '%s': %s",
				     path, strerror(errno));
	do {
		if (cap - n < 4096)
			text = sci_realloc(text, cap = cap * 2 + 4096);
		got = fread(text + n, 1, cap - n - 1, f);
		n += got;
	} while (got);
	text[n] = '\0';
	if (ferror(f)) {
		fclose(f);
		free(text);
		return sci_error_set(SCI_EIO, "cannot read config '%s'", path);
	}
	fclose(f);
	*out = text;
	return 0;
}

int sci_config_load(sci_config *out, const char *path)
{
	json_error_t jerr;
	json_t *root = NULL, *v;
	char *text = NULL;
	source src = { path, NULL };
	const char *key;
	int error;

	memset(out, 0, sizeof(*out));
	out->models = "generic";
	if ((error = read_file(&text, path)) < 0)
		return error;
	src.text = text;
	root = json_loads(text, JSON_REJECT_DUPLICATES, &jerr);
	if (!root) {
		error = sci_error_set(SCI_EINVALID, "%s:%d:%d: %s", path,
				      jerr.line, jerr.column, jerr.text);
		goto done;
	}
	if (!json_is_object(root)) {
		error = sci_error_set(SCI_EINVALID, "%s:1: the config must be a JSON object",
				      path);
		goto done;
	}
	v = json_object_get(root, "version");
	if (!v) {
		error = sci_error_set(SCI_EINVALID, "%s:1: \"version\": missing (write \"version\": 1)",
				      path);
		goto done;
	}
	if (!json_is_integer(v) || json_integer_value(v) != 1) {
		error = bad(&src, NULL, "version",
			    "must be 1 (the only config version)");
		goto done;
	}
	json_object_foreach(root, key, v) {
		if (strcmp(key, "version") == 0)
			continue;
		if ((error = read_key(out, key, v, &src)) < 0)
			goto done;
	}
	out->path = sci_strdup(path);
done:
	json_decref(root);
	free(text);
	if (error < 0)
		sci_config_clear(out);
	return error;
}

static int has_git(const char *dir)
{
	char *git = sci_path_join_dup(dir, ".git");
	struct stat st;
	int yes = lstat(git, &st) == 0;

	free(git);
	return yes;
}

char *sci_config_root_dup(const sci_cli_options *o, const char *cwd)
{
	char *start, *slash, *root;
	struct stat st;

	if (o->compdb)
		start = sci_path_join_dup(cwd, o->compdb);
	else if (o->files.n)
		start = sci_path_join_dup(cwd, o->files.v[0]);
	else
		start = sci_strdup(cwd);
	/* a file's (or the database's) directory */
	if (stat(start, &st) != 0 || !S_ISDIR(st.st_mode)) {
		slash = strrchr(start, '/');
		if (slash && slash != start)
			*slash = '\0';
	}
	root = sci_path_project_root_dup(start);
	free(start);
	if (!has_git(root)) {
		free(root);
		root = sci_path_project_root_dup(cwd);
		if (!has_git(root)) {
			free(root);
			root = realpath(cwd, NULL);
			if (!root)
				root = sci_strdup(cwd);
		}
	}
	return root;
}

int sci_config_find(sci_config *out, const sci_cli_options *o,
		    const char *root)
{
	char *path;
	int error = 0;

	memset(out, 0, sizeof(*out));
	out->models = "generic";
	if (o->no_config)
		goto done;
	if (o->config) {
		error = sci_config_load(out, o->config);
		goto done;
	}
	path = sci_path_join_dup(root, SCI_CONFIG_NAME);
	/* no file is the usual case, not an error; an unreadable one is */
	if (access(path, F_OK) == 0)
		error = sci_config_load(out, path);
	free(path);
done:
	if (error == 0)
		out->root = sci_strdup(root);
	return error;
}

void sci_config_clear(sci_config *c)
{
	free(c->path);
	c->path = NULL;
	free(c->root);
	c->root = NULL;
	c->models = "generic";
	sci_profile_clear(&c->profile);
	sci_strv_clear(&c->enabled);
	sci_strv_clear(&c->disabled);
	sci_strv_clear(&c->exclude);
}

int sci_config_excludes(const sci_config *c, const char *rel)
{
	char *dir;
	size_t i, n;
	int hit = 0;

	if (!c || !rel || !c->exclude.n)
		return 0;
	dir = sci_strdup(rel);
	/* the path, then each leading directory of it, longest first */
	for (n = strlen(dir); !hit && n; ) {
		dir[n] = '\0';
		for (i = 0; !hit && i < c->exclude.n; i++)
			hit = fnmatch(c->exclude.v[i], dir, 0) == 0;
		while (n && dir[n - 1] != '/')
			n--;
		if (n)
			n--;
	}
	free(dir);
	return hit;
}

int sci_config_excludes_file(const sci_config *c, const char *path,
			     const char *base_dir)
{
	char *abs, *real;
	const char *rel;
	int hit;

	if (!c || !c->exclude.n || !c->root || !path)
		return 0;
	abs = sci_path_join_dup(base_dir, path);
	/* the root is real: so must the path be to compare them */
	if ((real = realpath(abs, NULL)) != NULL) {
		free(abs);
		abs = real;
	}
	rel = sci_path_under(abs, c->root);
	hit = rel && sci_config_excludes(c, rel);
	free(abs);
	return hit;
}
