/* expect-none */
/* constant-logical-operand: truth values, names, macros, two constants. */
#define FEATURE_LEVEL 2
#define BOTH(a, b) ((a) && 4)
enum { MODE_FAST = 4 };

int fine(int x, int more, int flags)
{
	int r = 0;

	while (1 && more--)
		r++;
	if (x && 0)
		r--;
	if (flags & 0x10)
		r++;
	if (x && FEATURE_LEVEL)
		r++;
	if (x && MODE_FAST)
		r++;
	if (BOTH(x, more))
		r++;
	if (sizeof(long) == 8 && 4)
		r++;
	return r;
}
