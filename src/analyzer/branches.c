/*
 * branches.c - the branches the walk took to reach the statement it is
 * on: an `if` taken one way when both ways were open, a loop body entered
 * when the loop could also have been skipped, a switch case jumped to.
 * sci_report() copies them into the finding as its path steps, so a
 * reader sees which way the code went (SARIF codeFlows, --explain).
 *
 * The stack follows the walk's nesting, so it is exact for structured
 * code; a state that reaches a label through a goto, or a join after an
 * if, carries no step of where it came from - the checkers' related
 * locations (checked here, freed here) say that.
 */
#include "analyzer/engine_int.h"

/* deeper nesting still counts, so pops stay balanced, but is not kept */
#define MAX_BRANCHES 32

typedef struct {
	struct position pos;
	const char *message;
} branch;

static branch stack[MAX_BRANCHES];
static unsigned depth;

void sci__branch_reset(void)
{
	depth = 0;
}

unsigned sci__branch_depth(void)
{
	return depth;
}

void sci__branch_push(struct position pos, const char *message)
{
	if (depth < MAX_BRANCHES) {
		stack[depth].pos = pos;
		stack[depth].message = message;
	}
	depth++;
}

void sci__branch_truncate(unsigned to)
{
	if (to < depth)
		depth = to;
}

void sci__branch_copy(sci_diag *d)
{
	unsigned i, n = depth < MAX_BRANCHES ? depth : MAX_BRANCHES;

	for (i = 0; i < n; i++)
		sci_diag_add_step(d, sci__pos_path(stack[i].pos),
				  stack[i].pos.line, stack[i].pos.pos,
				  stack[i].message);
}
