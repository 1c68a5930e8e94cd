/* identical-branches: the engine's debug intrinsics report the path they
 * are on, so two branches calling them are not the same code. */
void __sci_reached(void);

int intrinsics(int c)
{
	if (c)
		__sci_reached();	/* expect-note: sci-debug "reached" */
	else
		__sci_reached();	/* expect-note: sci-debug "reached" */
	return c;
}
