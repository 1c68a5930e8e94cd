/*
 * worker.c - the status page and the big-stack analysis thread of a
 * worker (see worker.h).
 */
#include "cli/worker.h"
#include "util/alloc.h"

#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>

/*
 * A fault this far below the stack's lowest address, or this close above
 * it, is the stack running out: one big frame can jump the guard page.
 */
#define OVERFLOW_BELOW (GUARD_SIZE + 1024 * 1024)
#define OVERFLOW_ABOVE (64 * 1024)
#define ALT_STACK_SIZE (64 * 1024)
/*
 * Below the analysis thread's stack: a frame bigger than one guard page
 * could step over it into other memory instead of faulting.
 */
#define GUARD_SIZE (16 * 1024 * 1024)

struct sci_worker_status {
	/*
	 * Odd while the name is being rewritten: a worker killed in the
	 * middle of an update leaves a torn name, which the driver ignores.
	 */
	unsigned seq;
	int overflowed;
	int out_of_memory;
	char name[SCI_WORKER_NAME_MAX];
};

sci_worker_status *sci_worker_status_new(unsigned n)
{
	void *p;

	if (!n)
		return NULL;
	p = mmap(NULL, n * sizeof(sci_worker_status), PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	return p == MAP_FAILED ? NULL : p;
}

void sci_worker_status_free(sci_worker_status *s, unsigned n)
{
	if (s)
		munmap(s, n * sizeof(*s));
}

sci_worker_status *sci_worker_status_at(sci_worker_status *s, unsigned i)
{
	return s ? &s[i] : NULL;
}

void sci_worker_status_reset(sci_worker_status *s)
{
	if (!s)
		return;
	__atomic_store_n(&s->seq, 0, __ATOMIC_SEQ_CST);
	__atomic_store_n(&s->overflowed, 0, __ATOMIC_SEQ_CST);
	__atomic_store_n(&s->out_of_memory, 0, __ATOMIC_SEQ_CST);
	s->name[0] = '\0';
}

void sci_worker_status_publish(sci_worker_status *s, const char *name)
{
	size_t n;

	if (!s)
		return;
	n = name ? strnlen(name, SCI_WORKER_NAME_MAX - 1) : 0;
	__atomic_add_fetch(&s->seq, 1, __ATOMIC_SEQ_CST);
	if (n)
		memcpy(s->name, name, n);
	s->name[n] = '\0';
	__atomic_add_fetch(&s->seq, 1, __ATOMIC_SEQ_CST);
}

int sci_worker_status_function(const sci_worker_status *s, char *out,
			       size_t n)
{
	unsigned seq;
	size_t k;

	out[0] = '\0';
	if (!s)
		return 0;
	seq = __atomic_load_n(&s->seq, __ATOMIC_SEQ_CST);
	if (seq & 1)
		return 0;
	k = strnlen(s->name, SCI_WORKER_NAME_MAX - 1);
	if (k >= n)
		k = n - 1;
	memcpy(out, s->name, k);
	out[k] = '\0';
	if (__atomic_load_n(&s->seq, __ATOMIC_SEQ_CST) != seq) {
		out[0] = '\0';
		return 0;
	}
	return out[0] != '\0';
}

/* The worker's own page, for the allocation hook, which takes no payload. */
static sci_worker_status *memory_page;

static void on_oom(void)
{
	if (memory_page)
		__atomic_store_n(&memory_page->out_of_memory, 1,
				 __ATOMIC_SEQ_CST);
}

void sci_worker_status_watch_memory(sci_worker_status *s)
{
	memory_page = s;
	sci_alloc_set_oom_hook(s ? on_oom : NULL);
}

int sci_worker_status_out_of_memory(const sci_worker_status *s)
{
	return s && __atomic_load_n(&s->out_of_memory, __ATOMIC_SEQ_CST);
}

int sci_worker_status_overflowed(const sci_worker_status *s)
{
	return s && __atomic_load_n(&s->overflowed, __ATOMIC_SEQ_CST);
}

/* ---- the analysis thread ---- */

typedef struct {
	int (*fn)(void *arg);
	void *arg;
	int result;
} call;

static sci_worker_status *status_page;
static char *stack_lo;

/* Records an overflow, then lets SIGSEGV kill the worker as usual. */
static void on_segv(int sig, siginfo_t *si, void *context)
{
	char *addr = si->si_addr;
	struct sigaction dfl;

	(void)context;
	if (status_page && stack_lo && addr >= stack_lo - OVERFLOW_BELOW &&
	    addr < stack_lo + OVERFLOW_ABOVE)
		__atomic_store_n(&status_page->overflowed, 1, __ATOMIC_SEQ_CST);
	memset(&dfl, 0, sizeof(dfl));
	dfl.sa_handler = SIG_DFL;
	sigemptyset(&dfl.sa_mask);
	sigaction(sig, &dfl, NULL);
	/* a fault repeats on return; a raise()d SIGSEGV needs raising again */
	raise(sig);
}

/* The handler runs on a stack of its own: the thread's own is full. */
static void watch_stack(void)
{
	pthread_attr_t attr;
	struct sigaction sa;
	void *addr;
	size_t size;
	stack_t ss;

	if (pthread_getattr_np(pthread_self(), &attr) != 0)
		return;
	if (pthread_attr_getstack(&attr, &addr, &size) == 0)
		stack_lo = addr;
	pthread_attr_destroy(&attr);
	/*
	 * A sanitizer runtime gives each thread an alternate stack of its own
	 * and unmaps whatever is installed when the thread ends: use it, or
	 * map one (never malloc) that it can unmap.
	 */
	if (sigaltstack(NULL, &ss) != 0)
		return;
	if (ss.ss_flags & SS_DISABLE) {
		memset(&ss, 0, sizeof(ss));
		ss.ss_sp = mmap(NULL, ALT_STACK_SIZE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		ss.ss_size = ALT_STACK_SIZE;
		if (ss.ss_sp == MAP_FAILED || sigaltstack(&ss, NULL) != 0)
			return;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
}

static void *thread_main(void *p)
{
	call *c = p;

	watch_stack();
	c->result = c->fn(c->arg);
	return NULL;
}

int sci_worker_call(int (*fn)(void *arg), void *arg,
		    sci_worker_status *status, size_t stack_mib)
{
	size_t mib[] = { SCI_WORKER_STACK_MIB, 256, 64 };
	call c = { fn, arg, 0 };
	pthread_attr_t attr;
	pthread_t t;
	size_t i;

	status_page = status;
	if (stack_mib)
		mib[0] = stack_mib;
	for (i = 0; i < sizeof(mib) / sizeof(mib[0]); i++) {
		int started;

		if (i > 0 && mib[i] >= mib[0])
			continue;	/* only ever smaller than asked */
		if (pthread_attr_init(&attr) != 0)
			break;
		started = pthread_attr_setstacksize(&attr, mib[i] << 20) == 0 &&
			  pthread_attr_setguardsize(&attr, GUARD_SIZE) == 0 &&
			  pthread_create(&t, &attr, thread_main, &c) == 0;
		pthread_attr_destroy(&attr);
		if (started) {
			pthread_join(t, NULL);
			return c.result;
		}
	}
	thread_main(&c);
	return c.result;
}
