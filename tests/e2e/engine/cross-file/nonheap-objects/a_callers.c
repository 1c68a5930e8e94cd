/*
 * Where the object a caller passes lives travels with its size (the
 * callers' values: ";oN=SIZE+OFF/K:NAME" across files): a callee that
 * frees what it gets through a pointer, a struct member or a global is
 * reported when its callers' object is not from an allocator.  A callee
 * that frees its parameter itself is reported at the call (its summary
 * frees that parameter), once.
 */
#include <stdlib.h>

struct pair { int *first; int *second; };

void drop_via(int **pp);
void drop_first(struct pair s);
void drop_global(void);
void drop(int *p);
void drop_if(int *p, int own);
void find_and_drop(char *s);
void scan_and_drop(char *s);
void drop_char(char *s);

char *g_name;
static int table[8];

void stack_via(void)
{
	int local[4] = { 0 };
	int *p = local;

	drop_via(&p);
}

void heap_via(void)
{
	int *p = malloc(16);

	if (!p)
		return;
	drop_via(&p);
}

void static_member(void)
{
	struct pair s;

	s.first = table;
	s.second = NULL;
	drop_first(s);
}

void literal_global(void)
{
	g_name = "fixed";
	drop_global();
}

void direct(void)
{
	int one[2] = { 1, 2 };

	drop(one);	/* expect-error: free-nonheap "drop() of 'one': it is on the stack, not memory from an allocator" */
}

void borrowed(void)
{
	int two[2] = { 1, 2 };

	drop_if(two, 0);
}

void searched(void)
{
	char *line = malloc(32), *copy = malloc(32);

	if (!line || !copy)
		exit(1);
	/* a string of one character: the search can move past it */
	line[0] = 'x';
	line[1] = '\0';
	copy[0] = '\0';
	find_and_drop(line);
	scan_and_drop(copy);
}

void past_start(void)
{
	char *block = malloc(32);

	if (!block)
		exit(1);
	drop_char(block + 4);	/* expect-error: free-nonheap "drop_char() of 'block + 4', which points 4 bytes into 'malloc(...)': only the start of a block can be freed" */
}	/* expect-warning: memory-leak "memory leak of 'block'" */
