/*
 * worker.h - what a worker process does around the analyzer besides
 * talking over its pipes: it tells the driver where it is (a status page
 * in shared memory, readable after the worker was killed), and it runs
 * the analysis on a thread with a big stack.
 *
 * Why a status page and not the pipe: a worker that hangs or crashes says
 * nothing more, and the driver wants to know what it was doing then (the
 * function named in a timeout).  Why a big stack: sparse's parser and the
 * engine's walk are recursive, and deeply nested code (docs/engine.md,
 * "Limits") needs far more than the 8 MiB of a main thread.
 */
#ifndef SCI_CLI_WORKER_H
#define SCI_CLI_WORKER_H

#include <stddef.h>

/* Stack of the analysis thread: reserved address space, not memory. */
#define SCI_WORKER_STACK_MIB 1024
#define SCI_WORKER_NAME_MAX 256

typedef struct sci_worker_status sci_worker_status;

/**
 * Maps @n status pages shared with every process forked afterwards.
 * Returns: owned (sci_worker_status_free), or NULL if mmap() fails (the
 * driver then works without: messages just name no function).
 */
sci_worker_status *sci_worker_status_new(unsigned n);
void sci_worker_status_free(sci_worker_status *s, unsigned n);
/** Returns: page @i of @s (borrowed), NULL if @s is NULL. */
sci_worker_status *sci_worker_status_at(sci_worker_status *s, unsigned i);

/** Driver, before starting a worker on @s: nothing known yet. */
void sci_worker_status_reset(sci_worker_status *s);

/**
 * Worker: the function being analyzed is now @name (NULL: none).  Only
 * the first SCI_WORKER_NAME_MAX - 1 bytes are kept.
 */
void sci_worker_status_publish(sci_worker_status *s, const char *name);

/**
 * Driver, once the worker is dead: copies the function it was in into
 * @out (size @n, at least 1).  Returns 1 if there was one, else 0 (no
 * function, or the worker died in the middle of an update) and "" in @out.
 */
int sci_worker_status_function(const sci_worker_status *s, char *out,
			       size_t n);

/**
 * Worker: from now on an allocation that fails in our allocators
 * (util/alloc.h) is recorded in @s before the worker aborts.
 */
void sci_worker_status_watch_memory(sci_worker_status *s);

/**
 * Driver, once the worker is dead: 1 if one of our allocators ran out of
 * memory in it.
 */
int sci_worker_status_out_of_memory(const sci_worker_status *s);

/** Driver, once the worker is dead: 1 if it died of a stack overflow. */
int sci_worker_status_overflowed(const sci_worker_status *s);

/**
 * Worker: calls @fn(@arg) on a thread whose stack is @stack_mib MiB (0:
 * SCI_WORKER_STACK_MIB; smaller if that much address space cannot be
 * reserved, the calling thread's own as a last resort) and returns its
 * result.  A stack overflow there is recorded in @status (may be NULL)
 * before the worker dies of its SIGSEGV as it would anyway.
 */
int sci_worker_call(int (*fn)(void *arg), void *arg,
		    sci_worker_status *status, size_t stack_mib);

#endif
