/* expect-none */
/* Callers of lib.c that stay inside, or whose object is not known. */
#include <stdlib.h>
#include <string.h>

void *buf_alloc(size_t n);
char *name_buffer(void);
char *scratch_buffer(void);
char *pick_table(int big);
char *scratch_tail(void);
char *text_alloc(size_t len);
char *rounded_alloc(size_t n);

void inside(size_t n)
{
	char *b = buf_alloc(10);
	char *s = scratch_buffer();
	char *v = buf_alloc(n);

	b[9] = 0;
	memset(s, ' ', 64);
	if (n > 4)
		v[4] = 0;
	free(b);
	free(v);
}

void unknown_objects(void)
{
	char *t = pick_table(1);
	char *tail = scratch_tail();
	char *x = text_alloc(8);
	char *r = rounded_alloc(4);

	memset(t, 0, 200);
	memset(tail, 0, 63);
	if (x)
		x[8] = 0;
	if (r)
		memset(r, 0, 16);
	free(x);
	free(r);
}
