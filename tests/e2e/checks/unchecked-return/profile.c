/* run: --profile profile.json */
/* unchecked-return: the project profile's "must_check". */
int lock_or_fail(int id);
int other(int id);

void use(int id)
{
	lock_or_fail(id);	/* expect-warning: unchecked-return "the result of lock_or_fail() is ignored" */
	other(id);
	if (lock_or_fail(id))
		return;
	(void)lock_or_fail(id);
}
