/*
 * progress.c - the progress line (see progress.h).  It only formats and
 * writes; what counts as a phase and a finding is the driver's and the
 * project run's to say.
 */
#include "cli/progress.h"
#include "util/alloc.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#define LINE_MAX_BYTES 512
#define DEFAULT_WIDTH 80

typedef struct {
	const char *name;	/* NULL: the slot is idle */
	int64_t start_ms;
} running;

struct sci_progress {
	int tty;
	int shown;		/* a terminal line is on screen */
	int64_t run_start_ms;
	int64_t phase_start_ms;
	int64_t last_draw_ms;
	char label[64];		/* of the next or current phase */
	char side[32];		/* "merge base: " or "" */
	int active;		/* in a phase with TUs to count */
	size_t base_findings;
	size_t total, done, findings;
	running *slots;
	unsigned nslots;
};

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

sci_progress *sci_progress_new(int forced, int quiet)
{
	int tty = isatty(STDERR_FILENO);
	sci_progress *p;

	if (!forced && (quiet || !tty))
		return NULL;
	p = sci_calloc(1, sizeof(*p));
	p->tty = tty;
	p->run_start_ms = p->phase_start_ms = now_ms();
	return p;
}

/* One write(), so that the line never reaches the terminal torn. */
static void put(const char *s, size_t n)
{
	ssize_t w;

	while (n > 0) {
		w = write(STDERR_FILENO, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;	/* nowhere to show progress: not an error */
		s += w;
		n -= (size_t)w;
	}
}

static void erase(sci_progress *p)
{
	if (p->shown)
		put("\r\033[K", 4);
	p->shown = 0;
}

void sci_progress_free(sci_progress *p)
{
	if (!p)
		return;
	erase(p);
	free(p->slots);
	free(p);
}

void sci_progress_label(sci_progress *p, const char *phase,
			size_t base_findings)
{
	if (!p)
		return;
	snprintf(p->label, sizeof(p->label), "%s", phase ? phase : "");
	p->base_findings = base_findings;
}

void sci_progress_side(sci_progress *p, const char *side)
{
	if (p)
		snprintf(p->side, sizeof(p->side), "%s%s", side ? side : "",
			 side && *side ? ": " : "");
}

void sci_progress_begin(sci_progress *p, size_t total)
{
	if (!p)
		return;
	if (!p->label[0])
		snprintf(p->label, sizeof(p->label), "analyzing");
	/* nothing to count: a settling round with nothing to settle */
	p->active = total > 0;
	p->total = total;
	p->done = 0;
	p->findings = p->base_findings;
	p->phase_start_ms = now_ms();
	/* the first line waits a little: short phases show none on a tty */
	p->last_draw_ms = p->phase_start_ms;
}

void sci_progress_tu_start(sci_progress *p, unsigned slot, const char *name)
{
	if (!p)
		return;
	if (slot >= p->nslots) {
		p->slots = sci_realloc(p->slots, (slot + 1) * sizeof(*p->slots));
		memset(p->slots + p->nslots, 0,
		       (slot + 1 - p->nslots) * sizeof(*p->slots));
		p->nslots = slot + 1;
	}
	p->slots[slot].name = name;
	p->slots[slot].start_ms = now_ms();
}

void sci_progress_tu_done(sci_progress *p, int slot, size_t findings)
{
	if (!p)
		return;
	if (slot >= 0 && (unsigned)slot < p->nslots)
		p->slots[slot].name = NULL;
	p->done++;
	p->findings += findings;
}

/* "1:05", or "2:03:04" past an hour. */
static void clock_text(char *out, size_t n, int64_t ms)
{
	long long s = ms / 1000;

	if (s >= 3600)
		snprintf(out, n, "%lld:%02lld:%02lld", s / 3600, s / 60 % 60,
			 s % 60);
	else
		snprintf(out, n, "%lld:%02lld", s / 60, s % 60);
}

static const running *slowest(const sci_progress *p)
{
	const running *best = NULL;
	unsigned i;

	for (i = 0; i < p->nslots; i++)
		if (p->slots[i].name &&
		    (!best || p->slots[i].start_ms < best->start_ms))
			best = &p->slots[i];
	return best;
}

static size_t width(const sci_progress *p)
{
	struct winsize ws;

	if (p->tty && ioctl(STDERR_FILENO, TIOCGWINSZ, &ws) == 0 &&
	    ws.ws_col > 1)
		return ws.ws_col;
	return DEFAULT_WIDTH;
}

static void draw(sci_progress *p, int64_t now)
{
	char line[LINE_MAX_BYTES], elapsed[32], eta[32];
	const running *slow = slowest(p);
	size_t n, cols;

	clock_text(elapsed, sizeof(elapsed), now - p->run_start_ms);
	if (p->done > 0 && p->done < p->total)
		clock_text(eta, sizeof(eta),
			   (now - p->phase_start_ms) / (int64_t)p->done *
			   (int64_t)(p->total - p->done));
	else
		snprintf(eta, sizeof(eta), p->done ? "0:00" : "?");
	n = (size_t)snprintf(line, sizeof(line),
			     "%ssmatch-ci: %s%s: %zu/%zu TUs, %zu finding%s, %s elapsed, ETA %s",
			     p->tty ? "\r\033[K" : "", p->side, p->label, p->done,
			     p->total, p->findings,
			     p->findings == 1 ? "" : "s", elapsed, eta);
	if (slow && n < sizeof(line))
		n += (size_t)snprintf(line + n, sizeof(line) - n,
				      ", slowest: %s %llds", slow->name,
				      (long long)(now - slow->start_ms) / 1000);
	if (n >= sizeof(line))
		n = sizeof(line) - 1;
	if (p->tty) {
		/* a line that wraps cannot be erased with \r: cut it short */
		cols = width(p) - 1 + 4;
		if (n > cols)
			n = cols;
		put(line, n);
		p->shown = 1;
	} else {
		line[n++] = '\n';
		put(line, n);
	}
	p->last_draw_ms = now;
}

int sci_progress_due_ms(const sci_progress *p)
{
	int64_t every, left;

	if (!p || !p->active)
		return -1;
	every = p->tty ? SCI_PROGRESS_TTY_MS : SCI_PROGRESS_PIPE_MS;
	left = p->last_draw_ms + every - now_ms();
	return left < 0 ? 0 : (int)left;
}

void sci_progress_tick(sci_progress *p)
{
	if (p && p->active && sci_progress_due_ms(p) == 0)
		draw(p, now_ms());
}

void sci_progress_end(sci_progress *p)
{
	if (!p)
		return;
	if (p->tty)
		erase(p);
	else if (p->active)
		draw(p, now_ms());
	if (p->slots)
		memset(p->slots, 0, p->nslots * sizeof(*p->slots));
	p->active = 0;
	p->label[0] = '\0';
	p->base_findings = 0;
}
