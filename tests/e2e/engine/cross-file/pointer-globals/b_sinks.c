/* the callees of a_callers.c, in another file */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char *g_data;
extern char *g_name;
extern char *g_spare;

void release_data(void)
{
	free(g_data);	/* expect-error: double-free "double free of 'g_data': it was already freed" */
}

void show_data(void)
{
	printf("%s\n", g_data);	/* expect-error: use-after-free "use after free: 'g_data' is passed to printf() after it was freed" */
}

void set_name(void)
{
	strcpy(g_name, "a name longer than sixteen bytes");	/* expect-error: buffer-overflow "strcpy() writes 33 bytes into 'small', which has 16" */
}

void reset_spare(void)
{
	g_spare = malloc(8);
	if (g_spare)
		g_spare[0] = '\0';
}
