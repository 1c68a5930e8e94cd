/* expect-none */
/* Engine: every GNU/C11 construct the walk must get through without
 * crashing or inventing findings. */
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>

struct node { int x; struct node *next; union { int a; float f; }; };
struct flags { int dirty:1; unsigned ok:1; };	/* gcc accepts signed :1 */

int flag_dirty(struct flags *f)
{
	return f->dirty;
}

static int computed_goto(int i)
{
	static void *table[] = { &&zero, &&one };
	goto *table[i & 1];
zero:
	return 0;
one:
	return 1;
}

static int asm_goto(int x)
{
	asm goto("" : : "r"(x) : : fail);
	return 0;
fail:
	return -1;
}

static int generic(int x)
{
	return _Generic(x, int: 1, default: 0);
}

static int vla(int n)
{
	int v[n];

	v[0] = 1;
	return v[0] + (int)sizeof(v);
}

static int knr(a, b)
	int a;
	int b;
{
	return a + b;
}

static int nested_and_ranges(int c)
{
	switch (c) {
	case 0 ... 3:
		return 1;
	case 10:
		{
			int k = c * 2;

			if (k > 5)
				return k;
		}
		break;
	}
	return 0;
}

static int varargs(int n, ...)
{
	va_list ap;
	int sum = 0;

	va_start(ap, n);
	while (n-- > 0)
		sum += va_arg(ap, int);
	va_end(ap);
	return sum;
}

static int compound_literal(void)
{
	struct node *p = &(struct node){ .x = 3, .next = NULL };

	return p->x + ((int[]){ 1, 2, 3 })[1];
}

static inline int inline_fn(struct node *n)
{
	return n ? n->x : 0;
}

static int atomics(void)
{
	_Atomic int a = 0;
	int v = __atomic_load_n(&a, __ATOMIC_SEQ_CST);

	__sync_fetch_and_add(&v, 1);
	return v + __builtin_expect(v, 0);
}

static int cleanup_attr(void)
{
	char *buf __attribute__((cleanup(free_ptr_stub))) = NULL;

	return buf != NULL;
}

void free_ptr_stub(char **p);

static int labels_as_values_loop(int n)
{
	int i = 0;
again:
	if (i < n) {
		i++;
		goto again;
	}
	do {
		i--;
		if (i == 2)
			continue;
	} while (i > 0);
	return i + computed_goto(n) + asm_goto(n) + generic(n) + vla(n) +
	       knr(n, n) + nested_and_ranges(n) + varargs(2, 1, 2) +
	       compound_literal() + inline_fn(NULL) + atomics() +
	       cleanup_attr();
}

int main(int argc, char **argv)
{
	return labels_as_values_loop(argc) + (int)strlen(argv[0]);
}
