/* A callee's return values feed the caller's values. */
int slots_free(void);
int find_slot(const int *keys, int n, int key);

int per_slot(int total)
{
	return total / slots_free();	/* expect-error: divide-by-zero "division by zero" */
}

int lookup(const int *keys, const int *values, int key)
{
	static const int table[8];
	int i = find_slot(keys, 8, key);

	return values[0] + table[i];	/* expect-error: array-overflow "can be -1" */
}
