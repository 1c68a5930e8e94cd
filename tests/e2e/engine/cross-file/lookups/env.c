/*
 * Wrappers of functions that may return NULL pass that on: their callers
 * in other files must check too.  A wrapper that checks, or that only
 * returns NULL by its own choice, does not.
 */
/* expect-none */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *home_dir(void)
{
	return getenv("HOME");
}

FILE *open_config(const char *path)
{
	FILE *f = fopen(path, "r");

	return f;
}

const char *home_or_root(void)
{
	const char *h = getenv("HOME");

	if (!h)
		return "/";
	return h;
}

/* memchr()'s NULL replaced on its path: never NULL */
const char *end_of_token(const char *s, int c, size_t n)
{
	const char *next = memchr(s, c, n);

	if (!next)
		next = s + n;
	return next;
}

/* cached, with a default when the variable is unset */
const char *user_agent(void)
{
	static const char *agent;

	if (!agent) {
		agent = getenv("USER_AGENT");
		if (!agent)
			agent = "app/1.0";
	}
	return agent;
}

/* NULL only for a name it does not know: the caller's business */
const char *color_name(int c)
{
	if (c == 0)
		return "red";
	if (c == 1)
		return "green";
	return NULL;
}
