/* the callees of a_callers.c, in another file */
#include <string.h>

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
