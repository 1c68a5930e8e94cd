/* Values: a test of one bit of a constant mask says which bits the shift
 * count can name; a mask keeps the bits of a range that do not vary. */
#define OPT_TAGS ((1 << 15) - 4)	/* bits 2..14 */

void bit_of_mask(int j)
{
	if (j < 0 || j > 20)
		return;
	if ((1 << j) & OPT_TAGS)
		__sci_value(j);	/* expect-note: sci-debug "value 'j' = 2-14" */
	else
		__sci_value(j);	/* expect-note: sci-debug "value 'j' = 0-20" */
	if (0x30 & (1U << j))
		__sci_value(j);	/* expect-note: sci-debug "value 'j' = 4-5" */
}

void mask_shifted_right(int i)
{
	if (i < 0 || i >= 32)
		return;
	if ((0xf0u >> i) & 1)
		__sci_value(i);	/* expect-note: sci-debug "value 'i' = 4-7" */
}

void low_bits(int t)
{
	int k;

	if (t < 128 || t > 137)
		return;
	k = (t & 63) + 8;
	__sci_value(k);	/* expect-note: sci-debug "value 'k' = 8-17" */
}
