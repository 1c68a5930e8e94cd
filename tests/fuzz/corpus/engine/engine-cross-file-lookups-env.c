/*
 * Wrappers of functions that may return NULL pass that on: their callers
 * in other files must check too.  A wrapper that checks, or that only
 * returns NULL by its own choice, does not.
 */
/* expect-none */
typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void *realloc(void *, size_t); void free(void *); char *strdup(const char *); size_t strlen(const char *); void *memcpy(void *, const void *, size_t); void exit(int) __attribute__((noreturn)); typedef struct FILE FILE; FILE *fopen(const char *, const char *); int fclose(FILE *); char *getenv(const char *);
#define NULL ((void *)0)

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
