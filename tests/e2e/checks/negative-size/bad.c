/* negative-size: a signed size that can be negative sizes an allocation or a copy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* checked from above only: input can be any int below 100 */
char *from_input(FILE *f)
{
	int n;

	if (fscanf(f, "%d", &n) != 1)
		return NULL;
	if (n < 100)
		return malloc(n);	/* expect-warning: negative-size "untrusted 'n' may be negative (down to -2147483648) where it sizes malloc()" */
	return NULL;
}

/* a short from input, sign-extended on the way to size_t */
void fill(char *dst, FILE *f)
{
	short len;

	if (fscanf(f, "%hd", &len) != 1 || len > 64)
		return;
	memset(dst, 'x', len);	/* expect-warning: negative-size "untrusted 'len' may be negative (down to -32768) where it sizes memset()" */
}

/* -1 stays when no branch sets the length */
void copy_field(char *dst, const char *src, int kind)
{
	int len = -1;

	if (kind == 1)
		len = 8;
	else if (kind == 2)
		len = 16;
	memcpy(dst, src, len);	/* expect-warning: negative-size "signed 'len' may be negative (down to -1) where it sizes memcpy()" */
}

/* a helper that answers -1 for "not found" */
static int field_len(const char *name)
{
	if (strcmp(name, "id") == 0)
		return 4;
	if (strcmp(name, "tag") == 0)
		return 12;
	return -1;
}

char *field_buf(const char *name)
{
	int n = field_len(name);

	return calloc(n, 1);	/* expect-warning: negative-size "signed 'n' may be negative (down to -1) where it sizes calloc()" */
}

/* an int set from an unsigned constant that does not fit */
char *big(void)
{
	int n = 4294967295U;

	return malloc(n);	/* expect-warning: negative-size "signed 'n' may be negative (down to -1) where it sizes malloc()" */
}

/* no bound at all: tainted-size's finding, not repeated */
char *unchecked(FILE *f)
{
	int n;

	if (fscanf(f, "%d", &n) != 1)
		return NULL;
	return malloc(n);	/* expect-warning: tainted-size "untrusted size 'n' reaches malloc() with no upper bound check" */
}
