/*
 * options.h - the command line of `smatch-ci [check] [options] FILE...`,
 * parsed into a struct.  Pure: no I/O, no checker catalogue (rules.h
 * resolves --enable/--disable against it), so it can be unit tested.
 */
#ifndef SCI_CLI_OPTIONS_H
#define SCI_CLI_OPTIONS_H

#include <stddef.h>
#include "cli/strv.h"
#include "util/diag.h"

#define SCI_CLI_DEFAULT_TU_TIMEOUT 300u
#define SCI_CLI_MAX_JOBS 1024u
/* --cache-max-mb: MiB of data each of the result cache and the project
 * database keeps (least recently used dropped first); 0: no bound. */
#define SCI_CLI_DEFAULT_CACHE_MAX_MB 512u
#define SCI_CLI_MAX_CACHE_MAX_MB (1024u * 1024)

/* One --enable or --disable item, in command-line order. */
typedef struct {
	int enable;	/* 1: --enable, 0: --disable */
	char *rule;	/* a rule id or "all" */
} sci_cli_rule_op;

/* The command: `check` (default), `baseline update|prune|check`,
 * `db build|show|stats` or `merge`. */
typedef enum {
	SCI_CMD_CHECK = 0,
	SCI_CMD_BASELINE_UPDATE,
	SCI_CMD_BASELINE_PRUNE,
	SCI_CMD_BASELINE_CHECK,
	SCI_CMD_DB_BUILD,	/* db build: analyze, keep the database, no report */
	SCI_CMD_DB_SHOW,	/* db show FUNC (the name is files.v[0]) */
	SCI_CMD_DB_STATS,	/* db stats */
	SCI_CMD_MERGE		/* merge RESULTS...: shards' results (files) */
} sci_cli_command;

typedef struct {
	sci_cli_command command;
	int help;
	int version;
	int list_checks;
	sci_strv files;		/* FILE... as given */
	/*
	 * Compiler-style flags, each option in separate form ("-I", "dir",
	 * "-D", "X=1") except "-std=X", whose dialect is already mapped
	 * (sci_flags_map_std), and the other compiler options as given
	 * ("-O2", "-MF", "x.d"; sci_flags_accepts): the input of
	 * sci_flags_sanitize().
	 */
	sci_strv flags;
	char *compdb;		/* -p PATH, or NULL */
	char *json;		/* --json FILE, "-" for stdout, or NULL */
	char *profile;		/* --profile FILE, or NULL */
	char *config;		/* --config FILE, or NULL (config.h) */
	int no_config;		/* --no-config: no config file at all */
	sci_strv plugins;	/* --plugin FILE..., in order (cli/plugin.h) */
	/* the gate */
	char *base_ref;		/* --baseline REF, or NULL */
	char *base_sha;		/* --base-sha SHA, or NULL */
	char *baseline_file;	/* --baseline-file PATH, or NULL (default) */
	char *fail_on;		/* --fail-on SPEC, or NULL (default) */
	char *sarif;		/* --sarif FILE */
	char *sarif_suppressed;	/* --sarif-suppressed FILE */
	char *gitlab;		/* --gitlab FILE */
	char *markdown;		/* --markdown FILE */
	char *category;		/* --category NAME (SARIF automationDetails) */
	char *explain;		/* --explain FILE:LINE|FINGERPRINT (cli/explain.h) */
	char *cache;		/* --cache FILE, or NULL (default) */
	int no_cache;		/* --no-cache: neither the cache nor the database */
	char *db;		/* --db FILE, or NULL (default) */
	unsigned cache_max_mb;	/* --cache-max-mb N; 0: no bound */
	int allow_unanalyzed;	/* --allow-unanalyzed: a changed TU that
				 * failed does not fail the gate */
	int quiet;		/* --quiet: only the verdict */
	/* a sharded run (cli/shard.h): --shard K/N, 0/0 when not given */
	unsigned shard_k;
	unsigned shard_n;
	char *results;		/* --results FILE: the shard's results */
	int progress;		/* --progress: the progress line even when
				 * stderr is not a terminal (cli/progress.h) */
	unsigned jobs;		/* -j N; 0: one per online core */
	unsigned tu_timeout;	/* seconds; 0: no limit */
	unsigned tu_memory;	/* MB per worker; 0: no limit (memlimit.h) */
	sci_level fail_level;
	sci_cli_rule_op *rule_ops;
	size_t nrule_ops;
} sci_cli_options;

/**
 * Parses @argv[1..@argc).  A leading "check" word (the default command) is
 * skipped.  "--" ends the options.
 *
 * Returns 0, or SCI_EINVALID with a one-line reason (sci_error_last) for an
 * unknown option, a missing or bad option argument, or an unsupported -std
 * dialect.  Whether there is any input is not checked here.
 * *out: owned (sci_cli_options_free), NULL on failure.
 */
int sci_cli_options_parse(sci_cli_options **out, int argc, char **argv);

void sci_cli_options_free(sci_cli_options *o);

/** Returns: the --help text (static). */
const char *sci_cli_usage(void);

/** Returns: the version string, e.g. "0.1.0" (static). */
const char *sci_cli_version(void);
/*
 * The version and which build this is ("0.0.0+<GNU build ID>"): what the
 * result cache and the project database key their records by, so that
 * another build never reuses them (build_id.c).
 */
const char *sci_cli_build_id(void);

#endif
