/* compdb.c - compile_commands.json reader (jansson). */
#include "cli/compdb.h"
#include "cli/paths.h"
#include "util/alloc.h"
#include "util/error.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A word being built by the splitter. */
typedef struct {
	char *buf;
	size_t n, cap;
	int started;	/* '' and "" make an (empty) word */
} word;

static void word_add(word *w, char c)
{
	if (w->n + 1 >= w->cap) {
		w->cap = w->cap ? w->cap * 2 : 64;
		w->buf = sci_realloc(w->buf, w->cap);
	}
	w->buf[w->n++] = c;
	w->started = 1;
}

static void word_end(word *w, sci_strv *out)
{
	if (!w->started)
		return;
	word_add(w, '\0');
	sci_strv_push(out, w->buf);
	w->n = 0;
	w->started = 0;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	       c == '\f' || c == '\v';
}

/* Copies a "..." body starting after the quote; returns the end or NULL. */
static const char *split_double(word *w, const char *p)
{
	for (; *p; p++) {
		if (*p == '"')
			return p;
		if (*p == '\\' && p[1] && strchr("$`\"\\\n", p[1])) {
			p++;
			if (*p != '\n')
				word_add(w, *p);
			continue;
		}
		word_add(w, *p);
	}
	return NULL;
}

int sci_compdb_split_command(sci_strv *out, const char *command)
{
	word w = { NULL, 0, 0, 0 };
	const char *p;
	int error = 0;

	for (p = command; *p; p++) {
		if (is_blank(*p)) {
			word_end(&w, out);
		} else if (*p == '\\') {
			if (!p[1]) {
				word_add(&w, '\\');
			} else if (p[1] == '\n') {
				p++;
			} else {
				word_add(&w, *++p);
			}
		} else if (*p == '\'') {
			const char *end = strchr(p + 1, '\'');

			if (!end)
				goto unterminated;
			w.started = 1;
			while (++p < end)
				word_add(&w, *p);
		} else if (*p == '"') {
			w.started = 1;
			if (!(p = split_double(&w, p + 1)))
				goto unterminated;
		} else {
			word_add(&w, *p);
		}
	}
	word_end(&w, out);
	goto done;
unterminated:
	error = sci_error_set(SCI_EINVALID, "unterminated quote in command");
done:
	free(w.buf);
	return error;
}

static void entry_clear(sci_compdb_entry *e)
{
	free(e->invalid);
	free(e->directory);
	free(e->file);
	sci_strv_free_array(e->args);
}

void sci_compdb_free(sci_compdb *db)
{
	size_t i;

	if (!db)
		return;
	for (i = 0; i < db->n; i++)
		entry_clear(&db->entries[i]);
	free(db->entries);
	free(db->path);
	free(db);
}

/* True if the JSON string @v holds a NUL byte (a \u0000 escape). */
static int has_nul(json_t *v)
{
	return strlen(json_string_value(v)) != json_string_length(v);
}

/* The JSON string @v with each NUL byte written as "\0".  Owned. */
static char *nul_escaped_dup(json_t *v)
{
	const char *s = json_string_value(v);
	size_t i, n = json_string_length(v), k = 0;
	char *out = sci_malloc(2 * n + 1);

	for (i = 0; i < n; i++) {
		if (s[i] == '\0') {
			out[k++] = '\\';
			out[k++] = '0';
		} else {
			out[k++] = s[i];
		}
	}
	out[k] = '\0';
	return out;
}

static void mark_nul(char **invalid, const char *key, size_t idx)
{
	if (!*invalid)
		*invalid = sci_printf_dup("compile_commands.json entry %zu: \"%s\" holds a NUL byte, which no file name or argument can hold",
					  idx + 1, key);
}

static int get_string(const char **out, json_t *e, const char *key,
		      const char *source, size_t idx)
{
	json_t *v = json_object_get(e, key);

	if (!v)
		return sci_error_set(SCI_EINVALID,
				     "%s: entry %zu: missing \"%s\"", source,
				     idx + 1, key);
	if (!json_is_string(v) || !*json_string_value(v))
		return sci_error_set(SCI_EINVALID,
				     "%s: entry %zu: \"%s\" is not a non-empty string",
				     source, idx + 1, key);
	*out = json_string_value(v);
	return 0;
}

static int read_args(sci_strv *args, char **invalid, json_t *e,
		     const char *source, size_t idx)
{
	json_t *a = json_object_get(e, "arguments");
	json_t *c = json_object_get(e, "command");
	json_t *v;
	size_t i;

	if (a) {
		if (!json_is_array(a))
			return sci_error_set(SCI_EINVALID,
					     "%s: entry %zu: \"arguments\" is not an array",
					     source, idx + 1);
		json_array_foreach(a, i, v) {
			if (!json_is_string(v))
				return sci_error_set(SCI_EINVALID,
						     "%s: entry %zu: \"arguments\" holds a non-string",
						     source, idx + 1);
			if (has_nul(v))
				mark_nul(invalid, "arguments", idx);
			sci_strv_push(args, json_string_value(v));
		}
	} else if (c) {
		if (!json_is_string(c))
			return sci_error_set(SCI_EINVALID,
					     "%s: entry %zu: \"command\" is not a string",
					     source, idx + 1);
		if (has_nul(c))
			mark_nul(invalid, "command", idx);
		if (sci_compdb_split_command(args, json_string_value(c)) < 0)
			return sci_error_set(SCI_EINVALID,
					     "%s: entry %zu: unterminated quote in \"command\"",
					     source, idx + 1);
	} else {
		return sci_error_set(SCI_EINVALID,
				     "%s: entry %zu: neither \"arguments\" nor \"command\"",
				     source, idx + 1);
	}
	if (args->n == 0)
		return sci_error_set(SCI_EINVALID,
				     "%s: entry %zu: empty command", source,
				     idx + 1);
	return 0;
}

static int read_entry(sci_compdb_entry *out, json_t *e, const char *source,
		      size_t idx, const char *base_dir)
{
	const char *dir, *file;
	sci_strv args = { 0 };
	char *shown = NULL;
	int error;

	if (!json_is_object(e))
		return sci_error_set(SCI_EINVALID,
				     "%s: entry %zu: not a JSON object", source,
				     idx + 1);
	if ((error = get_string(&dir, e, "directory", source, idx)) < 0 ||
	    (error = get_string(&file, e, "file", source, idx)) < 0 ||
	    (error = read_args(&args, &out->invalid, e, source, idx)) < 0)
		goto done;
	if (has_nul(json_object_get(e, "directory")))
		mark_nul(&out->invalid, "directory", idx);
	if (has_nul(json_object_get(e, "file"))) {
		mark_nul(&out->invalid, "file", idx);
		file = shown = nul_escaped_dup(json_object_get(e, "file"));
	}
	out->directory = sci_path_join_dup(base_dir, dir);
	out->file = sci_path_join_dup(out->directory, file);
	free(shown);
	out->nargs = args.n;
	out->args = sci_strv_detach(&args);
done:
	sci_strv_clear(&args);
	return error;
}

int sci_compdb_parse(sci_compdb **out, const char *text, const char *source,
		     const char *base_dir)
{
	sci_compdb *db = NULL;
	json_error_t jerr;
	json_t *root;
	json_t *e;
	size_t i;
	int error = 0;

	*out = NULL;
	/* \u0000 is valid JSON: it fails its entry, not the database */
	if (!(root = json_loads(text, JSON_ALLOW_NUL, &jerr))) {
		error = sci_error_set(SCI_EJSON, "%s:%d:%d: %s", source,
				      jerr.line, jerr.column, jerr.text);
		goto done;
	}
	if (!json_is_array(root)) {
		error = sci_error_set(SCI_EINVALID,
				      "%s: not a JSON array of compile commands",
				      source);
		goto done;
	}
	db = sci_calloc(1, sizeof(*db));
	db->path = sci_strdup(source);
	db->entries = sci_calloc(json_array_size(root) + 1,
				 sizeof(*db->entries));
	json_array_foreach(root, i, e) {
		if ((error = read_entry(&db->entries[i], e, source, i,
					base_dir)) < 0)
			goto done;
		db->n++;
	}
	*out = db;
	db = NULL;
done:
	if (db) {
		/* the entry that failed may be half filled */
		db->n++;
		sci_compdb_free(db);
	}
	json_decref(root);
	return error;
}

static int read_file(char **out, const char *path)
{
	FILE *f = NULL;
	char *buf = NULL;
	size_t n = 0, cap = 0, got;
	int error = 0;

	*out = NULL;
	if (!(f = fopen(path, "r"))) {
		error = sci_error_set(SCI_ENOTFOUND,
				      "cannot open compilation database '%s': %s",
				      path, strerror(errno));
		goto done;
	}
	do {
		if (cap - n < 4096) {
			cap = cap ? cap * 2 : 65536;
			buf = sci_realloc(buf, cap);
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
	} while (got > 0);
	if (ferror(f)) {
		error = sci_error_set(SCI_EIO,
				      "cannot read compilation database '%s': %s",
				      path, strerror(errno));
		goto done;
	}
	buf[n] = '\0';
	*out = buf;
	buf = NULL;
done:
	free(buf);
	if (f)
		fclose(f);
	return error;
}

int sci_compdb_load(sci_compdb **out, const char *path)
{
	char *file = NULL, *abs = NULL, *dir = NULL, *text = NULL, *slash;
	char cwd[4096];
	struct stat st;
	int error;

	*out = NULL;
	if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
		file = sci_printf_dup("%s/compile_commands.json", path);
	else
		file = sci_strdup(path);
	if (!getcwd(cwd, sizeof(cwd))) {
		error = sci_error_set(SCI_EIO, "cannot get the working directory: %s",
				      strerror(errno));
		goto done;
	}
	if ((error = read_file(&text, file)) < 0)
		goto done;
	abs = sci_path_join_dup(cwd, file);
	dir = sci_strdup(abs);
	/* abs is absolute, so it has a '/'; the test keeps that visible */
	slash = strrchr(dir, '/');
	if (!slash) {
		free(dir);
		dir = sci_strdup(".");
	} else if (slash == dir)
		slash[1] = '\0';
	else
		*slash = '\0';
	error = sci_compdb_parse(out, text, file, dir);
done:
	free(text);
	free(dir);
	free(abs);
	free(file);
	return error;
}
