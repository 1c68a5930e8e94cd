/* expect-none */
/*
 * Hands its parameter to lib.c's conf_release(), which dereferences and
 * frees it: its own summary says both, so its callers' NULL is caught.
 */
struct conf;
void conf_release(struct conf *c);

void conf_drop(struct conf *c)
{
	conf_release(c);
}
