/*
 * suppress.h - in-source suppressions: a block or line comment whose text
 * is
 *
 *	smatch-ci: ignore[rule-id] reason
 *	smatch-ci: ignore[rule-a, rule-b] reason
 *
 * on a finding's line or on the line before it silences the finding of
 * that rule there (docs/baseline.md, "In-source suppressions").
 *
 * sparse's tokenizer drops comments, so the analyzer never sees these:
 * this module reads the source text itself, after the analysis (and
 * after the result cache, so a comment edited since a finding was cached
 * counts).  It parses, matches findings, and says which suppressions are
 * malformed or unused; whether a rule exists or ran is the caller's
 * knowledge (a callback), since src/baseline does not see the checker
 * catalogue.
 */
#ifndef SCI_BASELINE_SUPPRESS_H
#define SCI_BASELINE_SUPPRESS_H

#include <stddef.h>
#include "util/diag.h"
#include "util/result.h"

/*
 * The findings about suppressions themselves.  They go through the gate
 * like any finding: a reason-less suppression added on changed lines
 * fails it.
 */
#define SCI_RULE_INVALID_SUPPRESSION "invalid-suppression"
#define SCI_RULE_UNUSED_SUPPRESSION "unused-suppression"

/* What follows the comment's opening that makes it ours. */
#define SCI_SUPPRESS_MARKER "smatch-ci:"

typedef struct {
	unsigned line;		/* where the comment starts, from 1 */
	unsigned col;		/* ... its column, from 1 */
	unsigned last_line;	/* where it ends: it covers line..last_line+1 */
	char **rules;		/* the ids as written (nrules may be 0) */
	unsigned char *used;	/* per rule: matched a finding */
	size_t nrules;
	char *reason;		/* trimmed; "" when there is none */
	/*
	 * Why the comment is not a suppression at all (no "ignore[...]", no
	 * rule id, no reason), or NULL.  Such a comment suppresses nothing.
	 */
	char *problem;
} sci_suppression;

typedef struct sci_suppress_file sci_suppress_file;

/**
 * Finds the suppression comments in @len bytes of C source @text.  String
 * and character literals are skipped, so a marker inside a string is not
 * a comment.  A comment is ours when its text starts with
 * SCI_SUPPRESS_MARKER (after blanks, and the '*'s of a block comment's
 * decoration); anything after the marker other than ignore[ids] reason
 * makes it malformed (sci_suppression.problem), not silently ignored.
 * Returns: owned (sci_suppress_file_free); never NULL.
 */
sci_suppress_file *sci_suppress_parse(const char *text, size_t len);
void sci_suppress_file_free(sci_suppress_file *f);

size_t sci_suppress_count(const sci_suppress_file *f);
/** Returns: borrowed from @f, in source order; NULL past the end. */
const sci_suppression *sci_suppress_at(const sci_suppress_file *f, size_t i);

/**
 * The well-formed suppression that covers a finding of @rule at @line (the
 * comment is on @line or ends on the line before), or NULL.  Marks the
 * rule used.  Returns: borrowed from @f.
 */
const sci_suppression *sci_suppress_match(sci_suppress_file *f,
					  const char *rule, unsigned line);

/* What the caller knows of a rule id (sci_suppress_rule_fn). */
enum {
	SCI_SUPPRESS_RULE_UNKNOWN = 0,	/* no such checker */
	SCI_SUPPRESS_RULE_OFF,		/* a checker that did not run */
	SCI_SUPPRESS_RULE_RAN		/* a checker that ran on this file */
};
typedef int (*sci_suppress_rule_fn)(const char *rule, void *payload);

/**
 * Reads a file's text for a set: *out owned and NUL-terminated.  Returns
 * 0, SCI_ENOTFOUND when there is no such file (no suppressions then), or
 * another negative SCI_E* code (with sci_error_set()).
 */
typedef int (*sci_suppress_read_fn)(char **out, size_t *len, const char *path,
				    void *payload);

/**
 * A reader for files on disk: the whole file at @path.  Returns 0,
 * SCI_ENOTFOUND (no message) or SCI_EIO.  *out: owned, NUL-terminated.
 */
int sci_suppress_read_file(char **out, size_t *len, const char *path);

/* The parsed files of one side of a run, read once each. */
typedef struct sci_suppress_set sci_suppress_set;

/** Returns: owned (sci_suppress_set_free). */
sci_suppress_set *sci_suppress_set_new(sci_suppress_read_fn read,
				       void *payload);
void sci_suppress_set_free(sci_suppress_set *s);

/**
 * The parsed file for @path (as findings name it), read on first use.
 * *out borrowed from @s; an absent file gives an empty one.  Returns 0 or
 * the reader's error.
 */
int sci_suppress_set_file(sci_suppress_file **out, sci_suppress_set *s,
			  const char *path);

/**
 * Marks each finding of @list (sci_diag_is_finding, not the suppression
 * rules themselves) that a comment covers: in_source = 1, justification
 * the comment's reason.  Returns 0 or the reader's error.
 */
int sci_suppress_apply(sci_suppress_set *s, sci_result_list *list);

/**
 * Appends to @out (owned diagnostics, path @path) a finding for every
 * problem of @path's suppressions, at the comment: SCI_RULE_INVALID_-
 * SUPPRESSION for a malformed comment and for each id @rule_of calls
 * unknown; SCI_RULE_UNUSED_SUPPRESSION for each id of a well-formed
 * comment that @rule_of says ran and that matched no finding - so call it
 * after sci_suppress_apply() on every finding of the files, and only for
 * files whose analysis completed.  Returns 0 or the reader's error.
 */
int sci_suppress_problems(sci_diag_list *out, sci_suppress_set *s,
			  const char *path, sci_suppress_rule_fn rule_of,
			  void *payload);

#endif
