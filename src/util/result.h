/*
 * result.h - a finding as the gate sees it: the analyzer's diagnostic plus
 * its fingerprint, its class against the base and the baseline file, and
 * whether it sits on a line the change touched.  Shared by src/baseline
 * (which fills it) and src/report (which prints it).
 */
#ifndef SCI_UTIL_RESULT_H
#define SCI_UTIL_RESULT_H

#include <stddef.h>
#include "util/diag.h"

typedef enum {
	SCI_CLASS_NEW = 0,	/* in head, not in base, not in the baseline file */
	SCI_CLASS_UNCHANGED,	/* in head and in base */
	SCI_CLASS_FIXED,	/* in base, gone from head */
	SCI_CLASS_SUPPRESSED	/* matched by the reviewed baseline file, or
				 * by a comment in the code (in_source) */
} sci_class;

/** "new", "unchanged", "fixed", "suppressed". */
const char *sci_class_name(sci_class c);

/* Hex SHA-256 plus NUL. */
#define SCI_FP_HEX 65

typedef struct {
	sci_diag *diag;			/* owned */
	char fingerprint[SCI_FP_HEX];	/* "" until computed */
	sci_class cls;
	int touched;			/* the change caused it (compare.h) */
	char *justification;		/* suppressed: the baseline's or the
					 * comment's reason; owned */
	/*
	 * A "smatch-ci: ignore[rule] reason" comment covers it
	 * (baseline/suppress.h): suppressed whatever the baseline file says,
	 * never written to it, an inSource suppression in --sarif-suppressed.
	 */
	int in_source;
} sci_result;

typedef struct {
	sci_result *items;
	size_t n, cap;
} sci_result_list;

/** Appends a result for @d (taking it), class NEW, no fingerprint. */
sci_result *sci_result_list_take(sci_result_list *list, sci_diag *d);
/** Sorts by class, then path, line, column, rule, function, key, message. */
void sci_result_list_sort(sci_result_list *list);
/**
 * Sorts @list and keeps one of each set of results with the same class and
 * equal diagnostics (sci_diag_cmp): a header function is analyzed in every
 * TU that includes it, and its findings count once.
 */
void sci_result_list_dedupe(sci_result_list *list);
void sci_result_list_clear(sci_result_list *list);

#endif
