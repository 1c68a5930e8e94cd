/* expect-none */
/* shift-overflow: amounts within the width. */
#include <stdint.h>

unsigned unknown(unsigned b)
{
	return 1u << b;
}

unsigned checked(int s)
{
	if (s < 0 || s >= 32)
		return 0;
	return 1u << s;
}

uint64_t wide(int s)
{
	if (s < 0 || s > 63)
		return 0;
	return (uint64_t)1 << s;
}

int promoted(unsigned char c)
{
	return c << 8;
}

unsigned loop(void)
{
	unsigned m = 0;
	int i;

	for (i = 0; i < 32; i++)
		m |= 1u << i;
	return m;
}

/* the high byte, cast to a byte: the shift is of the wider value */
unsigned char high(unsigned b)
{
	return (unsigned char)(b >> 8);
}
