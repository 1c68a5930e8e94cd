/*
 * memlimit.h - the memory limit of a worker (--tu-memory MB), enforced
 * by the kernel with RLIMIT_AS so that one TU that blows up fails alone
 * instead of pushing the machine into its OOM killer.
 *
 * What the limit counts: the address space a worker maps *beyond* what
 * it had when it was forked (the driver's heap, the libraries, the
 * summary set are shared copy-on-write and are not the TU's doing) and
 * beyond the reserved stack of its analysis thread (cli/worker.h:
 * reserved, not used, and far bigger than any real need).  That is the
 * TU's own memory: sparse's arenas, the engine's states, malloc's heap.
 *
 * Why RLIMIT_AS and not a cgroup or RLIMIT_DATA: cgroups need privileges
 * or systemd, and RLIMIT_DATA counts the thread stack as well; an
 * address space limit works everywhere and makes allocation fail, which
 * sparse and our allocators turn into a death the driver can explain.
 *
 * Sanitizer builds (ASan reserves terabytes of shadow memory) cannot run
 * under an address space limit: there the limit is not applied.
 */
#ifndef SCI_CLI_MEMLIMIT_H
#define SCI_CLI_MEMLIMIT_H

#include <stddef.h>

/* MB (MiB) a worker may map for its TU by default; 0 means no limit. */
#define SCI_CLI_DEFAULT_TU_MEMORY 1024u
#define SCI_CLI_MAX_TU_MEMORY (1024u * 1024)

/** 1 if this build can enforce a limit (not under a sanitizer). */
int sci_memlimit_supported(void);

/**
 * Worker, before the analysis: limits the process to what it has mapped
 * now, plus @stack_mib MiB for the analysis thread's stack and its
 * guard, plus @mb MiB.  Also makes every thread allocate from malloc's
 * main arena: a thread arena reserves 64 MiB of address space at once.
 * @mb 0 or an unsupported build: nothing is limited.
 *
 * Returns 0, or SCI_EIO if the limit cannot be set (the worker then runs
 * without one rather than not at all; the caller decides).
 */
int sci_memlimit_apply(unsigned mb, size_t stack_mib);

/**
 * Driver, before it forks workers that will apply a limit of @mb MiB:
 * makes malloc use its main arena alone from now on (inherited by every
 * worker, which then need not set it each).  @mb 0 or an unsupported
 * build: nothing.
 */
void sci_memlimit_prepare(unsigned mb);

#endif
