#include <stdlib.h>

void make_buf(char **out, size_t n);
void make_direct(int **out);
int try_make(char **out, size_t n);
int make_checked(char **out, size_t n);

int leaks(int fail)
{
	char *buf;

	make_buf(&buf, 64);
	if (fail)
		return -1;	/* expect-warning: memory-leak "memory leak of 'buf'" */
	free(buf);
	return 0;
}

int freed(void)
{
	char *buf;

	make_buf(&buf, 64);
	buf[0] = 1;
	free(buf);
	return 0;
}

int *handed_on(void)
{
	int *v;

	make_direct(&v);
	return v;
}

int conditional(void)
{
	char *b = NULL;

	if (try_make(&b, 16) < 0)
		return -1;
	free(b);
	return 0;
}

struct node;
struct node *node_push(int v, struct node **list);

struct node *one_node(int v)
{
	struct node *list = NULL;

	return node_push(v, &list);
}

int error_path(void)
{
	char *p;

	if (make_checked(&p, 10) < 0)
		return -1;
	free(p);
	return 0;
}

/* calloc()'s result handed over unchecked: the caller checks and owns it */
int direct_leak(void)
{
	int *v;

	make_direct(&v);
	if (!v)
		return -1;
	v[0] = 1;
	return 0;	/* expect-warning: memory-leak "memory leak of 'v'" */
}

int direct_freed(void)
{
	int *v;

	make_direct(&v);
	if (!v)
		return -1;
	v[0] = 1;
	free(v);
	return 0;
}
