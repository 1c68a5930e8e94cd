/* expect-none */
#include <stdlib.h>

struct buf;
void buf_free(struct buf *b);
void buf_print(const struct buf *b);
int buf_is(const struct buf *a, const struct buf *b);

struct buf *buf_new(void);

int release(struct buf *b, struct buf *cur)
{
	int was_cur;

	buf_print(b);
	buf_free(b);
	/* a comparison of the pointer, by a helper that never reads it */
	was_cur = buf_is(b, cur);
	b = buf_new();
	if (b)
		buf_print(b);
	return was_cur;
}

struct buf *buf_clear(struct buf *b);
struct buf *buf_maybe_drop(struct buf *b, int now);

/* NULL back: free(NULL) releases nothing */
void clear_then_free(struct buf *b)
{
	b = buf_clear(b);
	free(b);
}

/* freed on one path of the callee only, and not on this one */
void keep_then_free(struct buf *b)
{
	b = buf_maybe_drop(b, 0);
	free(b);
}
