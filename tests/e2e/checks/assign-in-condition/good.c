/* expect-none */
/* assign-in-condition: idioms and intended assignments stay silent. */
#include <stdlib.h>

#define TRY(x, v) if (x = v) return x

struct node { struct node *next; int v; };

int doubled(int x, int y)
{
	if ((x = y))
		return x;
	return 0;
}

char *alloc(size_t n)
{
	char *p;

	if (p = malloc(n))
		p[0] = 0;
	return p;
}

int compared(int x, int y)
{
	if ((x = y) != 0)
		return x;
	return 0;
}

int walk(struct node *p)
{
	int n = 0;

	while (p = p->next)
		n++;
	return n;
}

int compound(int x, int y)
{
	if (x += y)
		return x;
	return 0;
}

int comparison(int x)
{
	if (x == 5)
		return 1;
	return 0;
}

int negated(int x, int y)
{
	if (!(x = y))
		return 1;
	return 0;
}

int macro(int x, int y)
{
	TRY(x, y);
	return 0;
}

int forever(int n)
{
	for (;;)
		if (n-- < 0)
			break;
	return n;
}
