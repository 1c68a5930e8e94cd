/* Callers that write past what a function of lib.c returns. */
#include <stdlib.h>
#include <string.h>

void *buf_alloc(size_t n);
void *buf_zalloc(size_t count, size_t size);
char *name_buffer(void);
char *scratch_buffer(void);

void fixed_sizes(const char *name)
{
	char *b = buf_alloc(10);
	int *v = buf_zalloc(4, sizeof(int));
	char *s = scratch_buffer();

	b[10] = 0;	/* expect-error: array-overflow "'b + 10' points 10 bytes into 'buf_alloc(...)', past its end (10 bytes)" */
	if (v)
		v[4] = 1;	/* expect-error: array-overflow "'v + 4' points 16 bytes into 'buf_zalloc(...)', past its end (16 bytes)" */
	memset(s, ' ', 65);	/* expect-error: buffer-overflow "memset() writes 65 bytes into 'scratch', which has 64" */
	free(b);
	free(v);
}

void long_name(void)
{
	char *n = name_buffer();

	if (!n)
		return;
	strcpy(n, "a name that is longer than thirty-two bytes");	/* expect-error: buffer-overflow "strcpy() writes 44 bytes into 'name_buffer(...)', which has 32" */
	free(n);
}
