/* expect-none */
/* Another file's release and use helpers, known to callers by summaries. */
#include <stdio.h>
#include <stdlib.h>

struct buf { char *data; size_t len; };

void buf_free(struct buf *b)
{
	free(b->data);
	free(b);
}

/* reads what it gets on some path only: still a use */
void buf_print(const struct buf *b)
{
	if (b && b->data)
		printf("%s\n", b->data);
}

/* compares the pointer, never reads through it */
int buf_is(const struct buf *a, const struct buf *b)
{
	return a == b;
}
