/* expect-none */
/* stack-address-escape: returns that must stay silent. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a static buffer lives on */
const char *label(int id)
{
	static char buf[32];

	snprintf(buf, sizeof(buf), "id%d", id);
	return buf;
}

/* the caller's buffer, moved along */
char *skip_spaces(char *s)
{
	char *p = s;

	while (*p == ' ')
		p++;
	return p;
}

/* heap memory, a string literal */
char *copy_name(const char *s)
{
	char *p = malloc(strlen(s) + 1);

	if (p)
		strcpy(p, s);
	return p;
}

const char *fallback(void)
{
	return "none";
}

/* a local is used, then the caller's pointer is returned */
char *fill(char *out, size_t n)
{
	char tmp[8];
	char *p = tmp;

	snprintf(tmp, sizeof(tmp), "%d", 42);
	if (n > strlen(p))
		strcpy(out, p);
	p = out;
	return p;
}

/* the value, not the address, of a local */
int value_of(void)
{
	int n = 4;
	int *p = &n;

	return *p;
}
