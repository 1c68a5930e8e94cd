/*
 * analyzer.h - what the driver (src/cli) sees of the analyzer: the checker
 * catalogue and "analyze one translation unit".
 *
 * sparse keeps global state and may exit(), so sci_analyze_tu() is called
 * at most once per process: the driver runs it in a forked worker.
 */
#ifndef SCI_ANALYZER_ANALYZER_H
#define SCI_ANALYZER_ANALYZER_H

#include <stddef.h>
#include "summary/summary.h"
#include "util/diag.h"

/* One entry of the checker catalogue (feeds --list-checks and SARIF rules). */
typedef struct {
	const char *rule;	/* kebab-case id */
	const char *summary;	/* one line */
	const char *description;/* a paragraph */
	sci_level level;	/* default level of its findings */
	const char *cwe;	/* "CWE-476" or NULL */
	int enabled_by_default;
	int builtin;		/* 0: a plugin's (cli/plugin.h) */
} sci_check_info;

struct sci_checker;

/** Number of checkers: those compiled in, then those plugins added. */
size_t sci_checks_count(void);
/** Returns: borrowed catalogue entry @i (sorted by rule id), NULL past the end. */
const sci_check_info *sci_checks_at(size_t i);
/** Returns: borrowed entry for @rule, or NULL. */
const sci_check_info *sci_checks_find(const char *rule);
/**
 * Adds a plugin's checker @c to the catalogue, before any analysis (the
 * catalogue is process-wide: workers forked afterwards have it too).  @c
 * is borrowed for the life of the process.  The caller has checked its
 * descriptor's fields.  Returns 0, or SCI_EINVALID when its rule id is
 * taken (by a built-in checker or an earlier plugin's) or the owner table
 * is full; the message says which.
 */
int sci_checks_add(const struct sci_checker *c);

/* Receives each diagnostic; takes ownership of @d. */
typedef void (*sci_diag_emit_fn)(sci_diag *d, void *payload);

typedef struct {
	/* rule ids to run; NULL means every checker enabled by default */
	const char *const *rules;
	size_t nrules;
	/*
	 * The project profile's additions to the built-in "generic" one,
	 * NULL-terminated name lists (each may be NULL): functions returning
	 * memory to free, functions freeing their first argument, functions
	 * that never return, functions that never return NULL, functions
	 * whose result is read from input (untrusted data), functions whose
	 * result must not be ignored (unchecked-return).
	 */
	const char *const *allocators;
	const char *const *deallocators;
	/*
	 * The built-in profile the lists above are added to: "generic" (the
	 * C library, POSIX, pthreads; also NULL) or "kernel" (the generic
	 * models and the kernel's, analyzer/kernel.models).
	 */
	const char *models;
	const char *const *noreturn;
	const char *const *returns_nonnull;
	const char *const *untrusted_sources;
	const char *const *must_check;
	/* unchecked-return: also functions most call sites check (statistics) */
	int must_check_statistics;
	/*
	 * The project's lock functions (the profile's "locks" pairs): each
	 * takes / releases the lock its first argument points to.
	 */
	const char *const *lock_acquire;
	const char *const *lock_release;
	/* emit one SCI_RULE_INPUT record per file the TU read (absolute) */
	int report_inputs;
	/*
	 * The project's own directories (absolute, NULL-terminated; may be
	 * NULL): functions defined in a header under one of them - static
	 * inline helpers - are analyzed too, not only those of the TU's own
	 * file.  System and third-party headers elsewhere are not.
	 */
	const char *const *project_dirs;
	/*
	 * Called with each function's name just before its analysis starts,
	 * and with NULL after the last one, so a watchdog outside the
	 * analyzer can tell where the time went (the driver names the
	 * function in its timeout message).  May be NULL.  @name is borrowed
	 * for the duration of the call.
	 */
	void (*on_function)(const char *name, void *payload);
	void *on_function_payload;
	/*
	 * Called with each include directory the analysis listed (the key
	 * the #include search used: as sparse spelled it, relative to the
	 * analysis's working directory; "" is that directory), so a driver
	 * can keep it for the analyses it forks later
	 * (sci_analyzer_keep_include_dir()).  May be NULL.  Payload: the
	 * on_function one.
	 */
	void (*on_include_dir)(const char *dir, void *payload);
	/*
	 * What functions of other TUs do (may be NULL): the run's summaries,
	 * made by a first phase over every TU.  Borrowed.
	 */
	const sci_summary_set *summaries;
	/*
	 * Send each function's summary as an SCI_RULE_SUMMARY record:
	 * path/line where it is defined, function its name, message the
	 * summary's text (summary/summary.h).
	 */
	int emit_summaries;
} sci_analyze_opts;

/*
 * Outcome of one TU (return value of sci_analyze_tu).  A TU or function
 * over one of the engine's limits (docs/engine.md, "Limits") is not an
 * outcome of its own: it arrives as an SCI_RULE_ANALYSIS_FAILURE
 * diagnostic through the emit callback, next to the findings of the rest.
 */
enum {
	SCI_TU_OK = 0,
	SCI_TU_FRONTEND_ERRORS = 1	/* sparse reported errors: results degraded */
};

/**
 * Parses and analyzes @path.  @argv is a NULL-terminated, sparse-style
 * argument vector (argv[0] is a program name, then compiler flags such as
 * -I/-D/-U/-include/-isystem/-std=; no file names).  Every diagnostic goes
 * to @emit.  sparse's own messages go to stderr.
 *
 * May not return: sparse calls exit(1) on a missing #include and a few other
 * fatal conditions.  Returns SCI_TU_OK or SCI_TU_FRONTEND_ERRORS.
 */
int sci_analyze_tu(const char *path, char **argv, const sci_analyze_opts *opts,
		   sci_diag_emit_fn emit, void *payload);

/**
 * Does once what every sci_analyze_tu() of the process would do first
 * (parsing the built-in library models): a driver calls it before it
 * forks workers, which then inherit the result.  Optional.
 */
void sci_analyzer_prepare(void);

/**
 * Lists the include directory @dir (a key on_include_dir gave, valid from
 * this process's working directory) into this process's kept listings:
 * the #include search of every analysis started after, here or in a
 * process forked from here, answers from it.
 */
void sci_analyzer_keep_include_dir(const char *dir);

#endif
