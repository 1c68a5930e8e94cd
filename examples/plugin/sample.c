/* Analyzed with the example plugin: one banned call, one fine one. */
#include <stdio.h>
#include <string.h>

void greet(const char *who)
{
	char buf[64];

	strcpy(buf, who);	/* banned-call: strcpy */
	snprintf(buf, sizeof(buf), "%s", who);
	puts(buf);
}
