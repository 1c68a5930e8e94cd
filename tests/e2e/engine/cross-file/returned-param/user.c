/* The result of read_into() is the buffer passed, which holds input. */
#include <stdio.h>
#include <string.h>

char *read_into(char *data);
char *read_or_fallback(char *data, int use);

void formats_input(void)
{
	char buf[100] = "";
	char *data = buf;

	data = read_into(data);
	printf(data);	/* expect-error: format-string "holds input" */
}

void prints_input(void)
{
	char buf[100] = "";
	char *data = buf;

	data = read_into(data);
	printf("%s\n", data);
}

void either_result(int use)
{
	char buf[100] = "";
	char *data = buf;

	data = read_or_fallback(data, use);
	__sci_object(data);	/* expect-note: sci-debug "object 'data' = none" */
}
