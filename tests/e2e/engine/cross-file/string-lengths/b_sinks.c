/* the callees of a_callers.c, in another file */
#include <stdio.h>
#include <string.h>

void copy_name(const char *src)
{
	char dest[50] = "";

	strcpy(dest, src);	/* expect-error: buffer-overflow "strcpy() writes 100 bytes into 'dest', which has 50" */
	puts(dest);
}

void copy_via(char **srcp)
{
	char *src = *srcp;
	char dest[50] = "";

	strcpy(dest, src);	/* expect-error: buffer-overflow "strcpy() writes 80 bytes into 'dest', which has 50" */
	puts(dest);
}

/* cuts the string short first: what it copies fits */
void copy_cut(char *src)
{
	char dest[50] = "";

	src[40] = '\0';
	strcpy(dest, src);
	puts(dest);
}
