/*
 * plan.h - what to analyze: the list of translation units, each with the
 * directory it runs in, how it is named in reports, and the complete
 * sparse argument vector.  Reads the file system (existence of FILEs, the
 * compile database, realpath) but analyzes nothing.
 */
#ifndef SCI_CLI_PLAN_H
#define SCI_CLI_PLAN_H

#include <stddef.h>
#include "cli/config.h"
#include "cli/options.h"
#include "cli/strv.h"
#include "summary/summary.h"

typedef struct {
	char *path;		/* handed to the analyzer (absolute for -p) */
	char *display;		/* the TU's name in reports */
	char *directory;	/* worker's working directory; NULL: stay */
	char **argv;		/* sparse argv: "smatch-ci", flags..., NULL */
	sci_strv inputs;	/* files it read, when the driver asked */
	sci_diag_list diags;	/* copies of its diagnostics (driver fills) */
	sci_summary **summaries;/* its functions' summaries, when asked */
	size_t nsummaries;
	char *invalid;		/* known unanalyzable: the failure message */
	/*
	 * Another shard's TU (cli/shard.h): analyzed without checkers, for
	 * its summaries only; its findings and failures are not this run's.
	 */
	int summaries_only;
	/*
	 * @inputs hold what an earlier analysis of this run read: the
	 * worker does not list them again (cli/project.c).
	 */
	int inputs_known;
} sci_tu;

typedef struct {
	sci_tu *items;
	size_t n;
	sci_strv unmatched;	/* FILEs given with -p that are not in it */
} sci_tu_list;

typedef struct {
	const char *cwd;		/* absolute working directory of the run */
	const char *gcc_base_dir;	/* `gcc -print-file-name=`, or NULL */
	const char *multiarch_dir;	/* `gcc -print-multiarch`, or NULL */
	/* the run's config (its "exclude" drops TUs), or NULL */
	const sci_config *config;
} sci_plan_env;

/**
 * Asks gcc (once per run) where its headers are, so sparse does not depend
 * on the gcc it was built with (sparse-notes §4).  Leaves NULL what gcc
 * cannot tell (e.g. gcc is not installed).  *base and *multiarch: owned.
 */
void sci_plan_probe_gcc(char **base, char **multiarch);

/**
 * The flags every TU starts with: -std=gnu17 (sparse defaults to gnu89; a
 * later -std wins), -D__STDC_NO_VLA__ (glibc's regexec prototype), and
 * -fmax-warnings=0 (sparse's own lint is noise here), then the gcc dirs.
 */
void sci_plan_base_flags(sci_strv *out, const sci_plan_env *env);

/**
 * Builds the TU list.  Without -p, every FILE is a TU, named as given, run
 * in the current directory.  With -p, every database entry is one (the
 * first entry of a file wins), run in its "directory", named relative to
 * env->cwd when under it, else absolute; FILEs then select entries by
 * realpath, and those that select nothing are listed in out->unmatched.
 * TUs the config excludes (env->config) are left out, without a word.
 *
 * Returns 0; SCI_ENOTFOUND for a missing FILE; SCI_EINVALID when there is
 * no input, the database has no entries, or no entry was selected; the
 * errors of sci_compdb_load().  @out is filled on success only.
 */
int sci_plan_build(sci_tu_list *out, const sci_cli_options *o,
		   const sci_plan_env *env);

/** Frees every TU; @l is left empty. */
void sci_tu_list_clear(sci_tu_list *l);
/** Frees @tu's summaries. */
void sci_tu_summaries_clear(sci_tu *tu);
/** Appends @s (taken) to @tu's summaries. */
void sci_tu_summaries_add(sci_tu *tu, sci_summary *s);

#endif
