/* A release in another file followed by a second release or a use. */
#include <stdlib.h>

struct buf;
void buf_free(struct buf *b);
void buf_print(const struct buf *b);

void close_twice(struct buf *b)
{
	buf_free(b);
	free(b);	/* expect-error: double-free "double free of 'b': it was already freed" */
}

void print_after(struct buf *b)
{
	buf_free(b);
	buf_print(b);	/* expect-error: use-after-free "use after free: 'b' is passed to buf_print() after it was freed" */
}

struct buf *buf_drop(struct buf *b);
struct buf *buf_drop_again(struct buf *b);

/* what source.c's functions return is freed already */
void drop_then_free(struct buf *b)
{
	b = buf_drop(b);
	free(b);	/* expect-error: double-free "double free of 'b': it was already freed" */
}

void drop_again_then_free(struct buf *b)
{
	struct buf *x = buf_drop_again(b);

	free(x);	/* expect-error: double-free "double free of 'x': it was already freed" */
}
