/* expect-none */
/* identical-branches: different code, config macros, empty branches stay silent. */
#define CFG_A 1
#define CFG_B 1
#define PICK(c, x) ((c) ? (x) : (x))
#define LEFT_SHIFT(x) ((x) << 1)
#define RIGHT_SHIFT(x) ((x) << 1)

int config(int c)
{
	int x;

	if (c)
		x = CFG_A;
	else
		x = CFG_B;
	return x;
}

int config_ternary(int c)
{
	return c ? CFG_A : CFG_B;
}

int config_calls(int c, int v)
{
	if (c)
		return LEFT_SHIFT(v);
	else
		return RIGHT_SHIFT(v);
}

int different(int x, int dir, int step)
{
	if (dir)
		x -= step;
	else
		x += step;
	return x;
}

int empty(int c)
{
	if (c) {
	} else {
	}
	return 0;
}

int in_macro(int c, int v)
{
	return PICK(c, v);
}

int declarations(int c, int v)
{
	if (c) {
		int t = v;
		return t;
	} else {
		int t = v;
		return t;
	}
}

int no_else(int c, int v)
{
	if (c)
		v++;
	return v;
}

int else_if(int c, int d, int v)
{
	if (c)
		v++;
	else if (d)
		v++;
	return v;
}

int different_variables(int c, int a, int b)
{
	return c ? a : b;
}

int casts(int c, long v)
{
	return c ? (int)v : (short)v;
}

/* a debug macro compiled out: both branches are empty after expansion */
#define debug_printf(...) do {} while (0)

void trace(const char *name)
{
	if (name) {
		debug_printf("member '%s'\n", name);
	} else {
		debug_printf("no name\n");
	}
}
