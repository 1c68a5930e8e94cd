/* expect-none */
/*
 * Functions that return what they freed: their callers get freed memory
 * ("freed" in their summaries' returns).  The return itself is not
 * reported: a caller's use is (bad.c).
 */
#include <stdlib.h>

struct buf;

struct buf *buf_drop(struct buf *b)
{
	free(b);
	return b;
}

/* a wrapper of it returns freed memory too */
struct buf *buf_drop_again(struct buf *b)
{
	return buf_drop(b);
}

/* frees, and returns NULL: the caller gets nothing freed */
struct buf *buf_clear(struct buf *b)
{
	free(b);
	return NULL;
}

/* frees on one path only */
struct buf *buf_maybe_drop(struct buf *b, int now)
{
	if (!now)
		return b;
	free(b);
	return NULL;
}
