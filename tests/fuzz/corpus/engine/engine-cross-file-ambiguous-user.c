/* expect-none */
void *usage(void);

int run(int argc)
{
	char *p = usage();

	if (argc < 2)
		return 1;	/* no leak: usage() may be prog_b's */
	p[0] = 0;
	return 0;
}
