/* unchecked-return's statistics: more call sites (see lib.c). */
/* expect-none */
#include <stddef.h>

int parse(const char *s);
int lookup(const char *s);
int next(const char *s, size_t *len);
void *too_big(const char *s);

int c1(const char *s)
{
	size_t n;

	return parse(s) + parse(s) + parse(s) + parse(s) + parse(s) +
	       lookup(s) + lookup(s) + lookup(s) + lookup(s) + lookup(s) +
	       lookup(s) + lookup(s) + lookup(s) + lookup(s) +
	       next(s, &n) + next(s, &n) + next(s, &n) + next(s, &n) +
	       next(s, &n) + next(s, &n) + next(s, &n) + next(s, &n) +
	       next(s, &n) + next(s, &n) + next(s, &n) + next(s, &n) +
	       next(s, &n) + next(s, &n) + next(s, &n) + next(s, &n) +
	       next(s, &n) + next(s, &n) + next(s, &n) + next(s, &n) +
	       (too_big(s) != NULL) + (too_big(s) != NULL) +
	       (too_big(s) != NULL) + (too_big(s) != NULL) +
	       (too_big(s) != NULL) + (too_big(s) != NULL) +
	       (too_big(s) != NULL) + (too_big(s) != NULL) +
	       (too_big(s) != NULL) + (too_big(s) != NULL) +
	       (too_big(s) != NULL) + (too_big(s) != NULL) +
	       (too_big(s) != NULL) + (too_big(s) != NULL) +
	       (too_big(s) != NULL) + (too_big(s) != NULL) +
	       (too_big(s) != NULL) + (too_big(s) != NULL) +
	       (too_big(s) != NULL) + (too_big(s) != NULL);
}
