/*
 * memlimit.c - RLIMIT_AS for a worker (see memlimit.h).
 */
#include "cli/memlimit.h"
#include "util/error.h"

#include <errno.h>
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

/* Bytes of address space mapped now (/proc/self/statm: pages). */
static int mapped_now(uint64_t *out)
{
	unsigned long long pages = 0;
	FILE *f = fopen("/proc/self/statm", "r");
	int ok;

	if (!f)
		return sci_error_set(SCI_EIO, "cannot read /proc/self/statm: %s",
				     strerror(errno));
	ok = fscanf(f, "%llu", &pages) == 1;
	fclose(f);
	if (!ok)
		return sci_error_set(SCI_EIO, "cannot parse /proc/self/statm");
	*out = (uint64_t)pages * (uint64_t)sysconf(_SC_PAGESIZE);
	return 0;
}

int sci_memlimit_apply(unsigned mb, size_t stack_mib)
{
	struct rlimit rl;
	uint64_t now = 0, limit;
	int error;

	/* ASan's shadow memory alone is far beyond any limit: none there */
	if (!mb || !sci_memlimit_supported())
		return 0;
	mallopt(M_ARENA_MAX, 1);
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
