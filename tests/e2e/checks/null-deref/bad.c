/* null-deref: dereferencing a pointer that is NULL on this path. */
#include <stdio.h>
#include <stddef.h>

struct dev { const char *name; int id; };

void report_missing(struct dev *d)
{
	if (!d)
		printf("no device %s\n", d->name);	/* expect-error: null-deref "NULL dereference of 'd'" */
}

int assigned_null(void)
{
	struct dev *d = NULL;

	return d->id;	/* expect-error: null-deref "NULL dereference of 'd'" */
}

int implied_null(struct dev *d, int flag)
{
	int have = 0;

	if (d)
		have = 1;
	if (!have && flag)
		return d->id;	/* expect-error: null-deref "NULL dereference of 'd'" */
	return 0;
}
