/* Values: a test of `x + k` or `x - k` (k a constant, a signed type that
 * does not wrap) bounds x itself; through a cast to unsigned too, the
 * idiom for a range test in one comparison. */

void letter(int c)
{
	if ((unsigned)(c - 'a') <= 25)
		__sci_value(c);	/* expect-note: sci-debug "value 'c' = 97-122" */
	if (c - 'a' <= 25 && c - 'a' >= 0)
		__sci_value(c);	/* expect-note: sci-debug "value 'c' = 97-122" */
}

void plus(int n)
{
	if (n + 10 < 0)	/* n + 10 does not overflow: n <= INT_MAX - 10 */
		return;
	__sci_value(n);	/* expect-note: sci-debug "value 'n' = -10-2147483637" */
	if (3 + n > 5)
		__sci_value(n);	/* expect-note: sci-debug "value 'n' = 3-2147483637" */
}

/* unsigned arithmetic wraps: nothing is learned */
void wraps(unsigned u)
{
	if (u - 1 < 10)
		__sci_value(u);	/* expect-note: sci-debug "value 'u' = 0-max" */
}
