/*
 * round_order.h - the order in which a settling round (project.h) runs
 * the TUs it analyzes again: callees first.
 *
 * Why: a round analyzes again the TUs whose callees' summaries changed.
 * Run in list order, a TU may start before a TU it calls, see that
 * callee's old summary, and need one more round.  Run callee TUs first
 * (and made to wait for them with -j), a change travels up a chain of
 * files in one round.  TUs that call each other (a cycle of files) still
 * need more; on git one cycle holds most of the files, so the gain is
 * small there (580 analyses instead of 594 for 225 TUs), on redis 227
 * instead of 235.  Eades' greedy order inside a cycle was tried and made
 * more analyses on both (586, 248): a TU placed early by it filed
 * summaries that its callers placed later had already seen change.
 *
 * The graph: TU a calls TU b when a function of a calls an extern
 * function that b defines, by the summaries the TUs filed, or, for a TU
 * that holds none yet (the first round of a run without stored
 * summaries), by a scan of its file's text (call_scan.h).  Before the
 * scan the first round ran in list order: redis took 234 analyses, with
 * it 210 (git, one big cycle: 584 and 575).  Its strongly
 * connected components (Tarjan) come out callees first; inside one, list
 * order.  Only the TUs of the round count: the others' summaries do not
 * change in it.
 */
#ifndef SCI_CLI_ROUND_ORDER_H
#define SCI_CLI_ROUND_ORDER_H

#include "cli/driver.h"

#include <stddef.h>

typedef struct sci_round_order sci_round_order;

/*
 * The order of the TUs of @tus that @pick marks (one byte per TU),
 * computed from the summaries they hold now.  Never NULL.
 */
sci_round_order *sci_round_order_new(const sci_tu_list *tus,
				     const unsigned char *pick);
void sci_round_order_free(sci_round_order *o);

/* How many TUs, and the index in @tus of the @k-th to run. */
size_t sci_round_order_count(const sci_round_order *o);
size_t sci_round_order_at(const sci_round_order *o, size_t k);

/*
 * May TU @tu (an index in @tus) start, with @done (one byte per TU of
 * @tus) marking the TUs of the round that are done?  Yes when every TU of
 * the round it calls outside its own cycle is done.
 */
int sci_round_order_ready(const sci_round_order *o, size_t tu,
			  const unsigned char *done);

/*
 * Does TU @tu call, inside its own cycle, a TU of the round that is not
 * done and that @never marks (one byte per TU of @tus: no summary of it
 * is known yet)?  Then what @tu's analysis finds now is thrown away: that
 * TU's summaries will differ from none, and @tu is analyzed again.
 */
int sci_round_order_cycle_waits(const sci_round_order *o, size_t tu,
				const unsigned char *done,
				const unsigned char *never);

#endif
