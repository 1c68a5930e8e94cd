/*
 * memlimit.c - RLIMIT_AS for a worker (see memlimit.h).
 */
#include "cli/memlimit.h"
#include "util/error.h"

#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

/*
 * Beyond the analysis stack itself: its guard area (16 MiB, worker.c),
 * the signal stack, and the few pages a new thread maps.
 */
#define STACK_SLACK_MIB 32

int sci_memlimit_supported(void)
{
#ifdef UNDER_ASAN
	return 0;
#else
	return 1;
#endif
}

/*
 * Bytes of address space mapped now (/proc/self/statm: pages).  Read with
 * plain read(): a stdio stream's buffer is one more allocation and page
 * in every worker of a run (fopen and fscanf were 0.7% of a redis run).
 */
static int mapped_now(uint64_t *out)
{
	unsigned long long pages = 0;
	char buf[128];
	ssize_t n;
	int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return sci_error_set(SCI_EIO, "cannot read /proc/self/statm: %s",
				     strerror(errno));
	do
		n = read(fd, buf, sizeof(buf) - 1);
	while (n < 0 && errno == EINTR);
	close(fd);
	if (n <= 0)
		return sci_error_set(SCI_EIO, "cannot parse /proc/self/statm");
	buf[n] = '\0';
	if (sscanf(buf, "%llu", &pages) != 1)
		return sci_error_set(SCI_EIO, "cannot parse /proc/self/statm");
	*out = (uint64_t)pages * (uint64_t)sysconf(_SC_PAGESIZE);
	return 0;
}

/* set in the driver before its forks: the workers inherit it */
static int one_arena;

void sci_memlimit_prepare(unsigned mb)
{
	if (!mb || !sci_memlimit_supported() || one_arena)
		return;
	/* mallopt() consolidates the heap: once here, not in each worker */
	mallopt(M_ARENA_MAX, 1);
	one_arena = 1;
}

int sci_memlimit_apply(unsigned mb, size_t stack_mib)
{
	struct rlimit rl;
	uint64_t now = 0, limit;
	int error;

	/* ASan's shadow memory alone is far beyond any limit: none there */
	if (!mb || !sci_memlimit_supported())
		return 0;
	sci_memlimit_prepare(mb);
	if ((error = mapped_now(&now)) < 0)
		return error;
	limit = now + (((uint64_t)stack_mib + STACK_SLACK_MIB + mb) << 20);
	if (getrlimit(RLIMIT_AS, &rl) < 0)
		return sci_error_set(SCI_EIO, "getrlimit: %s", strerror(errno));
	/* never raise a limit someone else set lower */
	if (rl.rlim_cur != RLIM_INFINITY && limit > rl.rlim_cur)
		return 0;
	rl.rlim_cur = (rlim_t)limit;
	if (setrlimit(RLIMIT_AS, &rl) < 0)
		return sci_error_set(SCI_EIO, "setrlimit: %s", strerror(errno));
	return 0;
}
