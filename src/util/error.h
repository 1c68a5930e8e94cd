/*
 * error.h - the one error channel of the gatekeeper layer.
 *
 * Functions that can fail return 0 or a negative SCI_E* code and explain
 * themselves once through sci_error_set(); callers branch on the code and
 * show sci_error_last() to people.  The analyzer core does not use this.
 */
#ifndef SCI_UTIL_ERROR_H
#define SCI_UTIL_ERROR_H

enum {
	SCI_OK = 0,
	SCI_ERROR = -1,		/* generic failure */
	SCI_ENOTFOUND = -3,	/* a file, ref or entry does not exist */
	SCI_EINVALID = -4,	/* bad input: usage, JSON shape, option value */
	SCI_EIO = -5,		/* read/write/exec failure */
	SCI_EDB = -6,		/* sqlite3 */
	SCI_EVCS = -7,		/* libgit2 */
	SCI_EJSON = -8,		/* jansson parse or build failure */
	SCI_ENOMEM = -9,
	SCI_ITEROVER = -31	/* end of an iteration, not an error */
};

/** Records the message for the last failure (printf format); returns @code. */
int sci_error_set(int code, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/** The message of the last sci_error_set(), or "" if none.  Borrowed. */
const char *sci_error_last(void);

/** Forgets the last message. */
void sci_error_clear(void);

#endif
