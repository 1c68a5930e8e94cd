/* memory-leak: a pointer that is NULL until a branch allocates it.  The
 * join keeps "NULL on one side, allocated on the other": the leak on the
 * allocating side is reported, and a test correlated with the branch is
 * followed. */
#include <stdlib.h>
#include <string.h>

int get(void);

int allocated_in_branch(int c, size_t n)
{
	char *p = NULL;

	if (c) {
		p = malloc(n);
		if (!p)
			return -1;
	}
	if (n > 100)
		return -1;	/* expect-warning: memory-leak "memory leak of 'p'" */
	free(p);
	return 0;
}

int nested_branches(int want, const char *s, size_t n)
{
	char *copy = NULL;

	if (want) {
		if (s)
			copy = strdup(s);
		else if (n > 10)
			return -1;
	}
	if (n > 100)
		return -1;	/* expect-warning: memory-leak "memory leak of 'copy'" */
	free(copy);
	return 0;
}

void freed_and_cleared_on_one_side(int c, size_t n)
{
	char *p = malloc(n);

	if (!p)
		return;
	if (c) {
		free(p);
		p = NULL;
	}
}	/* expect-warning: memory-leak "memory leak of 'p'" */

int same_condition(int c, size_t n)
{
	char *p = NULL;

	if (c) {
		p = malloc(n);
		if (!p)
			return -1;
	}
	if (c)
		free(p);
	return 0;
}

int counter_follows_branch(int c, size_t n)
{
	char *p = NULL;
	int have = 0;

	if (c) {
		p = malloc(n);
		if (!p)
			return -1;
		have = 1;
	}
	if (!have)
		return 0;
	free(p);
	return 1;
}

int freed_unconditionally(int c, size_t n)
{
	char *p = NULL;

	if (c)
		p = strdup("x");
	if (n > 10) {
		free(p);
		return 1;
	}
	free(p);
	return 0;
}

/* A loop's NULL entry and its allocated iterations are told apart by a
 * counter the loop widens: not reported. */
int grown_in_loop(void)
{
	int *list = NULL, *bigger;
	int nr = 0, v;

	while ((v = get()) != 0) {
		bigger = realloc(list, (nr + 1) * sizeof(*list));
		if (!bigger) {
			free(list);
			return -1;
		}
		list = bigger;
		list[nr++] = v;
	}
	if (nr == 0)
		return 0;
	free(list);
	return nr;
}

/* The same rule keeps quiet about a branch inside a loop. */
void branch_in_loop(const int *v, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		char *p = NULL;

		if (v[i])
			p = strdup("x");
		if (v[i] > 10)
			continue;	/* known-fn: memory-leak allocations a loop repeats are not joined with a NULL side */
		free(p);
	}
}

/* The same for a block freed before the loop. */
int reused_in_loop(size_t n)
{
	char *p = malloc(n);
	int nr = 0;

	free(p);
	while (get()) {
		if (nr++)
			free(p);
		p = malloc(n);
		if (!p)
			return -1;
	}
	if (!nr)
		return 0;
	free(p);
	return nr;
}
