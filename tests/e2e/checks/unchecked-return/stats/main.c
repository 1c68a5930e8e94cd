/* run: --profile profile.json */
/* unchecked-return's statistics over a project: see lib.c. */
#include <stddef.h>

int parse(const char *s);
int lookup(const char *s);
int next(const char *s, size_t *len);
void *too_big(const char *s);

int b1(const char *s)
{
	if (parse(s) < 0)
		return 1;
	return parse(s) + parse(s) + parse(s) + parse(s) + parse(s);
}

int b2(const char *s)
{
	return parse(s) ? 2 : 0;
}

int b3(const char *s)
{
	if (!parse(s))
		return 3;
	return 0;
}

int b4(const char *s)
{
	return parse(s);
}

int b5(const char *s)
{
	int r;

	r = parse(s);
	return r;
}

int b6(const char *s)
{
	if (parse(s) != 0)
		return 6;
	return lookup(s) + lookup(s) + lookup(s) + lookup(s) + lookup(s) +
	       lookup(s) + lookup(s) + lookup(s) + lookup(s) + lookup(s);
}

void deviant(const char *s)
{
	parse(s);	/* expect-warning: unchecked-return "the result of parse() is ignored here, but it is used at 19 of 20 call sites" */
}

size_t out_param(const char *s)
{
	size_t len;

	next(s, &len);
	return len;
}

void *raise_error(const char *s)
{
	if (!s)
		too_big(s);
	return (void *)s;
}
