/*
 * cleanup.c - kill the workers and remove temporary paths when smatch-ci
 * is interrupted (see cleanup.h).
 *
 * Why in the handler itself rather than by setting a flag for the main
 * loop: the run may be anywhere when the signal comes (a libgit2 checkout,
 * sqlite, poll()), and only the driver's loop could look at a flag.
 * Removing a tree with openat/getdents64/unlinkat is async-signal-safe;
 * nftw() and opendir() allocate and are not.
 */
#include "cli/cleanup.h"
#include "util/alloc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* deeper directories stay: the handler's stack is the run's own */
#define MAX_TREE_DEPTH 64
#define MAX_DIR_PASSES 8

static const int handled[] = { SIGINT, SIGTERM, SIGHUP };
#define NHANDLED (sizeof(handled) / sizeof(handled[0]))

static volatile pid_t workers[SCI_CLEANUP_MAX_WORKERS];
static char *volatile paths[SCI_CLEANUP_MAX_PATHS];

static void handled_set(sigset_t *set)
{
	size_t i;

	sigemptyset(set);
	for (i = 0; i < NHANDLED; i++)
		sigaddset(set, handled[i]);
}

void sci_cleanup_block(sigset_t *old)
{
	sigset_t set;

	handled_set(&set);
	sigprocmask(SIG_BLOCK, &set, old);
}

void sci_cleanup_unblock(const sigset_t *old)
{
	sigprocmask(SIG_SETMASK, old, NULL);
}

static void remove_tree_at(int dirfd, const char *name, int depth);

/* Empties the directory open as @fd; entries vanish while it is read. */
static void empty_dir(int fd, int depth)
{
	char buf[4096] __attribute__((aligned(8)));
	int pass, found;
	long n, off;

	for (pass = 0; pass < MAX_DIR_PASSES; pass++) {
		found = 0;
		if (lseek(fd, 0, SEEK_SET) < 0)
			return;
		while ((n = (long)getdents64(fd, buf, sizeof(buf))) > 0) {
			for (off = 0; off < n;) {
				struct dirent64 *d = (struct dirent64 *)(buf + off);

				off += d->d_reclen;
				if (strcmp(d->d_name, ".") == 0 ||
				    strcmp(d->d_name, "..") == 0)
					continue;
				found = 1;
				remove_tree_at(fd, d->d_name, depth + 1);
			}
		}
		if (!found)
			return;
	}
}

static void remove_tree_at(int dirfd, const char *name, int depth)
{
	int fd;

	if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT)
		return;
	if (depth > MAX_TREE_DEPTH)
		return;
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return;
	empty_dir(fd, depth);
	close(fd);
	unlinkat(dirfd, name, AT_REMOVEDIR);
}

static void on_signal(int sig)
{
	struct sigaction dfl;
	sigset_t set;
	size_t i;

	for (i = 0; i < SCI_CLEANUP_MAX_WORKERS; i++) {
		pid_t pid = workers[i];

		if (pid > 0) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
		}
	}
	/* gone before we are: whoever waits for us finds nothing running */
	for (i = 0; i < SCI_CLEANUP_MAX_WORKERS; i++) {
		pid_t pid = workers[i];

		if (pid > 0)
			while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
				;
	}
	for (i = 0; i < SCI_CLEANUP_MAX_PATHS; i++) {
		const char *p = paths[i];

		if (p)
			remove_tree_at(AT_FDCWD, p, 0);
	}
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	_exit(128 + sig);	/* only if the signal did not end us */
}

void sci_cleanup_install(void)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	handled_set(&sa.sa_mask);
	for (i = 0; i < NHANDLED; i++) {
		struct sigaction old;

		/* a shell runs background jobs with SIGINT ignored: keep that */
		if (sigaction(handled[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_IGN)
			continue;
		sigaction(handled[i], &sa, NULL);
	}
}

void sci_cleanup_child(void)
{
	struct sigaction dfl;
	sigset_t set;
	size_t i;

	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	for (i = 0; i < NHANDLED; i++) {
		struct sigaction old;

		if (sigaction(handled[i], NULL, &old) == 0 &&
		    old.sa_handler == on_signal)
			sigaction(handled[i], &dfl, NULL);
	}
	/* the tables are the parent's; the copies here must stay unused */
	for (i = 0; i < SCI_CLEANUP_MAX_WORKERS; i++)
		workers[i] = 0;
	for (i = 0; i < SCI_CLEANUP_MAX_PATHS; i++)
		paths[i] = NULL;
	handled_set(&set);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
}

void sci_cleanup_add_worker(pid_t pid)
{
	sigset_t old;
	size_t i;

	sci_cleanup_block(&old);
	for (i = 0; i < SCI_CLEANUP_MAX_WORKERS; i++) {
		if (workers[i] <= 0) {
			workers[i] = pid;
			break;
		}
	}
	sci_cleanup_unblock(&old);
}

void sci_cleanup_remove_worker(pid_t pid)
{
	sigset_t old;
	size_t i;

	sci_cleanup_block(&old);
	for (i = 0; i < SCI_CLEANUP_MAX_WORKERS; i++)
		if (workers[i] == pid)
			workers[i] = 0;
	sci_cleanup_unblock(&old);
}

void sci_cleanup_add_path(const char *path)
{
	char *copy = sci_strdup(path);
	sigset_t old;
	size_t i;

	sci_cleanup_block(&old);
	for (i = 0; i < SCI_CLEANUP_MAX_PATHS; i++) {
		if (!paths[i]) {
			paths[i] = copy;
			copy = NULL;
			break;
		}
	}
	sci_cleanup_unblock(&old);
	free(copy);
}

void sci_cleanup_remove_path(const char *path)
{
	char *gone = NULL;
	sigset_t old;
	size_t i;

	sci_cleanup_block(&old);
	for (i = 0; i < SCI_CLEANUP_MAX_PATHS && !gone; i++) {
		if (paths[i] && strcmp(paths[i], path) == 0) {
			gone = paths[i];
			paths[i] = NULL;
		}
	}
	sci_cleanup_unblock(&old);
	free(gone);
}
