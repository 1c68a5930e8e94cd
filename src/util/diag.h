/*
 * diag.h - the diagnostic record: the only thing that crosses from the
 * analyzer to the gate (as one JSON object per line, see report/jsonl.h).
 *
 * A diagnostic's message never holds line numbers, columns or counters:
 * those go into locations, so fingerprints stay stable.
 */
#ifndef SCI_UTIL_DIAG_H
#define SCI_UTIL_DIAG_H

#include <stddef.h>

/* NOTE: ordered by severity; report/ maps these to SARIF and GitLab levels. */
typedef enum {
	SCI_LEVEL_NOTE = 0,
	SCI_LEVEL_WARNING = 1,
	SCI_LEVEL_ERROR = 2
} sci_level;

/** "note", "warning", "error". */
const char *sci_level_name(sci_level level);
/** Parses a level name; returns 0 or SCI_EINVALID. */
int sci_level_parse(sci_level *out, const char *name);

typedef struct {
	char *path;
	unsigned line;
	unsigned col;
	char *message;
} sci_diag_loc;

/*
 * Rule ids that are not checkers:
 *   "analysis-failure"  a TU failed (parse error, crash, timeout); a tool
 *                       notification, never a finding;
 *   "sci-debug"         output of the __sci_* debug intrinsics.
 */
#define SCI_RULE_ANALYSIS_FAILURE "analysis-failure"
#define SCI_RULE_DEBUG "sci-debug"
/* A file a TU read (its path; the main file and every header).  Sent by
 * workers when asked (sci_analyze_opts.report_inputs) and consumed by the
 * driver: never a finding, never printed. */
#define SCI_RULE_INPUT "sci-input"
/* A function's summary (sci_analyze_opts.emit_summaries): consumed by the
 * driver like SCI_RULE_INPUT. */
#define SCI_RULE_SUMMARY "sci-summary"

typedef struct sci_diag {
	char *rule;		/* kebab-case rule id */
	sci_level level;
	char *path;		/* as given on the command line / compile db */
	unsigned line;
	unsigned col;
	char *function;		/* "" outside any function */
	char *key;		/* semantic key, e.g. the variable name */
	char *message;
	sci_diag_loc *related;
	size_t nrelated;
	/* The branches the analysis took on its way to the finding, outermost
	 * first (`if` taken or not, loop entered, switch case): with
	 * @related, the steps of the finding's path (report/path.h). */
	sci_diag_loc *steps;
	size_t nsteps;
	/* First and last line of the function that holds the finding, in
	 * @path; 0 when unknown or outside a function.  The gate counts a
	 * change that deletes lines inside this span as causing the finding. */
	unsigned fn_first;
	unsigned fn_last;
	/* An optional fix: replace columns [fix_col, fix_end_col) of line
	 * @fix_line of @path (1-based character columns, as SARIF counts
	 * them: a tab is one) with @fix_text.  fix_line 0: no fix. */
	unsigned fix_line;
	unsigned fix_col;
	unsigned fix_end_col;
	char *fix_text;
} sci_diag;

/** Returns: owned diagnostic with copies of every string (NULL -> ""). */
sci_diag *sci_diag_new(const char *rule, sci_level level, const char *path,
		       unsigned line, unsigned col, const char *function,
		       const char *key, const char *message);
/** Appends a related location (copies the strings). */
void sci_diag_add_related(sci_diag *d, const char *path, unsigned line,
			  unsigned col, const char *message);
/** Appends a path step (copies the strings); see sci_diag.steps. */
void sci_diag_add_step(sci_diag *d, const char *path, unsigned line,
		       unsigned col, const char *message);
/**
 * Attaches a fix to @d (replacing any): columns [@col, @end_col) of
 * @line in d->path become @text (copied).
 */
void sci_diag_set_fix(sci_diag *d, unsigned line, unsigned col,
		      unsigned end_col, const char *text);
/**
 * Replaces the path of every related location and step that has one with
 * @map(path, @payload), an owned string, unless @map returns NULL (the
 * path stays).  The primary path is the caller's.
 */
void sci_diag_map_loc_paths(sci_diag *d,
			    char *(*map)(const char *path, void *payload),
			    void *payload);
/** Returns: owned deep copy. */
sci_diag *sci_diag_dup(const sci_diag *d);
void sci_diag_free(sci_diag *d);
/** Total order: path, line, col, rule, function, key, message. */
int sci_diag_cmp(const sci_diag *a, const sci_diag *b);
/**
 * sci_diag_cmp(), then the level, the related locations and the steps: 0
 * only for
 * diagnostics that say the same, so a sort by it leaves nothing to the
 * order they came in.
 */
int sci_diag_cmp_full(const sci_diag *a, const sci_diag *b);
/** True for diagnostics that are findings (not failures, not debug). */
int sci_diag_is_finding(const sci_diag *d);

/* A growable list that owns its diagnostics. */
typedef struct {
	sci_diag **items;
	size_t n;
	size_t cap;
} sci_diag_list;

/** Takes ownership of @d. */
void sci_diag_list_take(sci_diag_list *list, sci_diag *d);
void sci_diag_list_sort(sci_diag_list *list);
/** Sorts @list and frees all but one of each run of equal diagnostics. */
void sci_diag_list_dedupe(sci_diag_list *list);
/** Frees every diagnostic and the array; the list is left empty. */
void sci_diag_list_clear(sci_diag_list *list);

#endif
