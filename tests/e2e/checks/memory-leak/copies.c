/* memory-leak: a copy into another local pointer holds the same block.
 * Freeing, returning or storing any copy settles the block; it leaks
 * when the last copy is lost - reported once, not once per copy. */
#include <stdlib.h>
#include <string.h>

struct item { char *name; };
static char *global_name;
void consume(char *p);

int last_copy_dies(const char *s)
{
	char *p = strdup(s);
	char *q;

	if (!p)
		return -1;
	q = p;
	p = NULL;
	if (q[0] == '#')
		return 1;	/* expect-warning: memory-leak "memory leak of 'q'" */
	free(q);
	return 0;
}

/* Both copies die together: one finding, on the original. */
int both_die(size_t n)
{
	char *p = malloc(n);
	char *q = p;

	if (!p)
		return -1;
	return q[0];	/* expect-warning: memory-leak "memory leak of 'p'" */
}

/* The copy dies first; the original still holds the block. */
void inner_copy_dies(size_t n, int c)
{
	char *p = malloc(n);

	if (!p)
		return;
	if (c) {
		char *q = p;

		q[0] = 0;
	}
	if (n > 4)
		return;	/* expect-warning: memory-leak "memory leak of 'p'" */
	free(p);
}

/* Overwriting the last copy loses the block. */
void last_copy_overwritten(size_t n)
{
	char *p = malloc(n);
	char *q;

	if (!p)
		return;
	q = p;
	p = NULL;
	q = strdup("x");	/* expect-warning: memory-leak "memory leak of 'q': overwritten while it holds allocated memory" */
	free(q);
}

/* A pointer moved past the start is no copy; the original still leaks. */
int moved_pointer(size_t n)
{
	char *buf = malloc(n);
	char *end;

	if (!buf)
		return -1;
	for (end = buf; *end == ' '; end++)
		;
	if (*end == '\0')
		return 0;	/* expect-warning: memory-leak "memory leak of 'buf'" */
	free(buf);
	return 1;
}

/* A local pointer into the block is no copy and takes nothing. */
int pointer_into_kept_locally(const char *s)
{
	char *p = strdup(s);
	char *comma;

	if (!p)
		return -1;
	comma = strchr(p, ',');
	if (!comma)
		return -1;	/* expect-warning: memory-leak "memory leak of 'p'" */
	free(p);
	return 0;
}

int freed_through_copy(size_t n)
{
	char *p = malloc(n);
	char *q;

	if (!p)
		return -1;
	q = p;
	memset(q, 0, n);
	free(q);
	return 0;
}

/* Tested under one name, freed under the other. */
int original_freed(size_t n)
{
	char *p = malloc(n), *q = p;

	if (q == NULL)
		return -1;	/* p is NULL too */
	free(p);
	return 0;
}

char *copy_returned(size_t n)
{
	char *p = malloc(n);
	char *q = p;

	return q;
}

void copy_stored_in_heap(struct item *it, const char *s)
{
	char *p = strdup(s);
	char *q = p;

	it->name = q;
}

void copy_stored_in_global(const char *s)
{
	char *p = strdup(s);
	char *q = p;

	global_name = q;
}

void copy_stored_through_out(char **out, const char *s)
{
	char *p = strdup(s);
	char *q = p;

	*out = q;
}

void copy_passed_on(const char *s)
{
	char *p = strdup(s);
	char *q = p;

	consume(q);
}

/* The copy's address is taken: whoever has it may free the block. */
void copy_address_taken(size_t n)
{
	char *p = malloc(n);
	char *q = p;
	char **pp = &q;

	free(*pp);
}

/* A statement expression's value: systemd's TAKE_PTR(). */
char *taken_pointer(size_t n)
{
	char *p = malloc(n);

	if (!p)
		return NULL;
	return ({ char *_ptr_ = p; p = NULL; _ptr_; });
}

/* A copy of a pointer that is NULL on some paths escapes: it would be
 * allocated on every path. */
void copy_of_maybe_null(int c, size_t n)
{
	char *p = NULL;
	char *q;

	if (c)
		p = malloc(n);
	q = p;
	if (c)
		free(q);
}

/*
 * A local pointer that only ever holds &buf stands for buf: what is
 * stored through it is buf's, and leaks with buf.  Once that pointer is
 * handed on as a value (to a callee that may free *pp), it is not.
 */
void release_through(char **pp);

int stored_through_pointer(size_t n)
{
	char *buf = NULL;
	char **set = &buf, **get = &buf;

	*set = malloc(n);
	if (!*get)
		return -1;
	memset(buf, 0, n);
	return 0;	/* expect-warning: memory-leak "memory leak of 'buf'" */
}

void freed_through_pointer(size_t n)
{
	char *buf = NULL;
	char **set = &buf;

	*set = malloc(n);
	free(buf);
}

void pointer_handed_on(size_t n)
{
	char *buf = NULL;
	char **set = &buf;

	*set = malloc(n);
	release_through(set);
}

char *returned_through_pointer(size_t n)
{
	char *buf = NULL;
	char **set = &buf;

	*set = malloc(n);
	return *set;
}
