/* expect-none */
static char buf[8];

void *usage(void)
{
	return buf;
}
