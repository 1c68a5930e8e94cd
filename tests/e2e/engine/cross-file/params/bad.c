/* NULL, or a pointer that may be NULL, passed where another file's
 * function dereferences it: reported at the call. */
#include <stdlib.h>

struct conf;
int conf_verbose(const struct conf *c);
int name_len(const char *s);

int literal_null(void)
{
	return name_len(NULL);	/* expect-error: null-deref "NULL is passed to name_len()" */
}

/* the wrong branch: c is NULL right where it is used */
int wrong_branch(struct conf *c)
{
	if (!c)
		return conf_verbose(c);	/* expect-error: null-deref "'c' is NULL when passed to conf_verbose()" */
	return 0;
}

int unchecked_alloc(void)
{
	struct conf *c = malloc(64);
	int v = conf_verbose(c);	/* expect-error: null-deref "'c' could be NULL when passed to conf_verbose(): the result of malloc() is not checked" */

	free(c);
	return v;
}

void conf_drop(struct conf *c);

/* through relay.c to the function that dereferences and frees it */
void unchecked_drop(void)
{
	struct conf *c = malloc(64);

	conf_drop(c);	/* expect-error: null-deref "'c' could be NULL when passed to conf_drop(): the result of malloc() is not checked" */
}
