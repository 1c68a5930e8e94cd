/*
 * limits.c - the engine's documented limits (docs/engine.md, "Limits").
 *
 * What a hostile or machine-generated file costs stays bounded, and going
 * over a bound is said out loud as an analysis failure, never a crash or
 * a spin:
 *
 *   - brackets nested deeper than SCI_LIMIT_BRACKETS in the main file:
 *     the TU is refused before sparse, whose recursive descent parser
 *     would need more stack than the worker has, sees it;
 *   - the walk of one function nested deeper than SCI_LIMIT_NESTING
 *     (expressions, statements, conditions without brackets: `!!!!x`,
 *     else-if chains), or
 *   - one function using more than SCI_LIMIT_FUNCTION_MEMORY of path
 *     states, or more than SCI_LIMIT_FUNCTION_WORK steps (sci__work: the
 *     state comparisons of joins and key lookups, where long merge chains
 *     turn quadratic or worse without allocating): the analysis of that
 *     function stops where it is.  Paths that returned before keep their
 *     findings; the rest of the function is treated as unreachable, so
 *     nothing is guessed.
 *
 * The limits are counts, not measurements of the stack or the clock, so a
 * file gives the same findings on every machine and build.  The rejected
 * alternative, a CPU-time budget per function, would make the findings of
 * a big function depend on the machine's load.
 */
#include "analyzer/engine_int.h"

#include <stdio.h>
#include <string.h>

unsigned long long sci__work;
static int depth;
static int stopped;
static const char *stop_why;
static struct position stop_pos;
static struct position last_pos;	/* of the last level entered */

/* ------------------------------------------------ bracket pre-scan */

typedef enum { CODE, LINE_COMMENT, BLOCK_COMMENT, STRING, CHAR } scan_mode;

typedef struct {
	scan_mode mode;
	int escaped;
	int star;	/* in a block comment, the last byte was '*' */
	int slash;	/* in code, the last byte was '/' */
	long nest;
	unsigned line, col;
} scanner;

/* Returns 1 when this byte takes the nesting past the limit. */
static int scan_byte(scanner *s, int c)
{
	int slash = s->slash;

	s->slash = 0;
	if (c == '\n') {
		s->line++;
		s->col = 0;
	}
	s->col++;
	switch (s->mode) {
	case LINE_COMMENT:
		if (c == '\n')
			s->mode = CODE;
		return 0;
	case BLOCK_COMMENT:
		if (s->star && c == '/')
			s->mode = CODE;
		s->star = c == '*';
		return 0;
	case STRING:
	case CHAR:
		if (s->escaped)
			s->escaped = 0;
		else if (c == '\\')
			s->escaped = 1;
		else if (c == (s->mode == STRING ? '"' : '\'') || c == '\n')
			s->mode = CODE;
		return 0;
	case CODE:
		break;
	}
	switch (c) {
	case '/':
		if (slash)
			s->mode = LINE_COMMENT;
		else
			s->slash = 1;
		return 0;
	case '*':
		if (slash) {
			s->mode = BLOCK_COMMENT;
			s->star = 0;
		}
		return 0;
	case '"':
		s->mode = STRING;
		return 0;
	case '\'':
		s->mode = CHAR;
		return 0;
	case '(':
	case '[':
	case '{':
		return ++s->nest > SCI_LIMIT_BRACKETS;
	case ')':
	case ']':
	case '}':
		if (s->nest > 0)
			s->nest--;
		return 0;
	default:
		return 0;
	}
}

int sci__prescan_file(const char *path, unsigned *line, unsigned *col)
{
	scanner s;
	char buf[65536];
	size_t n, i;
	FILE *f = fopen(path, "rb");

	if (!f)
		return 0;	/* sparse says why */
	memset(&s, 0, sizeof(s));
	s.line = 1;
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		for (i = 0; i < n; i++) {
			if (scan_byte(&s, (unsigned char)buf[i])) {
				fclose(f);
				*line = s.line;
				*col = s.col;
				return -1;
			}
		}
	}
	fclose(f);
	return 0;
}

/* ------------------------------------------------- function limits */

void sci__limits_reset(void)
{
	depth = 0;
	sci__work = 0;
	stopped = 0;
	stop_why = NULL;
	memset(&stop_pos, 0, sizeof(stop_pos));
	memset(&last_pos, 0, sizeof(last_pos));
}

static void stop(struct position pos, const char *why)
{
	if (stopped)
		return;
	stopped = 1;
	stop_why = why;
	stop_pos = pos;
	sci__cur = NULL;
}

void sci__limits_stop(struct position pos, const char *why)
{
	stop(pos, why);
}

static void check_budget(struct position pos)
{
	if (stopped)
		return;
	if (sci__arena_used() > SCI_LIMIT_FUNCTION_MEMORY)
		stop(pos, "the function needs more than "
			  SCI_STRINGIFY(SCI_LIMIT_FUNCTION_MEMORY_MIB)
			  " MiB of path states");
	else if (sci__work > SCI_LIMIT_FUNCTION_WORK)
		stop(pos, "the function needs more than "
			  SCI_STRINGIFY(SCI_LIMIT_FUNCTION_GSTEPS)
			  " billion steps");
}

/*
 * Also called by every merge: the joins at the end of a long else-if
 * chain all happen after the walk has left its last statement.
 */
int sci__limits_stopped(void)
{
	check_budget(last_pos);
	return stopped;
}

int sci__nest_enter(struct position pos)
{
	last_pos = pos;
	check_budget(pos);
	if (!stopped && depth >= SCI_LIMIT_NESTING)
		stop(pos, "code nested more than "
			  SCI_STRINGIFY(SCI_LIMIT_NESTING) " levels deep");
	if (stopped) {
		sci__cur = NULL;
		return 0;
	}
	depth++;
	return 1;
}

void sci__nest_leave(void)
{
	if (depth > 0)
		depth--;
}

void sci__limits_report(struct symbol *fn)
{
	struct position pos = stop_pos;

	if (!stopped)
		return;
	if (!pos.line)
		pos = fn->pos;
	sci__report_raw(SCI_RULE_ANALYSIS_FAILURE, SCI_LEVEL_ERROR, pos, "",
			sci_arena_printf("analysis of function '%s' stopped at line %u: %s (see Limits in docs/engine.md)",
					 sci_sym_name(fn), pos.line, stop_why));
}
