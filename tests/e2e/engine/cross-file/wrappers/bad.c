/* Leaks and unchecked results that cross files. */
#include <stddef.h>

void *my_alloc(size_t n);
void *try_alloc(size_t n);
void my_free(void *p);
char *dup_str(const char *s);
struct node;
size_t measure(const struct node *n);

int leak_on_error(int fail)
{
	char *buf = my_alloc(64);

	if (fail)
		return -1;	/* expect-warning: memory-leak "memory leak of 'buf'" */
	my_free(buf);
	return 0;
}

int leak_through_chain(const char *s)
{
	char *copy = dup_str(s);

	if (!*copy)
		return 0;	/* expect-warning: memory-leak "memory leak of 'copy'" */
	my_free(copy);
	return 1;
}

int unchecked(void)
{
	int *v = try_alloc(sizeof(*v));

	*v = 1;		/* expect-error: null-deref "the result of try_alloc() is not checked" */
	my_free(v);
	return 0;
}

size_t read_only(void)
{
	struct node *n = my_alloc(16);

	return measure(n);	/* expect-warning: memory-leak "memory leak of 'n'" */
}
