/*
 * opened.c - which calls open a stream or a file descriptor that the
 * caller must close (resource-leak stands on it).
 *
 * The C library's openers, and the project's functions whose summary says
 * that every path returns what such a call opened or the failure value
 * (NULL, a negative descriptor): `FILE *open_log(void) { return
 * fopen(LOG, "a"); }`.  A stream is a pointer, a descriptor an integer:
 * the call's type tells them apart.
 */
#include "analyzer/engine_int.h"

#include <string.h>

static const char *const streams[] = {
	"fopen", "fopen64", "fdopen", "popen", "tmpfile", "fmemopen",
	"open_memstream", "opendir", "fdopendir", NULL
};

static const char *const descriptors[] = {
	"open", "open64", "openat", "creat", "socket", "accept", "accept4",
	"dup", "epoll_create", "epoll_create1", "eventfd", "timerfd_create",
	"inotify_init", "inotify_init1", "memfd_create", "mkstemp", "mkostemp",
	NULL
};

static int in(const char *const *list, const char *name)
{
	size_t i;

	for (i = 0; name && list[i]; i++)
		if (strcmp(list[i], name) == 0)
			return 1;
	return 0;
}

const char *const *sci_library_openers(int kind)
{
	return kind == SCI_OPENS_FD ? descriptors : streams;
}

int sci_call_opens(sci_expr *call)
{
	const char *name = sci__call_name(call);

	if (!name)
		return 0;
	if (sci_call_is_library(call)) {
		if (in(streams, name))
			return SCI_OPENS_STREAM;
		return in(descriptors, name) ? SCI_OPENS_FD : 0;
	}
	if (!sci__fn_facts_opens(name) &&
	    !(sci__ret_paths_call_flags(call) & SCI_RP_OPENED))
		return 0;
	return sci_expr_is_pointer(call) ? SCI_OPENS_STREAM :
	       sci_expr_is_integer(call) ? SCI_OPENS_FD : 0;
}
