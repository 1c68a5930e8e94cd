// SPDX-License-Identifier: MIT
/*
 * use-after-close: a stream or a file descriptor is used after it was
 * closed - a closed FILE or DIR passed to any function of the C library, a
 * closed descriptor passed to one that works on descriptors (read, write,
 * lseek, fstat, send, ioctl...).
 *
 *	fclose(log);
 *	...
 *	fprintf(log, "done\n");	// log was closed above
 *
 * A closed FILE is freed memory; a closed descriptor number is reused by
 * the next open(), so the write goes to another file.
 *
 * Closed by fclose(), pclose(), closedir() and close(), on every path
 * reaching the use (sci_value_closed()); copies count, any new value ends
 * it.  Closing again is double-close's.  A closed descriptor passed to a
 * function outside the list (printf("%d", fd)) uses only its number.
 *
 * Known false-positive sources: those of double-close.
 */
#include "analyzer/checker.h"

#include <string.h>

static sci_checker_id me;

/* Functions whose first argument is a file descriptor. */
static const char *const fd_users[] = {
	"read", "write", "pread", "pwrite", "pread64", "pwrite64", "readv",
	"writev", "lseek", "lseek64", "fstat", "fstat64", "fstatfs", "fsync",
	"fdatasync", "ftruncate", "ioctl", "fcntl", "send", "sendto",
	"sendmsg", "recv", "recvfrom", "recvmsg", "dup", "dup2", "dup3",
	"fdopen", "fdopendir", "fchmod", "fchown", "fchdir", "flock",
	"accept", "accept4", "bind", "connect", "listen", "getsockopt",
	"setsockopt", "shutdown", "getsockname", "getpeername",
	"posix_fadvise", "sendfile", "splice", "tee", "isatty", "ttyname",
	"tcgetattr", "tcsetattr", "futimens", "fchmodat", "openat",
	"fstatat", "unlinkat", "mkdirat", "readlinkat", NULL
};

static int uses_fd(const char *name)
{
	size_t i;

	for (i = 0; name && fd_users[i]; i++)
		if (strcmp(fd_users[i], name) == 0)
			return 1;
	return 0;
}

static void on_call(sci_expr *call, void *payload)
{
	const char *name = sci_call_name(call);
	sci_expr *arg;
	sci_finding *f;
	sci_pos closed;
	long long v;
	int i, stream;

	(void)payload;
	if (!sci_call_is_library(call) || sci_call_closes(call))
		return;
	for (i = 0; (arg = sci_call_arg(call, i)) != NULL; i++) {
		stream = sci_expr_is_pointer(arg);
		if (!stream && (i != 0 || !uses_fd(name)))
			continue;
		if (!sci_value_closed(arg, &closed) ||
		    (sci_value_known(arg, &v) && (v < 0 || (stream && v == 0))))
			continue;
		f = sci_report(me, sci_expr_pos(arg), sci_expr_text(arg),
			       "'%s' is used after it was closed: %s() gets a "
			       "closed %s", sci_expr_text(arg), name,
			       stream ? "stream" : "descriptor");
		sci_finding_related(f, closed, "closed here");
	}
}

static void init(sci_checker_id id)
{
	me = id;
	sci_on_call(me, NULL, on_call, NULL);
}

const struct sci_checker sci_checker_use_after_close = {
	.rule = "use-after-close",
	.summary = "a closed stream or file descriptor is used",
	.description = "A FILE or DIR stream that every path has closed is "
		       "passed to a function of the C library, or a closed "
		       "file descriptor to one that reads, writes or "
		       "configures it: the stream's memory is freed, the "
		       "descriptor's number may belong to another file by "
		       "then.",
	.severity = SCI_SEV_ERROR,
	.cwe = "CWE-672",
	.tags = "reliability security",
	.enabled_by_default = 1,
	.init = init,
};
