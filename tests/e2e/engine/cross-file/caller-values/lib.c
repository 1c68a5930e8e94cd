#include <stdlib.h>

/*
 * Functions with external linkage, walked again with what the callers in
 * the other files pass: a value one of them passes is a finding here;
 * the values nobody passes add nothing.
 */
int table[8];

int lib_slot(int i)
{
	return table[i];	/* expect-error: array-overflow "index 'i' can be 8, past the end of 'table' (8 elements)" */
}

int lib_scale(int total, int parts)
{
	return total / parts;	/* expect-error: divide-by-zero "division by zero: 'parts' is 0" */
}

int lib_checked(int i)
{
	if (i < 0 || i >= 8)
		return -1;
	return table[i];
}

int lib_mode(int mode, int d)
{
	if (mode == 1)
		return 100 / d;
	return d;
}

int lib_input(int i)
{
	if (i >= 0)
		return table[i];	/* expect-error: tainted-index "untrusted index 'i' can be 2147483647, past the end of 'table' (8 elements): no upper bound check" */
	return 0;
}

/*
 * Globals the callers set before the call: what they hold on entry.  One
 * caller (bad.c) leaves lib_parts 0, another 3; lib_unit's only caller
 * (good.c) sets it to 0 with the mode that does not divide.
 */
int lib_parts, lib_unit, lib_unit_mode;

int lib_share(int total)
{
	return total / lib_parts;	/* expect-error: divide-by-zero "division by zero: 'lib_parts' is 0" */
}

int lib_in_units(int total)
{
	if (lib_unit_mode == 0)
		return total;
	return total / lib_unit;
}

/*
 * What a parameter reaches: the callers in bad.c pass a 0 there, those
 * in good.c do not (or pass it with the mode that does not divide).
 */
struct lib_ratio {
	int num, den;
};

int lib_by_ref(const int *parts, int total)
{
	return total / *parts;	/* expect-error: divide-by-zero "division by zero: '*parts' is 0" */
}

int lib_ratio_of(struct lib_ratio r)
{
	return r.num / r.den;	/* expect-error: divide-by-zero "division by zero: 'r.den' is 0" */
}

int lib_pick(const int *v, int mode)
{
	if (mode)
		return table[v[2]];
	return 0;
}

/* frees what the caller's array holds at index 1 */
void lib_drop_slot(char *slots[])
{
	char *s = slots[1];

	free(s);	/* expect-error: double-free "double free of 's': it was already freed" */
}
