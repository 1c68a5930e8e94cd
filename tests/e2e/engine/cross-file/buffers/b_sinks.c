/* the callees of a_callers.c, in another file */
#include <string.h>

struct out { char *buf; int flags; };

void put_name(char *dst)
{
	strcpy(dst, "a name of some thirty characters");	/* expect-error: buffer-overflow "strcpy() writes 33 bytes into 'small', which has 16" */
}

void put_bytes(char *dst, size_t n)
{
	memset(dst, 0, n);
}

void put_at_most(char *dst, size_t size)
{
	strncpy(dst, "a long default value", size - 1);
	dst[size - 1] = '\0';
}

void put_via(char **dstp)
{
	char *dst = *dstp;

	strcpy(dst, "a value longer than sixteen");	/* expect-error: buffer-overflow "strcpy() writes 28 bytes into 'small', which has 16" */
}

void put_member(struct out o)
{
	memcpy(o.buf, "0123456789abcdefghij", 20);	/* expect-error: buffer-overflow "memcpy() writes 20 bytes into 'small', which has 16" */
}

void end_field(char *str, int len)
{
	str[len] = 0;
}

void copy_all(char *dst)
{
	char source[64];
	size_t i, n;

	memset(source, 'C', 63);
	source[63] = '\0';
	n = strlen(source);
	for (i = 0; i < n; i++)
		dst[i] = source[i];	/* expect-error: array-overflow "'dst + i' can point 62 bytes into 'small', past its end (16 bytes)" */
}

int read_back(const char *src)
{
	int i, sum = 0;

	for (i = 0; i < 16; i++)
		sum += src[i];	/* expect-error: array-overflow "'src + i' can point 8 bytes before the start of 'small'" */
	return sum;
}
