/* expect-none */
/*
 * What a pointer global holds when a function of another file that
 * reads it is called (fn_facts.c, ";gNAME=...#" and ";ogNAME=" in
 * call_args): memory this caller freed, or a buffer of known size.  The
 * findings are in b_sinks.c, which walks its functions with those values.
 */
#include <stdlib.h>
#include <string.h>

char *g_data;
char *g_name;
char *g_spare;

void release_data(void);
void show_data(void);
void set_name(void);
void reset_spare(void);

void freed_then_released(void)
{
	char *data = malloc(100);

	if (!data)
		exit(1);
	free(data);
	g_data = data;
	release_data();
}

void freed_then_shown(void)
{
	char *data = malloc(100);

	if (!data)
		exit(1);
	free(data);
	g_data = data;
	show_data();
}

void small_name(void)
{
	static char small[16];

	g_name = small;
	set_name();
}

/* silent: a live block, and a freed one the callee replaces first */
void live_then_released(void)
{
	char *data = malloc(100);

	if (!data)
		exit(1);
	g_data = data;
	release_data();
}

void freed_then_reset(void)
{
	char *data = malloc(8);

	if (!data)
		exit(1);
	free(data);
	g_spare = data;
	reset_spare();
}
