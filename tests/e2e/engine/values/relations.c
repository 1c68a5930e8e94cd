/*
 * Engine: relations between two values (`i < n`), kept until either side
 * changes, decide later tests and give implied states.
 */
#include <stdlib.h>

int g;
void touch(void);

void both_sides(int i, int n)
{
	if (i < n) {
		__sci_relation(i, n);	/* expect-note: sci-debug "relation 'i' vs 'n' = <" */
		__sci_relation(n, i);	/* expect-note: sci-debug "relation 'n' vs 'i' = >" */
		if (i >= n)
			__sci_reached();	/* decided by the test above: never reached */
		i++;
		__sci_relation(i, n);	/* expect-note: sci-debug "relation 'i' vs 'n' = <=" */
	} else {
		__sci_relation(i, n);	/* expect-note: sci-debug "relation 'i' vs 'n' = >=" */
	}
	__sci_relation(i, n);	/* expect-note: sci-debug "relation 'i' vs 'n' = unknown" */
}

/* (int)u changes u's value when it is large: no relation of u itself */
void value_changing_cast(int i, unsigned u, unsigned short s)
{
	if (i < (int)u)
		__sci_relation(i, u);	/* expect-note: sci-debug "relation 'i' vs 'u' = unknown" */
	if (i < s)	/* s promotes to int: every value kept */
		__sci_relation(i, s);	/* expect-note: sci-debug "relation 'i' vs 's' = <" */
}

/* i < len and len <= size: i < size */
void transitive(int i, int len, int size)
{
	if (len > size)
		return;
	if (i >= len)
		return;
	__sci_relation(i, size);	/* expect-note: sci-debug "relation 'i' vs 'size' = <" */
	if (i >= size)
		__sci_reached();	/* never */
}

void copies(int i, int n)
{
	int j;

	if (i > n)
		return;
	j = i;
	__sci_relation(j, n);	/* expect-note: sci-debug "relation 'j' vs 'n' = <=" */
	__sci_relation(j, i);	/* expect-note: sci-debug "relation 'j' vs 'i' = ==" */
	i = 5;
	__sci_relation(j, n);	/* expect-note: sci-debug "relation 'j' vs 'n' = <=" */
	__sci_relation(i, n);	/* expect-note: sci-debug "relation 'i' vs 'n' = unknown" */
}

void counting_loop(int *a, int n)
{
	int i;

	for (i = 0; i < n; i++)
		__sci_relation(i, n);	/* expect-note: sci-debug "relation 'i' vs 'n' = <" */
	__sci_relation(i, n);	/* expect-note: sci-debug "relation 'i' vs 'n' = >=" */
}

/* a relation the body changes does not survive the loop head */
void changed_in_loop(int i, int n, int k)
{
	if (i >= n)
		return;
	while (k--)
		i++;
	__sci_relation(i, n);	/* expect-note: sci-debug "relation 'i' vs 'n' = unknown" */
}

/* unsigned i == n wraps to 0 on i++: only i < n survives a step */
void unsigned_step(unsigned i, unsigned n)
{
	if (i == n) {
		i++;
		__sci_relation(i, n);	/* expect-note: sci-debug "relation 'i' vs 'n' = unknown" */
	}
	if (i < n) {
		i++;
		__sci_relation(i, n);	/* expect-note: sci-debug "relation 'i' vs 'n' = <=" */
	}
}

/* a call may change a global */
void global_after_call(int n)
{
	if (g < n) {
		__sci_relation(g, n);	/* expect-note: sci-debug "relation 'g' vs 'n' = <" */
		touch();
		__sci_relation(g, n);	/* expect-note: sci-debug "relation 'g' vs 'n' = unknown" */
	}
}

/* the same test twice: the second knows which side of the first it is on */
void tested_twice(int len, int size)
{
	char *p = NULL;

	if (len < size)
		p = malloc(10);
	touch();
	if (len < size)
		__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = allocated" */
	else
		__sci_state("memory-leak", p);	/* expect-note: sci-debug "memory-leak 'p' = null" */
	if (len < size)
		free(p);
}

struct buf { int len, cap; };

/* a member's relation ends when its struct pointer changes */
void members(struct buf *b, struct buf *other)
{
	if (b->len >= b->cap)
		return;
	__sci_relation(b->len, b->cap);	/* expect-note: sci-debug "relation 'b->len' vs 'b->cap' = <" */
	b = other;
	__sci_relation(b->len, b->cap);	/* expect-note: sci-debug "relation 'b->len' vs 'b->cap' = unknown" */
}

/*
 * A relation the loop head merged away must not come back through the
 * history of a later test (git's merge-recursive.c: last_len = len at the
 * end of one pass, len = strlen() at the start of the next).
 */
int cond(int);

void forgotten_stays_forgotten(const char **items, int nr)
{
	const char *last = 0;
	int last_len = 0, i;

	for (i = 0; i < nr; i++) {
		int len = cond(i);

		if (last)
			__sci_relation(len, last_len);	/* expect-note: sci-debug "relation 'len' vs 'last_len' = unknown" */
		if (cond(len)) {
			last = items[i];
			last_len = len;
		} else {
			last = 0;
		}
	}
}
