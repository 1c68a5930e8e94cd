/*
 * Integer globals shared between files (Juliet's "09", "10", "13", "14"
 * variants): one that no file of the project changes holds the value of
 * its definition in every file; one that some file writes with another
 * value, increments, or whose address is taken, is unknown.
 */
/* expect-none */
const int feature_on = 1;
const int feature_off = 0;
int use_cache;			/* 0, and no file writes it */
int five = 5;
int mode = 1;			/* written again with the same value */
int debug_level;		/* set from the command line */
int retries = 3;		/* stepped */
int tuning = 1;			/* its address is kept */
int twice = 1;			/* written with another constant */
int *knob = &tuning;

void reset_mode(void)
{
	mode = 1;
}

void set_debug(const char *arg)
{
	debug_level = arg[0] - '0';
}

void retry(void)
{
	retries--;
}

void set_twice(void)
{
	twice = 2;
}

int block_scope = 1;		/* written through a block-scope declaration */

void set_block_scope(void)
{
	extern int block_scope;

	block_scope = 2;
}
