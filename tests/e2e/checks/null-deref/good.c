/* expect-none */
/* null-deref: NULL that never reaches a dereference. */
#include <stddef.h>

struct dev { const char *name; int id; struct dev *next; };
struct dev *global_dev;
void setup(void);
void find(struct dev **out);

int checked(struct dev *d)
{
	if (!d)
		return -1;
	return d->id;
}

int correlated(struct dev *q, int c)
{
	struct dev *p = NULL;

	if (c)
		p = q;
	if (c)
		return p->id;
	return 0;
}

int out_param(void)
{
	struct dev *d = NULL;

	find(&d);
	return d->id;
}

int global_set_by_call(void)
{
	global_dev = NULL;
	setup();
	return global_dev->id;
}

void link_all(struct dev **v, int n)
{
	struct dev *prev = NULL;
	int i;

	for (i = 0; i < n; i++) {
		if (prev)
			prev->next = v[i];
		prev = v[i];
	}
}

int maybe_null(struct dev *d, int c)
{
	struct dev *p = d;

	if (c)
		p = NULL;
	if (!c)
		return p->id;
	return 0;
}

struct with_array { int v; int arr[4]; };

/* offsetof by hand: addresses, no load through p */
unsigned long member_offsets(void)
{
	struct with_array *p = NULL;

	return (unsigned long)&p->arr[1] + (unsigned long)p->arr;
}
