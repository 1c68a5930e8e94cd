/* expect-none */
#include <stdlib.h>

struct conf;
int conf_verbose(const struct conf *c);
int conf_verbose_or_default(const struct conf *c);
int name_len(const char *s);

int checked_first(struct conf *c)
{
	if (!c)
		return -1;
	return conf_verbose(c);
}

/* the callee checks for NULL itself */
int callee_checks(void)
{
	return conf_verbose_or_default(NULL);
}

int checked_alloc(void)
{
	char *s = malloc(4);
	int n;

	if (!s)
		return -1;
	s[0] = 0;
	n = name_len(s);
	free(s);
	return n;
}

struct conf;
void conf_drop(struct conf *c);

void checked_drop(void)
{
	struct conf *c = malloc(64);

	if (!c)
		return;
	conf_drop(c);
}
