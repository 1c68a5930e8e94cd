/*
 * results.h - the results file of one shard of a sharded run
 * (`smatch-ci --shard K/N --results FILE`), read back by `smatch-ci merge`.
 * The format is documented in docs/results-file.md; this module writes it
 * and validates it on reading, and decides nothing.
 *
 * The reader is its own small API (sci_results_parse) so it can be fuzzed:
 * every malformed input gives SCI_EJSON or SCI_EINVALID with a message
 * naming the source and the member at fault, never a crash.
 */
#ifndef SCI_CLI_RESULTS_H
#define SCI_CLI_RESULTS_H

#include <stddef.h>
#include "cli/strv.h"
#include "util/diag.h"

/* The format version this smatch-ci writes and reads. */
#define SCI_RESULTS_VERSION 1
/* The "tool" member. */
#define SCI_RESULTS_TOOL "smatch-ci"

/* A head finding, with what the shard's gate knew about it. */
typedef struct {
	sci_diag *diag;		/* owned; repository-relative paths */
	int touched;		/* the change caused it (baseline/compare.h) */
	/*
	 * A callee the change altered that makes it new (gate.c), added as a
	 * related location when it is new; path NULL: none.  Owned strings.
	 */
	sci_diag_loc cause;
	/* a comment in the code suppresses it: its reason; NULL: none */
	char *suppression;
} sci_results_finding;

typedef struct {
	char *tool_version;		/* of the writer */
	unsigned shard_k, shard_n;	/* 1 <= k <= n */
	/* hex digest of what decides the findings (options, TU list) */
	char *options;
	/*
	 * SHA-256 (hex) of each --plugin file, in load order (cli/plugin.h);
	 * empty without plugins.  The options digest covers them too: this
	 * list lets merge name the difference and check its own --plugin.
	 */
	sci_strv plugins;
	char *head_sha;			/* "" outside a repository */
	char *base_ref;			/* NULL: no base comparison */
	char *base_sha;			/* set with base_ref */
	int allow_unanalyzed;
	size_t tus_planned;		/* TUs of the whole run */
	size_t tus_analyzed;		/* of them, this shard's */
	size_t tus_failed;		/* of those, failed */
	size_t unanalyzed;		/* ... holding changed code */
	sci_results_finding *findings;
	size_t nfindings;
	sci_diag_list base;		/* base findings, head names */
	/* ... and those the base's own text suppresses (dropped by the
	 * classification, after their fingerprints count them) */
	sci_diag_list base_suppressed;
	sci_diag_list failures;		/* "analysis-failure" records */
	/*
	 * The files this shard's completed TUs read (repository paths,
	 * sorted): the merge keeps an unused-suppression only when every
	 * shard that read its file found it unused.
	 */
	char **files;
	size_t nfiles;
} sci_results;

/** Returns: owned, empty (sci_results_free). */
sci_results *sci_results_new(void);
void sci_results_free(sci_results *r);

/** Appends a head finding; takes @d. */
sci_results_finding *sci_results_add_finding(sci_results *r, sci_diag *d,
					     int touched);

/**
 * Writes @r to @path atomically (util/atomic.h), keys sorted, so equal
 * results give equal bytes.  Returns 0, SCI_EJSON or SCI_EIO.
 */
int sci_results_write(const char *path, const sci_results *r);

/**
 * Parses @len bytes of @text, named @source in messages.  Checks the
 * version, the tool, every member's type and range, and each finding's
 * shape.  Returns 0, SCI_EJSON (not JSON) or SCI_EINVALID (wrong shape,
 * unsupported version), with "source: reason" through sci_error_set().
 * *out: owned, NULL on failure.
 */
int sci_results_parse(sci_results **out, const char *text, size_t len,
		      const char *source);

/** Reads and parses the file @path; also SCI_EIO/SCI_ENOTFOUND. */
int sci_results_read(sci_results **out, const char *path);

#endif
