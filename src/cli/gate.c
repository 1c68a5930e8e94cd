/*
 * gate.c - the gatekeeper run (see gate.h).
 *
 * Head is analyzed as usual, with every worker also reporting the files
 * its TU read.  With a base, the TUs that read a file the change touched
 * are analyzed again on the merge base, checked out into a temporary
 * directory (or taken from the cache); the other TUs are identical on both
 * sides, so their head findings are their base findings.  Findings are
 * then fingerprinted with repository-relative paths (base paths mapped
 * through renames), classified, and gated.
 *
 * Both sides know what functions of other TUs do (cli/project.h).  When
 * the change alters a function's summary (it now allocates, frees, may
 * return NULL), the TUs it left alone that call that function are not the
 * same on both sides any more: they are analyzed again with the base's
 * summaries (then the callers of those of their functions that changed in
 * turn, a round per level), and their new findings count as caused by the
 * change, with
 * the changed function as a related location (analyze_callers(),
 * point_at_changed_callees()).
 *
 * In-source suppressions (baseline/suppress.h) are applied after the
 * analysis and the caches, on each side's own text: head findings on the
 * work tree, base findings on the merge base's files (apply_suppressions()).
 *
 * Sharded (docs/results-file.md): with --shard K/N the other shards' TUs
 * are walked for their summaries only (plan.h), and the run stops before
 * the fingerprints, writing what the classification needs (write_shard());
 * `merge` reads the shards' files instead of analyzing (load_merge()) and
 * goes on from there, so both take the single run's path to the verdict.
 */
#include "cli/gate.h"
#include "cli/check_docs.h"
#include "cli/cleanup.h"
#include "cli/db_cmd.h"
#include "cli/explain.h"
#include "cli/flags.h"
#include "cli/insource.h"
#include "cli/merge.h"
#include "cli/paths.h"
#include "cli/plugin.h"
#include "cli/project.h"
#include "cli/project_db.h"
#include "cli/results.h"
#include "cli/shard.h"
#include "cli/progress.h"
#include "baseline/baseline.h"
#include "baseline/cache.h"
#include "baseline/compare.h"
#include "baseline/fingerprint.h"
#include "baseline/suppress.h"
#include "git/touched.h"
#include "git/vcs.h"
#include "report/gitlab.h"
#include "report/jsonl.h"
#include "report/markdown.h"
#include "report/run.h"
#include "report/sarif.h"
#include "report/text.h"
#include "util/alloc.h"
#include "util/atomic.h"
#include "util/error.h"
#include "util/result.h"
#include "util/rule.h"
#include "util/sha256.h"

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_USAGE = 2, EXIT_INCOMPLETE = 3 };

typedef struct {
	const sci_gate_setup *s;
	sci_vcs *vcs;			/* NULL outside a repository */
	const char *root;		/* its work tree, or NULL */
	char *root_real;
	sci_tu_list tus;
	sci_changes *changes;		/* NULL without a base */
	char base_sha[SCI_VCS_SHA_SIZE];
	const char *base_name;		/* the ref as given */
	char *tmpdir;			/* merge base checkout, or NULL */
	sci_cache *cache;
	sci_db *db;			/* the project database, or NULL */
	sci_summary_set *head_set;	/* the head side's summaries */
	/*
	 * Functions whose summary the change altered, and the head functions
	 * (of TUs the change did not touch) that call one: their new
	 * findings are the change's doing (see caused_by_callee()).
	 */
	sci_strv changed_fns;		/* name */
	sci_strv changed_why;		/* ... what changed, in words */
	sci_strv caller_keys;		/* "path\nfunction\ncallee" */
	char head_digest[65];		/* ... their digest, for the cache */
	/*
	 * The files (repository paths) the checked TUs that completed read:
	 * where a suppression that matches nothing is reported unused.
	 */
	sci_strv files;
	sci_baseline *bl;
	char *baseline_path;
	sci_result_list head, base, results;
	sci_diag_list failures;
	size_t unanalyzed;		/* failures of TUs the change touched */
	sci_gate gate;
	int have_base;
	int exit_code;
	sci_merge *merged;		/* `merge`: the shards' results */
} gate_ctx;

int sci_cli_gate_wanted(const sci_cli_options *o)
{
	return o->base_ref || o->base_sha || o->sarif || o->sarif_suppressed ||
	       o->gitlab || o->markdown || o->fail_on ||
	       (o->shard_n && o->command == SCI_CMD_CHECK) ||
	       o->command == SCI_CMD_MERGE ||
	       (o->command >= SCI_CMD_BASELINE_UPDATE &&
		o->command <= SCI_CMD_BASELINE_CHECK) ||
	       (o->command == SCI_CMD_CHECK && !o->files.n && !o->compdb);
}

static int usage_error(const char *what)
{
	fprintf(stderr, "smatch-ci: error: %s\n", what);
	return EXIT_USAGE;
}

/* ------------------------------------------------------------ paths */

/*
 * The name a report gives @path (absolute, or relative to @base_dir):
 * relative to the repository root when under it, else as normalized.
 * Returns: owned.
 */
static char *repo_path_dup(const gate_ctx *g, const char *path,
			   const char *base_dir)
{
	char *abs = sci_path_join_dup(base_dir, path), *real, *out;
	const char *under;

	real = sci_path_real_dup(abs);
	if (real) {
		free(abs);
		abs = real;
	}
	if (g->root && (under = sci_path_under(abs, g->root))) {
		out = sci_strdup(under);
		free(abs);
		return out;
	}
	return abs;
}

typedef struct {
	const gate_ctx *g;
	const char *base_dir;
} repo_path_ctx;

static char *repo_path_map(const char *path, void *payload)
{
	const repo_path_ctx *c = payload;

	return repo_path_dup(c->g, path, c->base_dir);
}

static void rename_paths(gate_ctx *g, sci_diag *d, const char *base_dir)
{
	repo_path_ctx c = { g, base_dir };
	char *p;

	p = repo_path_dup(g, d->path, base_dir);
	free(d->path);
	d->path = p;
	sci_diag_map_loc_paths(d, repo_path_map, &c);
}

/* Splits @diags (taken) into findings for @out and failures. */
static void take_diags(gate_ctx *g, sci_result_list *out, sci_diag_list *diags,
		       const char *base_dir, int keep_failures)
{
	size_t i;

	for (i = 0; i < diags->n; i++) {
		sci_diag *d = diags->items[i];

		diags->items[i] = NULL;
		if (strcmp(d->rule, SCI_RULE_ANALYSIS_FAILURE) == 0 &&
		    keep_failures) {
			rename_paths(g, d, base_dir);
			sci_diag_list_take(&g->failures, d);
		} else if (sci_diag_is_finding(d)) {
			rename_paths(g, d, base_dir);
			/* after the renaming: the config's root is the repo's */
			if (sci_config_excludes_file(g->s->config, d->path,
						     g->root ? g->root
							     : g->s->cwd))
				sci_diag_free(d);
			else
				sci_result_list_take(out, d);
		} else {
			sci_diag_free(d);
		}
	}
	diags->n = 0;
	sci_diag_list_clear(diags);
}

/* ------------------------------------------------------------ input */

static int plan_tus(gate_ctx *g)
{
	const sci_cli_options *o = g->s->o;
	sci_cli_options auto_opts;
	char *db = NULL;
	int error;

	if (o->files.n || o->compdb)
		return sci_plan_build(&g->tus, o, g->s->env);
	if (!g->root)
		return sci_error_set(SCI_EINVALID,
				     "no input: give FILE... or -p, or run inside a git repository");
	auto_opts = *o;
	db = sci_path_join_dup(g->root, "compile_commands.json");
	if (access(db, R_OK) != 0) {
		free(db);
		db = sci_path_join_dup(g->root, "build/compile_commands.json");
	}
	if (access(db, R_OK) == 0) {
		if (!o->quiet)
			fprintf(stderr, "smatch-ci: using %s\n", db);
		auto_opts.compdb = db;
		error = sci_plan_build(&g->tus, &auto_opts, g->s->env);
		free(db);
		return error;
	}
	free(db);
	return sci_error_set(SCI_ENOTFOUND, "internal: tracked files not planned");
}

static int collect_tracked(const char *path, void *payload)
{
	sci_strv *files = payload;
	size_t n = strlen(path);

	if (n > 2 && strcmp(path + n - 2, ".c") == 0)
		sci_strv_push(files, path);
	return 0;
}

/* No database anywhere: the tracked .c files with default flags. */
static int plan_tracked(gate_ctx *g)
{
	sci_cli_options auto_opts = *g->s->o;
	sci_strv files = { 0 };
	size_t i;
	int error;

	if ((error = sci_vcs_tracked_files(g->vcs, collect_tracked, &files)) < 0)
		goto done;
	if (!files.n) {
		error = sci_error_set(SCI_ENOTFOUND,
				      "nothing to analyze: no compile_commands.json at the repository root or in build/, and no tracked .c files");
		goto done;
	}
	for (i = 0; i < files.n; i++) {
		char *abs = sci_path_join_dup(g->root, files.v[i]);

		free(files.v[i]);
		files.v[i] = abs;
	}
	auto_opts.files = files;
	error = sci_plan_build(&g->tus, &auto_opts, g->s->env);
	/* after the plan: the config's excludes are not analyzed */
	if (!error && !auto_opts.quiet)
		fprintf(stderr, "smatch-ci: no compile_commands.json at the repository root or in build/: analyzing the %zu tracked .c files with default flags\n",
			g->tus.n);
done:
	sci_strv_clear(&files);
	return error;
}

/* ------------------------------------------------------------- base */

static int tu_failed(const sci_tu *tu);

/* Did the change delete a file, or move one away? */
static int change_removes_files(const gate_ctx *g)
{
	size_t i, n = sci_changes_count(g->changes);

	for (i = 0; i < n; i++) {
		const sci_change *ch = sci_changes_at(g->changes, i);

		if (ch->status == SCI_CHANGE_DELETED ||
		    ch->status == SCI_CHANGE_RENAMED)
			return 1;
	}
	return 0;
}

static int tu_affected(gate_ctx *g, const sci_tu *tu)
{
	size_t i;
	int hit = 0;

	if (!tu->inputs.n)
		return 1;	/* failed before reading anything: redo it */
	/*
	 * A TU sparse gave up on reports what it read up to there; the
	 * header it could not open is not among them, and it may be the one
	 * the change removed.
	 */
	if (tu_failed(tu) && change_removes_files(g))
		return 1;
	for (i = 0; i < tu->inputs.n && !hit; i++) {
		char *rel = repo_path_dup(g, tu->inputs.v[i], g->s->cwd);

		hit = sci_changes_path_changed(g->changes, rel);
		free(rel);
	}
	return hit;
}

static int remove_entry(const char *path, const struct stat *st, int flag,
			struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* mkdir -p for the directories of a submodule inside the checkout */
static int make_dirs(const char *path)
{
	char *p = sci_strdup(path), *slash;
	int error = 0;

	for (slash = strchr(p + 1, '/'); ; slash = strchr(slash + 1, '/')) {
		if (slash)
			*slash = '\0';
		if (mkdir(p, 0755) < 0 && errno != EEXIST) {
			error = sci_error_set(SCI_EIO, "cannot create '%s': %s", p,
					      strerror(errno));
			break;
		}
		if (!slash)
			break;
		*slash = '/';
	}
	free(p);
	return error;
}

/*
 * The base version of each submodule the change moved: the superproject's
 * checkout holds only an empty directory where its gitlink is.  Parents
 * come before the submodules nested in them (their paths are prefixes).
 */
static int checkout_submodules(gate_ctx *g)
{
	size_t i, n = sci_changes_submodule_count(g->changes), len, want;
	int error = 0;

	for (want = 1; !error; want++) {
		int more = 0;

		for (i = 0; i < n && !error; i++) {
			const sci_submodule_change *sm =
				sci_changes_submodule_at(g->changes, i);
			sci_vcs *sub = NULL;
			char *src, *dst;
			const char *p;

			for (len = 1, p = sm->path; *p; p++)
				len += *p == '/';
			more |= len > want;
			if (len != want || sm->state != SCI_SUBMODULE_COMPARED)
				continue;
			src = sci_path_join_dup(g->root, sm->path);
			dst = sci_path_join_dup(g->tmpdir, sm->path);
			if ((error = make_dirs(dst)) == 0 &&
			    (error = sci_vcs_open(&sub, src)) == 0)
				error = sci_vcs_checkout(sub, sm->old_sha, dst);
			sci_vcs_free(sub);
			free(src);
			free(dst);
		}
		if (!more)
			break;
	}
	return error;
}

static int ensure_checkout(gate_ctx *g)
{
	const char *tmp = getenv("TMPDIR");
	char *dir;
	int error;

	if (g->tmpdir)
		return 0;
	dir = sci_printf_dup("%s/smatch-ci-base-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(dir)) {
		int e = errno;

		free(dir);
		return sci_error_set(SCI_EIO, "cannot create a directory for the merge base: %s",
				     strerror(e));
	}
	g->tmpdir = dir;
	sci_cleanup_add_path(dir);	/* removed if a signal ends the run */
	if ((error = sci_vcs_checkout(g->vcs, g->base_sha, dir)) < 0)
		return error;
	return checkout_submodules(g);
}

/*
 * @path with the work tree prefix replaced by the checkout's, when the
 * checkout has it.  Untracked places - an out-of-tree build directory
 * with generated headers - exist only in the work tree, so they stay.
 * Owned.
 */
static char *to_base_tree(const gate_ctx *g, const char *path)
{
	const char *under = sci_path_under(path, g->root);
	char *mapped;

	if (!under)
		return sci_strdup(path);
	mapped = *under ? sci_path_join_dup(g->tmpdir, under)
			: sci_strdup(g->tmpdir);
	if (access(mapped, F_OK) == 0)
		return mapped;
	free(mapped);
	return sci_strdup(path);
}

static void cache_key(const gate_ctx *g, char out[SCI_FP_HEX], const sci_tu *tu,
		      const char *base_rel)
{
	const sci_analyze_opts *a = g->s->aopts;
	sci_strv flags = { 0 };
	size_t i;

	for (i = 0; tu->argv[i]; i++)
		sci_strv_push(&flags, tu->argv[i]);
	sci_project_opts_flags(&flags, a);
	/* a base TU's findings depend on the other TUs' summaries too */
	sci_strv_push_take(&flags, sci_printf_dup("summaries:%s", g->head_digest));
	/* its own summaries ride along, in the text form of this version */
	sci_strv_push_take(&flags, sci_printf_dup("summary-format:%d",
						  SCI_SUMMARY_VERSION));
	sci_cache_key(out, sci_cli_build_id(), (const char *const *)flags.v,
		      flags.n, base_rel, g->base_sha);
	sci_strv_clear(&flags);
}

static char *new_path_map(const char *path, void *payload)
{
	const char *to = sci_changes_new_path(payload, path);

	return to ? sci_strdup(to) : NULL;
}

/* Base findings get their head names, so renamed files still match. */
static void map_renames(gate_ctx *g, sci_diag_list *diags)
{
	size_t i;

	for (i = 0; i < diags->n; i++) {
		sci_diag *d = diags->items[i];
		const char *to = sci_changes_new_path(g->changes, d->path);

		if (to) {
			free(d->path);
			d->path = sci_strdup(to);
		}
		sci_diag_map_loc_paths(d, new_path_map, g->changes);
	}
}

static void add_base_tu(gate_ctx *g, sci_tu_list *base, const sci_tu *tu,
			const char *base_rel)
{
	sci_strv argv = { 0 };
	sci_tu *b;
	size_t i;

	base->items = sci_realloc(base->items, (base->n + 1) * sizeof(*base->items));
	b = &base->items[base->n++];
	memset(b, 0, sizeof(*b));
	b->path = sci_path_join_dup(g->tmpdir, base_rel);
	b->display = sci_strdup(base_rel);
	b->directory = to_base_tree(g, tu->directory ? tu->directory
						     : g->s->cwd);
	for (i = 0; tu->argv[i]; i++)
		sci_strv_push_take(&argv, to_base_tree(g, tu->argv[i]));
	b->argv = sci_strv_detach(&argv);
	if (tu->invalid)
		b->invalid = sci_strdup(tu->invalid);
	b->summaries_only = tu->summaries_only;
}

/*
 * A .c file the change deleted was a TU of the base: analyze it there
 * with the run's default flags, so its findings show up as fixed.
 */
static void add_deleted_tus(gate_ctx *g, sci_tu_list *base, sci_strv *keys)
{
	const sci_cli_options *o = g->s->o;
	sci_strv argv = { 0 };
	size_t i, n = sci_changes_count(g->changes), len;
	sci_tu *b;

	for (i = 0; i < n; i++) {
		const sci_change *ch = sci_changes_at(g->changes, i);

		len = strlen(ch->path);
		if (ch->status != SCI_CHANGE_DELETED || len < 3 ||
		    strcmp(ch->path + len - 2, ".c") != 0)
			continue;
		if (ensure_checkout(g) < 0)
			return;		/* the first pass reports checkout errors */
		sci_strv_push(&argv, "smatch-ci");
		sci_plan_base_flags(&argv, g->s->env);
		sci_flags_sanitize(&argv, o->flags.v, o->flags.n, g->s->cwd);
		base->items = sci_realloc(base->items,
					  (base->n + 1) * sizeof(*base->items));
		b = &base->items[base->n++];
		memset(b, 0, sizeof(*b));
		b->path = sci_path_join_dup(g->tmpdir, ch->path);
		b->display = sci_strdup(ch->path);
		b->directory = sci_strdup(g->tmpdir);
		b->argv = sci_strv_detach(&argv);
		b->summaries_only = o->shard_n &&
				    sci_shard_of(ch->path, o->shard_n) != o->shard_k;
		sci_strv_push(keys, "");	/* not cached: no stable flags */
	}
}

/* Under a new submodule, or one whose base commit is not in its clone. */
static int in_opaque_submodule(const gate_ctx *g, const char *rel)
{
	const sci_submodule_change *sm = sci_changes_submodule_of(g->changes, rel);

	return sm && sm->state != SCI_SUBMODULE_COMPARED;
}

/* Says which submodules could not be compared, and how to fix it. */
static void warn_unknown_submodules(const gate_ctx *g)
{
	size_t i, n = sci_changes_submodule_count(g->changes);

	for (i = 0; i < n; i++) {
		const sci_submodule_change *sm =
			sci_changes_submodule_at(g->changes, i);

		if (sm->state != SCI_SUBMODULE_UNKNOWN)
			continue;
		fprintf(stderr, "smatch-ci: warning: submodule '%s': its base commit %.12s is not in its clone, so its code is analyzed in full and every finding in it counts as new%s; fetch its history (git -C %s fetch --unshallow, or actions/checkout with submodules and fetch-depth: 0)\n",
			sm->path, sm->old_sha ? sm->old_sha : "?",
			g->s->o->allow_unanalyzed ? "" :
			" and caused by the change (--allow-unanalyzed: not caused)",
			sm->path);
	}
}

/* Both sides file a TU's summaries under its path in the repository. */
static char *head_origin(const sci_tu *tu, void *payload)
{
	const gate_ctx *g = payload;

	return repo_path_dup(g, tu->path, tu->directory ? tu->directory
							: g->s->cwd);
}

/* ------------------------------------------- summaries the change altered */

/* What @now (head) does that @before (base) did not, in words; owned. */
static char *what_changed(const sci_summary *before, const sci_summary *now)
{
	char buf[512] = "";
	unsigned i;

#define SAY(...) snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), __VA_ARGS__)
	if (!before) {
		SAY("is new");
		return sci_strdup(buf);
	}
	if (!now) {
		SAY("is gone");
		return sci_strdup(buf);
	}
	if ((now->returns & SCI_SUM_RET_FRESH) && !(now->returns & SCI_SUM_RET_OTHER) &&
	    !((before->returns & SCI_SUM_RET_FRESH) && !(before->returns & SCI_SUM_RET_OTHER)))
		SAY("%snow returns memory the caller must free", *buf ? ", " : "");
	if ((now->returns & SCI_SUM_RET_NULL) && !(before->returns & SCI_SUM_RET_NULL))
		SAY("%snow may return NULL", *buf ? ", " : "");
	for (i = 0; i < SCI_SUMMARY_MAX_PARAMS; i++) {
		if ((now->frees & ~before->frees) & (1u << i))
			SAY("%snow frees parameter %u", *buf ? ", " : "", i + 1);
		if ((now->closes & ~before->closes) & (1u << i))
			SAY("%snow closes parameter %u", *buf ? ", " : "", i + 1);
		if ((now->derefs & ~before->derefs) & (1u << i))
			SAY("%snow dereferences parameter %u", *buf ? ", " : "", i + 1);
	}
	if (now->noreturn != before->noreturn)
		SAY("%s%s", *buf ? ", " : "", now->noreturn ? "no longer returns" : "now returns");
	if (now->ret && (!before->ret || strcmp(now->ret, before->ret) != 0))
		SAY("%snow returns %s", *buf ? ", " : "", now->ret);
	if (!*buf)
		SAY("does something else");
#undef SAY
	return sci_strdup(buf);
}

/*
 * Records in g->changed_fns the functions whose summary differs between
 * the base (@bset) and the head, among those the base TUs define.
 */
static void find_changed(gate_ctx *g, const sci_summary_set *bset,
			 sci_summary *const *const *sums, const size_t *nsums,
			 size_t nlists)
{
	size_t i, k;

	for (i = 0; i < nlists; i++)
		for (k = 0; k < nsums[i]; k++) {
			const sci_summary *s = sums[i][k];
			const sci_summary *b, *h;
			size_t j;

			if (s->is_static)
				continue;
			b = sci_summary_set_find(bset, s->name);
			h = sci_summary_set_find(g->head_set, s->name);
			if ((b && h && sci_summary_same_facts(b, h)) || (!b && !h))
				continue;
			for (j = 0; j < g->changed_fns.n; j++)
				if (strcmp(g->changed_fns.v[j], s->name) == 0)
					break;
			if (j < g->changed_fns.n || !h)
				continue;
			sci_strv_push(&g->changed_fns, s->name);
			sci_strv_push_take(&g->changed_why, what_changed(b, h));
		}
}

static int changed_index(const gate_ctx *g, const char *name)
{
	size_t j;

	for (j = 0; j < g->changed_fns.n; j++)
		if (strcmp(g->changed_fns.v[j], name) == 0)
			return (int)j;
	return -1;
}

/*
 * Does @tu (left alone by the change) call a function the change altered?
 * Records which of its functions do, for caused_by_callee().
 */
static int calls_changed(gate_ctx *g, const sci_tu *tu)
{
	size_t k, c;
	int hit = 0;

	for (k = 0; k < tu->nsummaries; k++) {
		const sci_summary *s = tu->summaries[k];

		for (c = 0; c < s->ncalls; c++) {
			if (changed_index(g, s->calls[c]) < 0 ||
			    sci_project_tu_defines(tu, s->calls[c]))
				continue;
			{
				char *path = repo_path_dup(g, s->file, g->s->cwd);

				sci_strv_push_take(&g->caller_keys,
						   sci_printf_dup("%s\n%s\n%s", path,
								  s->name, s->calls[c]));
				free(path);
			}
			hit = 1;
		}
	}
	return hit;
}

/*
 * Does the change alter what other TUs pass to @tu's functions (left
 * alone by it)?  Then it walks them with other values (analyzer/callers.c)
 * and is analyzed again with the base's; the call is a related location
 * of each finding that gives, so a changed call touches it.
 */
static int passed_changed(const gate_ctx *g, const sci_tu *tu,
			  const sci_summary_set *bset)
{
	char head[SCI_DB_HASH_HEX] = "", base[SCI_DB_HASH_HEX] = "";

	sci_project_callers_digest(head, tu, g->head_set);
	sci_project_callers_digest(base, tu, bset);
	return strcmp(head, base) != 0;
}

/*
 * A finding in a function that calls a function the change altered: the
 * callee named by the first such key, or NULL.  The change caused it when
 * it is new (the same TU analyzed with the base's summaries lacks it).
 */
static const char *caused_by_callee(const gate_ctx *g, const sci_diag *d)
{
	size_t i, np = strlen(d->path), nf = strlen(d->function);

	for (i = 0; i < g->caller_keys.n; i++) {
		const char *k = g->caller_keys.v[i];

		if (strncmp(k, d->path, np) == 0 && k[np] == '\n' &&
		    strncmp(k + np + 1, d->function, nf) == 0 &&
		    k[np + 1 + nf] == '\n')
			return k + np + nf + 2;
	}
	return NULL;
}

/* Summary records ride along with a base TU's findings in the cache. */
static void add_summary_records(sci_diag_list *out, const sci_tu *tu)
{
	size_t k;

	for (k = 0; k < tu->nsummaries; k++) {
		char *text = sci_summary_format(tu->summaries[k]);

		sci_diag_list_take(out, sci_diag_new(SCI_RULE_SUMMARY, SCI_LEVEL_NOTE,
						     tu->summaries[k]->file,
						     tu->summaries[k]->line, 0,
						     tu->summaries[k]->name, "", text));
		free(text);
	}
}

/*
 * The TUs the change left alone but whose callees it altered, or whose
 * functions it passes other values, analyzed with the base's summaries:
 * their base findings.
 */
static int analyze_callers(gate_ctx *g, const unsigned char *pick,
			   sci_summary_set *bset, sci_diag_list *out)
{
	sci_driver_opts dopts = *g->s->dopts;
	sci_analyze_opts aopts = *g->s->aopts;
	const char *dirs[2] = { g->root, NULL };
	sci_tu_list sub = { 0 };
	sci_driver_stats stats;
	sci_summary *const **lists;
	size_t *ns;
	size_t i, k;
	int error;

	sub.items = sci_calloc(g->tus.n ? g->tus.n : 1, sizeof(*sub.items));
	for (i = 0; i < g->tus.n; i++) {
		if (!pick[i])
			continue;
		/* borrowed names; the driver fills only diags, summaries */
		sub.items[sub.n] = g->tus.items[i];
		memset(&sub.items[sub.n].inputs, 0, sizeof(sub.items[0].inputs));
		memset(&sub.items[sub.n].diags, 0, sizeof(sub.items[0].diags));
		sub.items[sub.n].summaries = NULL;
		sub.items[sub.n].nsummaries = 0;
		sub.n++;
	}
	aopts.report_inputs = 0;
	aopts.summaries = bset;
	aopts.emit_summaries = 1;
	if (g->root)
		aopts.project_dirs = dirs;
	dopts.analyze_opts = &aopts;
	if (!g->s->o->quiet)
		fprintf(stderr, "smatch-ci: %zu translation unit%s the change left alone call%s a function it altered or %s passed other values: analyzed again with the merge base's summaries\n",
			sub.n, sub.n == 1 ? "" : "s", sub.n == 1 ? "s" : "",
			sub.n == 1 ? "is" : "are");
	sci_progress_side(dopts.progress, "merge base");
	sci_progress_label(dopts.progress, "callers", 0);
	error = sci_driver_run(out, &stats, &sub, &dopts);
	sci_progress_side(dopts.progress, NULL);
	/*
	 * Their own summaries, made with the base's: a wrapper of a changed
	 * function may have changed too, and its callers are next.
	 */
	lists = sci_calloc(sub.n ? sub.n : 1, sizeof(*lists));
	ns = sci_calloc(sub.n ? sub.n : 1, sizeof(*ns));
	for (i = 0; error == 0 && i < sub.n; i++) {
		char *origin = head_origin(&sub.items[i], g);

		sci_summary_set_drop_origin(bset, origin);
		for (k = 0; k < sub.items[i].nsummaries; k++)
			sci_summary_set_add(bset, sub.items[i].summaries[k], origin);
		free(origin);
		lists[i] = sub.items[i].summaries;
		ns[i] = sub.items[i].nsummaries;
	}
	if (error == 0)
		find_changed(g, bset, lists, ns, sub.n);
	free(lists);
	free(ns);
	for (i = 0; i < sub.n; i++) {
		sci_strv_clear(&sub.items[i].inputs);
		sci_diag_list_clear(&sub.items[i].diags);
		sci_tu_summaries_clear(&sub.items[i]);
	}
	free(sub.items);
	return error;
}

/*
 * A base TU's summaries are filed under its head name, as the head's are
 * (head_origin()): a renamed file's base definitions then replace its head
 * ones instead of making their names ambiguous.
 */
static char *base_origin(const sci_tu *tu, void *payload)
{
	const gate_ctx *g = payload;
	const char *to = sci_changes_new_path(g->changes, tu->display);

	return sci_strdup(to ? to : tu->display);
}

/*
 * Another shard's TU came from the cache: its findings are that shard's
 * to report, its summaries (SCI_RULE_SUMMARY records) serve here too.
 */
static void drop_findings(sci_diag_list *l, size_t from)
{
	size_t i, n = from;

	for (i = from; i < l->n; i++) {
		if (strcmp(l->items[i]->rule, SCI_RULE_SUMMARY) == 0)
			l->items[n++] = l->items[i];
		else
			sci_diag_free(l->items[i]);
	}
	l->n = n;
}

/* The base findings of every TU (see the top of the file). */
static int analyze_base(gate_ctx *g)
{
	sci_tu_list base = { 0 }, hit_tus = { 0 };
	sci_strv keys = { 0 }, hit_origins = { 0 };
	sci_diag_list diags = { 0 }, cached = { 0 };
	sci_driver_opts dopts = *g->s->dopts;
	sci_analyze_opts aopts = *g->s->aopts;
	sci_driver_stats stats;
	sci_project_opts popts = { 0 };
	sci_summary_set *bset = NULL;
	unsigned char *alone = sci_calloc(g->tus.n ? g->tus.n : 1, 1);
	unsigned char *pick = NULL;
	size_t i, k, hits = 0;
	int error = 0, round;

	for (i = 0; i < g->tus.n; i++) {
		const sci_tu *tu = &g->tus.items[i];
		char *rel = repo_path_dup(g, tu->path, tu->directory ? tu->directory
								      : g->s->cwd);
		const char *old = sci_changes_old_path(g->changes, rel);
		const sci_change *ch = sci_changes_find(g->changes, rel);
		char key[SCI_FP_HEX];
		size_t before = cached.n;
		int hit = 0;

		if (!tu_affected(g, tu)) {
			alone[i] = 1;
			free(rel);
			continue;
		}
		if ((ch && ch->status == SCI_CHANGE_ADDED) ||
		    sci_path_is_absolute(rel) || in_opaque_submodule(g, rel)) {
			/* new in head, outside the tree, or no base to compare */
			free(rel);
			continue;
		}
		cache_key(g, key, tu, old ? old : rel);
		sci_cache_get(g->cache, key, &cached, &hit);
		if (hit) {
			if (tu->summaries_only)
				drop_findings(&cached, before);
			/* its base summaries came along: keep them for bset */
			hit_tus.items = sci_realloc(hit_tus.items,
						    (hit_tus.n + 1) * sizeof(*hit_tus.items));
			memset(&hit_tus.items[hit_tus.n], 0, sizeof(*hit_tus.items));
			for (k = before; k < cached.n; k++) {
				sci_summary *s = NULL;

				if (strcmp(cached.items[k]->rule, SCI_RULE_SUMMARY) == 0 &&
				    sci_summary_parse(&s, cached.items[k]->message) == 0)
					sci_tu_summaries_add(&hit_tus.items[hit_tus.n], s);
			}
			hit_tus.n++;
			sci_strv_push(&hit_origins, rel);	/* the head's name */
			hits++;
			free(rel);
			continue;
		}
		if ((error = ensure_checkout(g)) < 0) {
			free(rel);
			goto done;
		}
		add_base_tu(g, &base, tu, old ? old : rel);
		sci_strv_push(&keys, key);
		free(rel);
	}
	add_deleted_tus(g, &base, &keys);
	map_renames(g, &cached);
	take_diags(g, &g->base, &cached, g->root, 0);
	if ((base.n || hits) && !g->s->o->quiet)
		fprintf(stderr, "smatch-ci: %zu translation unit%s affected by the change: %zu analyzed at the merge base %.12s, %zu from the cache\n",
			base.n + hits, base.n + hits == 1 ? "" : "s", base.n,
			g->base_sha, hits);
	if (base.n) {
		/* the checkout's headers; generated ones stay in the work tree */
		const char *dirs[3] = { g->tmpdir, g->root, NULL };

		dopts.cwd = g->tmpdir;
		aopts.report_inputs = 0;
		aopts.project_dirs = dirs;
		dopts.analyze_opts = &aopts;
		/* the TUs the change left alone are the same on both sides */
		popts.background = g->head_set;
		popts.set_out = &bset;
		popts.origin = base_origin;
		popts.origin_payload = g;
		sci_progress_side(dopts.progress, "merge base");
		error = sci_project_run(&diags, &stats, &base, &dopts, &popts);
		sci_progress_side(dopts.progress, NULL);
		if (error < 0)
			goto done;
		for (i = 0; i < base.n; i++) {
			int failed = 0;

			/* another shard's: walked without checkers */
			if (base.items[i].summaries_only)
				continue;
			for (k = 0; k < base.items[i].diags.n; k++)
				if (strcmp(base.items[i].diags.items[k]->rule,
					   SCI_RULE_ANALYSIS_FAILURE) == 0)
					failed = 1;
			if (failed) {
				fprintf(stderr, "smatch-ci: warning: the merge base version of %s could not be analyzed; its findings count as new\n",
					base.items[i].display);
			} else if (keys.v[i][0]) {
				sci_diag_list with = { 0 };

				for (k = 0; k < base.items[i].diags.n; k++)
					sci_diag_list_take(&with, sci_diag_dup(base.items[i].diags.items[k]));
				add_summary_records(&with, &base.items[i]);
				sci_cache_put(g->cache, keys.v[i], &with);
				sci_diag_list_clear(&with);
			}
		}
		map_renames(g, &diags);
		take_diags(g, &g->base, &diags, g->root, 0);
	}

	/* the base's summaries: head's, with the affected TUs' base ones */
	if (!bset) {
		bset = sci_summary_set_new();
		sci_summary_set_merge(bset, g->head_set);
	}
	for (i = 0; i < hit_tus.n; i++) {
		sci_summary_set_drop_origin(bset, hit_origins.v[i]);
		for (k = 0; k < hit_tus.items[i].nsummaries; k++)
			sci_summary_set_add(bset, hit_tus.items[i].summaries[k],
					    hit_origins.v[i]);
	}
	{
		size_t nl = base.n + hit_tus.n, j = 0;
		sci_summary *const **lists = sci_calloc(nl ? nl : 1, sizeof(*lists));
		size_t *ns = sci_calloc(nl ? nl : 1, sizeof(*ns));

		for (i = 0; i < base.n; i++, j++) {
			lists[j] = base.items[i].summaries;
			ns[j] = base.items[i].nsummaries;
		}
		for (i = 0; i < hit_tus.n; i++, j++) {
			lists[j] = hit_tus.items[i].summaries;
			ns[j] = hit_tus.items[i].nsummaries;
		}
		find_changed(g, bset, lists, ns, nl);
		free(lists);
		free(ns);
	}
	/*
	 * TUs left alone: the same findings, unless a callee changed, or a
	 * callee's callee (a round per level, as in cli/project.h).
	 */
	pick = sci_calloc(g->tus.n ? g->tus.n : 1, 1);
	for (round = 0; round < SCI_PROJECT_ROUNDS; round++) {
		size_t npick = 0, known = g->changed_fns.n;

		for (i = 0; i < g->tus.n; i++) {
			pick[i] = alone[i] &&
				  (calls_changed(g, &g->tus.items[i]) |
				   passed_changed(g, &g->tus.items[i], bset));
			if (pick[i])
				alone[i] = 0;
			npick += pick[i];
		}
		if (!npick)
			break;
		if ((error = analyze_callers(g, pick, bset, &diags)) < 0)
			goto done;
		if (g->changed_fns.n == known)
			break;
	}
	for (i = 0; i < g->tus.n; i++) {
		const sci_tu *tu = &g->tus.items[i];

		if (!alone[i])
			continue;
		for (k = 0; k < tu->diags.n; k++)
			sci_diag_list_take(&diags, sci_diag_dup(tu->diags.items[k]));
	}
	/* head-side copies and callers carry head paths relative to cwd */
	take_diags(g, &g->base, &diags, g->s->cwd, 0);
done:
	sci_diag_list_clear(&diags);
	sci_diag_list_clear(&cached);
	sci_strv_clear(&keys);
	sci_strv_clear(&hit_origins);
	sci_tu_list_clear(&base);
	sci_tu_list_clear(&hit_tus);
	sci_summary_set_free(bset);
	free(alone);
	free(pick);
	return error;
}

/* ------------------------------------------------------------ gate */

/*
 * Does @tu hold code the change touched?  Its main file or a file it is
 * known to have read changed.  A TU that died before reporting what it
 * read is judged by its main file alone: blaming every change on a TU
 * that never parses would fail every pull request.
 */
static int tu_holds_changes(gate_ctx *g, const sci_tu *tu)
{
	char *rel = repo_path_dup(g, tu->path, tu->directory ? tu->directory
							      : g->s->cwd);
	int hit = sci_changes_path_changed(g->changes, rel);
	size_t i;

	free(rel);
	for (i = 0; i < tu->inputs.n && !hit; i++) {
		rel = repo_path_dup(g, tu->inputs.v[i], g->s->cwd);
		hit = sci_changes_path_changed(g->changes, rel);
		free(rel);
	}
	return hit;
}

static int tu_failed(const sci_tu *tu)
{
	size_t i;

	for (i = 0; i < tu->diags.n; i++)
		if (strcmp(tu->diags.items[i]->rule, SCI_RULE_ANALYSIS_FAILURE) == 0)
			return 1;
	return 0;
}

/*
 * The gate cannot vouch for changed code it could not analyze: such a
 * TU's failure says so (every report shows the message), and counts
 * against the gate unless --allow-unanalyzed.
 */
static void mark_unanalyzed(gate_ctx *g)
{
	size_t i, k;

	for (i = 0; i < g->tus.n; i++) {
		const sci_tu *tu = &g->tus.items[i];
		char *rel;

		if (tu->summaries_only || !tu_failed(tu) ||
		    !tu_holds_changes(g, tu))
			continue;
		g->unanalyzed++;
		rel = repo_path_dup(g, tu->path, tu->directory ? tu->directory
							       : g->s->cwd);
		for (k = 0; k < g->failures.n; k++) {
			sci_diag *d = g->failures.items[k];
			char *msg;

			if (strcmp(d->path, rel) != 0)
				continue;
			msg = sci_printf_dup("%s; this translation unit holds changed code that could not be analyzed%s",
					     d->message,
					     g->s->o->allow_unanalyzed ?
					     " (allowed by --allow-unanalyzed)" :
					     ", so the gate fails (--allow-unanalyzed accepts it)");
			free(d->message);
			d->message = msg;
		}
		fprintf(stderr, "smatch-ci: %s holds changed code and could not be analyzed%s\n",
			rel, g->s->o->allow_unanalyzed ? "" : ": the gate fails");
		free(rel);
	}
}

/*
 * 1 whenever the gate fails, even if some TU failed too: a pull request
 * that adds a bug and breaks the parse of another file must not pass a
 * pipeline that tolerates exit 3.  3 only when the gate passed on what
 * could be analyzed.
 */
static int gate_exit_code(const gate_ctx *g)
{
	int unvouched = g->unanalyzed && !g->s->o->allow_unanalyzed &&
			g->gate.mode != SCI_FAIL_ON_NONE;

	if (unvouched || sci_gate_fails(&g->gate, &g->results))
		return EXIT_FINDINGS;
	return g->failures.n ? EXIT_INCOMPLETE : EXIT_CLEAN;
}

/* ---------------------------------------------------------- reports */

static int locs_touched(const sci_changes *c, const sci_diag *d,
			const sci_diag_loc *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i].line &&
		    sci_changes_touched(c, v[i].path[0] ? v[i].path : d->path,
					v[i].line))
			return 1;
	return 0;
}

/*
 * Did the change cause head finding @d?  Yes when it added or edited a
 * line of the finding's evidence - the primary location, or any related
 * location (allocation, free, check, dereference: what SARIF shows as
 * relatedLocations and codeFlows) - or deleted lines inside the function
 * that holds it, since a deleted free() or check leaves no line behind to
 * point at.  Primary-line-only gating let a new leak (reported at the
 * function's end) or a deref moved above an old check walk through.
 */
static int touched_cb(const sci_diag *d, void *payload)
{
	const gate_ctx *g = payload;
	const sci_changes *c = g->changes;
	const sci_submodule_change *sm;

	if (g->merged)	/* the shard that analyzed it decided */
		return sci_merge_touched(g->merged, d);
	sm = sci_changes_submodule_of(c, d->path);
	/* a submodule the gate cannot compare: the user's call */
	if (sm && sm->state == SCI_SUBMODULE_UNKNOWN)
		return !g->s->o->allow_unanalyzed;
	if (sci_changes_touched(c, d->path, d->line))
		return 1;
	/* new where a callee changed: the change broke this caller */
	if (caused_by_callee(g, d))
		return 1;
	/* branch steps need no look: a changed condition is a changed line
	 * inside the function, which the test below counts */
	if (locs_touched(c, d, d->related, d->nrelated))
		return 1;
	return sci_changes_deleted_within(c, d->path, d->fn_first,
					  d->fn_last);
}

/*
 * A new finding a changed callee caused gets the callee's definition as a
 * related location, saying what changed: the line to look at is not in
 * the caller, which the pull request did not touch.  callee_cause() says
 * which, for a shard to pass on; *out's strings are owned.
 */
static int callee_cause(const gate_ctx *g, const sci_diag *d, sci_diag_loc *out)
{
	const char *callee = caused_by_callee(g, d);
	const sci_summary *h;
	int j;

	if (!callee)
		return 0;
	h = sci_summary_set_find(g->head_set, callee);
	j = changed_index(g, callee);
	if (!h || j < 0)
		return 0;
	out->path = repo_path_dup(g, h->file, g->s->cwd);
	out->line = h->line;
	out->col = 0;
	out->message = sci_printf_dup("%s() changed in this change: it %s",
				      callee, g->changed_why.v[j]);
	return 1;
}

static void point_at_changed_callees(gate_ctx *g)
{
	size_t i;

	for (i = 0; i < g->results.n; i++) {
		sci_result *r = &g->results.items[i];
		const sci_diag_loc *m;
		sci_diag_loc loc;

		if (r->cls != SCI_CLASS_NEW)
			continue;
		if (g->merged) {	/* the shard named it */
			if ((m = sci_merge_cause(g->merged, r->diag)))
				sci_diag_add_related(r->diag, m->path, m->line,
						     0, m->message);
			continue;
		}
		if (!callee_cause(g, r->diag, &loc))
			continue;
		sci_diag_add_related(r->diag, loc.path, loc.line, 0, loc.message);
		free(loc.message);
		free(loc.path);
	}
}

static sci_rule_info *rule_infos(size_t *n)
{
	sci_rule_info *r;
	size_t i;

	*n = sci_checks_count();
	r = sci_calloc(*n + 3, sizeof(*r));
	for (i = 0; i < *n; i++) {
		const sci_check_info *c = sci_checks_at(i);

		r[i].id = c->rule;
		r[i].summary = c->summary;
		r[i].description = c->description;
		r[i].help_markdown = sci_check_doc_find(c->rule);
		r[i].level = c->level;
		r[i].cwe = c->cwe;
	}
	/* the gate's own rules about suppression comments (suppress.h) */
	r[*n].id = SCI_RULE_INVALID_SUPPRESSION;
	r[*n].summary = "a smatch-ci: ignore[...] comment without a reason, malformed, or naming no rule of smatch-ci";
	r[*n].level = SCI_LEVEL_WARNING;
	r[*n].help_markdown = sci_check_doc_find(SCI_RULE_INVALID_SUPPRESSION);
	r[*n + 1].id = SCI_RULE_UNUSED_SUPPRESSION;
	r[*n + 1].summary = "a smatch-ci: ignore[...] comment that matches no finding of a rule that ran";
	r[*n + 1].level = SCI_LEVEL_WARNING;
	r[*n + 1].help_markdown = sci_check_doc_find(SCI_RULE_UNUSED_SUPPRESSION);
	*n += 2;
	return r;
}

typedef int (*writer_fn)(FILE *f, const gate_ctx *g, const sci_report_run *run);

static int write_file(const char *path, writer_fn fn, const gate_ctx *g,
		      const sci_report_run *run)
{
	sci_atomic_file *af = NULL;
	int error;

	if (strcmp(path, "-") == 0)
		return fn(stdout, g, run);
	if ((error = sci_atomic_open(&af, path)) < 0)
		return error;
	if ((error = fn(sci_atomic_stream(af), g, run)) < 0) {
		sci_atomic_abort(af);
		return error;
	}
	return sci_atomic_commit(af);
}

static int write_sarif(FILE *f, const gate_ctx *g, const sci_report_run *run)
{
	size_t n;
	sci_rule_info *rules = rule_infos(&n);
	int error = sci_sarif_write(f, &g->results, rules, n, run, 0);

	free(rules);
	return error;
}

static int write_sarif_suppressed(FILE *f, const gate_ctx *g,
				  const sci_report_run *run)
{
	size_t n;
	sci_rule_info *rules = rule_infos(&n);
	int error = sci_sarif_write(f, &g->results, rules, n, run, 1);

	free(rules);
	return error;
}

static int write_gitlab(FILE *f, const gate_ctx *g, const sci_report_run *run)
{
	return sci_gitlab_write(f, &g->results, run);
}

static int write_markdown(FILE *f, const gate_ctx *g, const sci_report_run *run)
{
	return sci_markdown_write(f, &g->results, run);
}

static int write_json(FILE *f, const gate_ctx *g, const sci_report_run *run)
{
	size_t i;
	int error;

	(void)run;
	for (i = 0; i < g->results.n; i++)
		if ((error = sci_jsonl_write_result(f, &g->results.items[i])) < 0)
			return error;
	for (i = 0; i < g->failures.n; i++)
		if ((error = sci_jsonl_write(f, g->failures.items[i])) < 0)
			return error;
	return 0;
}

static void write_text(const gate_ctx *g)
{
	size_t i;

	/* suppressed in source: the comment is where to read about it */
	for (i = 0; i < g->results.n; i++)
		if (g->results.items[i].cls != SCI_CLASS_FIXED &&
		    !g->results.items[i].in_source)
			sci_text_write_result(stdout, &g->results.items[i]);
	sci_text_write_list(stdout, &g->failures);
}

static void verdict(const gate_ctx *g)
{
	size_t n[4] = { 0 }, touched = 0, in_source = 0, i;
	const char *how;

	for (i = 0; i < g->results.n; i++) {
		if (g->results.items[i].in_source) {
			in_source++;
			continue;
		}
		n[g->results.items[i].cls]++;
		if (g->results.items[i].cls == SCI_CLASS_NEW &&
		    g->results.items[i].touched)
			touched++;
	}
	switch (g->exit_code) {
	case EXIT_CLEAN: how = "passed"; break;
	case EXIT_FINDINGS:
		how = g->unanalyzed && !g->s->o->allow_unanalyzed ?
		      "FAILED (changed code could not be analyzed)" : "FAILED";
		break;
	default: how = "INCOMPLETE (a translation unit could not be analyzed)"; break;
	}
	printf("smatch-ci: %zu new (%zu on changed lines), %zu unchanged, %zu fixed, %zu suppressed",
	       n[SCI_CLASS_NEW], touched, n[SCI_CLASS_UNCHANGED],
	       n[SCI_CLASS_FIXED], n[SCI_CLASS_SUPPRESSED]);
	if (in_source)
		printf(", %zu suppressed in source", in_source);
	if (g->failures.n)
		printf(", %zu analysis failure%s", g->failures.n,
		       g->failures.n == 1 ? "" : "s");
	printf(": %s\n", how);
}

/* Returns 0, 1 when --explain named no finding, or an error code. */
static int write_reports(const gate_ctx *g)
{
	const sci_cli_options *o = g->s->o;
	sci_report_run run;
	int error = 0, explained = 0;

	memset(&run, 0, sizeof(run));
	run.tool_version = sci_cli_version();
	run.category = o->category;
	run.srcroot = g->root;
	run.exit_code = g->exit_code;
	run.failures = (const sci_diag *const *)g->failures.items;
	run.nfailures = g->failures.n;
	run.nunanalyzed = g->s->o->allow_unanalyzed ? 0 : g->unanalyzed;
	run.base_ref = g->have_base ? g->base_name : NULL;
	if (o->explain) {
		if ((explained = sci_explain_results(stdout, &g->results,
						     o->explain, g->root,
						     g->s->cwd)) < 0)
			return explained;
		if (!explained)
			fprintf(stderr, "smatch-ci: --explain %s: no finding of this run is there (%zu finding%s)\n",
				o->explain, g->results.n,
				g->results.n == 1 ? "" : "s");
	} else if (!o->quiet && !(o->json && strcmp(o->json, "-") == 0)) {
		write_text(g);
	}
	if (o->json && (error = write_file(o->json, write_json, g, &run)) < 0)
		return error;
	if (o->sarif && (error = write_file(o->sarif, write_sarif, g, &run)) < 0)
		return error;
	if (o->sarif_suppressed &&
	    (error = write_file(o->sarif_suppressed, write_sarif_suppressed, g, &run)) < 0)
		return error;
	if (o->gitlab && (error = write_file(o->gitlab, write_gitlab, g, &run)) < 0)
		return error;
	if (o->markdown &&
	    (error = write_file(o->markdown, write_markdown, g, &run)) < 0)
		return error;
	if (!(o->json && strcmp(o->json, "-") == 0))
		verdict(g);
	return o->explain && !explained;
}

/* --------------------------------------------------------- commands */

/*
 * What a baseline command speaks for (baseline.h, sci_baseline_scope):
 * entries of the enabled rules (and of rules this smatch-ci does not
 * know, so a removed checker's entries go stale) and, when FILE... named
 * some TUs, only in the files those TUs read; plus where files went.
 */
typedef struct {
	gate_ctx *g;
	sci_strv paths;		/* sorted; consulted only with FILE... */
	sci_changes *own;	/* HEAD to the work tree, when there is no base */
	const sci_changes *changes;
} baseline_scope;

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int scope_covers(const char *rule, const char *path, void *payload)
{
	const baseline_scope *bs = payload;
	const sci_analyze_opts *a = bs->g->s->aopts;
	int enabled = !a->rules || !sci_checks_find(rule);
	size_t i;

	/* not analyzed, not fixed: prune keeps an excluded file's entries */
	if (sci_config_excludes_file(bs->g->s->config, path,
				     bs->g->root ? bs->g->root : bs->g->s->cwd))
		return 0;
	for (i = 0; !enabled && i < a->nrules; i++)
		enabled = strcmp(a->rules[i], rule) == 0;
	if (!enabled || !bs->g->s->o->files.n)
		return enabled;
	return bs->paths.n && bsearch(&path, bs->paths.v, bs->paths.n,
				      sizeof(*bs->paths.v), cmp_str);
}

static const char *scope_renamed(const char *path, void *payload)
{
	const baseline_scope *bs = payload;

	return bs->changes ? sci_changes_new_path(bs->changes, path) : NULL;
}

static int scope_is_gone(const char *path, void *payload)
{
	const baseline_scope *bs = payload;
	char *abs = sci_path_join_dup(bs->g->root ? bs->g->root : bs->g->s->cwd,
				      path);
	int gone = access(abs, F_OK) != 0 && errno == ENOENT;

	free(abs);
	return gone;
}

static void scope_init(baseline_scope *bs, gate_ctx *g)
{
	char head[SCI_VCS_SHA_SIZE];
	size_t i, k;

	memset(bs, 0, sizeof(*bs));
	bs->g = g;
	bs->changes = g->changes;
	/* Without a base, an uncommitted `git mv` is the rename to follow;
	 * committed ones are left to the guess by key for gone files. */
	if (!bs->changes && g->vcs && sci_vcs_head(g->vcs, head) == 0 &&
	    sci_vcs_changes(&bs->own, g->vcs, head) == 0)
		bs->changes = bs->own;
	if (!g->s->o->files.n)
		return;
	for (i = 0; i < g->tus.n; i++) {
		const sci_tu *tu = &g->tus.items[i];
		const char *dir = tu->directory ? tu->directory : g->s->cwd;

		sci_strv_push_take(&bs->paths, repo_path_dup(g, tu->path, dir));
		for (k = 0; k < tu->inputs.n; k++)
			sci_strv_push_take(&bs->paths,
					   repo_path_dup(g, tu->inputs.v[k],
							 g->s->cwd));
	}
	/* headers reach the list through their findings when the TUs'
	 * inputs were not recorded */
	for (i = 0; i < g->results.n; i++)
		sci_strv_push(&bs->paths, g->results.items[i].diag->path);
	if (bs->paths.n)
		qsort(bs->paths.v, bs->paths.n, sizeof(*bs->paths.v), cmp_str);
}

static int baseline_command(gate_ctx *g)
{
	const sci_cli_options *o = g->s->o;
	sci_baseline_scope scope = { scope_covers, scope_renamed, scope_is_gone,
				     NULL };
	sci_baseline_counts counts;
	baseline_scope bs;
	char *text = NULL;
	size_t problems, moved = 0;
	int code = EXIT_CLEAN;

	scope_init(&bs, g);
	scope.payload = &bs;
	if (o->command == SCI_CMD_BASELINE_CHECK) {
		/* in memory only: counts the entries that follow a rename */
		if (!g->failures.n &&
		    sci_baseline_follow(g->bl, &g->results, &scope, &moved) < 0) {
			code = usage_error(sci_error_last());
			goto done;
		}
		problems = sci_baseline_check(&text, g->bl,
					      g->failures.n ? NULL : &g->results,
					      &scope);
		fputs(text, stdout);
		if (g->failures.n) {
			fprintf(stderr, "smatch-ci: analysis incomplete: stale entries were not checked\n");
			code = problems ? EXIT_FINDINGS : EXIT_INCOMPLETE;
			goto done;
		}
		if (moved)
			printf("smatch-ci: %s: %zu entr%s follow%s renamed files; 'smatch-ci baseline update' records the new paths\n",
			       g->baseline_path, moved, moved == 1 ? "y" : "ies",
			       moved == 1 ? "s" : "");
		printf("smatch-ci: %s: %zu entr%s, %zu problem%s\n", g->baseline_path,
		       sci_baseline_count(g->bl),
		       sci_baseline_count(g->bl) == 1 ? "y" : "ies", problems,
		       problems == 1 ? "" : "s");
		code = problems ? EXIT_FINDINGS : EXIT_CLEAN;
		goto done;
	}
	if (g->failures.n) {
		write_text(g);
		fprintf(stderr, "smatch-ci: not writing %s: the analysis is incomplete, and missing findings would drop reviewed entries\n",
			g->baseline_path);
		code = EXIT_INCOMPLETE;
		goto done;
	}
	if ((o->command == SCI_CMD_BASELINE_UPDATE ?
	     sci_baseline_update(g->bl, &g->results, &scope, &counts) :
	     sci_baseline_prune(g->bl, &g->results, &scope, &counts)) < 0 ||
	    sci_baseline_save(g->bl, g->baseline_path) < 0) {
		code = usage_error(sci_error_last());
		goto done;
	}
	if (o->command == SCI_CMD_BASELINE_UPDATE)
		printf("smatch-ci: %s: %zu added (justification needed), %zu kept, %zu dropped",
		       g->baseline_path, counts.added, counts.kept, counts.dropped);
	else
		printf("smatch-ci: %s: %zu stale entr%s dropped", g->baseline_path,
		       counts.dropped, counts.dropped == 1 ? "y" : "ies");
	if (counts.moved)
		printf(", %zu moved with renamed files", counts.moved);
	printf("\n");
done:
	free(text);
	sci_strv_clear(&bs.paths);
	sci_changes_free(bs.own);
	return code;
}

/* ------------------------------------------------ in-source suppressions */

/*
 * g->files: what the checked TUs that completed read, under the project
 * (system headers hold no suppressions of ours).  A failed TU's files are
 * left out: its missing findings would make their suppressions look
 * unused.
 */
static void collect_files(gate_ctx *g)
{
	size_t i, k, n = 0;

	for (i = 0; i < g->tus.n; i++) {
		const sci_tu *tu = &g->tus.items[i];
		const char *dir = tu->directory ? tu->directory : g->s->cwd;

		if (tu->summaries_only || tu_failed(tu))
			continue;
		sci_strv_push_take(&g->files, repo_path_dup(g, tu->path, dir));
		for (k = 0; k < tu->inputs.n; k++)
			sci_strv_push_take(&g->files,
					   repo_path_dup(g, tu->inputs.v[k],
							 g->s->cwd));
	}
	for (i = 0; i < g->files.n; i++) {
		char *p = g->files.v[i];

		if (sci_path_is_absolute(p) &&
		    (g->root || !sci_path_under(p, g->s->cwd))) {
			free(p);
			continue;
		}
		g->files.v[n++] = p;
	}
	g->files.n = n;
	if (n > 1)
		qsort(g->files.v, n, sizeof(*g->files.v), cmp_str);
	for (i = n = 0; i < g->files.n; i++) {
		if (n && strcmp(g->files.v[n - 1], g->files.v[i]) == 0) {
			free(g->files.v[i]);
			continue;
		}
		g->files.v[n++] = g->files.v[i];
	}
	g->files.n = n;
}

/* The head's text: the work tree's, as analyzed. */
static int read_head_text(char **out, size_t *len, const char *path,
			  void *payload)
{
	const gate_ctx *g = payload;
	char *abs = sci_path_join_dup(g->root ? g->root : g->s->cwd, path);
	int error = sci_suppress_read_file(out, len, abs);

	free(abs);
	return error;
}

/*
 * The merge base's text of @path (a head name): the work tree's when the
 * change left the file alone, else the checkout's, else the blob - every
 * base TU may have come from the cache, with no checkout made.
 */
static int read_base_text(char **out, size_t *len, const char *path,
			  void *payload)
{
	const gate_ctx *g = payload;
	const char *old;
	char *abs;
	int error;

	if (sci_path_is_absolute(path) ||
	    !sci_changes_path_changed(g->changes, path))
		return read_head_text(out, len, path, payload);
	old = sci_changes_old_path(g->changes, path);
	if (g->tmpdir) {
		abs = sci_path_join_dup(g->tmpdir, old ? old : path);
		error = sci_suppress_read_file(out, len, abs);
		free(abs);
		if (error != SCI_ENOTFOUND)
			return error;
	}
	error = sci_vcs_file_at(g->vcs, out, len, g->base_sha, old ? old : path);
	/* new in head, or a directory or submodule there: no comments */
	return error == SCI_EINVALID ? SCI_ENOTFOUND : error;
}

/*
 * Marks the findings of @list that a comment of its side's text covers,
 * and adds the findings about that side's bad and unused suppressions in
 * g->files.  Each side has its own set: base findings must not make a
 * head suppression look used.
 */
static int suppress_side(gate_ctx *g, sci_result_list *list,
			 sci_suppress_read_fn read)
{
	sci_suppress_set *set = sci_suppress_set_new(read, g);
	sci_diag_list probs = { 0 };
	size_t i;
	int error;

	if ((error = sci_suppress_apply(set, list)) < 0)
		goto done;
	for (i = 0; i < g->files.n; i++)
		if ((error = sci_suppress_problems(&probs, set, g->files.v[i],
						   sci_cli_suppress_rule,
						   (void *)g->s->aopts)) < 0)
			goto done;
	for (i = 0; i < probs.n; i++) {
		sci_result_list_take(list, probs.items[i]);
		probs.items[i] = NULL;
	}
	probs.n = 0;
done:
	sci_diag_list_clear(&probs);
	sci_suppress_set_free(set);
	return error;
}

static int apply_suppressions(gate_ctx *g)
{
	int error;

	collect_files(g);
	if ((error = suppress_side(g, &g->head, read_head_text)) < 0)
		return error;
	return g->have_base ? suppress_side(g, &g->base, read_base_text) : 0;
}

/*
 * A base finding its own text suppressed was no finding of the base: the
 * head's, if its comment is gone, is new.  Dropped only after the
 * fingerprints, whose occurrence indexes count it, as the head's do.
 */
static void drop_suppressed(sci_result_list *l)
{
	size_t i, n = 0;

	for (i = 0; i < l->n; i++) {
		if (l->items[i].in_source) {
			sci_diag_free(l->items[i].diag);
			free(l->items[i].justification);
			continue;
		}
		l->items[n++] = l->items[i];
	}
	l->n = n;
}

/* ----------------------------------------------------------- shards */

/* The name that assigns @tu to a shard: the same on every runner. */
static char *shard_name(const gate_ctx *g, const sci_tu *tu)
{
	char *rel = head_origin(tu, (void *)g);

	if (!sci_path_is_absolute(rel))
		return rel;
	free(rel);
	return sci_strdup(tu->display ? tu->display : tu->path);
}

/* Another shard's TUs are walked for their summaries only (plan.h). */
static void mark_shard(gate_ctx *g)
{
	const sci_cli_options *o = g->s->o;
	size_t i;

	for (i = 0; i < g->tus.n; i++) {
		char *name = shard_name(g, &g->tus.items[i]);

		g->tus.items[i].summaries_only =
			sci_shard_of(name, o->shard_n) != o->shard_k;
		free(name);
	}
}

/*
 * What must be equal for shards to belong to one run, hashed: the rules
 * and profile, the flags given, what decides failures, and the TU list.
 * The compile database's own flags hold each runner's checkout path, so
 * they are left out; the TU names stand for them.
 */
static void shard_options(const gate_ctx *g, char out[SCI_SHA256_HEX])
{
	const sci_cli_options *o = g->s->o;
	unsigned char d[SCI_SHA256_LEN];
	sci_sha256_ctx c;
	sci_strv f = { 0 };
	size_t i;

	sci_sha256_init(&c);
	sci_sha256_field(&c, "smatch-ci-shard-v1");
	sci_project_opts_flags(&f, g->s->aopts);
	for (i = 0; i < o->flags.n; i++)
		sci_strv_push(&f, o->flags.v[i]);
	sci_strv_push_take(&f, sci_printf_dup("timeout:%u allow:%d", o->tu_timeout,
					      o->allow_unanalyzed));
	/* what the config drops from the reports, not only from the TUs */
	for (i = 0; i < g->s->config->exclude.n; i++)
		sci_strv_push_take(&f, sci_printf_dup("exclude:%s",
						      g->s->config->exclude.v[i]));
	for (i = 0; i < g->tus.n; i++)
		sci_strv_push_take(&f, shard_name(g, &g->tus.items[i]));
	for (i = 0; i < f.n; i++)
		sci_sha256_field(&c, f.v[i]);
	sci_sha256_final(&c, d);
	sci_sha256_hex(out, d);
	sci_strv_clear(&f);
}

/* Writes this shard's part of the gate's data (results.h). */
static int write_shard(gate_ctx *g)
{
	const sci_cli_options *o = g->s->o;
	sci_results *r = sci_results_new();
	char head[SCI_VCS_SHA_SIZE] = "", digest[SCI_SHA256_HEX];
	size_t i;
	int error, t;

	shard_options(g, digest);
	if (g->vcs && sci_vcs_head(g->vcs, head) < 0)
		head[0] = '\0';
	r->tool_version = sci_strdup(sci_cli_version());
	r->shard_k = o->shard_k;
	r->shard_n = o->shard_n;
	r->options = sci_strdup(digest);
	for (i = 0; i < sci_plugin_count(); i++)
		sci_strv_push(&r->plugins, sci_plugin_sha(i));
	r->head_sha = sci_strdup(head);
	if (g->have_base) {
		r->base_ref = sci_strdup(g->base_name);
		r->base_sha = sci_strdup(g->base_sha);
	}
	r->allow_unanalyzed = o->allow_unanalyzed;
	r->tus_planned = g->tus.n;
	for (i = 0; i < g->tus.n; i++) {
		if (g->tus.items[i].summaries_only)
			continue;
		r->tus_analyzed++;
		r->tus_failed += tu_failed(&g->tus.items[i]);
	}
	r->unanalyzed = g->unanalyzed;
	for (i = 0; i < g->head.n; i++) {
		const sci_diag *d = g->head.items[i].diag;
		sci_results_finding *f;

		t = g->have_base ? touched_cb(d, g) : 1;
		f = sci_results_add_finding(r, sci_diag_dup(d), t > 0);
		if (g->have_base)
			callee_cause(g, d, &f->cause);
		if (g->head.items[i].in_source)
			f->suppression = sci_strdup(g->head.items[i].justification);
	}
	for (i = 0; i < g->base.n; i++)
		sci_diag_list_take(g->base.items[i].in_source ? &r->base_suppressed
							      : &r->base,
				   sci_diag_dup(g->base.items[i].diag));
	r->files = sci_calloc(g->files.n + 1, sizeof(*r->files));
	for (i = 0; i < g->files.n; i++)
		r->files[r->nfiles++] = sci_strdup(g->files.v[i]);
	for (i = 0; i < g->failures.n; i++)
		sci_diag_list_take(&r->failures, sci_diag_dup(g->failures.items[i]));
	error = sci_results_write(o->results, r);
	if (!error)
		fprintf(stderr, "smatch-ci: shard %u/%u: %zu of %zu translation units analyzed here (all summarized), %zu findings: %s\n",
			o->shard_k, o->shard_n, r->tus_analyzed, r->tus_planned,
			r->nfindings, o->results);
	sci_results_free(r);
	return error;
}

/* `merge`: the gate's input from the shards' results files. */
static int load_merge(gate_ctx *g)
{
	const sci_cli_options *o = g->s->o;
	int error;

	if ((error = sci_merge_load(&g->merged, (const char *const *)o->files.v,
				    o->files.n, sci_cli_version())) < 0)
		return error;
	if (sci_merge_allow_unanalyzed(g->merged) != !!o->allow_unanalyzed)
		return sci_error_set(SCI_EINVALID,
				     "the shards ran %s --allow-unanalyzed: give merge the same",
				     o->allow_unanalyzed ? "without" : "with");
	g->base_name = sci_merge_base_ref(g->merged);
	g->have_base = g->base_name != NULL;
	g->unanalyzed = sci_merge_unanalyzed(g->merged);
	sci_merge_take(g->merged, &g->head, &g->base, &g->failures);
	if (sci_merge_failed(g->merged))
		fprintf(stderr, "smatch-ci: analysis incomplete: %zu of %zu translation units failed\n",
			sci_merge_failed(g->merged), sci_merge_tus(g->merged));
	return 0;
}

/* -------------------------------------------------------------- run */

static int open_repository(gate_ctx *g)
{
	const sci_cli_options *o = g->s->o;
	int need = o->base_ref || o->base_sha || (!o->files.n && !o->compdb);
	int error = sci_vcs_open(&g->vcs, g->s->cwd);

	if (error == SCI_ENOTFOUND && !need)
		return 0;
	if (error == SCI_ENOTFOUND && !o->base_ref && !o->base_sha) {
		char why[512];

		snprintf(why, sizeof(why), "%s", sci_error_last());
		return sci_error_set(error, "no input: give FILE... or -p PATH, or run inside a git repository (%s)",
				     why);
	}
	if (error < 0)
		return error;
	/* diagnostics' paths are resolved with realpath(): so is the root */
	g->root_real = realpath(sci_vcs_workdir(g->vcs), NULL);
	g->root = g->root_real ? g->root_real : sci_vcs_workdir(g->vcs);
	return 0;
}

static int find_base(gate_ctx *g)
{
	const sci_cli_options *o = g->s->o;
	int error;

	g->base_name = o->base_sha ? o->base_sha : o->base_ref;
	if (!g->base_name)
		return 0;
	if ((error = sci_vcs_merge_base(g->vcs, g->base_sha, g->base_name)) < 0)
		return error;
	if ((error = sci_vcs_changes(&g->changes, g->vcs, g->base_sha)) < 0)
		return error;
	g->have_base = 1;
	warn_unknown_submodules(g);
	return 0;
}

static int load_baseline(gate_ctx *g)
{
	const sci_cli_options *o = g->s->o;

	if (o->baseline_file)
		g->baseline_path = sci_path_join_dup(g->s->cwd, o->baseline_file);
	else
		g->baseline_path = sci_path_join_dup(g->root ? g->root : g->s->cwd,
						     SCI_BASELINE_DEFAULT_PATH);
	return sci_baseline_load(&g->bl, g->baseline_path, SCI_BASELINE_MISSING_OK);
}

/*
 * Returns 0, or SCI_EINVALID when the path names a file that is not a
 * smatch-ci cache (sci_cache_open() refuses to touch it): the run must
 * stop with exit status 2 rather than go on without a cache, or the
 * user would not notice that --cache points at the wrong file.
 */
static int open_cache(gate_ctx *g)
{
	const sci_cli_options *o = g->s->o;
	char *path;
	int error;

	if (o->no_cache)
		return 0;
	/* the head side's project database (cli/project.h) */
	path = sci_cli_db_path(o, g->s->cwd);
	error = sci_db_open(&g->db, path);
	if (!error && sci_db_warning(g->db))
		fprintf(stderr, "smatch-ci: warning: %s\n", sci_db_warning(g->db));
	free(path);
	if (error < 0 || !g->have_base)
		return error;
	path = o->cache ? sci_path_join_dup(g->s->cwd, o->cache)
			: sci_path_join_dup(g->root, ".smatch-ci/cache.sqlite");
	error = sci_cache_open(&g->cache, path);
	if (!error && sci_cache_warning(g->cache))
		fprintf(stderr, "smatch-ci: warning: %s\n", sci_cache_warning(g->cache));
	free(path);
	return error;
}


static int analyze_head(gate_ctx *g)
{
	sci_project_opts popts = { 0 };
	sci_driver_opts dopts = *g->s->dopts;
	sci_analyze_opts aopts = *g->s->aopts;
	sci_diag_list diags = { 0 };
	sci_driver_stats stats;
	const char *dirs[2] = { g->root, NULL };
	int error;

	/* the base needs them, and so do unused suppressions (collect_files) */
	aopts.report_inputs = 1;
	if (g->root)
		aopts.project_dirs = dirs;
	dopts.analyze_opts = &aopts;
	popts.origin = head_origin;
	popts.origin_payload = g;
	popts.db = g->db;
	popts.cwd = g->s->cwd;
	popts.set_out = &g->head_set;
	if ((error = sci_project_run(&diags, &stats, &g->tus, &dopts, &popts)) < 0)
		return error;
	sci_summary_set_digest(g->head_set, g->head_digest);
	/* -q: the verdict line says it */
	if (stats.failed && !g->s->o->quiet)
		fprintf(stderr, "smatch-ci: analysis incomplete: %zu of %zu translation units failed\n",
			stats.failed, stats.tus);
	take_diags(g, &g->head, &diags, g->s->cwd, 1);
	return 0;
}

static void gate_free(gate_ctx *g)
{
	if (g->tmpdir) {
		nftw(g->tmpdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
		sci_cleanup_remove_path(g->tmpdir);
		free(g->tmpdir);
	}
	sci_result_list_clear(&g->head);
	sci_result_list_clear(&g->base);
	sci_result_list_clear(&g->results);
	sci_diag_list_clear(&g->failures);
	sci_tu_list_clear(&g->tus);
	sci_changes_free(g->changes);
	/* the bound holds at the end of every run (--cache-max-mb) */
	sci_cache_prune(g->cache, (long long)g->s->o->cache_max_mb << 20);
	sci_db_prune_size(g->db, (long long)g->s->o->cache_max_mb << 20);
	sci_cache_free(g->cache);
	sci_db_free(g->db);
	sci_summary_set_free(g->head_set);
	sci_strv_clear(&g->changed_fns);
	sci_strv_clear(&g->changed_why);
	sci_strv_clear(&g->caller_keys);
	sci_strv_clear(&g->files);
	sci_baseline_free(g->bl);
	free(g->baseline_path);
	sci_vcs_free(g->vcs);
	free(g->root_real);
	sci_merge_free(g->merged);
}

int sci_cli_gate_run(const sci_gate_setup *s)
{
	gate_ctx g;
	sci_gate gate = SCI_GATE_INIT;
	int code = EXIT_USAGE, error;
	size_t i;

	memset(&g, 0, sizeof(g));
	g.s = s;
	if (s->o->fail_on && sci_gate_parse(&gate, s->o->fail_on) < 0) {
		code = usage_error(sci_error_last());
		goto done;
	}
	/* --fail-level is the floor of every mode's level */
	if (gate.min_level < s->o->fail_level)
		gate.min_level = s->o->fail_level;
	g.gate = gate;
	if (s->o->command == SCI_CMD_MERGE) {
		if (open_repository(&g) < 0 || load_baseline(&g) < 0 ||
		    load_merge(&g) < 0) {
			code = usage_error(sci_error_last());
			goto done;
		}
		goto classify;
	}
	if (open_repository(&g) < 0 || find_base(&g) < 0 || load_baseline(&g) < 0) {
		code = usage_error(sci_error_last());
		goto done;
	}
	error = plan_tus(&g);
	if (error == SCI_ENOTFOUND && g.vcs && !s->o->files.n && !s->o->compdb)
		error = plan_tracked(&g);
	if (error < 0) {
		code = usage_error(sci_error_last());
		goto done;
	}
	for (i = 0; i < g.tus.unmatched.n; i++)
		fprintf(stderr, "smatch-ci: warning: '%s' is not in the compilation database; skipped\n",
			g.tus.unmatched.v[i]);
	if (s->o->shard_n)
		mark_shard(&g);
	/* before any analysis: a refused --cache must not cost a full run */
	if (open_cache(&g) < 0 || analyze_head(&g) < 0) {
		code = usage_error(sci_error_last());
		goto done;
	}
	if (g.have_base && analyze_base(&g) < 0) {
		code = usage_error(sci_error_last());
		goto done;
	}
classify:
	sci_result_list_dedupe(&g.head);
	sci_result_list_dedupe(&g.base);
	/* merged: each shard applied its own (results.h) */
	if (!g.merged && apply_suppressions(&g) < 0) {
		code = usage_error(sci_error_last());
		goto done;
	}
	if (s->o->shard_n) {
		/* classification needs every shard's findings: merge does it */
		if (g.have_base)
			mark_unanalyzed(&g);
		code = write_shard(&g) < 0 ? usage_error(sci_error_last())
					   : EXIT_CLEAN;
		goto done;
	}
	sci_fp_assign(&g.head, NULL, NULL);
	sci_fp_assign(&g.base, NULL, NULL);
	drop_suppressed(&g.base);
	if (sci_compare(&g.results, &g.head, g.have_base ? &g.base : NULL, g.bl,
			g.have_base ? touched_cb : NULL, &g) < 0) {
		code = usage_error(sci_error_last());
		goto done;
	}
	if (g.have_base)
		point_at_changed_callees(&g);
	if (s->o->command != SCI_CMD_CHECK && s->o->command != SCI_CMD_MERGE) {
		code = baseline_command(&g);
		goto done;
	}
	if (g.have_base && !g.merged)	/* merged: the shards did */
		mark_unanalyzed(&g);
	g.exit_code = gate_exit_code(&g);
	if ((error = write_reports(&g)) < 0) {
		code = usage_error(sci_error_last());
		goto done;
	}
	code = error ? EXIT_USAGE : g.exit_code;
done:
	gate_free(&g);
	return code;
}
