#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

int peek(char **pp);
int peek_copy(void *arg);
int peek_fd(int *fdp);
void drop(char **pp);
void drop_direct(char **pp);
void keep(char **pp);
void replace(char **pp);
void close_it(int *fdp);
void drop_later(char **pp);
char *copy_out(char **pp);
void drop_all(char **v, int n);
int peek_third(char *v[]);
void drop_third(char *v[]);

int peeked(void)
{
	char *buf = malloc(16);

	if (!buf)
		return -1;
	buf[0] = 'a';
	return peek(&buf);	/* expect-warning: memory-leak "memory leak of 'buf': allocated memory is not freed on this path" */
}

int peeked_through_void(void)
{
	char *buf = malloc(16);

	if (!buf)
		return -1;
	buf[0] = 0;
	return peek_copy(&buf);	/* expect-warning: memory-leak "memory leak of 'buf': allocated memory is not freed on this path" */
}

int peeked_fd(void)
{
	int fd = open("/etc/hosts", O_RDONLY);

	if (fd < 0)
		return -1;
	return peek_fd(&fd);	/* expect-warning: resource-leak "resource leak of 'fd': what open() opened is not closed on this path" */
}

void handed_over(void)
{
	char *a = malloc(8), *b = malloc(8), *c = malloc(8), *d = malloc(8);
	char *e = malloc(8), *f = malloc(8);
	int fd = open("/etc/hosts", O_RDONLY);

	drop(&a);
	drop_direct(&b);
	keep(&c);
	replace(&d);
	drop_later(&e);
	free(copy_out(&f));
	if (fd >= 0)
		close_it(&fd);
}

void peeked_then_freed(void)
{
	char *buf = malloc(16);

	if (!buf)
		return;
	buf[0] = 0;
	peek(&buf);
	free(buf);
}

void one_handed_over(void)
{
	char *p = malloc(8);

	drop_all(&p, 1);
}

int peeked_array(void)
{
	char *v[4] = { NULL, NULL, NULL, NULL };

	v[2] = malloc(8);
	if (!v[2])
		return -1;
	return peek_third(v);	/* expect-warning: memory-leak "memory leak of 'v[2]': allocated memory is not freed on this path" */
}

void array_handed_over(void)
{
	char *v[4] = { NULL, NULL, NULL, NULL };

	v[2] = malloc(8);
	drop_third(v);
}

/* an unknown function may free what the array holds */
void unknown_sink(char *v[]);

void array_to_unknown(void)
{
	char *v[4] = { NULL, NULL, NULL, NULL };

	v[2] = malloc(8);
	unknown_sink(v);
}
