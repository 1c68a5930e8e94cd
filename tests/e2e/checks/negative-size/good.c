/* expect-none */
/* negative-size: signed sizes that cannot be negative, or of no known range. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* both bounds checked */
char *from_input(FILE *f)
{
	int n;

	if (fscanf(f, "%d", &n) != 1)
		return NULL;
	if (n > 0 && n < 100)
		return malloc(n);
	return NULL;
}

/* a parameter: its type's bottom is no statement of the program */
void copy(char *dst, const char *src, int n)
{
	memcpy(dst, src, n);
}

/* the error result is tested first */
static int field_len(const char *name)
{
	if (strcmp(name, "id") == 0)
		return 4;
	return -1;
}

char *field_buf(const char *name)
{
	int n = field_len(name);

	if (n < 0)
		return NULL;
	return calloc(n, 1);
}

/* read()'s -1 is tested before the copy */
int pull(int fd, char *dst)
{
	char buf[64];
	ssize_t n = read(fd, buf, sizeof(buf));

	if (n <= 0)
		return -1;
	memcpy(dst, buf, n);
	return 0;
}

/* every path sets a length */
void copy_field(char *dst, const char *src, int kind)
{
	int len = -1;

	if (kind == 1)
		len = 8;
	else
		len = 16;
	memcpy(dst, src, len);
}

/* unsigned input bounded above: no negative value to convert */
char *sized(void)
{
	unsigned long n = strtoul(getenv("COUNT"), NULL, 10);

	if (n > 4096)
		return NULL;
	return malloc(n);
}

/* a negative length guarded by the same test that made it */
void maybe(char *dst, const char *src, int have)
{
	int len = have ? 10 : -1;

	if (len >= 0)
		memcpy(dst, src, len);
}
