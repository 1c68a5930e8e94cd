/* expect-none */
int find_slot(const int *keys, int n, int key);
int always_one(void);

int lookup_checked(const int *keys, int key)
{
	static const int table[8];
	int i = find_slot(keys, 8, key);

	if (i < 0)
		return -1;
	return table[i];
}

int divide(int total)
{
	return total / always_one();
}
