/*
 * main.c - smatch-ci's entry point: glue between options, the plan, the
 * worker pool and the reports.  Every decision lives in a module of its
 * own; this file only orders them and maps outcomes to exit codes.
 */
#include "analyzer/analyzer.h"
#include "baseline/fingerprint.h"
#include "cli/cleanup.h"
#include "cli/config.h"
#include "cli/db_cmd.h"
#include "cli/db_merge.h"
#include "cli/driver.h"
#include "cli/explain.h"
#include "cli/gate.h"
#include "cli/insource.h"
#include "cli/project.h"
#include "cli/paths.h"
#include "cli/options.h"
#include "cli/plan.h"
#include "cli/plugin.h"
#include "cli/profile.h"
#include "cli/progress.h"
#include "cli/rules.h"
#include "cli/shard.h"
#include "report/jsonl.h"
#include "report/text.h"
#include "util/atomic.h"
#include "util/error.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* The CI contract (architecture.md §1). */
enum {
	EXIT_CLEAN = 0,
	EXIT_FINDINGS = 1,
	EXIT_USAGE = 2,
	EXIT_INCOMPLETE = 3
};

static int fail(const char *message)
{
	fprintf(stderr, "smatch-ci: error: %s\n", message);
	return EXIT_USAGE;
}

static void list_checks(FILE *f)
{
	size_t i, n = sci_checks_count(), w = 4;

	for (i = 0; i < n; i++)
		if (strlen(sci_checks_at(i)->rule) > w)
			w = strlen(sci_checks_at(i)->rule);
	fprintf(f, "%-*s  %-7s  %-3s  %s\n", (int)w, "rule", "level", "on",
		"summary");
	for (i = 0; i < n; i++) {
		const sci_check_info *c = sci_checks_at(i);

		fprintf(f, "%-*s  %-7s  %-3s  %s\n", (int)w, c->rule,
			sci_level_name(c->level),
			c->enabled_by_default ? "on" : "off", c->summary);
	}
}

/* Before anything reads the checker catalogue (and before any fork). */
static int load_plugins(const sci_cli_options *o)
{
	size_t i;
	int error;

	for (i = 0; i < o->plugins.n; i++)
		if ((error = sci_plugin_load(o->plugins.v[i])) < 0)
			return error;
	return 0;
}

static unsigned default_jobs(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	if (n < 1)
		return 1;
	return n > (long)SCI_CLI_MAX_JOBS ? SCI_CLI_MAX_JOBS : (unsigned)n;
}

static int write_reports(const sci_diag_list *diags, const char *json_path,
			 FILE *json, int quiet)
{
	size_t i;

	if (!quiet && (!json_path || strcmp(json_path, "-") != 0))
		if (sci_text_write_list(stdout, diags) < 0)
			return -1;
	if (json)
		for (i = 0; i < diags->n; i++)
			if (sci_jsonl_write(json, diags->items[i]) < 0)
				return -1;
	if (fflush(stdout) == EOF || ferror(stdout))
		return -1;
	if (json && json != stdout && (fflush(json) == EOF || ferror(json)))
		return -1;
	return 0;
}

/*
 * A --json file is written through a temporary file next to it, which an
 * interrupted analysis would leave behind: it is opened for real only
 * once the findings are known, and only tried here, so that a bad path
 * still fails before a long analysis.  A FIFO or a device has no
 * temporary file, and its reader may be waiting: it is opened at once.
 * *out: the open file, or NULL to open after the analysis.
 */
static int json_open_early(sci_atomic_file **out, const char *path)
{
	sci_atomic_file *probe = NULL;
	struct stat st;
	int error;

	*out = NULL;
	if (stat(path, &st) == 0 && (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)))
		return sci_atomic_open(out, path);
	if ((error = sci_atomic_open(&probe, path)) < 0)
		return error;
	sci_atomic_abort(probe);
	return 0;
}

/*
 * --explain without the gate: the findings get the fingerprints the
 * gate would give them (paths as reported), so either spelling works.
 * Returns the number explained, or an error code.
 */
static int explain(const sci_diag_list *diags, const sci_cli_options *o,
		   const char *cwd)
{
	sci_result_list results = { 0 };
	size_t i;
	int n;

	/* no base, no class: "unchanged" is the one the text leaves unmarked */
	for (i = 0; i < diags->n; i++)
		sci_result_list_take(&results, sci_diag_dup(diags->items[i]))
			->cls = SCI_CLASS_UNCHANGED;
	sci_fp_assign(&results, NULL, NULL);
	n = sci_explain_results(stdout, &results, o->explain, NULL, cwd);
	if (n == 0)
		fprintf(stderr, "smatch-ci: --explain %s: no finding of this run is there (%zu finding%s)\n",
			o->explain, results.n, results.n == 1 ? "" : "s");
	sci_result_list_clear(&results);
	return n;
}

static int outcome(const sci_diag_list *diags, sci_level fail_level)
{
	int findings = 0, failures = 0;
	size_t i;

	for (i = 0; i < diags->n; i++) {
		const sci_diag *d = diags->items[i];

		if (strcmp(d->rule, SCI_RULE_ANALYSIS_FAILURE) == 0)
			failures = 1;
		else if (sci_diag_is_finding(d) && d->level >= fail_level)
			findings = 1;
	}
	/* findings fail the run even when a TU failed too: 3 never hides 1 */
	if (findings)
		return EXIT_FINDINGS;
	return failures ? EXIT_INCOMPLETE : EXIT_CLEAN;
}

static void set_analysis_opts(sci_analyze_opts *aopts, sci_driver_opts *dopts,
			      const sci_cli_options *o, const sci_strv *rules,
			      const sci_profile *profile, const char *models,
			      const char *cwd)
{
	static const char *const no_rules[] = { NULL };

	memset(aopts, 0, sizeof(*aopts));
	aopts->rules = rules->v ? (const char *const *)rules->v : no_rules;
	aopts->nrules = rules->n;
	aopts->models = models;
	aopts->allocators = (const char *const *)profile->allocators.v;
	aopts->deallocators = (const char *const *)profile->deallocators.v;
	aopts->noreturn = (const char *const *)profile->noreturn.v;
	aopts->returns_nonnull = (const char *const *)profile->returns_nonnull.v;
	aopts->untrusted_sources = (const char *const *)profile->untrusted_sources.v;
	aopts->must_check = (const char *const *)profile->must_check.v;
	aopts->must_check_statistics = profile->must_check_statistics;
	aopts->lock_acquire = (const char *const *)profile->lock_acquire.v;
	aopts->lock_release = (const char *const *)profile->lock_release.v;
	memset(dopts, 0, sizeof(*dopts));
	dopts->jobs = o->jobs ? o->jobs : default_jobs();
	dopts->tu_timeout = o->tu_timeout;
	dopts->tu_memory_mb = o->tu_memory;
	dopts->analyze_opts = aopts;
	dopts->cwd = cwd;
}

/*
 * The project database (db_cmd.h says where; --no-cache: none), for runs
 * of more than one TU and for `db build`.  Returns SCI_EINVALID when that path holds something
 * that is not ours: better stop than silently run without it.
 */
static int open_db(sci_db **out, const sci_cli_options *o, const char *cwd)
{
	char *path;
	int error;

	*out = NULL;
	if (o->no_cache)
		return 0;
	path = sci_cli_db_path(o, cwd);
	error = sci_db_open(out, path);
	if (!error && sci_db_warning(*out))
		fprintf(stderr, "smatch-ci: warning: %s\n", sci_db_warning(*out));
	free(path);
	return error;
}

/*
 * The profile of a run: the config's keys, then --profile FILE's added to
 * them (the file predates the config and keeps working).
 */
static int load_profile(sci_profile *out, const sci_config *config,
			const char *path)
{
	sci_profile extra;
	int error;

	memset(out, 0, sizeof(*out));
	sci_profile_add(out, &config->profile);
	if (!path)
		return 0;
	if ((error = sci_profile_load(&extra, path)) < 0)
		return error;
	sci_profile_add(out, &extra);
	sci_profile_clear(&extra);
	return 0;
}

/* Findings in files the config excludes (headers: their TUs are gone). */
static void drop_excluded(sci_diag_list *diags, const sci_config *config,
			  const char *cwd)
{
	size_t i, n = 0;

	for (i = 0; i < diags->n; i++) {
		sci_diag *d = diags->items[i];

		if (sci_diag_is_finding(d) &&
		    sci_config_excludes_file(config, d->path, cwd))
			sci_diag_free(d);
		else
			diags->items[n++] = d;
	}
	diags->n = n;
}

static int run(const sci_cli_options *o)
{
	sci_analyze_opts aopts;
	sci_driver_opts dopts;
	sci_driver_stats stats;
	sci_plan_env env = { NULL, NULL, NULL, NULL };
	char *gcc_base = NULL, *multiarch = NULL, *project_root = NULL;
	const char *project_dirs[2] = { NULL, NULL };
	sci_diag_list diags = { NULL, 0, 0 };
	sci_strv rules = { 0 };
	sci_profile profile;
	sci_config config;
	char *config_root = NULL;
	sci_project_opts popts = { 0 };
	sci_project_stats pstats = { 0, 0, 0, 0, 0 };
	sci_db *db = NULL;
	sci_progress *progress = NULL;
	sci_tu_list tus;
	char cwd[PATH_MAX];
	FILE *json = NULL;
	sci_atomic_file *json_file = NULL;
	size_t i;
	int code = EXIT_USAGE, json_stdout = 0, explained = 0;

	memset(&tus, 0, sizeof(tus));
	memset(&aopts, 0, sizeof(aopts));
	memset(&profile, 0, sizeof(profile));
	memset(&config, 0, sizeof(config));
	if (!getcwd(cwd, sizeof(cwd))) {
		fprintf(stderr, "smatch-ci: error: cannot get the working directory: %s\n",
			strerror(errno));
		goto done;
	}
	config_root = sci_config_root_dup(o, cwd);
	/* merge analyzes nothing: the shards ran with their config */
	if (o->command != SCI_CMD_MERGE &&
	    sci_config_find(&config, o, config_root) < 0) {
		fail(sci_error_last());
		goto done;
	}
	if (load_profile(&profile, &config, o->profile) < 0) {
		fail(sci_error_last());
		goto done;
	}
	if (sci_cli_rules_resolve_config(&rules, o, &config) < 0) {
		fail(sci_error_last());
		goto done;
	}
	sci_plan_probe_gcc(&gcc_base, &multiarch);
	env.cwd = cwd;
	env.gcc_base_dir = gcc_base;
	env.multiarch_dir = multiarch;
	env.config = &config;
	set_analysis_opts(&aopts, &dopts, o, &rules, &profile, config.models,
			  cwd);
	dopts.progress = progress = sci_progress_new(o->progress, o->quiet);
	project_dirs[0] = project_root = sci_path_project_root_dup(cwd);
	aopts.project_dirs = project_dirs;
	if (sci_cli_gate_wanted(o)) {
		sci_gate_setup setup = { o, &aopts, &dopts, &env, cwd, &config };

		code = sci_cli_gate_run(&setup);
		goto done;
	}
	if (sci_plan_build(&tus, o, &env) < 0) {
		fail(sci_error_last());
		goto done;
	}
	for (i = 0; i < tus.unmatched.n; i++)
		fprintf(stderr, "smatch-ci: warning: '%s' is not in the compilation database; skipped\n",
			tus.unmatched.v[i]);
	/* db build --shard: checkers on this share, summaries of all */
	if (o->shard_n)
		sci_shard_mark(&tus, o->shard_k, o->shard_n, project_root, cwd);
	json_stdout = o->json && strcmp(o->json, "-") == 0;
	if (o->json && !json_stdout &&
	    json_open_early(&json_file, o->json) < 0) {
		fail(sci_error_last());
		goto done;
	}

	popts.cwd = cwd;
	if ((tus.n > 1 || o->command == SCI_CMD_DB_BUILD) &&
	    open_db(&db, o, cwd) < 0) {
		fail(sci_error_last());
		goto done;
	}
	popts.db = db;
	popts.stats_out = &pstats;
	/* where a suppression that matches nothing is unused (insource.h) */
	aopts.report_inputs = 1;
	if (sci_project_run(&diags, &stats, &tus, &dopts, &popts) < 0) {
		fail(sci_error_last());
		goto done;
	}
	if (o->command == SCI_CMD_DB_BUILD) {
		char light[64] = "";

		if (pstats.light)
			snprintf(light, sizeof(light),
				 " (%zu of them for summaries alone)",
				 pstats.light);
		printf("smatch-ci: %zu translation units: %zu summarized, %zu analyzed in %u round%s%s, %zu from the database%s\n",
		       tus.n, pstats.summarized, pstats.analyses, pstats.rounds,
		       pstats.rounds == 1 ? "" : "s", light, pstats.reused,
		       db ? "" : " (no database: --no-cache)");
		if (o->shard_n) {
			size_t own = 0;

			for (i = 0; i < tus.n; i++)
				own += !tus.items[i].summaries_only;
			printf("smatch-ci: shard %u/%u: %zu of them checked here, the others walked for their summaries ('smatch-ci merge --db OUT' joins the shards' databases)\n",
			       o->shard_k, o->shard_n, own);
		}
		if (db && sci_db_warning(db))
			fprintf(stderr, "smatch-ci: warning: %s\n", sci_db_warning(db));
		if (stats.failed)
			fprintf(stderr, "smatch-ci: analysis incomplete: %zu of %zu translation units failed\n",
				stats.failed, stats.tus);
		code = stats.failed ? EXIT_INCOMPLETE : EXIT_CLEAN;
		goto done;
	}
	if (o->json && !json_stdout && !json_file &&
	    sci_atomic_open(&json_file, o->json) < 0) {
		fail(sci_error_last());
		goto done;
	}
	json = json_stdout ? stdout : json_file ? sci_atomic_stream(json_file)
						: NULL;
	drop_excluded(&diags, &config, cwd);
	/* a header's functions are analyzed in every TU that includes it */
	sci_diag_list_dedupe(&diags);
	if (sci_cli_suppress_plain(&diags, &tus, &aopts, cwd, project_root) < 0) {
		fail(sci_error_last());
		goto done;
	}
	sci_diag_list_dedupe(&diags);	/* back in order, with the comments' */
	if (o->explain && (explained = explain(&diags, o, cwd)) < 0) {
		fail(sci_error_last());
		goto done;
	}
	/* --explain takes the text report's place; --json is still written */
	if (write_reports(&diags, o->json, json, o->quiet || o->explain) < 0) {
		fail("cannot write the report");
		goto done;
	}
	/* -q: the verdict line says INCOMPLETE */
	if (stats.failed && !o->quiet)
		fprintf(stderr, "smatch-ci: analysis incomplete: %zu of %zu translation units failed\n",
			stats.failed, stats.tus);
	code = o->explain && !explained ? EXIT_USAGE :
	       outcome(&diags, o->fail_level);
	/* as in the gate: JSON on stdout stays JSON */
	if (o->quiet && !json_stdout)
		printf("smatch-ci: %s\n", code == EXIT_CLEAN ? "passed" :
		       code == EXIT_FINDINGS ? "FAILED (findings)" :
		       "INCOMPLETE (a translation unit could not be analyzed)");
done:
	if (json_file) {
		if (code == EXIT_USAGE)
			sci_atomic_abort(json_file);
		else if (sci_atomic_commit(json_file) < 0)
			code = fail(sci_error_last());
	}
	sci_progress_free(progress);
	sci_diag_list_clear(&diags);
	sci_tu_list_clear(&tus);
	sci_db_prune_size(db, (long long)o->cache_max_mb << 20);
	sci_db_free(db);
	sci_strv_clear(&rules);
	sci_profile_clear(&profile);
	sci_config_clear(&config);
	free(config_root);
	free(gcc_base);
	free(multiarch);
	free(project_root);
	return code;
}

int main(int argc, char **argv)
{
	sci_cli_options *o = NULL;
	int code;

	if (sci_cli_options_parse(&o, argc, argv) < 0) {
		fprintf(stderr, "smatch-ci: error: %s (see --help)\n",
			sci_error_last());
		return EXIT_USAGE;
	}
	if (o->help) {
		fputs(sci_cli_usage(), stdout);
		code = EXIT_CLEAN;
	} else if (o->version) {
		printf("smatch-ci %s\n", sci_cli_version());
		code = EXIT_CLEAN;
	} else if (load_plugins(o) < 0) {
		code = fail(sci_error_last());
	} else if (o->list_checks) {
		list_checks(stdout);
		code = EXIT_CLEAN;
	} else if (sci_shard_check_options(o) < 0) {
		code = fail(sci_error_last());
	} else if (o->command == SCI_CMD_MERGE && o->db) {
		code = sci_cli_db_merge(o);
	} else if (o->command == SCI_CMD_DB_SHOW ||
		   o->command == SCI_CMD_DB_STATS) {
		code = sci_cli_db_command(o);
	} else {
		sci_cleanup_install();
		code = run(o);
	}
	sci_cli_options_free(o);
	if (fflush(stdout) == EOF && code == EXIT_CLEAN)
		code = EXIT_USAGE;
	return code;
}
