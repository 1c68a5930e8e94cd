/* memory-leak: paths on which allocated memory is lost. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <unistd.h>

int read_error_path(int fd, size_t n)
{
	char *buf = malloc(n);

	if (!buf)
		return -1;
	if (read(fd, buf, n) < 0)
		return -1;	/* expect-warning: memory-leak "memory leak of 'buf'" */
	free(buf);
	return 0;
}

int goto_out_forgets(int n)
{
	char *a = malloc(n);
	int ret = -1;

	if (!a)
		goto out;
	if (n > 10)
		goto out;
	free(a);
	ret = 0;
out:
	return ret;	/* expect-warning: memory-leak "memory leak of 'a'" */
}

void inner_block(const char *s)
{
	if (s) {
		char *t = strdup(s);

		if (!t)
			return;
		printf("%s\n", t);	/* expect-warning: memory-leak "memory leak of 't'" */
	}
}

void continue_in_loop(const int *x, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		char *b = calloc(1, 16);

		if (!b)
			break;
		if (x[i])
			continue;	/* expect-warning: memory-leak "memory leak of 'b'" */
		free(b);
	}
}

void freed_on_one_branch_only(int c)
{
	char *p = malloc(8);

	if (!p)
		return;
	memset(p, 0, 8);
	if (c)
		free(p);
}	/* expect-warning: memory-leak "memory leak of 'p'" */

double never_freed(int limit)
{
	double *x = malloc(limit * sizeof(double));
	double sum = 0;
	int i;

	if (!x)
		return 0;
	for (i = 0; i < limit; i++)
		sum += x[i] = i;
	return sum;	/* expect-warning: memory-leak "memory leak of 'x'" */
}

void overwritten(void)
{
	char *p = malloc(4);

	if (!p)
		return;
	p = malloc(8);	/* expect-warning: memory-leak "overwritten while it holds allocated memory" */
	free(p);
}

/* `(void)p;` only silences an unused-variable warning: p still dies */
void touched_only(void)
{
	char *p = malloc(10);

	(void)p;
}	/* expect-warning: memory-leak "memory leak of 'p': allocated memory is not freed on this path" */

/* the NULL path of the first block holds nothing; the other loses it */
void overwritten_after_test(void)
{
	char *p = malloc(4);

	if (p)
		p[0] = 1;
	p = malloc(8);	/* expect-warning: memory-leak "memory leak of 'p': overwritten while it holds allocated memory" */
	free(p);
}

/* each pass of the loop loses the block of the pass before */
void every_pass_loses(void)
{
	char *buf;
	int i;

	for (i = 0;; i++) {
		buf = calloc(5, 1);	/* expect-warning: memory-leak "memory leak of 'buf': overwritten while it holds allocated memory" */
		if (buf != NULL)
			buf[0] = (char)i;
	}
}

int counted_passes_lose(int n)
{
	char *buf;
	int i;

	for (i = 0; i < n; i++) {
		buf = malloc(5);	/* expect-warning: memory-leak "memory leak of 'buf': overwritten while it holds allocated memory" */
		if (!buf)
			return -1;
		buf[0] = 1;
	}
	return 0;
}

/*
 * The error path of this callee hands back a block with *err set: the
 * caller's `if (err) return err;` leaves with it (analyzer/ret_paths.c,
 * out-parameters).
 */
static char *load_part(const char *name, int *err)
{
	char *p = malloc(16);

	*err = 0;
	if (!p)
		return NULL;
	if (!name[0])
		*err = -1;	/* partial: still returned */
	return p;
}

int load_or_fail(const char *name, char **out)
{
	int err;
	char *p = load_part(name, &err);

	if (err)
		return err;	/* expect-warning: memory-leak "memory leak of 'p': allocated memory is not freed on this path" */
	*out = p;
	return 0;
}
