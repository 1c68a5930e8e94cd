/*
 * plugin.c - loading checker plugins (see plugin.h and docs/plugins.md).
 *
 * Everything about a plugin is checked before any of its code runs: the
 * descriptor is data, and dlopen() runs only the plugin's constructors,
 * which a plugin has no reason to have.  A plugin is refused as a whole:
 * its checkers join the catalogue only when all of them are acceptable.
 */
#include "cli/plugin.h"
#include "analyzer/analyzer.h"
#include "analyzer/checker.h"
#include "util/alloc.h"
#include "util/diag.h"
#include "util/error.h"
#include "util/sha256.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	char *path;			/* as given */
	char sha[SCI_SHA256_HEX];
} loaded;

static loaded *plugins;
static size_t nplugins;

/*
 * Hashes the file and tells whether it starts like an ELF object.  The
 * hash is of the bytes read here, dlopen() reads the file again: a plugin
 * replaced in between is the user's race, as with any other input file.
 */
static int read_identity(const char *path, char sha[SCI_SHA256_HEX],
			 int *is_elf)
{
	unsigned char buf[65536], digest[SCI_SHA256_LEN];
	sci_sha256_ctx ctx;
	size_t n, total = 0;
	FILE *f;
	int error = 0;

	*is_elf = 0;
	if (!(f = fopen(path, "rb")))
		return sci_error_set(errno == ENOENT ? SCI_ENOTFOUND : SCI_EIO,
				     "cannot read plugin '%s': %s", path,
				     strerror(errno));
	sci_sha256_init(&ctx);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		if (total == 0 && n >= 4 && memcmp(buf, "\177ELF", 4) == 0)
			*is_elf = 1;
		sci_sha256_update(&ctx, buf, n);
		total += n;
	}
	if (ferror(f))
		error = sci_error_set(SCI_EIO, "cannot read plugin '%s': %s",
				      path, strerror(errno));
	fclose(f);
	if (error)
		return error;
	sci_sha256_final(&ctx, digest);
	sci_sha256_hex(sha, digest);
	return 0;
}

/* Rule ids are kebab-case (style.md §3): they name files and SARIF rules. */
static int is_kebab(const char *s)
{
	const char *p;

	if (!*s || *s == '-')
		return 0;
	for (p = s; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9'))
			continue;
		if (*p != '-' || p[1] == '-' || p[1] == '\0')
			return 0;
	}
	return 1;
}

/* The driver's own records (util/diag.h) are not findings of a checker. */
static int is_reserved(const char *rule)
{
	return strcmp(rule, SCI_RULE_ANALYSIS_FAILURE) == 0 ||
	       strncmp(rule, "sci-", 4) == 0;
}

static int in_plugin(const struct sci_plugin *p, size_t upto, const char *rule)
{
	size_t i;

	for (i = 0; i < upto; i++)
		if (strcmp(p->checkers[i]->rule, rule) == 0)
			return 1;
	return 0;
}

static int check_deps(const char *path, const struct sci_plugin *p,
		      const struct sci_checker *c)
{
	const char *const *d;
	size_t n;

	for (n = 0; p->checkers[n]; n++)
		;
	for (d = c->deps; d && *d; d++)
		if (!sci_checks_find(*d) && !in_plugin(p, n, *d))
			return sci_error_set(SCI_EINVALID,
					     "plugin '%s': checker '%s' depends on unknown rule '%s'",
					     path, c->rule, *d);
	return 0;
}

/*
 * A cycle among the plugin's checkers' deps would abort every worker when
 * the owner table is built (registry.c): find it here, once.  A built-in
 * checker never depends on a plugin's, so only the plugin's are walked.
 * @mark: 0 unseen, 1 on the current path, 2 done.
 */
static int in_cycle(const struct sci_plugin *p, size_t i, unsigned char *mark)
{
	const char *const *d;
	size_t j;

	if (mark[i])
		return mark[i] == 1;
	mark[i] = 1;
	for (d = p->checkers[i]->deps; d && *d; d++)
		for (j = 0; p->checkers[j]; j++)
			if (strcmp(p->checkers[j]->rule, *d) == 0 &&
			    in_cycle(p, j, mark))
				return 1;
	mark[i] = 2;
	return 0;
}

static int check_checker(const char *path, const struct sci_plugin *p,
			 size_t i)
{
	const struct sci_checker *c = p->checkers[i];
	const sci_check_info *other;

	if (!c->rule || !is_kebab(c->rule))
		return sci_error_set(SCI_EINVALID,
				     "plugin '%s': checker %zu has %s rule id '%s' (kebab-case: a-z, 0-9, single '-')",
				     path, i + 1, c->rule ? "a bad" : "no",
				     c->rule ? c->rule : "");
	if (is_reserved(c->rule))
		return sci_error_set(SCI_EINVALID,
				     "plugin '%s': rule id '%s' is reserved for smatch-ci's own records",
				     path, c->rule);
	if ((other = sci_checks_find(c->rule)))
		return sci_error_set(SCI_EINVALID,
				     "plugin '%s': rule '%s' clashes with %s of that id",
				     path, c->rule, other->builtin ?
				     "the built-in rule" :
				     "another plugin's rule");
	if (in_plugin(p, i, c->rule))
		return sci_error_set(SCI_EINVALID,
				     "plugin '%s': rule '%s' is given twice",
				     path, c->rule);
	if (!c->summary || !*c->summary || !c->init)
		return sci_error_set(SCI_EINVALID,
				     "plugin '%s': checker '%s' has no %s",
				     path, c->rule, c->init ? "summary" : "init function");
	if (c->severity < SCI_SEV_NOTE || c->severity > SCI_SEV_ERROR)
		return sci_error_set(SCI_EINVALID,
				     "plugin '%s': checker '%s' has an unknown severity %d",
				     path, c->rule, (int)c->severity);
	return check_deps(path, p, c);
}

static int check_descriptor(const char *path, const struct sci_plugin *p)
{
	unsigned char *mark;
	size_t i;
	int error = 0;

	/* api_version first: nothing else of another version's layout is read */
	if (p->api_version != SCI_CHECKER_API_VERSION)
		return sci_error_set(SCI_EINVALID,
				     "plugin '%s' was built for checker API version %d, this smatch-ci has version %d: rebuild it against this smatch-ci's <smatch-ci/checker.h>",
				     path, p->api_version, SCI_CHECKER_API_VERSION);
	if (!p->checkers || !p->checkers[0])
		return sci_error_set(SCI_EINVALID, "plugin '%s' has no checkers",
				     path);
	for (i = 0; p->checkers[i]; i++)
		if ((error = check_checker(path, p, i)) < 0)
			return error;
	mark = sci_calloc(i, 1);
	for (i = 0; p->checkers[i] && !error; i++)
		if (in_cycle(p, i, mark))
			error = sci_error_set(SCI_EINVALID,
					      "plugin '%s': checker '%s' is in a dependency cycle (deps)",
					      path, p->checkers[i]->rule);
	free(mark);
	return error;
}

/*
 * dlopen() searches the library path for a name without '/': "check.so"
 * must mean the file in the working directory, as every other file
 * argument does.
 */
static char *dlopen_name_dup(const char *path)
{
	return strchr(path, '/') ? sci_strdup(path) : sci_printf_dup("./%s", path);
}

int sci_plugin_load(const char *path)
{
	const struct sci_plugin *p;
	char sha[SCI_SHA256_HEX], *name = NULL;
	void *handle = NULL;
	size_t i;
	int error, is_elf;

	if ((error = read_identity(path, sha, &is_elf)) < 0)
		return error;
	if (!is_elf)
		return sci_error_set(SCI_EINVALID,
				     "plugin '%s' is not a shared object (no ELF header)",
				     path);
	for (i = 0; i < nplugins; i++)
		if (strcmp(plugins[i].sha, sha) == 0)
			return sci_error_set(SCI_EINVALID,
					     "plugin '%s' is given twice (the same file as '%s')",
					     path, plugins[i].path);
	name = dlopen_name_dup(path);
	/* RTLD_NOW: a missing API function fails here, not in a worker */
	if (!(handle = dlopen(name, RTLD_NOW | RTLD_LOCAL))) {
		error = sci_error_set(SCI_EINVALID, "cannot load plugin '%s': %s",
				      path, dlerror());
		goto done;
	}
	if (!(p = dlsym(handle, SCI_PLUGIN_SYMBOL))) {
		error = sci_error_set(SCI_EINVALID,
				      "'%s' is not a smatch-ci plugin: it has no '%s' descriptor (docs/plugins.md)",
				      path, SCI_PLUGIN_SYMBOL);
		goto done;
	}
	if ((error = check_descriptor(path, p)) < 0)
		goto done;
	for (i = 0; p->checkers[i]; i++)
		if ((error = sci_checks_add(p->checkers[i])) < 0) {
			/* only the owner table can be full here: say whose */
			error = sci_error_set(SCI_EINVALID, "plugin '%s': %s",
					      path, sci_error_last());
			goto done;
		}
	plugins = sci_realloc(plugins, (nplugins + 1) * sizeof(*plugins));
	plugins[nplugins].path = sci_strdup(path);
	memcpy(plugins[nplugins].sha, sha, sizeof(sha));
	nplugins++;
	handle = NULL;	/* kept: its checkers are in the catalogue */
done:
	if (handle)
		dlclose(handle);
	free(name);
	return error;
}

size_t sci_plugin_count(void)
{
	return nplugins;
}

const char *sci_plugin_sha(size_t i)
{
	return i < nplugins ? plugins[i].sha : NULL;
}

const char *sci_plugin_path(size_t i)
{
	return i < nplugins ? plugins[i].path : NULL;
}

void sci_plugin_opts_flags(sci_strv *out)
{
	size_t i;

	for (i = 0; i < nplugins; i++)
		sci_strv_push_take(out, sci_printf_dup("plugin:%s", plugins[i].sha));
}
