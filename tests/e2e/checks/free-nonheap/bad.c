/* free-nonheap: a deallocator gets memory no allocator returned. */
#include <alloca.h>
#include <stdlib.h>
#include <string.h>

struct rec { char name[16]; int *ids; };
static char cache[32];

void stack_array(void)
{
	char buf[10];
	char *p = buf;

	free(p);	/* expect-error: free-nonheap "free() of 'p', which points to 'buf': that is on the stack, not memory from an allocator" */
}

void address(void)
{
	int x;
	int *p = &x;

	free(p);	/* expect-error: free-nonheap "free() of 'p', which points to 'x': that is on the stack, not memory from an allocator" */
}

void literal(void)
{
	char *name = "unknown";

	free(name);	/* expect-error: free-nonheap "free() of 'name', which points to '\"unknown\"': that is a string literal, not memory from an allocator" */
}

void global(void)
{
	free(cache);	/* expect-error: free-nonheap "free() of 'cache': it is a global or static object, not memory from an allocator" */
}

void on_stack(void)
{
	char *p = alloca(10);

	free(p);	/* expect-error: free-nonheap "free() of 'p', which points to '__builtin_alloca(...)': that is on the stack, not memory from an allocator" */
}

void member(void)
{
	struct rec r;

	free(r.name);	/* expect-error: free-nonheap "free() of 'r.name': it is on the stack, not memory from an allocator" */
}

/* the small-buffer optimization, freed on the path that did not allocate */
void small_buffer(size_t n)
{
	char buf[64], *p = buf;

	if (n > sizeof(buf))
		p = malloc(n);
	if (n <= sizeof(buf))
		free(p);	/* expect-error: free-nonheap "free() of 'p', which points to 'buf': that is on the stack, not memory from an allocator" */
	else if (p)
		free(p);
}

/* a pointer moved into the block */
void middle(void)
{
	char *block = malloc(16);
	char *p;

	if (!block)
		return;
	p = block + 4;
	free(p);	/* expect-error: free-nonheap "free() of 'p', which points 4 bytes into 'malloc(...)': only the start of a block can be freed" */
}

/* a search loop steps the pointer it then frees */
void search_then_free(const char *s)
{
	char *data = malloc(100);

	if (!data)
		return;
	strcpy(data, s);
	for (; *data != '\0'; data++)
		if (*data == 'S')
			break;
	free(data);	/* expect-error: free-nonheap "free() of 'data', which can point past the start of 'malloc(...)' (the program moved it): only the start of a block can be freed" */
}

/* moved on one path only */
void moved_sometimes(int skip)
{
	char *p = malloc(16);

	if (!p)
		return;
	if (skip)
		p++;
	free(p);	/* expect-error: free-nonheap "free() of 'p', which can point past the start of 'malloc(...)' (the program moved it): only the start of a block can be freed" */
}

/* a static sink frees what its caller's pointer points to */
static void release_slot(char **slot)
{
	free(*slot);	/* expect-error: free-nonheap "free() of '*slot', which points to its callers' 'name': that is on the stack, not memory from an allocator" */
}

void release_local_name(void)
{
	char name[32] = "x";
	char *p = name;

	release_slot(&p);
}
