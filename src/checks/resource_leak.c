// SPDX-License-Identifier: MIT
/*
 * resource-leak: a FILE stream, a directory stream or a file descriptor
 * that this function opened is neither closed, returned nor stored
 * anywhere before the last local variable holding it goes out of scope or
 * is overwritten, on some path.
 *
 *	FILE *f = fopen(path, "r");
 *	if (!f)
 *		return -1;		// fine: nothing was opened
 *	if (fread(buf, 1, n, f) != n)
 *		return -1;		// leak: f is never closed on this path
 *
 * Opened by: fopen, fdopen, popen, tmpfile, fmemopen, open_memstream,
 * opendir, fdopendir (NULL when they fail); open, openat, creat, socket,
 * accept, accept4, dup, epoll_create, eventfd, timerfd_create,
 * inotify_init, memfd_create, mkstemp (negative when they fail)
 * (sci_call_opens()); and project functions whose every path returns
 * what such a call gave or its failure value, in this TU or another
 * (`FILE *open_log(void) { return fopen(LOG, "a"); }`).  Closed by
 * fclose, pclose, closedir and close, each only what it can close (a
 * descriptor by close(), popen()'s stream by pclose(), opendir()'s by
 * closedir(): mismatched(); another is reported at the call), and by a
 * project function that closes its parameter on every path (its
 * summary's closes).  The tracking is memory-leak's (leak_tracker.h):
 * copies share the resource, storing it anywhere but a local, returning
 * it, or handing it to a function that may keep it ends the tracking.
 * A function of the system keeps nothing it gets (fstat, read,
 * fprintf...) except fdopen() and fdopendir(), which take the
 * descriptor over; a project function keeps a stream unless its summary
 * says it does not, and always may keep a descriptor (an int parameter's
 * fate is not in the summaries).
 *
 * Known false-positive sources: those of memory-leak (a flag that decides
 * both the opening and the closing, tested through other variables), and
 * a descriptor handed to the program for its whole life where the path
 * ends (main() returning without closing what it opened: the kernel
 * closes it; reported like any other path).
 */
#include "analyzer/checker.h"
#include "leak_tracker.h"

#include <limits.h>
#include <string.h>

static int acquires(sci_expr *call)
{
	return sci_call_opens(call) != 0;
}

static int release_arg(const char *name)
{
	return name && (strcmp(name, "fclose") == 0 ||
			strcmp(name, "pclose") == 0 ||
			strcmp(name, "closedir") == 0 ||
			strcmp(name, "close") == 0) ? 0 :
	       sci_profile_close_arg(name);
}

static int named(const char *name, const char *a, const char *b)
{
	return name && (strcmp(name, a) == 0 || (b && strcmp(name, b) == 0));
}

/*
 * A descriptor closes with close() only, a stream never with it; a
 * library's popen() stream with pclose() only, its directory streams
 * with closedir() only, its other streams with fclose().  A project
 * function's stream may be any of them.
 */
static int mismatched(sci_expr *site, const char *release)
{
	const char *opener = sci_call_name(site);
	int fd = sci_call_opens(site) == SCI_OPENS_FD;

	/* a project function that closes its parameter: what, it knows */
	if (!named(release, "fclose", "pclose") &&
	    !named(release, "closedir", "close"))
		return 0;
	if (strcmp(release, "close") == 0)
		return !fd;
	if (fd)
		return 1;
	if (!sci_call_is_library(site))
		return 0;
	if (strcmp(release, "closedir") == 0)
		return !named(opener, "opendir", "fdopendir");
	if (strcmp(release, "pclose") == 0)
		return !named(opener, "popen", NULL);
	return named(opener, "popen", "opendir") || named(opener, "fdopendir", NULL);
}

static unsigned no_out_params(const char *name)
{
	(void)name;
	return 0;
}

static int nocapture(sci_expr *call, int arg)
{
	const char *name = sci_call_name(call);

	if (sci_call_is_library(call))
		return strcmp(name, "fdopen") != 0 && strcmp(name, "fdopendir") != 0;
	return name && sci_expr_is_pointer(sci_call_arg(call, arg)) &&
	       sci_profile_is_nocapture(name);
}

static int holds(sci_expr *e)
{
	return sci_expr_is_pointer(e) || sci_expr_is_integer(e);
}

/*
 * NULL for a stream, negative for a descriptor: nothing was opened.  A
 * descriptor known to be 0, 1 or 2 is a standard stream the program set
 * up on purpose (`fd = open("/dev/null", O_RDWR); while (fd < 2) fd =
 * dup(fd); if (fd > 2) close(fd);`): nothing of its own is left open.
 * (No stream pointer is 1 or 2.)
 */
static int failed(long long v)
{
	return v <= 2;
}

static const leak_kind resources = {
	.acquires = acquires,
	.release_arg = release_arg,
	.out_acquires = no_out_params,
	.nocapture = nocapture,
	.holds = holds,
	.failed = failed,
	.null_tests = 1,
	.leak_fmt = "resource leak of '%s': what %s() opened is not closed on this path",
	.overwrite_fmt = "resource leak of '%s': overwritten while it holds what %s() opened",
	.mismatched = mismatched,
};

/* A library opener's failure value: NULL, or a negative descriptor. */
#define MAX_OPENERS 64

static void init(sci_checker_id id)
{
	static leak_failure failing[MAX_OPENERS + 1];
	const char *const *streams = sci_library_openers(SCI_OPENS_STREAM);
	const char *const *fds = sci_library_openers(SCI_OPENS_FD);
	size_t i, n = 0;

	for (i = 0; streams[i] && n < MAX_OPENERS; i++, n++) {
		failing[n].name = streams[i];
		failing[n].min = 0;
		failing[n].max = 0;
	}
	for (i = 0; fds[i] && n < MAX_OPENERS; i++, n++) {
		failing[n].name = fds[i];
		failing[n].min = LLONG_MIN;
		failing[n].max = -1;
	}
	failing[n].name = NULL;
	leak_tracker_init(id, &resources, failing);
}

const struct sci_checker sci_checker_resource_leak = {
	.rule = "resource-leak",
	.summary = "an opened file, directory or descriptor is not closed on some path",
	.description = "A FILE or DIR stream or a file descriptor this function "
		       "opened is neither closed, returned nor stored anywhere "
		       "before the last local variable holding it goes out of "
		       "scope on some path.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-775",
	.tags = "reliability",
	.enabled_by_default = 1,
	.pre_merge = pre_merge,
	.init = init,
};
