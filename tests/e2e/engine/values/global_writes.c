/*
 * A call of a function of this file whose stores the walk saw keeps the
 * globals it does not write, and gives those it writes what they hold
 * when it returns; one that stores through a pointer forgets them all.
 */
#include <stddef.h>

static char *g_buf;
static int g_div = 1;
int g_count;
int g_flag;
static char g_area[4];

static void reset(void)
{
	g_buf = NULL;
}

static void pick(int c)
{
	if (c)
		g_count = 3;
	else
		g_count = 4;
}

static void through(int *p)
{
	*p = 0;
}

static void resets_too(void)
{
	reset();
}

int caller(int k)
{
	g_div = 1;
	g_flag = 2;
	reset();
	__sci_value(g_buf);	/* expect-note: sci-debug "value 'g_buf' = 0" */
	__sci_value(g_div);	/* expect-note: sci-debug "value 'g_div' = 1" */
	pick(k);
	__sci_value(g_count);	/* expect-note: sci-debug "value 'g_count' = 3-4" */
	__sci_value(g_flag);	/* expect-note: sci-debug "value 'g_flag' = 2" */
	g_buf = g_area;
	resets_too();
	__sci_value(g_buf);	/* expect-note: sci-debug "value 'g_buf' = 0" */
	through(&k);
	__sci_value(g_div);	/* expect-note: sci-debug "value 'g_div' = min-max" */
	return k;
}
