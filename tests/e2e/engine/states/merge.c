/* Engine: checker states, possible states at joins, unreachable paths. */
#include <stdlib.h>

void use(void *);

void possible_states(int c)
{
	char *p = malloc(10);

	if (!p)
		return;
	__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = allocated" */
	if (c)
		free(p);
	__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = merged (freed, allocated)" */
	if (!c)
		free(p);
	__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = freed" */
}

void return_implies(void)
{
	char *p = malloc(10);

	if (!p) {
		__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = null" */
		return;
	}
	__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = allocated" */
	use(p);
	__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = escaped" */
}

void unreachable_merges_nothing(int c)
{
	char *p = malloc(4);

	if (c) {
		free(p);
		return;
	}
	/* the freed path returned: only the allocated one reaches here */
	__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = allocated" */
	free(p);
}

void declared_in_loop(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		int k = 3;

		__sci_value(k);	/* expect-note: sci-debug "value 'k' = 3" */
	}
}

void possible_only(int c)
{
	char *p = malloc(4);

	if (!p)
		return;
	if (c)
		free(p);
	__sci_possible("memory-leak", p);	/* expect-note: sci-debug "possible 'p': freed, allocated" */
	if (!c)
		free(p);
}

/* The engine's own fn-facts states print their bits by name. */
void fn_facts_names(int *q, int c)
{
	char *p = malloc(4);

	__sci_state("fn-facts", p);	/* expect-note: sci-debug "fn-facts 'p' = fresh+nullable" */
	*q = 1;
	__sci_state("fn-facts", q);	/* expect-note: sci-debug "fn-facts 'q' = deref+pwritten" */
	if (c)
		*q = 2;
	else
		free(p);
	__sci_state("fn-facts", p);	/* expect-note: sci-debug "fn-facts 'p' = nullable (fresh+nullable, none)" */
	if (c)
		free(p);
}

#include <stdio.h>

int opened_name(const char *path)
{
	FILE *f = fopen(path, "r");

	__sci_state("fn-facts", f);	/* expect-note: sci-debug "fn-facts 'f' = maybe+opened" */
	if (f)
		fclose(f);
	return 0;
}
