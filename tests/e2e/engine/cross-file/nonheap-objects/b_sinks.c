/* the callees of a_callers.c, in another file */
#include <stdlib.h>

struct pair { int *first; int *second; };

extern char *g_name;

void drop_via(int **pp)
{
	int *p = *pp;

	free(p);	/* expect-error: free-nonheap "free() of 'p', which points to its callers' 'local': that is on the stack, not memory from an allocator" */
}

void drop_first(struct pair s)
{
	free(s.first);	/* expect-error: free-nonheap "free() of 's.first', which points to its callers' 'table': that is a global or static object, not memory from an allocator" */
}

void drop_global(void)
{
	free(g_name);	/* expect-error: free-nonheap "free() of 'g_name', which points to its callers' '\"fixed\"': that is a string literal, not memory from an allocator" */
}

void drop(int *p)
{
	free(p);
}

void drop_if(int *p, int own)
{
	if (own)
		free(p);
}

/* the search moves the pointer it then frees */
void find_and_drop(char *s)
{
	for (; *s != '\0'; s++)
		if (*s == 'x')
			break;
	free(s);	/* expect-error: free-nonheap "free() of 's', which can point past the start of 'malloc(...)' (the program moved it)" */
}

/* a cursor moves; the start is freed */
void scan_and_drop(char *s)
{
	char *p;

	for (p = s; *p != '\0'; p++)
		if (*p == 'x')
			break;
	free(s);
}

void drop_char(char *s)
{
	free(s);
}
