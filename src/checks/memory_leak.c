// SPDX-License-Identifier: MIT
/*
 * memory-leak: memory from an allocator is neither freed, returned, nor
 * stored anywhere reachable before the last local variable holding it goes
 * out of scope or is overwritten, on some path.
 *
 *	char *buf = malloc(n);
 *	if (!buf)
 *		return -1;		// fine: nothing was allocated
 *	if (read(fd, buf, n) < 0)
 *		return -1;		// leak: buf is lost here
 *
 * Tracked: what an allocator (malloc, calloc, realloc, strdup... and the
 * profile's allocators; realpath() and getcwd() only when their buffer
 * argument is NULL: sci_profile_is_alloc_call) returns into a local
 * pointer variable or a member of a local struct variable (`s.buf`, not
 * through a pointer).  Copies
 * into such holders (`q = p`, `s.buf = p`) hold the same block: freeing or
 * losing it through one counts for all, and it leaks only when its last
 * holder dies or is overwritten (one finding per block).  The memory
 * "escapes" - and is no longer ours to report - when a pointer to or into
 * it is stored anywhere else (a global, `it->name = p`, `*out = p`),
 * returned (also as the value of a statement expression), passed to a
 * function not known to leave it alone (sci_profile_is_nocapture: an
 * unknown function may keep it), or when a holder's address is taken
 * (`&p`, `&s`, also by a cleanup attribute's fn(&p)).  `p = malloc();
 * if (!p)` is known through a return-implies hook: on the NULL side
 * nothing leaked, nor where the value model knows the pointer is NULL.
 *
 * False positives: correlations the value model cannot follow (a flag
 * decides both the allocation and the free, tested through bit masks or
 * other variables).  To stay quiet there, a path-merged state is reported
 * only when every merged path is either still allocated, freed, or NULL -
 * never when one of them lost track of the pointer (escaped, undefined);
 * a copy of a pointer whose state differs between the paths reaching it
 * is an escape; and a block a loop allocates is not reported where it
 * meets a path that did not hold it (loop_joined()); a loop's next
 * allocation over the previous pass's block is reported only where no
 * way round freed it (overwritten()).  Freeing through a
 * pointer moved into the block (`q = p; q++; free(q - 1)`) is not seen.
 *
 * Siblings: realloc-leak reports `p = realloc(p, n)`, which loses the
 * block when realloc fails; double-free and use-after-free track freed
 * memory; this checker only cares about memory that is never released.
 */
#include "analyzer/checker.h"
#include "leak_tracker.h"

static int acquires(sci_expr *call)
{
	return sci_profile_is_alloc_call(call);
}

static int nocapture(sci_expr *call, int arg)
{
	const char *name = sci_call_name(call);

	(void)arg;
	return name && sci_profile_is_nocapture(name);
}

static int is_null(long long v)
{
	return v == 0;
}

static const leak_kind memory = {
	.acquires = acquires,
	.release_arg = sci_profile_free_arg,
	.out_acquires = sci_profile_out_allocs,
	.nocapture = nocapture,
	.holds = sci_expr_is_pointer,
	.failed = is_null,
	.null_tests = 1,
	.leak_fmt = "memory leak of '%s': allocated memory is not freed on this path%.0s",
	.overwrite_fmt = "memory leak of '%s': overwritten while it holds allocated memory%.0s",
};

/* every allocator: its NULL result means nothing was allocated */
#define MAX_ALLOCATORS 1024

static void init(sci_checker_id id)
{
	static leak_failure failing[MAX_ALLOCATORS + 1];
	const char *const *allocs = sci_profile_allocators();
	size_t i;

	for (i = 0; allocs[i] && i < MAX_ALLOCATORS; i++) {
		failing[i].name = allocs[i];
		failing[i].min = 0;
		failing[i].max = 0;
	}
	failing[i].name = NULL;
	leak_tracker_init(id, &memory, failing);
}

const struct sci_checker sci_checker_memory_leak = {
	.rule = "memory-leak",
	.summary = "allocated memory is not freed on some path",
	.description = "Memory returned by an allocator and held only in local "
		       "variables is neither freed, returned nor stored anywhere "
		       "before the last of them goes out of scope on some path, "
		       "so it can never be freed.",
	.severity = SCI_SEV_WARNING,
	.cwe = "CWE-401",
	.tags = "memory reliability",
	.enabled_by_default = 1,
	.pre_merge = pre_merge,
	.init = init,
};
