/* run: --profile stats.json */
/*
 * unchecked-return's statistics in a one-file run count that file's call
 * sites.
 */
static int check(int x)
{
	return x > 0;
}

int many(int x)
{
	return check(x) + check(x) + check(x) + check(x) + check(x) +
	       check(x) + check(x) + check(x) + check(x) + check(x) +
	       check(x) + check(x) + check(x) + check(x) + check(x) +
	       check(x) + check(x) + check(x) + check(x);
}

void deviant(int x)
{
	check(x);	/* expect-warning: unchecked-return "the result of check() is ignored here, but it is used at 19 of 20 call sites" */
}
