/* expect-none */
/* impossible-condition: tests that are decided on purpose or not at all. */
typedef unsigned long size_t;
enum color { RED, GREEN };
#define MIN_LEN 0
#define IS_NEG(x) ((x) < 0)
#define DEBUG 0

int signed_negative(int n)
{
	return n < 0;
}

int configured(size_t n)
{
	if (n < MIN_LEN)	/* the constant comes from configuration */
		return -1;
	return 0;
}

int generic_macro(unsigned u, int i)
{
	return IS_NEG(u) + IS_NEG(i);
}

int constants(void)
{
	if (sizeof(long) == 8)
		return 1;
	if (DEBUG)
		return 2;
	while (1)
		break;
	return 0;
}

int enums(enum color c)
{
	if (c < 0)	/* enum signedness is the compiler's choice */
		return -1;
	return 0;
}

int cast_first(unsigned u)
{
	if ((int)u < 0)
		return -1;
	return 0;
}

int wide_enough(unsigned char b, int x)
{
	if (b > 200 || x > 300)
		return 1;
	return 0;
}

int redundant_but_defensive(int *p)
{
	if (!p)
		return 0;
	if (p)
		return 1;
	return 2;
}
