/*
 * cleanup.h - an interrupted run leaves nothing behind.
 *
 * On SIGINT, SIGTERM or SIGHUP smatch-ci kills its workers (each in a
 * process group of its own, so anything a worker started goes too),
 * removes the temporary files and directories the run registered here
 * (the merge base checkout), and then dies of the same signal, so its
 * parent sees 128 + the signal's number as a shell expects.  The cache and
 * the baseline file need nothing: they are only ever replaced atomically
 * or written in a transaction.
 *
 * SIGKILL cannot be caught: the workers then die with their parent by
 * PR_SET_PDEATHSIG (driver.c), but registered paths stay where they are
 * ($TMPDIR/smatch-ci-base-*).
 *
 * The handler reads only fixed tables that are changed with the signals
 * blocked, and calls only async-signal-safe functions.
 */
#ifndef SCI_CLI_CLEANUP_H
#define SCI_CLI_CLEANUP_H

#include <signal.h>
#include <sys/types.h>

/* Workers and paths tracked at a time; more go untracked (see above). */
#define SCI_CLEANUP_MAX_WORKERS 1024
#define SCI_CLEANUP_MAX_PATHS 16

/** Installs the handlers.  Call once, before any worker or temp path. */
void sci_cleanup_install(void);

/**
 * Blocks the handled signals into *@old, for a fork() and the
 * registration of its child that must not be torn apart by the handler.
 */
void sci_cleanup_block(sigset_t *old);
/** Restores the mask saved by sci_cleanup_block(). */
void sci_cleanup_unblock(const sigset_t *old);

/**
 * In a child just forked (with the signals blocked): default
 * dispositions, nothing registered, the signals unblocked.  The parent's
 * handler must never run in a worker, which would remove the parent's
 * files.
 */
void sci_cleanup_child(void);

/** @pid is a worker to kill (with its process group) on a signal. */
void sci_cleanup_add_worker(pid_t pid);
/** @pid was reaped: forget it (its number may be reused). */
void sci_cleanup_remove_worker(pid_t pid);

/**
 * @path (a file, or a directory removed with everything in it) is
 * temporary: removed on a signal.  The path is copied.
 */
void sci_cleanup_add_path(const char *path);
/** @path was removed, or is no longer temporary. */
void sci_cleanup_remove_path(const char *path);

#endif
