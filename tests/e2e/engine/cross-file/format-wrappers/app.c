/* Input handed to log.c's functions: as a format, and as data. */
#include <stdio.h>
#include <stdlib.h>

void log_warn(const char *fmt, ...);
void log_text(const char *text);

void warn_env(void)
{
	const char *v = getenv("APP_MODE");

	if (!v)
		return;
	log_warn(v);	/* expect-error: format-string "the format of log_warn() is 'v', which holds input: the input chooses the conversions" */
	log_warn("mode %s\n", v);
	log_text(v);
}
