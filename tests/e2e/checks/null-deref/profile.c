/* run: --profile profile.json */
/* null-deref: the project's allocators may return NULL unless the profile
 * names them in "returns_nonnull". */
struct obj { int id; };
struct obj *pool_get(int n);
struct obj *must_get(int n);

struct obj *project_allocator_unchecked(int n)
{
	struct obj *o = pool_get(n);

	o->id = n;	/* expect-error: null-deref "'o' could be NULL: the result of pool_get() is not checked" */
	return o;
}

struct obj *project_allocator_never_null(int n)
{
	struct obj *o = must_get(n);

	o->id = n;
	return o;
}
