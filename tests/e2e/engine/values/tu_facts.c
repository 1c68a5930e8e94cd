/*
 * Engine: what the translation unit says about values.  File-scope
 * objects nothing can change are their initializer, and calls to
 * functions of the same file return what those functions return on every
 * path (callees are analyzed first, whatever the order in the file).
 */
static const int ON = 1;
static int debug_level;		/* never written: always 0 */
static int counter;		/* written by bump() */
static int addr_taken;		/* its address escapes */
int exported = 5;		/* not static: other files may write it */
extern const int LIMIT;		/* defined elsewhere: unknown */
static const char *const NAME = "name";

static int always_true(void)
{
	return 1;
}

static int clamp(int x)
{
	if (x > 10)
		return 10;
	return x < 0 ? 0 : x;
}

static int defined_later(void);

static int depth(int n)
{
	if (n <= 0)
		return 0;
	return depth(n - 1) + 1;
}

void bump(void)
{
	counter++;
}

int *escape(void)
{
	return &addr_taken;
}

void uses(int x)
{
	if (ON)
		__sci_reached();	/* expect-note: sci-debug "reached" */
	else
		__sci_reached();	/* must not be reached: no note expected */
	if (debug_level)
		__sci_reached();	/* must not be reached: no note expected */
	if (counter)
		__sci_reached();	/* expect-note: sci-debug "reached" */
	if (addr_taken)
		__sci_reached();	/* expect-note: sci-debug "reached" */
	if (exported == 7)
		__sci_reached();	/* expect-note: sci-debug "reached" */
	if (LIMIT > 3)
		__sci_reached();	/* expect-note: sci-debug "reached" */
	if (!NAME)
		__sci_reached();	/* must not be reached: no note expected */
	if (!always_true())
		__sci_reached();	/* must not be reached: no note expected */
	if (clamp(x) > 10)
		__sci_reached();	/* must not be reached: no note expected */
	if (defined_later() != 2)
		__sci_reached();	/* must not be reached: no note expected */
	/* recursion: no summary while the function is being analyzed */
	if (depth(x) == 3)
		__sci_reached();	/* expect-note: sci-debug "reached" */
}

static int defined_later(void)
{
	return 2;
}

/* A tentative definition and a later one with the initializer are one object. */
static int tentative;
static int written_late;

void reads_before_the_initializer(void)
{
	if (tentative == 4)
		__sci_reached();	/* expect-note: sci-debug "reached" */
	else
		__sci_reached();	/* must not be reached: no note expected */
	if (written_late)
		__sci_reached();	/* expect-note: sci-debug "reached" */
}

void writes_late(void)
{
	written_late = 1;
}

static int tentative = 4;
static int written_late;

/* a function's own static that nothing writes is its initializer */
void local_static_flag(void)
{
	static int mode = 10;
	static int calls;

	__sci_value(mode);	/* expect-note: sci-debug "value 'mode' = 10" */
	calls++;
	if (mode == 10)
		__sci_reached();	/* expect-note: sci-debug "reached" */
	else
		__sci_reached();	/* no note: never runs */
}
