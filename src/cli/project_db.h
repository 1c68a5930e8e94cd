/*
 * project_db.h - what project.c keeps in the project database (db/db.h)
 * between runs: a TU whose input files hash as they did last time gets
 * its summaries back without a summary pass, and its findings too when
 * the summaries of the functions it calls in other TUs are also the same.
 */
#ifndef SCI_CLI_PROJECT_DB_H
#define SCI_CLI_PROJECT_DB_H

#include "analyzer/analyzer.h"
#include "cli/plan.h"
#include "db/db.h"
#include "summary/summary.h"

typedef struct sci_project_memo sci_project_memo;

/** A run's memo of file hashes (a header is hashed once a run). */
sci_project_memo *sci_project_memo_new(void);
void sci_project_memo_free(sci_project_memo *m);

/**
 * Appends to @out what of @a decides a TU's findings and summaries besides
 * its flags: the plugins loaded (their content hashes, cli/plugin.h),
 * the rules run and the project profile's lists, as "plugin:SHA256",
 * "rule:NAME", "alloc:NAME"... (@a may be NULL).
 */
void sci_project_opts_flags(sci_strv *out, const sci_analyze_opts *a);

/** The identity of @tu in the database, for a run from @cwd with @a. */
void sci_project_tu_key(char out[SCI_DB_HASH_HEX], const sci_tu *tu,
			const char *cwd, const sci_analyze_opts *a);

/**
 * The key another shard's checker-less walk of the TU with @key is kept
 * under (cli/shard.h, project.c): derived from @key, so a walk never
 * passes for a checked record, and a merge of shard databases can tell
 * which walks a checked record makes redundant.
 */
void sci_project_walk_key(char out[SCI_DB_HASH_HEX], const char *key);

/**
 * Looks @key up; returns the record (owned) only when every input file
 * still has its recorded content, else NULL.
 */
sci_db_tu *sci_project_lookup(sci_db *db, sci_project_memo *m,
			      const char *key);

/** 1 if @tu defines a function @name (its summaries say so). */
int sci_project_tu_defines(const sci_tu *tu, const char *name);

/**
 * The hash of what @set says of each function @tu calls and does not
 * define (its dependencies on other TUs), into @out; with @statistics
 * (unchecked-return's, sci_analyze_opts.must_check_statistics) also how
 * the whole project treats the results of the functions it calls.
 */
/**
 * A digest of what the callers in other TUs (not @tu's own functions)
 * pass to @tu's functions with external linkage, per @set's call_args,
 * into @out.  Returns 0 (and leaves @out) when they pass nothing known.
 */
int sci_project_callers_digest(char out[SCI_DB_HASH_HEX], const sci_tu *tu,
			       const sci_summary_set *set);
void sci_project_deps(char out[SCI_DB_HASH_HEX], const sci_tu *tu,
		      const sci_summary_set *set, int statistics);

/** @rec's findings (JSON lines) into @tu's diags; 0, or -1 if unreadable. */
int sci_project_take_findings(sci_tu *tu, const sci_db_tu *rec);

/**
 * Stores @tu under @key: @inputs (the files it read) with their hashes,
 * its summaries, and, unless @deps is NULL, its findings with @deps.
 */
void sci_project_store(sci_db *db, sci_project_memo *m, const char *key,
		       const sci_tu *tu, const sci_strv *inputs,
		       const char *deps);

#endif
