/* plan.c - translation units to analyze and their sparse flags. */
#include "cli/plan.h"
#include "cli/compdb.h"
#include "cli/flags.h"
#include "cli/paths.h"
#include "util/alloc.h"
#include "util/error.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* First line of `cmd`'s output, or NULL if it fails or prints nothing. */
static char *command_line(const char *cmd)
{
	char buf[PATH_MAX];
	char *line = NULL;
	size_t n;
	FILE *p;

	if (!(p = popen(cmd, "r")))
		return NULL;
	if (fgets(buf, sizeof(buf), p)) {
		n = strcspn(buf, "\r\n");
		buf[n] = '\0';
		if (n > 0)
			line = sci_strdup(buf);
	}
	if (pclose(p) != 0) {
		free(line);
		line = NULL;
	}
	return line;
}

void sci_plan_probe_gcc(char **base, char **multiarch)
{
	*base = command_line("gcc -print-file-name= 2>/dev/null");
	*multiarch = command_line("gcc -print-multiarch 2>/dev/null");
}

void sci_plan_base_flags(sci_strv *out, const sci_plan_env *env)
{
	sci_strv_push(out, "-std=gnu17");
	sci_strv_push(out, "-D__STDC_NO_VLA__");
	sci_strv_push(out, "-fmax-warnings=0");
	/* sparse makes this an error; gcc accepts `int flag:1` */
	sci_strv_push(out, "-Wno-one-bit-signed-bitfield");
	if (env->gcc_base_dir) {
		sci_strv_push(out, "-gcc-base-dir");
		sci_strv_push(out, env->gcc_base_dir);
	}
	if (env->multiarch_dir) {
		sci_strv_push(out, "-multiarch-dir");
		sci_strv_push(out, env->multiarch_dir);
	}
}

static void tu_clear(sci_tu *tu)
{
	free(tu->path);
	free(tu->display);
	free(tu->directory);
	free(tu->invalid);
	sci_strv_free_array(tu->argv);
	sci_strv_clear(&tu->inputs);
	sci_diag_list_clear(&tu->diags);
	sci_tu_summaries_clear(tu);
}

void sci_tu_list_clear(sci_tu_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		tu_clear(&l->items[i]);
	free(l->items);
	sci_strv_clear(&l->unmatched);
	memset(l, 0, sizeof(*l));
}

void sci_tu_summaries_clear(sci_tu *tu)
{
	size_t i;

	for (i = 0; i < tu->nsummaries; i++)
		sci_summary_free(tu->summaries[i]);
	free(tu->summaries);
	tu->summaries = NULL;
	tu->nsummaries = 0;
}

void sci_tu_summaries_add(sci_tu *tu, sci_summary *s)
{
	tu->summaries = sci_realloc(tu->summaries,
				    (tu->nsummaries + 1) * sizeof(*tu->summaries));
	tu->summaries[tu->nsummaries++] = s;
}

static sci_tu *tu_add(sci_tu_list *l)
{
	l->items = sci_realloc(l->items, (l->n + 1) * sizeof(*l->items));
	memset(&l->items[l->n], 0, sizeof(l->items[0]));
	return &l->items[l->n++];
}

static int check_file(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0 || access(path, R_OK) < 0)
		return sci_error_set(SCI_ENOTFOUND, "cannot open '%s': %s",
				     path, strerror(errno));
	if (S_ISDIR(st.st_mode))
		return sci_error_set(SCI_ENOTFOUND,
				     "'%s' is a directory, not a C file", path);
	return 0;
}

static int plan_files(sci_tu_list *out, const sci_cli_options *o,
		      const sci_plan_env *env)
{
	sci_strv argv = { 0 };
	size_t i;
	int error;

	for (i = 0; i < o->files.n; i++)
		if ((error = check_file(o->files.v[i])) < 0)
			return error;
	for (i = 0; i < o->files.n; i++) {
		sci_tu *tu = tu_add(out);

		sci_strv_push(&argv, "smatch-ci");
		sci_plan_base_flags(&argv, env);
		/* absolute -I: the TU must read the same headers wherever it
		 * runs (the gate analyzes the merge base in another tree) */
		sci_flags_sanitize(&argv, o->flags.v, o->flags.n, env->cwd);
		tu->path = sci_strdup(o->files.v[i]);
		tu->display = sci_strdup(o->files.v[i]);
		tu->argv = sci_strv_detach(&argv);
	}
	return 0;
}

/* realpath() if the file exists, else the (absolute) path itself. */
static char *real_or_same(const char *path)
{
	char buf[PATH_MAX];

	return sci_strdup(realpath(path, buf) ? buf : path);
}

/* Resolves the FILE filters; NULL-free vector of realpaths. */
static int resolve_filters(sci_strv *out, const sci_cli_options *o)
{
	char buf[PATH_MAX];
	size_t i;
	int error;

	for (i = 0; i < o->files.n; i++) {
		if ((error = check_file(o->files.v[i])) < 0)
			return error;
		if (!realpath(o->files.v[i], buf))
			return sci_error_set(SCI_ENOTFOUND,
					     "cannot resolve '%s': %s",
					     o->files.v[i], strerror(errno));
		sci_strv_push(out, buf);
	}
	return 0;
}

static void add_entry(sci_tu_list *out, const sci_compdb_entry *e,
		      const sci_cli_options *o, const sci_plan_env *env)
{
	sci_strv argv = { 0 };
	sci_tu *tu = tu_add(out);

	sci_strv_push(&argv, "smatch-ci");
	sci_plan_base_flags(&argv, env);
	sci_flags_sanitize(&argv, e->args + 1, e->nargs - 1, e->directory);
	/* the command line's relative -I dirs are relative to env->cwd */
	sci_flags_sanitize(&argv, o->flags.v, o->flags.n, env->cwd);
	tu->path = sci_strdup(e->file);
	tu->display = sci_path_display_dup(e->file, NULL, env->cwd);
	tu->directory = sci_strdup(e->directory);
	tu->argv = sci_strv_detach(&argv);
	if (e->invalid)
		tu->invalid = sci_strdup(e->invalid);
}

static int plan_compdb(sci_tu_list *out, const sci_cli_options *o,
		       const sci_plan_env *env)
{
	sci_strv filters = { 0 }, seen = { 0 };
	char *used = NULL;
	sci_compdb *db = NULL;
	size_t i, j;
	long f;
	int error;

	if ((error = resolve_filters(&filters, o)) < 0)
		goto done;
	if ((error = sci_compdb_load(&db, o->compdb)) < 0)
		goto done;
	if (db->n == 0) {
		error = sci_error_set(SCI_EINVALID,
				      "compilation database '%s' has no entries",
				      db->path);
		goto done;
	}
	used = sci_calloc(filters.n + 1, 1);
	for (i = 0; i < db->n; i++) {
		char *real = real_or_same(db->entries[i].file);

		f = sci_strv_index(&filters, real);
		if ((filters.n && f < 0) || sci_strv_index(&seen, real) >= 0) {
			free(real);
			continue;
		}
		for (j = 0; j < filters.n; j++)
			if (strcmp(filters.v[j], real) == 0)
				used[j] = 1;
		sci_strv_push_take(&seen, real);
		add_entry(out, &db->entries[i], o, env);
	}
	for (i = 0; i < filters.n; i++)
		if (!used[i])
			sci_strv_push(&out->unmatched, o->files.v[i]);
	if (out->n == 0)
		error = sci_error_set(SCI_EINVALID,
				      "none of the given files is in the compilation database '%s'",
				      db->path);
done:
	free(used);
	sci_compdb_free(db);
	sci_strv_clear(&seen);
	sci_strv_clear(&filters);
	return error;
}

/*
 * The config's "exclude": not analyzed at all, so a file that does not
 * parse can be excluded; its functions' summaries are not known either.
 */
static void drop_excluded(sci_tu_list *l, const sci_plan_env *env)
{
	size_t i, n = 0;

	if (!env->config)
		return;
	for (i = 0; i < l->n; i++) {
		sci_tu *tu = &l->items[i];

		if (sci_config_excludes_file(env->config, tu->path,
					     tu->directory ? tu->directory
							   : env->cwd))
			tu_clear(tu);
		else
			l->items[n++] = *tu;
	}
	l->n = n;
}

int sci_plan_build(sci_tu_list *out, const sci_cli_options *o,
		   const sci_plan_env *env)
{
	sci_tu_list l;
	int error;

	memset(&l, 0, sizeof(l));
	memset(out, 0, sizeof(*out));
	if (!o->compdb && o->files.n == 0)
		return sci_error_set(SCI_EINVALID,
				     "no input files (give FILE... or -p compile_commands.json)");
	if (o->compdb)
		error = plan_compdb(&l, o, env);
	else
		error = plan_files(&l, o, env);
	if (error < 0) {
		sci_tu_list_clear(&l);
		return error;
	}
	drop_excluded(&l, env);
	*out = l;
	return 0;
}
