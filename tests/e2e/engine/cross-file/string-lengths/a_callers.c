/*
 * The length of the string a caller's pointer points to travels with its
 * object (the callers' values: ";oN=SIZE+OFF/K~LEN.UNIT:NAME" across
 * files): a copy of it in the callee is checked against the callee's own
 * buffer, and what the callee writes into the string first counts.
 */
/* the findings are the callees', in b_sinks.c */
/* expect-none */
#include <stdlib.h>
#include <string.h>

void copy_name(const char *src);
void copy_via(char **srcp);
void copy_cut(char *src);

void long_block(void)
{
	char *data = malloc(100);

	if (!data)
		exit(1);
	memset(data, 'A', 99);
	data[99] = '\0';
	copy_name(data);
	free(data);
}

void long_via(void)
{
	char big[80];
	char *p = big;

	memset(big, 'B', 79);
	big[79] = '\0';
	copy_via(&p);
}

void short_ones(void)
{
	char small[16] = "fits";
	char *data = malloc(100);

	copy_name(small);
	if (!data)
		exit(1);
	memset(data, 'C', 99);
	data[99] = '\0';
	copy_cut(data);
	free(data);
}
