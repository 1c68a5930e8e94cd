/*
 * unchecked-return's statistics are opt-in ("must_check_statistics" in the
 * profile): without it, a function used at 19 of 20 call sites is not
 * must-check (stats_one_file.c is the same with the profile).
 */
/* expect-none */
static int valid(int x)
{
	return x > 0;
}

int table(int x, int i)
{
	const int v[19] = {
		valid(x), valid(x + 1), valid(x + 2), valid(x + 3), valid(x + 4),
		valid(x + 5), valid(x + 6), valid(x + 7), valid(x + 8),
		valid(x + 9), valid(x + 10), valid(x + 11), valid(x + 12),
		valid(x + 13), valid(x + 14), valid(x + 15), valid(x + 16),
		valid(x + 17), valid(x + 18),
	};

	valid(i);
	return v[i % 19];
}
