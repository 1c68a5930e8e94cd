/*
 * unchecked-return's statistics: parse() is defined here and its result
 * used at nineteen call sites over the three files, discarded at one
 * (main.c).  The other callees stay silent for the reasons given.
 */
/* expect-none */
#include <stddef.h>

void fail(const char *why) __attribute__((noreturn));

int parse(const char *s)
{
	return s && *s ? 0 : -1;
}

/* discarded too often to count as must-check (2 of 21) */
int lookup(const char *s)
{
	return s ? 1 : 0;
}

/* used everywhere but here, where it is called for what it writes */
int next(const char *s, size_t *len)
{
	*len = s ? 1 : 0;
	return s != NULL;
}

/* raises an error; returns a value only to fit an expression */
void *too_big(const char *s)
{
	fail(s);
}

int a1(const char *s)
{
	if (parse(s))
		return 1;
	return 0;
}

int a2(const char *s)
{
	int r = parse(s);

	return r;
}

int a3(const char *s)
{
	return parse(s) < 0;
}

void l1(const char *s)
{
	lookup(s);
	(void)lookup(s);
}
