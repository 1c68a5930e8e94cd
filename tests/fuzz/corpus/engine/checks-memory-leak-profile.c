/* run: --profile profile.json */
/* memory-leak: the project's own allocators, deallocators and noreturn
 * functions, named in profile.json.  read() keeps no pointer, so p does
 * not escape through it. */
void *xmalloc(unsigned long n);
void xfree(void *p);
void die(const char *msg);
long read(int fd, void *buf, unsigned long n);

int leaks_project_memory(int fd, int n)
{
	char *p = xmalloc(n);

	if (!p)
		return -1;
	if (read(fd, p, n) < 0)
		return -1;	/* expect-warning: memory-leak "memory leak of 'p'" */
	xfree(p);
	return 0;
}

/* Reported only because xfree is known to free (not just to take) p. */
void freed_on_one_branch(int n, int c)
{
	char *p = xmalloc(n);

	if (!p)
		return;
	if (c)
		xfree(p);
}	/* expect-warning: memory-leak "memory leak of 'p'" */

int dies_instead_of_returning(int fd, int n)
{
	char *p = xmalloc(n);

	if (!p)
		return -1;
	if (read(fd, p, n) < 0) {
		die("read failed");
		return -1;	/* unreachable: die() does not return */
	}
	xfree(p);
	return 0;
}
