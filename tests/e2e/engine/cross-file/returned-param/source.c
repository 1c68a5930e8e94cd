/* Fills the caller's buffer from a file and hands the buffer back. */
/* expect-none */
#include <stdio.h>
#include <string.h>

char *read_into(char *data)
{
	size_t len = strlen(data);
	FILE *f;

	if (100 - len <= 1)
		return data;
	f = fopen("input.txt", "r");
	if (f) {
		if (!fgets(data + len, (int)(100 - len), f))
			data[len] = '\0';
		fclose(f);
	}
	return data;
}

/* returns its argument on one path only: the result is not the buffer */
static char fallback[8];
char *read_or_fallback(char *data, int use)
{
	if (use)
		return fallback;
	return data;
}
