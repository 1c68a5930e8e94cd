#include <stdio.h>
#include <string.h>

const char *home_dir(void);
FILE *open_config(const char *path);
const char *home_or_root(void);
const char *color_name(int c);
const char *end_of_token(const char *s, int c, size_t n);
const char *user_agent(void);

size_t home_len(void)
{
	const char *h = home_dir();

	return strlen(h);	/* expect-error: null-deref "the result of home_dir() is not checked" */
}

int first_byte(void)
{
	FILE *f = open_config("/etc/app.conf");
	int c = fgetc(f);	/* expect-error: null-deref "the result of open_config() is not checked" */

	fclose(f);
	return c;
}

size_t root_len(void)
{
	return strlen(home_or_root());
}

size_t red_len(void)
{
	return strlen(color_name(0));
}

size_t token_len(const char *s)
{
	return strlen(end_of_token(s, '.', strlen(s)));
}

size_t agent_len(void)
{
	return strlen(user_agent());
}

size_t checked_home_len(void)
{
	const char *h = home_dir();

	return h ? strlen(h) : 0;
}
