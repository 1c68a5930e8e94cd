/* run: --profile profile.json */
/* array-overflow: the profile's "untrusted_sources" return input. */
int read_port(void);
int read_setting(void);

int project_source(void)
{
	int table[8] = { 0 };
	int port = read_port();

	if (port >= 0)
		return table[port];	/* expect-error: array-overflow "untrusted index 'port' can be 2147483647, past the end of 'table' (8 elements): no upper bound check" */
	return 0;
}

int other_function(void)
{
	int table[8] = { 0 };
	int v = read_setting();

	if (v >= 0)
		return table[v];	/* not a source: nothing known about v */
	return 0;
}
